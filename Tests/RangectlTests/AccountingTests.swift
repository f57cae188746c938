// SPDX-License-Identifier: Apache-2.0
import Testing

/// One bad row of ``AccountingTests/recording`` and the message it must get.
struct RejectedRowCase: Sendable, CustomTestStringConvertible {
  /// The reason code counted in the summary.
  var reason: String
  /// The message on standard error, written by hand from the fixture:
  /// `file:line[:column]: field '<name>': <reason in words> '<text>'`.
  var message: String
  var testDescription: String { reason }

  init(_ reason: String, _ message: String) {
    self.reason = reason
    self.message = message
  }
}

@Suite("rangectl replay accounts for every row")
struct AccountingTests {
  /// One bad row per reason a CSV can produce, between good rows, with a
  /// comment and a blank line so that line numbers count them. The columns
  /// are t=1, object=2, distance=3, dir_x=4, dir_y=5, dir_z=6,
  /// horizontal_angle=7, vertical=8, event=9. The distance stays at 4 m so
  /// that no good row is near a gate or a zone.
  static let recording = """
    # accounting fixture: one bad row per reason, between good rows
    t,object,distance,dir_x,dir_y,dir_z,horizontal_angle,vertical,event
    0.0,tag,4.0,,,,,,
    0.1,tag,4.O,,,,,,
    0.2,tag,nan,,,,,,

    0.3,tag,-0.5,,,,,,
    0.4,tag,4.0,0.5,0.5,0.5,,,
    0.5,tag,4.0,0,,-1,,,
    0.6,tag,,,,,,,teleported
    1.0,tag,4.0,0,0,-1,,,
    0.9,tag,4.0,,,,,,
    # a comment between data rows
    1.1,tag,4.0,,,,,sideways,
    1.2,tag,4.0,,,,3.5,,
    1.3,tag,4.0,,,,,,removed_timeout
    1.4,,4.0,,,,,,
    1.5,tag,4.0
    1.6,tag,,,,,,,
    1e13,tag,4.0,,,,,,
    2.0,tag,4.0,,,,,same,
    2.2,tag,,,,,,,removed_peer_ended

    """

  /// In file order. `time_went_backwards` is the tracker's verdict (1.0 was
  /// accepted on line 11), every other one the reader's.
  static let rejections: [RejectedRowCase] = [
    .init("malformed_number",
          "accounting.csv:4:3: field 'distance': malformed number '4.O'"),
    .init("non_finite_value",
          "accounting.csv:5:3: field 'distance': non finite value 'nan'"),
    .init("negative_distance",
          "accounting.csv:7:3: field 'distance': negative distance '-0.5'"),
    .init("direction_not_unit",
          "accounting.csv:8:4: field 'dir_x': direction not unit '0.5,0.5,0.5'"),
    .init("incomplete_direction",
          "accounting.csv:9:5: field 'dir_y': incomplete direction"),
    .init("unknown_event",
          "accounting.csv:10:9: field 'event': unknown event 'teleported'"),
    .init("time_went_backwards",
          "accounting.csv:12:1: field 't': time went backwards '0.9'"),
    .init("unknown_vertical",
          "accounting.csv:14:8: field 'vertical': unknown vertical 'sideways'"),
    .init("horizontal_angle_out_of_range",
          "accounting.csv:15:7: field 'horizontal_angle': horizontal angle out of range '3.5'"),
    .init("measurement_on_event_row",
          "accounting.csv:16:3: field 'distance': measurement on event row '4.0'"),
    .init("missing_value",
          "accounting.csv:17:2: field 'object': missing value"),
    .init("wrong_field_count",
          "accounting.csv:18: row: wrong field count '1.5,tag,4.0'"),
    .init("no_measurement",
          "accounting.csv:19: row: no measurement '1.6,tag,,,,,,,'"),
    .init("time_out_of_range",
          "accounting.csv:20:1: field 't': time out of range '1e13'"),
  ]

  /// Replays the fixture from its own folder, so messages carry the bare file name.
  private func replay() throws -> RangectlResult {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try scratch.write("accounting.csv", Self.recording)
    return try Rangectl.run(["replay", "accounting.csv"], in: scratch.url)
  }

  @Test("Rows read equal accepted plus rejected, with the right count for each reason")
  func summaryCounts() throws {
    let result = try replay()
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let summary = try #require(result.summary, "no summary in: \(result.stderr)")
    // Data lines: 3-5, 7-12, 14-22 (line 1 and 13 are comments, 6 is blank, 2 the header).
    #expect(summary.path == "accounting.csv")
    #expect(summary.rowsRead == 18)
    #expect(summary.rowsRead == summary.accepted + summary.rejected)
    #expect(summary.accepted == summary.measurements + summary.lifecycle)
    #expect(summary.measurements == 3)  // lines 3, 11, 21
    #expect(summary.lifecycle == 1)  // line 22
    #expect(summary.rejected == Self.rejections.count)
    let expected = Dictionary(Self.rejections.map { ($0.reason, 1) }, uniquingKeysWith: +)
    #expect(summary.rejectedByReason == expected)
    #expect(summary.rejectedByReason.values.reduce(0, +) == summary.rejected)
    #expect(summary.events == 0)
  }

  @Test("Each rejected row is reported once at its line and field", arguments: rejections)
  func rejectedRowMessage(_ fixture: RejectedRowCase) throws {
    let result = try replay()
    let matches = result.stderrLines.filter { $0 == fixture.message }
    #expect(matches.count == 1, "expected once: \(fixture.message)\nstderr:\n\(result.stderr)")
  }

  @Test("Standard error lists exactly the rejected rows, in file order, before the summary")
  func rejectedRowsInOrder() throws {
    let result = try replay()
    let listed = result.stderrLines.filter { $0.hasPrefix("accounting.csv:") && !$0.contains("rows read") }
    #expect(listed == Self.rejections.map(\.message))
    #expect(result.stderrLines.first { $0.contains("rows read") } == result.stderrLines[Self.rejections.count])
  }
}
