// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import Testing

/// The parse limit's pass (issue 38) reads what a replay reads: data rows,
/// not comments, empty lines or the header, and parses the two fields named.
@Suite("ParseLimit: the yardstick of a replay's rate")
struct ParseLimitTests {
  @Test("It counts the data rows and sums the t and distance fields, whatever the line ends")
  func countsAndSums() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("parse-limit-\(UUID().uuidString).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    // t in column 2, distance in column 4 (0-based 1 and 3); a comment, blank lines, CRLF, and a short row.
    let text = "# made by hand\nobject,t,x,distance\r\na,0.5,9,1.25\r\n\nb,1.5,9,2.5\n#c\nc,2\n"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let pass = try #require(ParseLimit.pass(path: path, timeField: 1, distanceField: 3))
    #expect(pass.rows == 3)
    // 0.5 + 1.25 + 1.5 + 2.5 + 2 (the short row has its t and no distance).
    #expect(pass.sum == 7.75)
    #expect(ParseLimit.pass(path: path + ".missing", timeField: 1, distanceField: 3) == nil)
  }
}
