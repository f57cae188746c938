// SPDX-License-Identifier: Apache-2.0
/// Where a writer puts its text: an ``OutputFile``'s buffer, or a
/// ``TextLine`` of its own (`rangectl replay --jobs` forms its lines on the
/// shards' threads and writes them in order on another). Each output format
/// is stated by one function generic over the sink (``EventsWriter``,
/// ``FilteredTrackWriter``), so a line formed apart and a line written
/// straight into the buffer cannot differ.
package protocol TextSink {
  /// Appends bytes.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
  /// Appends one byte.
  mutating func append(byte: UInt8)
}

extension TextSink {
  /// Appends a literal's UTF-8 bytes.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a String's UTF-8 bytes (no copy of the String).
  mutating func append(string: String) {
    var string = string
    string.withUTF8 { append($0) }
  }

  /// Appends `value` as ``TextFormatting/fixed(_:decimals:)`` prints it,
  /// without Foundation or allocation when the answer is certain.
  mutating func append(fixed value: Double, decimals: Int) {
    TextFormatting.writeFixed(value, decimals: decimals) { append($0) }
  }
}

/// One line of text formed apart from any output: ``TextSink`` over a byte array.
package struct TextLine: TextSink {
  private var bytes: [UInt8] = []

  /// An empty line with room for `capacity` bytes, so that appending does not grow it again and again.
  package init(reservingCapacity capacity: Int) { bytes.reserveCapacity(capacity) }

  package mutating func append(_ part: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: part) }

  package mutating func append(byte: UInt8) { bytes.append(byte) }

  /// The line as a String.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}
