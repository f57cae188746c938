// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Turns one data line of a ranging CSV into a ``DatasetRecord``.
///
/// The checks run in the order of the table in ``RowRejection``; the first
/// that fails names the row's one reason. The value checks at the end are the
/// core's ``SampleValidation``, not a copy of them: this type only parses the
/// text and says which field a core reason concerns.
struct RowParser {
  /// Where the known columns are in this file.
  let layout: ColumnLayout
  /// The core's value checks.
  let validation = RangingCSVReader.rowValidation

  /// Largest accepted `|t|` in seconds: ``Timestamp/init(seconds:)`` needs
  /// `|t| · 10⁶` to fit in an `Int64` (9.22e18 µs).
  static let maximumSeconds = 9.2e12

  /// Longest object name, in bytes of UTF-8 as read: 256. Devices name
  /// themselves with a MAC address (17 bytes), a UUID (36) or a short label;
  /// a replay keeps the name of every tracked object, so an unbounded name
  /// made memory grow with the names' total size whatever `--capacity` was
  /// (issue 34, item 8: 300 names of 1 MB took 1.2 GB).
  package static let maximumObjectNameBytes = 256

  /// Whether `byte` is one a name cannot hold: a comma (docs/FORMATS.md §1),
  /// or a line break, which ends a CSV line (``CSVFields/isLineBreak(_:)``).
  /// Only a table's text can hold one (a file's field never does).
  @inline(__always)
  package static func cannotBeInAName(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || CSVFields.isLineBreak(byte)
  }

  /// The record for one data line (not a comment, blank or header line).
  ///
  /// - Parameters:
  ///   - line: the 1-based physical line number.
  ///   - text: the line without its terminator.
  /// - Complexity: O(line length).
  func record(line: Int, text: String) -> DatasetRecord {
    let fields = CSVFields.split(text)
    guard fields.count == layout.fieldCount else {
      return Row(line: line, text: text, fields: fields, layout: layout).rejectRow("wrong_field_count", text: text)
    }
    return record(line: line, fields: fields, text: text)
  }

