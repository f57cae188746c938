// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Data rows of a ranging CSV counted without `rangectl`: lines that are not
/// comments (`#` first) or blank (spaces and tabs only), minus the header.
private func dataRowCount(path: String) throws -> Int {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    .filter { !$0.hasPrefix("#") && !$0.allSatisfy { $0 == " " || $0 == "\t" } }
  return max(lines.count - 1, 0)
}

/// The `overall` event score of `rangectl evaluate --json`.
private struct OverallScore: CustomStringConvertible {
  var truth: Int
  var engine: Int
  var matched: Int
  var precision: Double
  var recall: Double
  var latencyP50: Double?
  var latencyP95: Double?

  init(evaluateJSON stdout: Data) throws {
    let report = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
    let overall = try #require(report["overall"] as? [String: Any], "no 'overall' in the report")
    func number(_ key: String) -> NSNumber? { overall[key] as? NSNumber }
    truth = try #require(number("truthCount")).intValue
    engine = try #require(number("engineCount")).intValue
    matched = try #require(number("matched")).intValue
    precision = try #require(number("precision"), "no precision: the engine wrote no events").doubleValue
    recall = try #require(number("recall"), "no recall: the recording has no truth crossings").doubleValue
    latencyP50 = number("latencyP50Seconds")?.doubleValue
    latencyP95 = number("latencyP95Seconds")?.doubleValue
  }

  var description: String {
    let p50 = latencyP50.map { String(format: "%.3f", $0) } ?? "-"
    let p95 = latencyP95.map { String(format: "%.3f", $0) } ?? "-"
    return String(format: "truth %d, engine %d, matched %d, precision %.3f, recall %.3f", truth, engine, matched,
                  precision, recall) + ", latency p50 \(p50) s, p95 \(p95) s"
  }
}

/// In-process: replay and evaluate run as ReplayInProcess and InProcessCommand run them.
@Suite("rangectl on real recordings (../shared/datasets)",
       .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings))
struct RealRecordingTests {
  private func recording(_ name: String) -> String {
    PackagePaths.realRecordings.appendingPathComponent(name).path
  }

  /// The eight recordings of ../shared/datasets/README.md that the tests
  /// read. Checked by name so that the tests below, one case per file, cannot
  /// pass on a folder that lacks some.
  @Test("The recordings folder holds the eight documented recordings")
  func documentedRecordings() {
    let missing = PackagePaths.realRecordingFiles.filter { !FileManager.default.fileExists(atPath: recording($0)) }
    #expect(missing.isEmpty, "not in \(PackagePaths.realRecordings.path): \(missing)")
  }

  @Test("Every recording replays with status 0, every data row read and accepted, none rejected",
        arguments: PackagePaths.realRecordingFiles)
  func replaysCleanly(file: String) throws {
    let path = recording(file)
    let result = try ReplayInProcess.result([path])
    #expect(result.status == 0, "stderr: \(result.stderr.prefix(2000))")
    let summary = try #require(result.summary, "no summary in: \(result.stderr.prefix(2000))")
    #expect(summary.rowsRead == (try dataRowCount(path: path)))
    #expect(summary.rowsRead == summary.accepted + summary.rejected)
    #expect(summary.rejected == 0, "\(summary.rejectedByReason)")
    #expect(summary.events == result.stdoutLines.count)
  }

