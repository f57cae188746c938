// SPDX-License-Identifier: Apache-2.0
/// The fields of an Accessory Configuration Data message, in wire order
/// (Nearby Interaction Accessory Protocol Specification R2):
///
/// | offset | bytes | field |
/// | --- | --- | --- |
/// | 0 | 2 | MajorVersion, UInt16 little-endian, 1 |
/// | 2 | 2 | MinorVersion, UInt16 little-endian, 0 |
/// | 4 | 1 | PreferredUpdateRate (``PreferredUpdateRate``) |
/// | 5 | 10 | reserved for future use (RFU), zero |
/// | 15 | 1 | UWBConfigDataLength, N |
/// | 16 | N | UWBConfigData, opaque bytes from the UWB middleware |
///
/// ``end`` names the position after UWBConfigData, where a message with
/// trailing bytes goes on. The C twin is the `uint8_t` raw value.
public enum AccessoryConfigurationField: UInt8, CaseIterable, Sendable {
  case majorVersion
  case minorVersion
  case preferredUpdateRate
  case reserved
  case uwbConfigDataLength
  case uwbConfigData
  case end

  /// The field's first byte; nil for ``end``, whose place depends on the
  /// message (`16 + UWBConfigDataLength`).
  public var offset: Int? {
    switch self {
    case .majorVersion: 0
    case .minorVersion: 2
    case .preferredUpdateRate: 4
    case .reserved: 5
    case .uwbConfigDataLength: 15
    case .uwbConfigData: 16
    case .end: nil
    }
  }

  /// The field's size in bytes; nil when the message decides it
  /// (``uwbConfigData``) or there is no field (``end``).
  public var byteCount: Int? {
    switch self {
    case .majorVersion, .minorVersion: 2
    case .preferredUpdateRate, .uwbConfigDataLength: 1
    case .reserved: 10
    case .uwbConfigData, .end: nil
    }
  }

  /// The field's name as the specification's table spells it.
  public var name: StaticString {
    switch self {
    case .majorVersion: "MajorVersion"
    case .minorVersion: "MinorVersion"
    case .preferredUpdateRate: "PreferredUpdateRate"
    case .reserved: "RFU"
    case .uwbConfigDataLength: "UWBConfigDataLength"
    case .uwbConfigData: "UWBConfigData"
    case .end: "end of message"
    }
  }
}
