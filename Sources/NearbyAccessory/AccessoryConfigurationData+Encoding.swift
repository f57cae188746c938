// SPDX-License-Identifier: Apache-2.0
/// Why a message could not be encoded. Both are the caller's to check
/// first (``AccessoryConfigurationData/byteCount(uwbConfigDataByteCount:)``),
/// so firmware that sizes its buffer with
/// ``AccessoryConfigurationData/maximumByteCount`` only meets the first.
public enum AccessoryConfigurationEncodingError: Error, Equatable, Sendable {
  /// UWBConfigData is longer than the 255 bytes its one-byte length allows.
  case uwbConfigDataTooLong(byteCount: Int)
  /// The output holds fewer bytes than the message needs.
  case outputTooSmall(needed: Int, available: Int)
}

extension AccessoryConfigurationEncodingError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .uwbConfigDataTooLong(let byteCount):
      "UWBConfigData is \(byteCount) bytes; its one-byte length allows at most 255"
    case .outputTooSmall(let needed, let available):
      "the message needs \(needed) bytes; the output holds \(available)"
    }
  }
}

extension AccessoryConfigurationData {
  /// Writes one message, version 1.0, at the start of `output`.
  ///
  /// The RFU bytes are written as zero. Bytes of `output` after the message
  /// are left as they were; nothing is written when it throws.
  ///
  /// - Parameters:
  ///   - preferredUpdateRate: the rate to ask the iPhone for.
  ///   - uwbConfigData: the UWB middleware's configuration bytes, copied as
  ///     they are; 0 to 255 bytes.
  ///   - output: where the message goes; at least 16 + `uwbConfigData.count` bytes.
  /// - Returns: the message's length, 16 + `uwbConfigData.count`.
  /// - Complexity: O(`uwbConfigData.count`). Does not allocate.
  @discardableResult
  public static func encode(
    preferredUpdateRate: PreferredUpdateRate, uwbConfigData: Span<UInt8>, into output: inout MutableSpan<UInt8>
  ) throws(AccessoryConfigurationEncodingError) -> Int {
    guard let needed = byteCount(uwbConfigDataByteCount: uwbConfigData.count) else {
      throw .uwbConfigDataTooLong(byteCount: uwbConfigData.count)
    }
    guard output.count >= needed else { throw .outputTooSmall(needed: needed, available: output.count) }
    output[0] = UInt8(truncatingIfNeeded: majorVersion)
    output[1] = UInt8(truncatingIfNeeded: majorVersion >> 8)
    output[2] = UInt8(truncatingIfNeeded: minorVersion)
    output[3] = UInt8(truncatingIfNeeded: minorVersion >> 8)
    output[4] = preferredUpdateRate.rawValue
    for offset in 5..<15 { output[offset] = 0 }
    output[15] = UInt8(uwbConfigData.count)
    for index in 0..<uwbConfigData.count { output[headerByteCount + index] = uwbConfigData[index] }
    return needed
  }

  /// Writes one message into raw memory, as from C (`uint8_t *`, `size_t`);
  /// see the `Span` overload.
  ///
  /// - Parameters:
  ///   - preferredUpdateRate: the rate to ask the iPhone for.
  ///   - uwbConfigData: may be empty with a nil base address.
  ///   - output: must not overlap `uwbConfigData`.
  /// - Complexity: O(`uwbConfigData.count`). Does not allocate.
  @discardableResult
  public static func encode(
    preferredUpdateRate: PreferredUpdateRate, uwbConfigData: UnsafeRawBufferPointer,
    into output: UnsafeMutableRawBufferPointer
  ) throws(AccessoryConfigurationEncodingError) -> Int {
    let source = UnsafeBufferPointer(
      start: uwbConfigData.baseAddress?.assumingMemoryBound(to: UInt8.self), count: uwbConfigData.count)
    let destination = UnsafeMutableBufferPointer(
      start: output.baseAddress?.assumingMemoryBound(to: UInt8.self), count: output.count)
    var span = destination.mutableSpan
    return try encode(preferredUpdateRate: preferredUpdateRate, uwbConfigData: source.span, into: &span)
  }
}
