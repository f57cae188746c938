// SPDX-License-Identifier: Apache-2.0
/// Apple Shareable Configuration Data: the bytes the iPhone produces for the
/// accessory (`session(_:didGenerateShareableConfigurationData:for:)`), which
/// the accessory hands to its UWB middleware exactly as received.
///
/// The engine never interprets them: this type only bounds their size and
/// carries them, in fixed storage, from the data link's receive callback to
/// the point where the middleware starts ranging. ``withSpan(_:)`` and
/// ``withUnsafeBytes(_:)`` are the one way out, so every use is visibly a
/// pass-through. Firmware that feeds the middleware straight from its
/// receive buffer, without a copy, checks the size with ``check(byteCount:)``.
///
/// Size: at most 255 bytes (``maximumByteCount``). The layouts known today
/// are 30 and 35 bytes (UWB Interoperability Specification versions 1.1 and
/// 2.0, as AOSP's ranging test app `IosAccessoryConfigurationData.java`
/// encodes them; the specification itself was not available here). 255
/// leaves seven times that for later revisions, matches the ceiling that
/// UWBConfigData's one-byte length puts on the opposite direction, lets a C
/// caller keep the length in a `uint8_t`, and costs 256 bytes of RAM per
/// stored copy.
///
/// - Complexity: a copy is O(`byteCount`); the value is 256 bytes inline
///   and never allocates.
public struct ShareableConfigurationData: Sendable {
  /// The most bytes accepted.
  public static var maximumByteCount: Int { 255 }

  private var storage: InlineArray<255, UInt8>
  /// The number of bytes held, 1 to 255.
  public private(set) var byteCount: Int

  /// Copies bytes received from the iPhone.
  ///
  /// - Throws: `.empty` for no bytes, `.tooLong` for more than 255.
  /// - Complexity: O(`bytes.count`). Does not allocate.
  public init(copying bytes: Span<UInt8>) throws(ShareableConfigurationError) {
    try Self.check(byteCount: bytes.count)
    storage = InlineArray(repeating: 0)
    byteCount = bytes.count
    for index in 0..<bytes.count { storage[index] = bytes[index] }
  }

  /// Copies bytes received from the iPhone, from raw memory (C).
  ///
  /// - Complexity: O(`bytes.count`). Does not allocate.
  public init(copying bytes: UnsafeRawBufferPointer) throws(ShareableConfigurationError) {
    let typed = UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    try self.init(copying: typed.span)
  }

  /// Checks that `byteCount` bytes are acceptable, for callers that pass
  /// the bytes on without copying them into this type.
  ///
  /// - Throws: `.empty` for 0, `.tooLong` above ``maximumByteCount``.
  public static func check(byteCount: Int) throws(ShareableConfigurationError) {
    guard byteCount > 0 else { throw .empty }
    guard byteCount <= maximumByteCount else { throw .tooLong(byteCount: byteCount) }
  }

  /// Lends the bytes, unchanged, to `body`: hand them to the UWB middleware.
  ///
  /// - Complexity: O(1). Does not allocate.
  public func withSpan<Result, E: Error>(_ body: (Span<UInt8>) throws(E) -> Result) throws(E) -> Result {
    try body(storage.span.extracting(0..<byteCount))
  }

  /// Lends the bytes, unchanged, as raw memory (a C middleware's
  /// `const uint8_t *`, `size_t`). The pointer is valid only inside `body`.
  ///
  /// - Complexity: O(1). Does not allocate.
  public func withUnsafeBytes<Result, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> Result
  ) throws(E) -> Result {
    try withSpan { (span: Span<UInt8>) throws(E) -> Result in
      try span.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws(E) -> Result in try body(raw) }
    }
  }
}

extension ShareableConfigurationData: Equatable {
  /// Equal when they hold the same bytes.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.byteCount == rhs.byteCount else { return false }
    for index in 0..<lhs.byteCount where lhs.storage[index] != rhs.storage[index] { return false }
    return true
  }
}

/// Why bytes were refused as Apple Shareable Configuration Data.
public enum ShareableConfigurationError: Error, Equatable, Sendable {
  /// No bytes: the iPhone always sends some, so this is a framing fault.
  case empty
  /// More than ``ShareableConfigurationData/maximumByteCount`` bytes.
  case tooLong(byteCount: Int)
}

extension ShareableConfigurationError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .empty: "Apple Shareable Configuration Data is empty"
    case .tooLong(let byteCount):
      "Apple Shareable Configuration Data is \(byteCount) bytes; at most \(ShareableConfigurationData.maximumByteCount) are accepted"
    }
  }
}
