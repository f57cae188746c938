// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import rangectl

/// Two runs recorded one after the other as two objects, truth on every row:
/// `run-a` stands at 1 m for 3 s (inside both zones from its first row),
/// then `run-b` stands at 5 m for 12 s. The truth says nothing about `run-a`
/// after t = 3 s, when an engine may report it lost.
private let twoRuns: String = {
  var lines = ["t,object,distance,true_distance"]
  for k in 0..<16 { lines.append(String(format: "%.1f,run-a,1.0,1.0", Double(k) * 0.2)) }
  for k in 16..<76 { lines.append(String(format: "%.1f,run-b,5.0,5.0", Double(k) * 0.2)) }
  return lines.joined(separator: "\n") + "\n"
}()

@Suite("rangectl evaluate: baselines and unscored events")
struct EvaluateCommandTests {
  @Test("Events after an object's last truth row + tolerance are unscored, for the engine and every baseline")
  func unscoredAfterTheRun() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("two-runs.csv", twoRuns)
    // The engine's own events, to know independently which fall after 3 s + 1 s.
    let events = try EventLine.replayed(path)
    let late = events.filter { $0.object == "run-a" && $0.t > 4.0 }.count

    let result = InProcessCommand.evaluate([path, "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let overall = try #require(report["overall"] as? [String: Any])
    #expect((overall["unscoredEvents"] as? NSNumber)?.intValue == late)
    #expect((overall["engineCount"] as? NSNumber)?.intValue == events.count - late)
    #expect((overall["truthCount"] as? NSNumber)?.intValue == 2)
    let run = try #require((report["scenarios"] as? [[String: Any]])?.first)
    #expect((run["truthCrossingsAfterFirstRow"] as? NSNumber)?.intValue == 0)

    let baselines = try #require(report["baselines"] as? [[String: Any]])
    #expect(baselines.map { $0["method"] as? String } == ["raw", "ema", "cv-kalman", "median3"])
    #expect(baselines.map { ($0["hysteresisBandMeters"] as? NSNumber)?.doubleValue } == [nil, nil, 0.15, 0.15])
    for baseline in baselines {
      // A constant 1 m: every baseline enters both zones at the first row and never leaves.
      let score = try #require((baseline["report"] as? [String: Any])?["overall"] as? [String: Any])
      #expect((score["matched"] as? NSNumber)?.intValue == 2, "\(baseline["method"] ?? "?")")
      #expect((score["falseEvents"] as? NSNumber)?.intValue == 0, "\(baseline["method"] ?? "?")")
      #expect((score["unscoredEvents"] as? NSNumber)?.intValue == 0, "\(baseline["method"] ?? "?")")
    }
  }

  /// Issue 58, item 3: two rows at one time and a sigma whose square underflows made the
  /// cv-kalman peer divide 0 by 0, and the report failed with exit 65 blaming the data.
  @Test("--peer-sigma 1e-170 with two rows at one time scores the cv-kalman peer, finite")
  func tinyPeerSigmaWithRowsAtOneTime() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write(
      "same-time.csv", "t,object,distance,true_distance\n0,tag,2.0,2.0\n0,tag,2.2,2.0\n0.2,tag,2.1,2.0\n0.4,tag,1.9,2.0\n")
    let result = InProcessCommand.evaluate([path, "--peer-sigma", "1e-170", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let baselines = try #require(report["baselines"] as? [[String: Any]])
    let kalman = try #require(baselines.first { $0["method"] as? String == "cv-kalman" })
    let distance = try #require(
      ((kalman["report"] as? [String: Any])?["overallDistance"] as? [String: Any])?["filtered"] as? [String: Any])
    // The exact filter in the limit: 2.0, then the mean 2.1 of the two readings at t = 0, then each
    // later reading as it is (its prior is far wider than sigma²): errors 0, 0.1, 0.1, 0.1 against 2.0.
    let rmse = try #require((distance["rmseMeters"] as? NSNumber)?.doubleValue)
    let mae = try #require((distance["maeMeters"] as? NSNumber)?.doubleValue)
    #expect(abs(rmse - (0.03 / 4).squareRoot()) < 1e-9 && abs(mae - 0.075) < 1e-9, "rmse \(rmse), mae \(mae)")
  }

  @Test("The table names every baseline's rule and has an unscored column")
  func table() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("two-runs.csv", twoRuns)
    let result = InProcessCommand.evaluate([path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let text = result.stdoutText
    #expect(text.contains("cv-kalman (constant-velocity Kalman") && text.contains("exit s > r + 0.15 m"))
    #expect(text.contains("median3 (median of the last 3 distances)") && text.contains("exit s >= r"))
    #expect(text.contains("unscored"))
  }

  @Test("Every table line fits in 100 columns (run names up to 22 characters), with two runs and the sigma coverage")
  func tableWidth() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let a = try scratch.write("twenty-two-characters.csv", twoRuns)
    let result = InProcessCommand.evaluate([a, PackagePaths.file("datasets/walk-in-out/samples.csv")])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let wide = result.stdoutText.split(separator: "\n").filter { $0.count > 100 }
    #expect(wide.isEmpty, "\(wide.joined(separator: "\n"))")
    #expect(result.stdoutText.contains("sigma coverage") && result.stdoutText.contains("negative when the event came before"))
  }

  /// run-a's events after t = 4 s are unscored: its row counts them among its
  /// events instead of reading "engine 0, unscored 2".
  @Test("A row's events include its unscored ones, so that unscored events never outnumber the events")
  func unscoredWithinEvents() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("two-runs.csv", twoRuns)
    let json = try #require(try JSONSerialization.jsonObject(with: InProcessCommand.evaluate([path, "--json"]).stdout) as? [String: Any])
    let overall = try #require(json["overall"] as? [String: Any])
    let scored = try #require((overall["engineCount"] as? NSNumber)?.intValue)
    let unscored = try #require((overall["unscoredEvents"] as? NSNumber)?.intValue)
    let table = InProcessCommand.evaluate([path]).stdoutText
    let header = try #require(table.split(separator: "\n").first { $0.hasPrefix("run ") }).split(separator: " ")
    let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("two-runs ") }).split(separator: " ")
    let cell = { (name: String) in Int(row[try #require(header.firstIndex(of: Substring(name)))]) }
    #expect(try cell("events") == scored + unscored)
    #expect(try cell("unscored") == unscored)
  }

  /// Each baseline's report carries its latency beside the engine's (PairedLatency); the
  /// engine's own report does not; the offline engine's (its own events) and the cv-rts peer's do.
  @Test("--json: a latency beside the engine's for each baseline and the offline engine, none for the engine")
  func latencyBesideEngine() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // One object walks in from 5 m to 0.5 m and out again at 1 m/s, 5 updates a second, read exactly:
    // every method enters and leaves both zones, so every baseline shares events with the engine.
    var rows = ["t,object,distance,true_distance"]
    for k in 0...90 {
      let t = Double(k) * 0.2, d = t <= 9 ? 5 - 0.5 * t : 0.5 + 0.5 * (t - 9)
      rows.append(String(format: "%.1f,walker,%.3f,%.3f", t, d, d))
    }
    let path = try scratch.write("walk.csv", rows.joined(separator: "\n") + "\n")
    // --smooth needs the GSL trait (the Rauch-Tung-Striebel smoother); without it the baselines are checked alone.
    #if GSL
      let smoothing = ["--smooth"]
    #else
      let smoothing: [String] = []
    #endif
    let result = InProcessCommand.evaluate([path, "--json"] + smoothing)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect(json["overallLatencyBesideEngine"] == nil)
    #if GSL
      let smoothed = try #require(json["smoothed"] as? [String: Any])
      #expect(smoothed["overallLatencyBesideEngine"] != nil)
    #endif
    let engineMatched = try #require(((json["overall"] as? [String: Any])?["matched"] as? NSNumber)?.intValue)
    let baselines = try #require(json["baselines"] as? [[String: Any]])
    #expect(baselines.count == 4 + smoothing.count, "cv-rts comes with --smooth")
    for baseline in baselines {
      let report = try #require(baseline["report"] as? [String: Any])
      let beside = try #require(report["overallLatencyBesideEngine"] as? [String: Any], "\(baseline["method"] ?? "?")")
      let shared = try #require((beside["sharedEvents"] as? NSNumber)?.intValue)
      let matched = try #require(((report["overall"] as? [String: Any])?["matched"] as? NSNumber)?.intValue)
      // Shared events are matched by both; here every method matches some.
      #expect(shared >= 1 && shared <= min(engineMatched, matched), "\(baseline["method"] ?? "?")")
      #expect(beside["engineLaterP50Seconds"] != nil && beside["engineP50Seconds"] != nil && beside["peerP50Seconds"] != nil)
    }
  }
}

