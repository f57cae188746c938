// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// The replay reached from C (`ranging_replay.h`, issue 35 item 1) is the
/// command line's: on every bundled dataset, every real recording (in
/// ../shared/datasets, when it is there) and every troubled recording of the
/// corpus, and under options of every kind, it gives rangectl's events,
/// filtered track and standard error byte for byte.
/// The reference is the `rangectl` executable run on the same file, whose
/// own outputs the golden replays pin.
@Suite("ranging_replay_file: rangectl replay's outputs, from C, against the process")
struct ReplayFromCMatchesRangectlTests {
  @Test("On every real recording: events, filtered track and standard error are rangectl's, byte for byte",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings), arguments: ReplayFromCCase.realRecordings)
  func matchesRangectlOnRealRecording(_ replayCase: ReplayFromCCase) throws {
    try matchesRangectl(replayCase)
  }

  @Test("Events, filtered track and standard error are rangectl's, byte for byte", arguments: ReplayFromCCase.cases)
  func matchesRangectl(_ replayCase: ReplayFromCCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let events = scratch.path("events.jsonl"), filtered = scratch.path("filtered.csv")
    let path = PackagePaths.root.appendingPathComponent(replayCase.path).path
    let reference = try Rangectl.run(
      ["replay", path, "--jobs", "1", "--list-rejected", "100000000", "--events", events, "--filtered", filtered]
        + replayCase.options)
    let fromC = ReplayFromC(path: path, replayCase.options + ["--write-filtered"])
    #expect(fromC.status == reference.status)
    if reference.status == 64 {
      // rangectl's message for a refused option, then its usage lines.
      #expect(fromC.messages.hasPrefix("Error: ") && reference.stderr.hasPrefix(fromC.messages))
      return
    }
    let rejections = try fromC.rejections()
    let listing = rejections.map { $0.message(path: path) + "\n" }.joined()
    #expect(listing + fromC.messages == reference.stderr)
    #expect(fromC.events == Self.contents(events))
    #expect(fromC.filtered == Self.contents(filtered))
    if fromC.status == 0 {
      let zones = replayCase.options.firstIndex(of: "--zones").map { replayCase.options[$0 + 1] } ?? "inner=1.5,outer=3"
      try fromC.checkRecords(zoneNames: zones.split(separator: ",").map { String($0.prefix { $0 != "=" }) })
      // rows read = accepted + rejected, and every rejected row is in the JSON Lines.
      #expect(fromC.counts[0] == fromC.counts[1] + fromC.counts[2] + fromC.counts[3] + fromC.counts[4])
      #expect(Int64(rejections.count) == fromC.counts[4])
    }
  }

  /// Seeded bytes of CSV-like shape, and seeded options of every range: the
  /// replay from C never traps, keeps rows read = accepted + rejected, and
  /// gives what rangectl gives.
  @Test("Hostile bytes and options: rangectl's outputs, and every row accounted for", arguments: 0..<24)
  func hostileInput(_ seed: Int) throws {
    // The seed picks each case's pieces and options.
    var draws = SeededDraws(seed: UInt64(seed) &+ 0x5EED)
    let pieces = [
      "t,object,distance\n", "t,object,distance,dir_x,dir_y,dir_z,event\n", "0.1,a,1.5\n", "0.2,a,", "nan", "1e308",
      "-0", ",", "\n", "\r\n", "\"", "b", "0.3,b,2.9,0,0,-1\n", "\u{0}", "\u{FF}", "removed_timeout", "#c\n", "9e9,a,1\n",
      ",,,\n", "0.1,a,-1\n", "5,c,0.4,1,1,1\n",
    ]
    let text = draws.text(of: pieces, upTo: 400)
    let optionSets: [[String]] = [
      [], ["--capacity", "1"], ["--gate", "0.5", "--short-gate", "100"], ["--zones", "x=0.001"], ["--hysteresis", "-1"],
      ["--max-coast", "1e300"], ["--distance-unit", "mm"], ["--column", "object=dir_x"], ["--backend", "swift"], ["--bogus"],
      ["--confirmation", "100", "--confirmation-seconds", "0"], ["--fov", "180,90"],
    ]
    let options = optionSets[draws.next(optionSets.count)]
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let input = try scratch.write("input.csv", text)
    let events = scratch.path("events.jsonl"), filtered = scratch.path("filtered.csv")
    let reference = try Rangectl.run(
      ["replay", input, "--jobs", "1", "--list-rejected", "100000000", "--events", events, "--filtered", filtered] + options)
    let fromC = ReplayFromC(path: input, options + ["--write-filtered"])
    #expect(fromC.status == reference.status, "\(options)")
    if reference.status == 64 {
      // An option refused: rangectl's message, then its usage lines.
      #expect(fromC.messages.hasPrefix("Error: ") && reference.stderr.hasPrefix(fromC.messages))
      #expect(fromC.events.isEmpty && fromC.rejected.isEmpty)
      return
    }
    let rejections = try fromC.rejections()
    #expect(rejections.map { $0.message(path: input) + "\n" }.joined() + fromC.messages == reference.stderr)
    #expect(fromC.events == Self.contents(events))
    #expect(fromC.filtered == Self.contents(filtered))
    if fromC.status == 0 {
      let zones = options.firstIndex(of: "--zones").map { options[$0 + 1] } ?? "inner=1.5,outer=3"
      try fromC.checkRecords(zoneNames: zones.split(separator: ",").map { String($0.prefix { $0 != "=" }) })
      #expect(fromC.counts[0] == fromC.counts[1] + fromC.counts[2] + fromC.counts[3] + fromC.counts[4])
      #expect(Int64(rejections.count) == fromC.counts[4])
    }
  }

  /// A file rangectl wrote, or no bytes when it stopped before creating it
  /// (an input it could not open or read as a ranging CSV).
  static func contents(_ path: String) -> Data {
    (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
  }
}