  /// The record for one row given as its fields, one per header name, each
  /// already trimmed (``CSVFields/trimmed(_:)``): a table's row
  /// (``RangingTableReader``), by the same rules as a line.
  ///
  /// - Parameters:
  ///   - fields: ``ColumnLayout/fieldCount`` of them.
  ///   - text: the row as one text, for a rejection of the whole row (`no_measurement`).
  /// - Complexity: O(total length of the fields).
  func record(line: Int, fields: [Substring], text: String) -> DatasetRecord {
    let row = Row(line: line, text: text, fields: fields, layout: layout)
    // A table's text may hold a comma or a line break, but a name may not (docs/FORMATS.md §1): the row's CSV
    // line would have more fields than the header, or be cut in two, and the filtered track, which does not
    // quote, would have one field too many; the C results name objects one a line.
    if row[.object].utf8.contains(where: RowParser.cannotBeInAName) {
      return row.rejectRow("wrong_field_count", text: text)
    }
    // A pose-only row belongs to no object: its `object` may be empty.
    let poseOnly = row.hasAny(KnownColumn.poseColumns) && !row.hasAny(KnownColumn.measurementColumns)
      && row[.event].isEmpty
    for required in [KnownColumn.t, .object] where row[required].isEmpty && !(poseOnly && required == .object) {
      return row.reject(required, "missing_value")
    }
    if row[.object].utf8.count > RowParser.maximumObjectNameBytes {
      return row.reject(.object, "object_name_too_long")
    }
    if let status = layout.successStatus, row.fields[status.index] != status.value {
      // The radio reports that this exchange failed: whatever else the row holds is not a measurement.
      return .rejected(
        RowRejection(
          line: line, column: status.index + 1, field: layout.headerName(ofField: status.index),
          reason: "no_measurement", text: RowRejection.clipped(row.fields[status.index])))
    }
    var numbers = [NumericField](repeating: .absent, count: KnownColumn.allCases.count)
    for (column, index) in layout.present where column.isNumeric {
      numbers[column.rawValue] = NumericField(parsing: row.fields[index])
    }
    for (kind, reason) in [(NumericField.malformed, "malformed_number"), (.nonFinite, "non_finite_value")] {
      if let bad = layout.present.first(where: { numbers[$0.column.rawValue] == kind }) {
        return row.reject(bad.column, reason)
      }
    }
    if let divisors = layout.divisors {
      // Input units to ours (docs/FORMATS.md §5); every divisor is ≥ 1, so no value overflows.
      for (column, _) in layout.present {
        if case .value(let value) = numbers[column.rawValue] {
          numbers[column.rawValue] = .value(value / divisors[column.rawValue])
        }
      }
    }
    // `t` is present and neither malformed nor non-finite, so it is a number.
    let seconds = numbers[KnownColumn.t.rawValue].number!
    guard abs(seconds) < RowParser.maximumSeconds else { return row.reject(.t, "time_out_of_range") }

    var vertical: VerticalEstimate?
    if !row[.vertical].isEmpty {
      guard let known = RowParser.verticalEstimate(named: row[.vertical]) else {
        return row.reject(.vertical, "unknown_vertical")
      }
      vertical = known
    }
    let object = String(row[.object])
    if !row[.event].isEmpty {
      guard let event = RowParser.lifecycleEvent(named: row[.event]) else {
        return row.reject(.event, "unknown_event")
      }
      if let measured = layout.present.first(where: {
        (KnownColumn.measurementColumns + KnownColumn.poseColumns).contains($0.column) && !row.fields[$0.index].isEmpty
      }) {
        return row.reject(measured.column, "measurement_on_event_row")
      }
      return .lifecycle(line: line, object: object, seconds: seconds, event: event)
    }
    var pose: Attitude? = nil
    let quaternion = KnownColumn.poseColumns.map { numbers[$0.rawValue].number }
    if quaternion.contains(where: { $0 != nil }) {
      if let missing = KnownColumn.poseColumns.first(where: { numbers[$0.rawValue] == .absent }) {
        return row.reject(missing, "incomplete_pose")
      }
      // All four present (checked just above), none malformed or non-finite (rejected above): numbers.
      let attitude = Attitude(w: quaternion[0]!, x: quaternion[1]!, y: quaternion[2]!, z: quaternion[3]!)
      if let reason = validation.rejection(of: attitude) {
        let text = KnownColumn.poseColumns.map { row[$0] }.joined(separator: ",")
        return row.reject(.poseW, "\(reason.name)", text: text[...])
      }
      if poseOnly { return .pose(line: line, seconds: seconds, attitude: attitude) }
      pose = attitude
    }
    return measurement(row: row, numbers: numbers, object: object, seconds: seconds, vertical: vertical, pose: pose)
  }

  /// The measurement record for a row whose fields all parsed, after the
  /// direction completeness check and the core's value checks.
  private func measurement(
    row: Row, numbers: [NumericField], object: String, seconds: Double, vertical: VerticalEstimate?, pose: Attitude?
  ) -> DatasetRecord {
    let axes = [KnownColumn.dirX, .dirY, .dirZ]
    let components = axes.map { numbers[$0.rawValue].number }
    let given = components.compactMap { $0 }
    if given.count == 1 || given.count == 2 {
      let missing = axes.first { numbers[$0.rawValue] == .absent }!
      return row.reject(missing, "incomplete_direction")
    }
    var direction = given.count == 3 ? Direction(x: given[0], y: given[1], z: given[2]) : nil
    var horizontal = numbers[KnownColumn.horizontalAngle.rawValue].number
    switch SphericalDirection.resolve(
      azimuthRadians: numbers[KnownColumn.azimuth.rawValue].number,
      elevationRadians: numbers[KnownColumn.elevation.rawValue].number, horizontalAngleRadians: horizontal)
    {
    case .success(let angles):
      direction = angles.direction ?? direction
      horizontal = angles.horizontalAngleRadians
    case .failure(.elevationWithoutAzimuth): return row.reject(.azimuth, "incomplete_direction")
    case .failure(.azimuthOutOfRange): return row.reject(.azimuth, "angle_out_of_range")
    case .failure(.elevationOutOfRange): return row.reject(.elevation, "angle_out_of_range")
    }
    let update = RangingUpdate(
      time: Timestamp(seconds: seconds),
      distanceMeters: numbers[KnownColumn.distance.rawValue].number,
      direction: direction,
      horizontalAngleRadians: horizontal,
      vertical: vertical)
    if let reason = validation.rejection(of: update) {
      return rejection(for: reason, in: row)
    }
    if let outside = KnownColumn.truthColumns.first(where: { column in
      numbers[column.rawValue].number.map { !GroundTruth.accepts($0, in: column) } ?? false
    }) {
      return row.reject(outside, "truth_out_of_range")
    }
    let truth = GroundTruth(
      distanceMeters: numbers[KnownColumn.trueDistance.rawValue].number,
      x: numbers[KnownColumn.trueX.rawValue].number,
      y: numbers[KnownColumn.trueY.rawValue].number,
      z: numbers[KnownColumn.trueZ.rawValue].number)
    return .measurement(line: row.line, object: object, seconds: seconds, update: update, truth: truth, pose: pose)
  }