  // LIAS ranges are uncalibrated: median +0.21 m long (README; +0.205 m over
  // all rows, 0.14-0.31 m per anchor), more than the 0.1 m half-band. Long
  // ranges make enters late and exits early, at the trolley's ~0.5 m/s by
  // ~0.4-0.8 s, close to the 1 s tolerance, and some excursions never
  // reach the enter threshold in the measured range at all: the truth dips
  // to 1.49 m (twice within 0.5 s), 1.44 and 1.36 m inside the inner zone
  // (measured minimum 1.49, 1.57, 1.48 m, all above the 1.4 m enter
  // threshold) and to 2.92 and 2.87 m inside
  // the outer zone (measured 3.01, 2.97 m). Those 6 excursions are 12 of the
  // 61 truth crossings, so no engine that believes the ranges can recall
  // more than 49/61 = 0.80. A filter-free hysteresis threshold on the raw
  // ranges recalls 0.67 (precision 0.55, chattering on the NLOS spikes);
  // this engine reached recall 0.689 and precision 0.824 when written.
  // So on the recording as it is: precision >= 0.7, recall >= 0.65.
  @Test("On lias-trolley-fast, events follow the motion-capture truth as far as the range bias allows")
  func liasAsRecorded() throws {
    let result = InProcessCommand.evaluate([recording("lias-trolley-fast.csv"), "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let score = try OverallScore(evaluateJSON: result.stdout)
    print("lias-trolley-fast as recorded: \(score)")
    #expect(score.precision >= 0.7, "\(score)")
    #expect(score.recall >= 0.65, "\(score)")
  }

  // With the documented median bias (0.2 m) subtracted from every range, in
  // a temporary file outside the package, the excursions above become
  // reachable and the timing bias goes: the bounds tighten to what a tracker
  // that follows the truth must reach (0.918 recall, 0.862 precision, median
  // latency +0.16 s when written). The remaining false events are NLOS
  // stretches and the per-anchor spread of the bias (±0.1 m around 0.2 m).
  @Test("On lias-trolley-fast with the documented 0.2 m range bias removed, recall and precision are high")
  func liasBiasRemoved() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let corrected = try Self.subtractingFromDistance(0.2, in: recording("lias-trolley-fast.csv"))
    let path = try scratch.write("lias-trolley-fast-minus-0.2m.csv", corrected)
    // The default band sits 0.1 m above each radius to absorb uncalibrated
    // long readings (Zone.defaultBandOffsetMeters); with the bias removed the
    // band is centred again, as a calibrated device would be run.
    let result = InProcessCommand.evaluate([path, "--json", "--band-offset", "0"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let score = try OverallScore(evaluateJSON: result.stdout)
    print("lias-trolley-fast with 0.2 m removed: \(score)")
    #expect(score.precision >= 0.8, "\(score)")
    #expect(score.recall >= 0.85, "\(score)")
    let p50 = try #require(score.latencyP50)
    #expect(abs(p50) <= 0.5, "\(score)")
  }

  /// The recording's text with `offset` metres subtracted from every `distance` field.
  private static func subtractingFromDistance(_ offset: Double, in path: String) throws -> String {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var column: Int?
    var out: [String] = []
    out.reserveCapacity(lines.count)
    for line in lines {
      guard !line.hasPrefix("#"), !line.isEmpty else { out.append(String(line)); continue }
      var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard let index = column else {
        let header: Int = try #require(fields.firstIndex(of: "distance"), "no distance column")
        column = header
        out.append(String(line))
        continue
      }
      if let distance = Double(fields[index]) {
        fields[index] = String(format: "%.3f", max(distance - offset, 0))
      }
      out.append(fields.joined(separator: ","))
    }
    return out.joined(separator: "\n")
  }

  @Test("On arexp-static5m (true distance 5 m) the object never enters a zone")
  func staticFiveMetres() throws {
    let result = try ReplayInProcess.result([recording("arexp-static5m.csv")])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdoutText.isEmpty, "events: \(result.stdoutText)")
    let summary = try #require(result.summary)
    #expect(summary.rowsRead > 0)
    #expect(summary.events == 0)
  }

  @Test("On arexp-stage (0.74-1.0 m) the object enters outer then inner once and never flaps out")
  func stageInsideBothZones() throws {
    let result = try ReplayInProcess.result([recording("arexp-stage.csv")])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let events = try EventLine.parseAll(result.stdoutText)
    #expect(events.map { "\($0.zone) \($0.event)" } == ["outer enter", "inner enter"])
    #expect(Set(events.map(\.object)).count == 1)
    #expect(result.summary?.exitEvents == 0)
  }
}