/// evaluate reports the rows it cannot use and refuses a file with nothing
/// to score against (issue 13, row 16).
@Suite("rangectl evaluate input accounting")
struct EvaluateInputAccountingTests {
  static let withRejections = "t,object,distance,true_distance\n0,a,4,4\n1,a,oops,3\n2,a,-1,2\n3,a,1,1\n4,a,4,4\n"

  @Test("Rejected dataset rows are listed with file:line:column and counted by reason, with or without --events")
  func rejectedRowsReported() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("rows.csv", Self.withRejections)
    let events = try scratch.write("events.jsonl", "")
    for extra in [[], ["--events", events]] {
      let result = InProcessCommand.evaluate([path] + extra)
      #expect(result.status == 0, "stderr: \(result.stderr)")
      #expect(result.stderr.contains("\(path):3:3: field 'distance': malformed number 'oops'"), "stderr: \(result.stderr)")
      #expect(result.stderr.contains("\(path):4:3: field 'distance'"), "stderr: \(result.stderr)")
      #expect(result.stderr.contains("\(path): 2 rows rejected and not scored (malformed_number 1, "), "stderr: \(result.stderr)")
    }
  }

  @Test("A dataset without true_distance, or without a row that has one, exits 65 instead of scoring F1 1.000",
    arguments: [
      ("t,object,distance\n0,a,1\n", "missing column 'true_distance'"),
      ("t,object,distance,true_distance\n", "no measurement row has a 'true_distance'"),
      ("t,object,distance,true_distance\n0,a,1,\n", "no measurement row has a 'true_distance'"),
    ])
  func noTruth(_ fixture: (String, String)) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("notruth.csv", fixture.0)
    let events = try scratch.write("events.jsonl", "")
    for extra in [[], ["--events", events]] {
      let result = InProcessCommand.evaluate([path] + extra)
      #expect(result.status == 65, "stderr: \(result.stderr)")
      #expect(result.stderr.contains("\(path): \(fixture.1)"), "stderr: \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  // A process test: the exit status, and nothing on standard output.
  @Test("A dataset without true_distance exits 65 with its message on standard error and nothing on standard output")
  func noTruthProcess() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("notruth.csv", "t,object,distance\n0,a,1\n")
    let result = try Rangectl.run(["evaluate", path])
    #expect(result.status == 65, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("\(path): missing column 'true_distance'"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