  /// A core rejection reported against the field it concerns.
  private func rejection(for reason: RejectionReason, in row: Row) -> DatasetRecord {
    let name = "\(reason.name)"
    switch reason {
    case .nonFiniteTime, .timeWentBackwards:
      return row.reject(.t, name)
    case .nonFiniteDistance, .negativeDistance, .distanceOutOfRange:
      return row.reject(.distance, name)
    case .nonFiniteDirection, .directionNotUnit:
      let vector = [row[.dirX], row[.dirY], row[.dirZ]].joined(separator: ",")
      return row.reject(.dirX, name, text: vector[...])
    case .horizontalAngleOutOfRange:
      return row.reject(.horizontalAngle, name)
    case .noMeasurement:
      return row.rejectRow(name, text: row.text)
    case .nonFinitePose, .poseNotUnit:
      // Poses are checked on their own above; an update carries none.
      return row.reject(.poseW, name)
    }
  }

  /// The `vertical` spellings of docs/FORMATS.md §1 (case-sensitive): `VerticalEstimate.name`.
  static func verticalEstimate(named name: Substring) -> VerticalEstimate? {
    var code: UInt8 = 0
    while let vertical = VerticalEstimate(rawValue: code) {
      if RowScanner.spells(name, vertical.name) { return vertical }
      code += 1
    }
    return nil
  }

  /// The `event` spellings of docs/FORMATS.md §1 (case-sensitive): `LifecycleEvent.name`.
  static func lifecycleEvent(named name: Substring) -> LifecycleEvent? {
    var code: UInt8 = 0
    while let event = LifecycleEvent(rawValue: code) {
      if RowScanner.spells(name, event.name) { return event }
      code += 1
    }
    return nil
  }
}

/// One split data line and how to report a problem in it.
private struct Row {
  let line: Int
  let text: String
  /// Trimmed fields, in file order.
  let fields: [Substring]
  let layout: ColumnLayout

  /// The trimmed field of `column`; empty when the header lacks the column.
  /// Valid only once the field count matches the header's.
  subscript(column: KnownColumn) -> Substring {
    layout[column].map { fields[$0] } ?? ""
  }

  /// Rejects the row for a problem in `column`, quoting its field unless told otherwise.
  func reject(_ column: KnownColumn, _ reason: String, text: Substring? = nil) -> DatasetRecord {
    .rejected(
      RowRejection(
        line: line, column: layout[column].map { $0 + 1 }, field: layout.headerName(of: column),
        reason: reason, text: RowRejection.clipped(text ?? self[column])))
  }

  /// Whether any of `columns` has a non-empty field in this row.
  func hasAny(_ columns: [KnownColumn]) -> Bool {
    columns.contains { layout[$0] != nil && !self[$0].isEmpty }
  }

  /// Rejects the row as a whole, quoting `text` (normally the line).
  func rejectRow(_ reason: String, text: String) -> DatasetRecord {
    .rejected(
      RowRejection(
        line: line, column: nil, field: "row", reason: reason,
        text: RowRejection.clipped(CSVFields.trimmed(text[...]))))
  }
}
