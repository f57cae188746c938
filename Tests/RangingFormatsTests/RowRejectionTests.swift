// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingFormats

/// One unusable row and the rejection it must produce.
struct RejectionCase: Sendable, CustomTestStringConvertible {
  let row: String
  let column: Int?
  let field: String
  let reason: String
  let text: String

  var testDescription: String { "\(reason) in \(field): \(row)" }

  /// Line 1 and 3 are comments and line 4 is blank, so the data row is line 5.
  static let header =
    "# recorded on a bench\n"
    + "t,object,distance,dir_x,dir_y,dir_z,horizontal_angle,vertical,event,true_distance\n"
    + "# a comment after the header\n"
    + "\n"
  static let line = 5

  static let all: [RejectionCase] = [
    .init(row: "1,a,2", column: nil, field: "row", reason: "wrong_field_count", text: "1,a,2"),
    .init(row: ",a,1,,,,,,,", column: 1, field: "t", reason: "missing_value", text: ""),
    .init(row: "1,  ,1,,,,,,,", column: 2, field: "object", reason: "missing_value", text: ""),
    .init(row: "1,a,n/a,,,,,,,", column: 3, field: "distance", reason: "malformed_number", text: "n/a"),
    .init(row: "1,a,0x1p3,,,,,,,", column: 3, field: "distance", reason: "malformed_number", text: "0x1p3"),
    .init(row: "1.5s,a,1,,,,,,,", column: 1, field: "t", reason: "malformed_number", text: "1.5s"),
    // malformed_number comes before non_finite_value even when the NaN is further left.
    .init(row: "1,a,nan,,,,abc,,,", column: 7, field: "horizontal_angle", reason: "malformed_number", text: "abc"),
    .init(row: "1,a,NaN,,,,,,,", column: 3, field: "distance", reason: "non_finite_value", text: "NaN"),
    .init(row: "1,a,1,-inf,0,0,,,,", column: 4, field: "dir_x", reason: "non_finite_value", text: "-inf"),
    .init(row: "1,a,1,,,,,,,1e400", column: 10, field: "true_distance", reason: "non_finite_value", text: "1e400"),
    .init(row: "1e13,a,1,,,,,,,", column: 1, field: "t", reason: "time_out_of_range", text: "1e13"),
    .init(row: "1,a,,,,,,up,,", column: 8, field: "vertical", reason: "unknown_vertical", text: "up"),
    .init(row: "1,a,1,,,,,Above,,", column: 8, field: "vertical", reason: "unknown_vertical", text: "Above"),
    .init(row: "1,a,,,,,,,exploded,", column: 9, field: "event", reason: "unknown_event", text: "exploded"),
    .init(row: "1,a,2,,,,,,suspended,", column: 3, field: "distance", reason: "measurement_on_event_row", text: "2"),
    .init(row: "1,a,,,,,,same,invalidated,", column: 8, field: "vertical", reason: "measurement_on_event_row", text: "same"),
    .init(row: "1,a,,0,1,,,,,", column: 6, field: "dir_z", reason: "incomplete_direction", text: ""),
    .init(row: "1,a,-0.5,,,,,,,", column: 3, field: "distance", reason: "negative_distance", text: "-0.5"),
    .init(row: "1,a,,0.5,0.5,0.5,,,,", column: 4, field: "dir_x", reason: "direction_not_unit", text: "0.5,0.5,0.5"),
    .init(row: "1,a,,,,,4,,,", column: 7, field: "horizontal_angle", reason: "horizontal_angle_out_of_range", text: "4"),
    .init(row: "1,a,1,,,,,,,1e160", column: 10, field: "true_distance", reason: "truth_out_of_range", text: "1e160"),
    .init(row: "1,a,1,,,,,,,-0.5", column: 10, field: "true_distance", reason: "truth_out_of_range", text: "-0.5"),
    .init(row: "1,a,1,,,,,,,1000000.01", column: 10, field: "true_distance", reason: "truth_out_of_range",
          text: "1000000.01"),
    // Ground truth alone is not a measurement.
    .init(row: "1,a,,,,,,,,3", column: nil, field: "row", reason: "no_measurement", text: "1,a,,,,,,,,3"),
  ]
}

@Suite("RowRejection")
struct RowRejectionTests {
  @Test("Each unusable row is rejected once, naming its line, column, field and reason",
    arguments: RejectionCase.all)
  func rejectsRow(_ example: RejectionCase) throws {
    let csv = RejectionCase.header + example.row + "\n1,b,1.5,,,,,,,\n"
    let (_, records) = try CSVFixture.read(csv)
    try #require(records.count == 2)
    let expected = RowRejection(
      line: RejectionCase.line, column: example.column, field: example.field,
      reason: example.reason, text: example.text)
    #expect(records[0].rejection == expected)
    // Reading continues after a rejected row.
    #expect(records[1].measurementFields?.line == RejectionCase.line + 1)
  }

  @Test("A line longer than the limit is rejected as a whole and reading resumes on the next line")
  func rejectsOverlongLine() throws {
    let long = "1,a," + String(repeating: "9", count: 100)
    let csv = "t,object,distance\n1,a,1\n\(long)\n2,a,2\n\(long)"
    let (_, records) = try CSVFixture.read(csv, chunkBytes: 8, maxLineBytes: 32)
    #expect(records.map(\.line) == [2, 3, 4, 5])
    #expect(records[1].rejection == RowRejection(line: 3, column: nil, field: "row", reason: "line_too_long", text: ""))
    #expect(records[2].measurementFields?.update.distanceMeters == 2)
    #expect(records[3].rejection?.reason == "line_too_long")
  }

  @Test("The message reads path, line, column, field, reason in words and the text")
  func messageFormat() {
    let field = RowRejection(line: 7, column: 3, field: "distance", reason: "malformed_number", text: "n/a")
    #expect(field.message(path: "data.csv") == "data.csv:7:3: field 'distance': malformed number 'n/a'")
    #expect(field.description == "7:3: field 'distance': malformed number 'n/a'")
    let row = RowRejection(line: 9, column: nil, field: "row", reason: "wrong_field_count", text: "1,a")
    #expect(row.message(path: "-") == "<stdin>:9: row: wrong field count '1,a'")
    let empty = RowRejection(line: 2, column: 1, field: "t", reason: "missing_value", text: "")
    #expect(empty.message(path: "x.csv") == "x.csv:2:1: field 't': missing value")
  }

  @Test("Quoted text is clipped to 40 characters followed by an ellipsis")
  func clipsText() {
    let text = String(repeating: "x", count: 50)
    #expect(RowRejection.clipped(text) == String(repeating: "x", count: 40) + "...")
    #expect(RowRejection.clipped(String(repeating: "y", count: 40)) == String(repeating: "y", count: 40))
  }
}
