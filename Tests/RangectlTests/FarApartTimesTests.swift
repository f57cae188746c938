// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Issue 34, items 1 and 2: two times within the readers' ±9.2e12 s can lie
/// more than `Int64.max` µs apart (-4.7e12 s and 4.7e12 s: 9.4e18 µs). Their
/// difference wrapped: `evaluate` trapped (SIGILL), and `replay` lost nothing
/// and printed a negative NLOS probability. The expected outputs follow from
/// the rules: an object silent for more than the 5 s lost timeout exits its
/// zones with reason `lost` at the time of the row that reveals the gap, and
/// its next row starts a new track.
/// In-process: evaluate and replay run as InProcessCommand and ReplayInProcess run them.
@Suite("rangectl: valid times more than Int64.max µs apart")
struct FarApartTimesTests {
  /// Issue 34's `evaluate` reproducer: one object, true and measured 2 m.
  static let twoRows = "t,object,distance,true_distance\n-4.7e12,tag,2,2\n4.7e12,tag,2,2\n"

  @Test("evaluate scores two rows 9.4e12 s apart, alone, decimated and within a folder", arguments: [
    [], ["--decimate", "2"], ["--folder"],
  ])
  func evaluateTwoRows(_ options: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var input = try scratch.write("far.csv", Self.twoRows)
    if options == ["--folder"] {
      // In a folder, the trap ended the whole run: the next file's score too.
      try FileManager.default.createDirectory(atPath: scratch.path("runs"), withIntermediateDirectories: false)
      try FileManager.default.moveItem(atPath: input, toPath: scratch.path("runs/far.csv"))
      _ = try scratch.write("runs/near.csv", "t,object,distance,true_distance\n0,tag,2,2\n0.2,tag,2,2\n")
      input = scratch.path("runs")
    }
    let result = InProcessCommand.evaluate([input, "--json"] + options.filter { $0 != "--folder" })
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let overall = try #require(report["overall"] as? [String: Any])
    // Truth: 2 m < 3 m from the first row on, so the outer zone is entered there, in each file;
    // the raw baseline (the measured 2 m) enters it at that row too: matched.
    let files = options == ["--folder"] ? 2 : 1
    #expect((overall["truthCount"] as? NSNumber)?.intValue == files)
    let baselines = try #require(report["baselines"] as? [[String: Any]])
    let raw = try #require(baselines.first { $0["method"] as? String == "raw" })
    let rawScore = try #require((raw["report"] as? [String: Any])?["overall"] as? [String: Any])
    #expect((rawScore["matched"] as? NSNumber)?.intValue == files)
    #expect((rawScore["falseEvents"] as? NSNumber)?.intValue == 0)
  }

  @Test("evaluate interpolates a truth crossing between rows 9.4e12 s apart: at t = 0, halfway")
  func evaluateTruthCrossing() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // True distance 2 m then 1 m: 1.5 m is crossed halfway, at t = 0; t1 - t0 overflowed and trapped.
    let path = try scratch.write("cross.csv", "t,object,distance,true_distance\n-4.7e12,tag,2,2\n4.7e12,tag,1,1\n")
    let result = InProcessCommand.evaluate([path, "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let run = try #require((report["scenarios"] as? [[String: Any]])?.first)
    #expect((run["truthCrossingsAfterFirstRow"] as? NSNumber)?.intValue == 1)
    let overall = try #require(report["overall"] as? [String: Any])
    #expect((overall["truthCount"] as? NSNumber)?.intValue == 2)
  }

  @Test("evaluate --filtered leaves a row 9.4e12 s from its object's only truth row unpaired")
  func evaluateFilteredFarFromTruth() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let dataset = try scratch.write("truth.csv", "t,object,distance,true_distance\n-4.7e12,tag,2,2\n")
    let events = try scratch.write("events.jsonl", "")
    // |Δt| to the nearest truth row, 9.4e18 µs, overflowed and trapped.
    let filtered = try scratch.write("filtered.csv", "t,object,distance\n4.7e12,tag,2\n")
    let result = InProcessCommand.evaluate([dataset, "--events", events, "--filtered", filtered, "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let distance = try #require(report["overallDistance"] as? [String: Any])
    #expect((distance["rows"] as? NSNumber)?.intValue == 0)
    #expect((distance["unpairedFilteredRows"] as? NSNumber)?.intValue == 1)
  }

  @Test("replay: an object silent for 9.4e12 s is lost when another object's row moves the clock")
  func replayLost() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write(
      "lost.csv", "t,object,distance\n-4.7e12,a,1.0\n-4699999999999.7,a,1.0\n4.7e12,b,5.0\n")
    let result = try ReplayInProcess.result([path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let events = try EventLine.parseAll(result.stdoutText)
    // a at 1 m enters both zones, outer first, before the gap; b's row, 9.4e12 s later, runs the
    // lost check: a exits both, inner first, at b's time. b at 5 m enters nothing.
    let summary = events.map { "\($0.t) \($0.object) \($0.zone) \($0.event) \($0.reason ?? "-")" }
    #expect(summary.count == 4)
    #expect(events.prefix(2).map { "\($0.object) \($0.zone) \($0.event)" } == ["a outer enter", "a inner enter"])
    #expect(events.prefix(2).allSatisfy { $0.t < -4_699_999_999_999 })
    #expect(summary.suffix(2) == ["4700000000000.0 a inner exit lost", "4700000000000.0 a outer exit lost"])
  }

  @Test("replay --filtered: after a 9.4e12 s gap the object starts a new track, NLOS within [0, 1]")
  func replayNewTrack() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("nlos.csv", "t,object,distance\n-4.7e12,a,1\n-4.7e12,a,1\n4.7e12,a,1\n")
    let result = ReplayInProcess.run([path, "--events", "/dev/null", "--filtered", scratch.path("filtered.csv")])
    #expect(result.status == 0, "stderr: \(result.messages)")
    let track = try scratch.read("filtered.csv")
    let rows = Rangectl.lines(track).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    try #require(rows.count == 3, "filtered: \(track)")
    // The third row is a new track's first: the same distance, sigma and NLOS as the first row's
    // (it printed -0.18, the old track stepped 9.0e12 s backwards).
    #expect(rows[2].dropFirst() == rows[0].dropFirst())
    let nlos = try #require(Double(String(rows[2].last ?? "")))
    #expect((0...1).contains(nlos))
  }
}
