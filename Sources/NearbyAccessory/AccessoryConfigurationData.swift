// SPDX-License-Identifier: Apache-2.0
/// The Accessory Configuration Data message of the Nearby Interaction
/// Accessory Protocol (Specification R2): its layout, decoder and encoder.
///
/// The accessory sends this message before any ranging starts; the iPhone
/// app passes it to `NINearbyAccessoryConfiguration(data:)`. All fields are
/// little-endian; ``AccessoryConfigurationField`` gives the table.
///
/// Sizes: UWBConfigDataLength is one byte, so UWBConfigData holds at most
/// 255 bytes and a whole message at most 16 + 255 = 271 bytes. A caller
/// buffer of ``maximumByteCount`` bytes therefore fits every message.
///
/// Decoding and encoding read and write only the caller's bytes: they never
/// allocate, never copy UWBConfigData anywhere but the output, and check
/// every length before they read or write (a short or lying message ends in
/// a thrown ``AccessoryConfigurationError``, never in an out-of-bounds read).
public enum AccessoryConfigurationData {
  /// MajorVersion this implementation writes and accepts.
  public static var majorVersion: UInt16 { 1 }
  /// MinorVersion this implementation writes and accepts.
  public static var minorVersion: UInt16 { 0 }
  /// Bytes before UWBConfigData: 2 + 2 + 1 + 10 + 1.
  public static var headerByteCount: Int { 16 }
  /// The most UWBConfigData a message can carry: its length field is one byte.
  public static var maximumUWBConfigDataByteCount: Int { 255 }
  /// The longest message: 16 + 255 bytes.
  public static var maximumByteCount: Int { headerByteCount + maximumUWBConfigDataByteCount }

  /// The length of a message carrying `uwbConfigDataByteCount` bytes of
  /// UWBConfigData, or nil when that is more than 255.
  public static func byteCount(uwbConfigDataByteCount: Int) -> Int? {
    guard (0...maximumUWBConfigDataByteCount).contains(uwbConfigDataByteCount) else { return nil }
    return headerByteCount + uwbConfigDataByteCount
  }

  // MARK: Decoding

  /// Decodes and checks one whole message.
  ///
  /// Checks, in wire order: each field fits in the message; MajorVersion is
  /// 1 and MinorVersion is 0; PreferredUpdateRate is 0, 10 or 20; the RFU
  /// bytes are zero (a warning, an error when `strict`); UWBConfigDataLength
  /// does not run past the end; nothing follows UWBConfigData.
  ///
  /// - Parameters:
  ///   - message: exactly the message's bytes, no framing (a message ID
  ///     the application puts in front must be removed first).
  ///   - strict: throw for non-zero RFU bytes instead of reporting them in
  ///     ``AccessoryConfiguration/warning``.
  /// - Returns: the rate and where UWBConfigData lies in `message`.
  /// - Throws: the first problem, with its offset and field.
  /// - Complexity: O(1): it reads the 16 header bytes only. Does not allocate.
  public static func decode(
    _ message: Span<UInt8>, strict: Bool = false
  ) throws(AccessoryConfigurationError) -> AccessoryConfiguration {
    let count = message.count
    try requireRoom(for: .majorVersion, in: count)
    let major = readUInt16(message, at: 0)
    guard major == majorVersion else {
      throw AccessoryConfigurationError(
        offset: 0, field: .majorVersion, kind: .unsupportedVersion(found: major, expected: majorVersion))
    }
    try requireRoom(for: .minorVersion, in: count)
    let minor = readUInt16(message, at: 2)
    guard minor == minorVersion else {
      throw AccessoryConfigurationError(
        offset: 2, field: .minorVersion, kind: .unsupportedVersion(found: minor, expected: minorVersion))
    }
    try requireRoom(for: .preferredUpdateRate, in: count)
    guard let rate = PreferredUpdateRate(rawValue: message[4]) else {
      throw AccessoryConfigurationError(offset: 4, field: .preferredUpdateRate, kind: .reservedUpdateRate(message[4]))
    }
    try requireRoom(for: .reserved, in: count)
    var warning: AccessoryConfigurationError?
    for offset in 5..<15 where message[offset] != 0 {
      warning = AccessoryConfigurationError(offset: offset, field: .reserved, kind: .nonZeroReserved(value: message[offset]))
      break
    }
    if strict, let warning { throw warning }
    try requireRoom(for: .uwbConfigDataLength, in: count)
    let declared = Int(message[15])
    let available = count - headerByteCount
    guard declared <= available else {
      throw AccessoryConfigurationError(
        offset: 15, field: .uwbConfigDataLength, kind: .lengthPastEnd(declared: declared, available: available))
    }
    let end = headerByteCount + declared
    guard end == count else {
      throw AccessoryConfigurationError(offset: end, field: .end, kind: .trailingBytes(count: count - end))
    }
    return AccessoryConfiguration(preferredUpdateRate: rate, uwbConfigDataRange: headerByteCount..<end, warning: warning)
  }

  /// Decodes a message held in raw memory, as from C (`const uint8_t *`,
  /// `size_t`); see the `Span` overload.
  ///
  /// - Parameters:
  ///   - message: memory bound to, or laid out as, bytes.
  ///   - strict: throw for non-zero RFU bytes instead of reporting them as a warning.
  /// - Complexity: O(1). Does not allocate.
  public static func decode(
    _ message: UnsafeRawBufferPointer, strict: Bool = false
  ) throws(AccessoryConfigurationError) -> AccessoryConfiguration {
    let bytes = UnsafeBufferPointer(start: message.baseAddress?.assumingMemoryBound(to: UInt8.self), count: message.count)
    return try decode(bytes.span, strict: strict)
  }

  /// Throws `truncated` unless all of `field` lies within `count` bytes.
  private static func requireRoom(
    for field: AccessoryConfigurationField, in count: Int
  ) throws(AccessoryConfigurationError) {
    let offset = field.offset ?? 0
    guard count >= offset + (field.byteCount ?? 0) else {
      throw AccessoryConfigurationError(offset: offset, field: field, kind: .truncated(byteCount: count))
    }
  }

  /// The little-endian UInt16 at `offset`; the caller checked it fits.
  private static func readUInt16(_ bytes: Span<UInt8>, at offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }
}
