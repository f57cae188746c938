// SPDX-License-Identifier: Apache-2.0
import RangingOutputs
/// One row of a ranging CSV that cannot be used, with where and why.
///
/// Rows are never silently dropped (docs/FORMATS.md §1): ``RangingCSVReader`` yields
/// a rejection for each unusable row and continues with the next. Each row has
/// exactly one reason, the first that applies in this order:
///
/// | `reason` | `field` | meaning |
/// | --- | --- | --- |
/// | `line_too_long` | `row` | the line exceeds the reader's line-length limit (1 MiB; a `#` comment may be longer) |
/// | `wrong_field_count` | `row` | the number of fields differs from the header's |
/// | `missing_value` | `t`, `object` | a required field is empty |
/// | `object_name_too_long` | `object` | the name has more than 256 bytes of UTF-8 (`RowParser.maximumObjectNameBytes`) |
/// | `no_measurement` | `status` | under a ``ColumnMapping`` with a ``ColumnMapping/successStatus`` (the `qorvo` preset), the field is not that word (`SUCCESS`) |
/// | `malformed_number` | the column | a numeric field is not a decimal number |
/// | `non_finite_value` | the column | a numeric field is `nan`/`inf`, or overflows |
/// | `time_out_of_range` | `t` | `|t|` ≥ 9.2e12 s, beyond ``Timestamp``'s range |
/// | `unknown_vertical` | `vertical` | not `same`, `above`, `below`, `aboveOrBelow`, `unknown` |
/// | `unknown_event` | `event` | not one of the five life-cycle event names |
/// | `measurement_on_event_row` | the column | an `event` row also carries a measurement |
/// | `incomplete_direction` | first missing `dir_*` | one or two of `dir_x`, `dir_y`, `dir_z` |
/// | `incomplete_direction`, `angle_out_of_range` | `azimuth`, `elevation` | elevation without azimuth; \|azimuth\| > 180° or \|elevation\| > 90° (only under a ``ColumnMapping`` with an angle unit) |
/// | `negative_distance`, `non_finite_distance`, `distance_out_of_range` | `distance` | from `SampleValidation` (the last: non-zero below 1e-4 m or above 1000 m) |
/// | `direction_not_unit`, `non_finite_direction` | `dir_x` | from `SampleValidation` |
/// | `horizontal_angle_out_of_range` | `horizontal_angle` | from `SampleValidation` |
/// | `no_measurement` | `row` | from `SampleValidation`: nothing measured |
/// | `truth_out_of_range` | `true_distance`, `true_x`, `true_y`, `true_z` | `true_distance` outside 0...1e6 m, or a true coordinate outside ±1e6 m (``GroundTruth/limitMeters``) |
///
/// When several columns fail the same check, the leftmost in the file is named.
/// Under a ``ColumnMapping``, `field` is the header's name for the column
/// (`distance[cm]`), and values are converted to metres, seconds and radians
/// before the value checks.
/// Per-object time order is not checked here; the tracker does that.
public struct RowRejection: Equatable, Sendable, CustomStringConvertible {
  /// The 1-based physical line in the file, counting header, comment and blank lines.
  public var line: Int
  /// The 1-based column of the offending field, or nil when the problem
  /// concerns the whole row or a column the header lacks.
  public var column: Int?
  /// The column name the problem concerns (`distance`, `dir_x`, `t`, …), or
  /// `row` when it concerns the whole row.
  public var field: String
  /// A stable snake_case code (see the table above), for counting and for
  /// machine-readable output.
  public var reason: String
  /// The offending text, trimmed of surrounding spaces and clipped to
  /// 40 characters plus `...`: the field for field problems, the line for row
  /// problems, `x,y,z` for `direction_not_unit`. Empty for an empty field.
  public var text: String

  /// Creates a rejection. `text` is stored as given; the reader clips it.
  ///
  /// - Parameters:
  ///   - line: 1-based physical line, ≥ 1.
  ///   - column: 1-based column, or nil.
  ///   - field: column name or `row`.
  ///   - reason: snake_case reason code.
  ///   - text: the offending text.
  public init(line: Int, column: Int?, field: String, reason: String, text: String) {
    self.line = line
    self.column = column
    self.field = field
    self.reason = reason
    self.text = text
  }

  /// The rejection as a compiler-style message.
  ///
  ///     data.csv:7:3: field 'distance': malformed number 'n/a'
  ///     data.csv:9: row: wrong field count '1,lock-1'
  ///
  /// - Parameter path: the input's path; `-` is shown as `<stdin>`.
  /// - Returns: `<path>:<line>[:<column>]: …` on one line.
  public func message(path: String) -> String {
    "\(DatasetError.displayName(for: path)):\(description)"
  }

  /// `<line>[:<column>]: field '<field>': <reason in words>[ '<text>']`, with
  /// control characters in the field and text shown as escapes (`Escaped`).
  public var description: String {
    var result = "\(line)"
    if let column { result += ":\(column)" }
    result += field == "row" ? ": row: " : ": field '\(Escaped(field))': "
    result += reason.replacingUnderscoresWithSpaces()
    if !text.isEmpty { result += " '\(Escaped(text))'" }
    return result
  }

  /// The longest ``text`` kept before clipping, in characters.
  static let maximumTextLength = 40

  /// `text` clipped to ``maximumTextLength`` characters, with `...` appended
  /// when anything was cut.
  static func clipped<S: StringProtocol>(_ text: S) -> String {
    guard text.count > maximumTextLength else { return String(text) }
    return String(text.prefix(maximumTextLength)) + "..."
  }
}

extension String {
  fileprivate func replacingUnderscoresWithSpaces() -> String {
    String(map { $0 == "_" ? " " : $0 })
  }
}
