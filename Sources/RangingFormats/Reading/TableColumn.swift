// SPDX-License-Identifier: Apache-2.0
/// One column of a table read in place (``RangingTableReader``): its header
/// name and its values row by row, in buffers the caller owns, laid out as
/// Apache Arrow lays out a `float64`, an `int64` or a `large_string` array
/// (Arrow columnar format, "Fixed-size primitive layout" and "Variable-size
/// binary layout"), so that a pandas, pyarrow or Spark column reaches the
/// reader without a copy.
///
/// A null is an empty field. The buffers must hold `rowCount` rows (and
/// `rowCount + 1` offsets) for as long as the reader reads them.
public struct TableColumn {
  /// The values of a column.
  public enum Values {
    /// One `Double` per row. A NaN or an infinity is a field that reads as
    /// `nan` or `inf` (a `non_finite_value` in a numeric column), not a null.
    case numbers(UnsafeBufferPointer<Double>)
    /// One `Int64` per row, a field of its decimal digits (an `int64` array).
    case integers(UnsafeBufferPointer<Int64>)
    /// Row `i` is the UTF-8 text `bytes[offsets[i] ..< offsets[i + 1]]`;
    /// the offsets start at 0 or more and never decrease.
    case texts(offsets: UnsafeBufferPointer<Int64>, bytes: UnsafePointer<UInt8>?)
  }

  /// The header name (docs/FORMATS.md §1, or a layout's own under a ``ColumnMapping``).
  public let name: String
  public let values: Values
  /// Arrow's validity bitmap: row `i` has a value when bit `validityOffset + i`
  /// is set (bit `k` of byte `k / 8`, least significant first), and is null
  /// (an empty field) when it is clear; nil when every row has a value.
  public let validity: UnsafePointer<UInt8>?
  public let validityOffset: Int

  public init(name: String, values: Values, validity: UnsafePointer<UInt8>? = nil, validityOffset: Int = 0) {
    self.name = name
    self.values = values
    self.validity = validity
    self.validityOffset = validityOffset
  }

  /// Whether row `row` is a null.
  @inline(__always)
  func isNull(_ row: Int) -> Bool { Self.isNull(row, validity: validity, offset: validityOffset) }

  /// Whether row `row` is a null in the bitmap `validity` whose row 0 is bit `offset`.
  @inline(__always)
  static func isNull(_ row: Int, validity: UnsafePointer<UInt8>?, offset: Int) -> Bool {
    guard let validity else { return false }
    let bit = offset &+ row
    return validity[bit >> 3] & (1 &<< UInt8(bit & 7)) == 0
  }

  /// Row `row`'s text (a ``Values/texts(offsets:bytes:)`` column).
  @inline(__always)
  package static func bytes(_ row: Int, offsets: UnsafeBufferPointer<Int64>, bytes: UnsafePointer<UInt8>?) -> UnsafeBufferPointer<UInt8> {
    let start = Int(offsets[row]), end = Int(offsets[row &+ 1])
    return UnsafeBufferPointer(start: bytes.map { $0 + start }, count: end &- start)
  }

  /// Whether the values can be read for `rowCount` rows: as many numbers,
  /// or `rowCount + 1` offsets that start at 0 or more and never decrease.
  /// (That the bytes reach the last offset is the caller's to keep.)
  package func isWellFormed(rowCount: Int) -> Bool {
    switch values {
    case .numbers(let numbers):
      return numbers.count == rowCount
    case .integers(let integers):
      return integers.count == rowCount
    case .texts(let offsets, let bytes):
      guard offsets.count == rowCount + 1, offsets[0] >= 0 else { return false }
      for row in 0..<rowCount where offsets[row + 1] < offsets[row] { return false }
      return bytes != nil || offsets[rowCount] == offsets[0]
    }
  }
}
