// SPDX-License-Identifier: Apache-2.0
/// A decoded Accessory Configuration Data message: what it says, and where
/// its UWBConfigData lies in the bytes it was decoded from.
///
/// It holds no bytes of its own (decoding never copies or allocates): slice
/// the decoded message with ``uwbConfigDataRange`` to reach UWBConfigData.
/// MajorVersion and MinorVersion are not stored; a decoded message always
/// has version 1.0.
public struct AccessoryConfiguration: Equatable, Sendable {
  /// The update rate the accessory asks for.
  public var preferredUpdateRate: PreferredUpdateRate
  /// Where UWBConfigData lies in the decoded message: from byte 16, for
  /// UWBConfigDataLength bytes (0 to 255).
  public var uwbConfigDataRange: Range<Int>
  /// The first non-zero reserved byte, when there is one and the decoder
  /// was lenient; nil otherwise. ``AccessoryConfigurationError/isWarning`` is true.
  public var warning: AccessoryConfigurationError?

  public init(
    preferredUpdateRate: PreferredUpdateRate, uwbConfigDataRange: Range<Int>,
    warning: AccessoryConfigurationError? = nil
  ) {
    self.preferredUpdateRate = preferredUpdateRate
    self.uwbConfigDataRange = uwbConfigDataRange
    self.warning = warning
  }

  /// The message's length in bytes: 16 + UWBConfigDataLength.
  public var byteCount: Int { uwbConfigDataRange.upperBound }
}
