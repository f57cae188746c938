// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// The way to read another tool's CSV that rangectl suggests when the header
/// is not the ranging CSV's: pasted into sh after `rangectl replay FILE`, it
/// reads every column the header has, direction included.
/// In-process: the replays run as ReplayInProcess runs them.
@Suite("rangectl replay: the suggested options for a foreign header")
struct ForeignHeaderHintTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var header: String
    var row: String
    /// Words the hint must hold, in this order, as sh reads them.
    var words: [String]
    var testDescription: String { header }
  }

  static let cases: [Case] = [
    Case(header: "Time [ms],Tag ID,Range [cm]", row: "100,a,250",
         words: ["--column", "t=Time [ms]", "--time-unit", "ms", "--column", "object=Tag ID", "--column",
                 "distance=Range [cm]", "--distance-unit", "cm"]),
    Case(header: "time_ms,tag,range,azimuth_deg,elevation_deg", row: "100,a,2.5,10,5",
         words: ["--column", "azimuth=azimuth_deg", "--column", "elevation=elevation_deg", "--angle-unit", "deg"]),
    Case(header: "timestamp,device's name,dist_mm,Azimuth (rad)", row: "1,a,2500,0.1",
         words: ["--column", "object=device's name", "--column", "distance=dist_mm", "--distance-unit", "mm",
                 "--column", "azimuth=Azimuth (rad)", "--angle-unit", "rad"]),
  ]

  @Test("The hint, read by /bin/sh after `replay FILE`, replays the file and leaves no column unused", arguments: cases)
  func hintReplays(_ fixture: Case) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("log.csv", fixture.header + "\n" + fixture.row + "\n")
    let refused = try ReplayInProcess.result([path])
    #expect(refused.status == 65, "\(refused.stderr)")
    let hint = try #require(refused.stderr.components(separatedBy: "e.g. ").last?
      .trimmingCharacters(in: .newlines), "\(refused.stderr)")
    let words = try #require(try shellWords(hint), "sh could not read: \(hint)")
    #expect(words.joined(separator: "\u{0}").contains(fixture.words.joined(separator: "\u{0}")), "\(words)")
    let replayed = try ReplayInProcess.result([path] + words)
    #expect(replayed.status == 0, "\(hint): \(replayed.stderr)")
    #expect(replayed.summary != nil, "\(replayed.stderr)")
    #expect(!replayed.stderr.contains("columns not used"), "\(hint): \(replayed.stderr)")
  }
}
