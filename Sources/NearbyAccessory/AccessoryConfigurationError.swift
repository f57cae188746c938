// SPDX-License-Identifier: Apache-2.0
/// What is wrong with an Accessory Configuration Data message, and where.
///
/// Every problem names the byte offset and the field it was found at, the
/// way `DatasetError` names a line and column (docs/CONVENTIONS.md §5, tier 3). A
/// decoder reports the first problem in wire order: fields are checked as
/// they are read, and nothing after a wrong version is interpreted, because
/// another version may lay the message out differently.
///
/// ``Kind/nonZeroReserved(value:)`` is a warning: a receiver must ignore RFU
/// bytes so that later revisions can use them, and
/// `AccessoryConfigurationData.decode(_:strict:)` reports it in
/// ``AccessoryConfiguration/warning`` unless asked to be strict.
public struct AccessoryConfigurationError: Error, Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// The message ends before the field does; it has `byteCount` bytes.
    case truncated(byteCount: Int)
    /// MajorVersion or MinorVersion is not the one this decoder implements.
    case unsupportedVersion(found: UInt16, expected: UInt16)
    /// PreferredUpdateRate holds a reserved value (not 0, 10 or 20).
    case reservedUpdateRate(UInt8)
    /// A reserved (RFU) byte is not zero. A warning unless decoding strictly.
    case nonZeroReserved(value: UInt8)
    /// UWBConfigDataLength claims more bytes than follow it.
    case lengthPastEnd(declared: Int, available: Int)
    /// Bytes follow the UWBConfigData that UWBConfigDataLength announced.
    case trailingBytes(count: Int)
  }

  /// The byte offset, from the start of the message, where the problem is:
  /// the field's first byte, or for a reserved byte the byte itself.
  public var offset: Int
  public var field: AccessoryConfigurationField
  public var kind: Kind

  public init(offset: Int, field: AccessoryConfigurationField, kind: Kind) {
    self.offset = offset
    self.field = field
    self.kind = kind
  }

  /// True for problems a lenient decoder lets pass (non-zero RFU bytes).
  public var isWarning: Bool {
    if case .nonZeroReserved = kind { return true }
    return false
  }
}

extension AccessoryConfigurationError: CustomStringConvertible {
  /// `byte 4 (PreferredUpdateRate): reserved value 7; expected 0 (automatic),
  /// 10 (infrequent) or 20 (user-interactive)`.
  ///
  /// Builds a `String`, so it allocates; firmware that logs only codes can
  /// use ``offset``, ``field`` and ``kind`` instead.
  public var description: String {
    "byte \(offset) (\(field.name)): " + detail
  }

  private var detail: String {
    switch kind {
    case .truncated(let byteCount):
      let needed = (field.offset ?? 0) + (field.byteCount ?? 0)
      return byteCount == 0
        ? "the message is empty; it needs at least \(AccessoryConfigurationData.headerByteCount) bytes"
        : "the message ends after \(byteCount) bytes; this field needs \(needed)"
    case .unsupportedVersion(let found, let expected):
      return "version \(found) is not supported; expected \(expected)"
    case .reservedUpdateRate(let value):
      return "reserved value \(value); expected 0 (automatic), 10 (infrequent) or 20 (user-interactive)"
    case .nonZeroReserved(let value):
      return "reserved byte is \(Hex.byte(value)), expected 0x00"
    case .lengthPastEnd(let declared, let available):
      return "length \(declared) runs past the end: only \(available) bytes of UWBConfigData follow"
    case .trailingBytes(let count):
      return "\(count) unexpected byte\(count == 1 ? "" : "s") after UWBConfigData"
    }
  }
}

/// Hexadecimal text without Foundation.
enum Hex {
  /// `0x0a`.
  static func byte(_ value: UInt8) -> String {
    "0x" + digits(value)
  }

  /// Two lower-case digits.
  static func digits(_ value: UInt8) -> String {
    let digits: StaticString = "0123456789abcdef"
    return digits.withUTF8Buffer { table in
      String(decoding: [table[Int(value >> 4)], table[Int(value & 0xf)]], as: UTF8.self)
    }
  }
}
