// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The fast path of ``RowParser``: reads a data line's bytes in place and
/// gives the record only when it is certain ``RowParser`` would return the
/// same one; otherwise it answers false and the caller runs ``RowParser`` on
/// the line's text. Rejected rows therefore always come from ``RowParser``,
/// with its exact messages.
///
/// What it accepts: ASCII lines with the header's field count, `t` and
/// `object` present, every numeric field empty or plain decimal text that
/// ``DecimalFastPath`` converts exactly, known `vertical` and `event`
/// names, all or none of `dir_*`, values that pass ``SampleValidation``,
/// and truth within ``GroundTruth``'s range.
/// That is every row a recorder or the scenario generator writes. Under a
/// ``ColumnMapping`` it reads the mapped columns, converts the units after
/// the loop and makes the direction of azimuth and elevation with
/// ``SphericalDirection``, as ``RowParser`` does; a row whose angles the
/// parser would reject is left to it.
///
/// It allocates nothing: fields are byte ranges of the line, numbers go into
/// fixed storage, and the object is handed back as bytes for interning
/// (`ObjectNames/id(forLineBytes:)`).
@usableFromInline
package struct RowScanner {
  /// What each field holds, by field index: a numeric known column's
  /// `KnownColumn.rawValue` (0 or more), or one of the negative `Code`s.
  let fieldCodes: [Int8]
  private let fieldCount: Int
  /// ``ColumnLayout/divisors``: nil for a layout in our units.
  let divisors: [Double]?
  private let validation = RangingCSVReader.rowValidation
  /// The bytes a ``Code/status`` field must hold (``ColumnLayout/successStatus``).
  let successStatus: [UInt8]
  /// Whether the header has a `pose_*` column: then every row goes to
  /// ``RowParser`` (a pose-only row has no object, a posed row carries a
  /// pose the scanner has no place for).
  let hasPose: Bool

  /// Codes of the non-numeric fields in ``fieldCodes``.
  enum Code {
    static let unknown: Int8 = -1, object: Int8 = -2, vertical: Int8 = -3, event: Int8 = -4, status: Int8 = -5
  }

  init(layout: ColumnLayout) {
    var codes = [Int8](repeating: Code.unknown, count: layout.fieldCount)
    hasPose = layout.present.contains { KnownColumn.poseColumns.contains($0.column) }
    for (column, index) in layout.present where !KnownColumn.poseColumns.contains(column) {
      codes[index] = switch column {
      case .object: Code.object
      case .vertical: Code.vertical
      case .event: Code.event
      default: Int8(column.rawValue)
      }
    }
    if let status = layout.successStatus { codes[status.index] = Code.status }
    successStatus = Array((layout.successStatus?.value ?? "").utf8)
    fieldCodes = codes
    fieldCount = layout.fieldCount
    divisors = layout.divisors
    precondition(
      Self.scannedColumnCount == 15, "RowScanner keeps one value per known column before pose_w in an InlineArray<15, Double>")
  }

  /// The columns the scanner reads: all but the `pose_*`, which come last.
  static var scannedColumnCount: Int { KnownColumn.poseW.rawValue }

  /// Fills `row`'s values and object (a part of `line`) with the record
  /// ``RowParser`` would make of `line` and returns true, or returns false
  /// when only ``RowParser`` can tell (`row` is then unspecified). The
  /// caller marks a filled row as scanned (``RowView/scanned(line:)``).
  ///
  /// One pass over the bytes: numeric fields are converted as they are
  /// crossed (``DecimalFastPath``), other fields are skipped to their comma.
  ///
  /// - Parameters:
  ///   - line: a data line (not a comment or blank line), without its
  ///     terminator, as ``LineSource/nextRawLine()`` returns it: followed by its
  ///     `\r` or `\n` and readable bytes (``RawLine/bytes(number:_:)``).
  ///   - convertingTruth: false to check the `true_*` fields (a malformed one
  ///     still sends the row to ``RowParser``) without converting them; `row.truth`
  ///     is then empty. A replay has no use for them.
  /// - Complexity: O(line length). Does not allocate.
  func scan(_ line: UnsafeBufferPointer<UInt8>, into row: inout RowView, convertingTruth: Bool = true) -> Bool {
    guard !hasPose, let p = line.baseAddress else { return false }
    let comma = UInt8(ascii: ",")
    let end = line.count
    var numbers = InlineArray<15, Double>(repeating: 0)
    // Bit c is set when known column c's field is non-empty.
    var given: UInt16 = 0
    var objectStart = 0, objectEnd = 0
    var vertical: VerticalEstimate? = nil
    var event: LifecycleEvent? = nil
    // Columns from this code on (the four `true_*`) are only checked, not converted, unless asked.
    let firstUnconverted = convertingTruth ? Int8.max : Int8(KnownColumn.trueDistance.rawValue)
    var i = 0
    var field = 0
    // Every loop below stops at the line's terminator, p[end] (not a blank,
    // comma or digit), so only the text fields need to compare with `end`.
    // Blanks are rare: one comparison (≤ 0x20) lets the usual byte pass.
    while true {
      var byte = p[i]
      if byte <= 0x20 {
        while CSVFields.isBlank(p[i]) { i &+= 1 }
        byte = p[i]
      }
      let code = fieldCodes[field]
      if code >= 0 {
        if byte != comma, i != end {
          if code < firstUnconverted {
            guard let (value, next) = DecimalFastPath.parse(p, i) else { return false }
            numbers[Int(code)] = value
            i = next
          } else if code != Self.trueDistanceCode || p[i] != UInt8(ascii: "-"),
            let next = DecimalFastPath.skipCommonShape(p, i)
          {
            // Below 1e6 in magnitude, and not a negative true distance: in range.
            i = next
          } else {
            // Checked the long way, range included; the value is still not kept.
            guard let (value, next) = DecimalFastPath.parse(p, i),
              Self.isTruthInRange(value / (divisors?[Int(code)] ?? 1), code: code)
            else { return false }
            i = next
          }
          given |= 1 &<< UInt16(code)
          byte = p[i]
          if byte <= 0x20 {
            while CSVFields.isBlank(p[i]) { i &+= 1 }
            byte = p[i]
          }
        }
      } else {
        // Text: up to the comma, trimmed; non-ASCII goes to RowParser, which repairs invalid UTF-8.
        let start = i
        while i < end, p[i] != comma {
          if p[i] >= 0x80 { return false }
          i &+= 1
        }
        var last = i
        while last > start, CSVFields.isBlank(p[last &- 1]) { last &-= 1 }
        if code == Code.status {
          // Anything but the success word (empty included) is the parser's rejection.
          guard successStatus.withUnsafeBufferPointer({ Self.spells(p, start, last, $0) }) else { return false }
        } else if last > start, code != Code.unknown {
          switch code {
          case Code.object:
            given |= 1 &<< UInt16(KnownColumn.object.rawValue)
            objectStart = start
            objectEnd = last
          case Code.vertical:
            guard let known = Self.vertical(p, start, last) else { return false }
            given |= 1 &<< UInt16(KnownColumn.vertical.rawValue)
            vertical = known
          default:
            guard let known = Self.event(p, start, last) else { return false }
            given |= 1 &<< UInt16(KnownColumn.event.rawValue)
            event = known
          }
        }
        byte = p[i]
      }
      field &+= 1
      if field == fieldCount { break }
      // The next field starts after a comma; p[end] is none.
      guard byte == comma else { return false }
      i &+= 1
    }
    // The last field must end the line: more commas are more fields.
    guard i == end else { return false }
    row.object = UnsafeBufferPointer(rebasing: line[objectStart..<objectEnd])
    return complete(
      &numbers, given: given, objectBytes: objectEnd &- objectStart, vertical: vertical, event: event, into: &row,
      convertingTruth: convertingTruth)
  }

  /// The rules of a row whose fields were read: `t` and `object` given, the
  /// name not too long, units converted, truth, time and the core's checks
  /// (``SampleValidation``), the life-cycle row, the direction. Fills `row`'s
  /// values (not its object, line or kind) and returns true, or
  /// returns false when only ``RowParser`` can tell. The one home of these
  /// rules for both fast paths: this scanner's byte loop and
  /// ``RangingTableReader``'s columns.
  ///
  /// - Parameters:
  ///   - numbers: each given known column's value in the input's units, by
  ///     `KnownColumn.rawValue` (the `true_*` only when `convertingTruth`;
  ///     otherwise already checked against their range).
  ///   - given: bit c set when known column c's field is not empty.
  ///   - objectBytes: the length of the object's name, bytes of UTF-8.
  /// - Complexity: O(1). Does not allocate.
  @inline(__always)
  func complete(
    _ numbers: inout InlineArray<15, Double>, given: UInt16, objectBytes: Int, vertical: VerticalEstimate?,
    event: LifecycleEvent?, into row: inout RowView, convertingTruth: Bool
  ) -> Bool {
    guard given & (1 &<< KnownColumn.object.rawValue) != 0, given & (1 &<< KnownColumn.t.rawValue) != 0,
      objectBytes <= RowParser.maximumObjectNameBytes
    else {
      return false  // the parser rejects a missing field or a name too long
    }
    if let divisors { Self.convertUnits(&numbers, given: given, divisors: divisors, convertingTruth: convertingTruth) }
    if convertingTruth, given & Self.truthMask != 0 {
      for column in KnownColumn.truthColumns where given & (1 &<< column.rawValue) != 0 {
        guard GroundTruth.accepts(numbers[column.rawValue], in: column) else { return false }
      }
    }
    let seconds = numbers[KnownColumn.t.rawValue]
    guard abs(seconds) < RowParser.maximumSeconds else { return false }
    row.seconds = seconds
    row.event = event
    if event != nil {
      guard given & Self.measurementMask == 0 else { return false }
      row.update = RangingUpdate(time: Timestamp(seconds: seconds))
      row.truth = GroundTruth()
      return true
    }
    var direction: Direction?
    switch given & Self.directionMask {
    case Self.directionMask:
      direction = Direction(
        x: numbers[KnownColumn.dirX.rawValue], y: numbers[KnownColumn.dirY.rawValue], z: numbers[KnownColumn.dirZ.rawValue])
    case 0: direction = nil
    default: return false
    }
    var horizontal = Self.number(.horizontalAngle, numbers, given)
    if given & Self.angleMask != 0 {
      // Only under a mapping with an angle unit, and never beside `dir_*` (ColumnLayout).
      guard case .success(let angles) = SphericalDirection.resolve(
        azimuthRadians: Self.number(.azimuth, numbers, given), elevationRadians: Self.number(.elevation, numbers, given),
        horizontalAngleRadians: horizontal)
      else { return false }
      direction = angles.direction
      horizontal = angles.horizontalAngleRadians
    }
    row.update = RangingUpdate(
      time: Timestamp(seconds: seconds), distanceMeters: Self.number(.distance, numbers, given), direction: direction,
      horizontalAngleRadians: horizontal, vertical: vertical)
    guard validation.rejection(of: row.update) == nil else { return false }
    row.truth = convertingTruth
      ? GroundTruth(
        distanceMeters: Self.number(.trueDistance, numbers, given), x: Self.number(.trueX, numbers, given),
        y: Self.number(.trueY, numbers, given), z: Self.number(.trueZ, numbers, given))
      : GroundTruth()
    return true
  }

  /// Divides each given value by its column's divisor: input units to ours,
  /// as ``RowParser`` converts them (docs/FORMATS.md §5). The `true_*`
  /// values only when they were converted from text.
  @inline(__always)
  private static func convertUnits(
    _ numbers: inout InlineArray<15, Double>, given: UInt16, divisors: [Double], convertingTruth: Bool
  ) {
    let end = convertingTruth ? scannedColumnCount : KnownColumn.trueDistance.rawValue
    for column in 0..<end where given & (1 &<< UInt16(column)) != 0 {
      numbers[column] /= divisors[column]
    }
  }

  /// The value of `column` when its field was given. (Not a local function:
  /// one capturing `numbers` would box it and check each access.)
  @inline(__always)
  private static func number(_ column: KnownColumn, _ numbers: borrowing InlineArray<15, Double>, _ given: UInt16)
    -> Double?
  {
    given & (1 &<< column.rawValue) != 0 ? numbers[column.rawValue] : nil
  }

  /// Bits of ``KnownColumn/measurementColumns``, and of the three `dir_*` columns.
  private static var measurementMask: UInt16 {
    1 << KnownColumn.distance.rawValue | directionMask | 1 << KnownColumn.horizontalAngle.rawValue
      | 1 << KnownColumn.vertical.rawValue | angleMask
  }
  /// Bits of the four `true_*` columns.
  private static var truthMask: UInt16 {
    1 << KnownColumn.trueDistance.rawValue | 1 << KnownColumn.trueX.rawValue | 1 << KnownColumn.trueY.rawValue
      | 1 << KnownColumn.trueZ.rawValue
  }
  private static var trueDistanceCode: Int8 { Int8(KnownColumn.trueDistance.rawValue) }

  /// ``GroundTruth/accepts(_:in:)`` for the `true_*` column whose field code is `code`.
  @inline(__always)
  static func isTruthInRange(_ value: Double, code: Int8) -> Bool {
    code == trueDistanceCode
      ? GroundTruth.distanceRangeMeters.contains(value) : GroundTruth.coordinateRangeMeters.contains(value)
  }

  /// Bits of `azimuth` and `elevation`.
  private static var angleMask: UInt16 {
    1 << KnownColumn.azimuth.rawValue | 1 << KnownColumn.elevation.rawValue
  }
  private static var directionMask: UInt16 {
    1 << KnownColumn.dirX.rawValue | 1 << KnownColumn.dirY.rawValue | 1 << KnownColumn.dirZ.rawValue
  }

  /// Whether `line[start..<end]` spells `word`.
  @inline(__always)
  static func spells(_ line: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
    spells(line, start, end, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// Whether `line[start..<end]` holds the bytes of `word`.
  @inline(__always)
  static func spells(
    _ line: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ word: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard end - start == word.count else { return false }
    for i in 0..<(end - start) where line[start + i] != word[i] { return false }
    return true
  }

  /// The `vertical` spellings of docs/FORMATS.md §1 (`VerticalEstimate.name`).
  static func vertical(_ line: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> VerticalEstimate? {
    var code: UInt8 = 0
    while let vertical = VerticalEstimate(rawValue: code) {
      if spells(line, start, end, vertical.name) { return vertical }
      code += 1
    }
    return nil
  }

  /// The `event` spellings of docs/FORMATS.md §1 (`LifecycleEvent.name`).
  static func event(_ line: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> LifecycleEvent? {
    var code: UInt8 = 0
    while let event = LifecycleEvent(rawValue: code) {
      if spells(line, start, end, event.name) { return event }
      code += 1
    }
    return nil
  }

  /// Whether `field` is `word`, byte for byte.
  static func spells(_ field: Substring, _ word: StaticString) -> Bool {
    var field = field
    return field.withUTF8 { bytes in
      word.withUTF8Buffer { word in bytes.count == word.count && zip(bytes, word).allSatisfy { $0 == $1 } }
    }
  }
}
