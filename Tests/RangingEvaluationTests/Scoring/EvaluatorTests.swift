// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingEvaluation
@testable import RangingScenarios

@Suite("Evaluator")
struct EvaluatorTests {
  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID())-\(name)").path
  }

  @Test("Files end to end: a generated walk, the truth events 0.3 s late plus one chatter event, a track 5 cm long")
  func filesEndToEnd() throws {
    let dataset = temporaryPath("walk-in-out.csv")
    let eventsPath = temporaryPath("events.jsonl")
    let trackPath = temporaryPath("track.csv")
    defer { for p in [dataset, eventsPath, trackPath] { try? FileManager.default.removeItem(atPath: p) } }
    try ScenarioGenerator(seed: 31, effects: []).write(.walkInOut, to: dataset)

    let truth = try EvaluationInputs.truthRows(datasetPath: dataset)
    let truthEvents = TruthCrossings.crossings(in: truth)
    // walk-in-out goes 5 m -> 0.5 m -> 5 m twice: outer enter, inner enter, inner exit, outer exit, twice.
    #expect(truthEvents.map { "\($0.zone) \($0.kind.rawValue)" } == Array(repeating:
      ["outer enter", "inner enter", "inner exit", "outer exit"], count: 2).flatMap { $0 })

    var lines = truthEvents.map {
      "{\"t\":\($0.time.seconds + 0.3),\"object\":\"\($0.object)\",\"zone\":\"\($0.zone)\",\"event\":\"\($0.kind.rawValue)\",\"distance\":1.4,\"sigma\":0.02}"
    }
    lines.insert("{\"event\":\"exit\",\"t\":5,\"zone\":\"inner\",\"object\":\"person-1\",\"reason\":\"lost\",\"distance\":null}", at: 1)
    lines.insert("", at: 2)  // a blank line is skipped
    try (lines.joined(separator: "\n") + "\n").write(toFile: eventsPath, atomically: true, encoding: .utf8)

    var track = ["# filtered", "t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state"]
    for row in truth {
      track.append("\(row.time.seconds),\(row.object),\(String(format: "%.4f", row.trueDistanceMeters + 0.05)),0.02,,,,unknown")
    }
    track.append("99,person-1,,,,,,unknown")  // no distance: skipped
    try (track.joined(separator: "\n") + "\n").write(toFile: trackPath, atomically: true, encoding: .utf8)

    let evaluator = Evaluator()
    let run = try evaluator.evaluate(datasetPath: dataset, eventsPath: eventsPath, filteredPath: trackPath)
    #expect(run.name == (dataset as NSString).lastPathComponent.replacingOccurrences(of: ".csv", with: ""))
    #expect(run.events.truthCount == 8 && run.events.engineCount == 9 && run.events.matched == 8)
    #expect(run.events.falseEvents == 1 && run.events.recall == 1 && run.events.precision == 8.0 / 9)
    #expect(abs(run.events.latencyP50Seconds! - 0.3) < 2e-6 && abs(run.events.latencyP95Seconds! - 0.3) < 2e-6)
    let innerExit = run.breakdown.first { $0.zone == "inner" && $0.kind == .exit }!.score
    #expect(innerExit.truthCount == 2 && innerExit.engineCount == 3 && innerExit.falseEvents == 1)

    let distance = try #require(run.distance)
    #expect(distance.rows == truth.count && distance.unpairedFilteredRows == 0)
    #expect(abs(distance.filtered.rmseMeters! - 0.05) < 1e-4)  // 4-decimal text of true + 0.05
    #expect(abs(distance.filtered.maeMeters! - 0.05) < 1e-4)
    // Raw: σ = 0.03 m noise plus rare spikes of 0.5-3 m: RMSE above the noise, MAE near 0.8·σ.
    #expect(distance.raw.rmseMeters! > 0.025 && distance.raw.maeMeters! < 0.1)
  }

  struct BadLine: Sendable, CustomTestStringConvertible {
    var text: String
    var kind: EvaluationInputError.Kind
    var testDescription: String { "'\(text)'" }
  }

  @Test("A bad events line is an error naming line 2 and what is wrong", arguments: [
    BadLine(text: "not json", kind: .notAJSONObject),
    BadLine(text: "[1,2]", kind: .notAJSONObject),
    BadLine(text: "{\"t\":1,\"object\":\"a\",\"event\":\"enter\"}", kind: .missingField("zone")),
    BadLine(text: "{\"t\":\"x\",\"object\":\"a\",\"zone\":\"inner\",\"event\":\"enter\"}", kind: .invalidField("t", text: "x")),
    BadLine(text: "{\"t\":1,\"object\":\"a\",\"zone\":\"inner\",\"event\":\"leave\"}", kind: .invalidField("event", text: "leave")),
    BadLine(text: "{\"t\":true,\"object\":\"a\",\"zone\":\"inner\",\"event\":\"exit\"}", kind: .invalidField("t", text: "1")),
  ])
  func badEventsLine(bad: BadLine) throws {
    let path = temporaryPath("bad.jsonl")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "{\"t\":1,\"object\":\"a\",\"zone\":\"inner\",\"event\":\"enter\"}\n\(bad.text)\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: EvaluationInputError(path: path, line: 2, kind: bad.kind)) {
      try EvaluationInputs.events(path: path)
    }
  }

  @Test("A filtered track without a distance column, or a missing file, is an error")
  func badTrack() throws {
    let path = temporaryPath("track.csv")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "t,object,sigma\n1,a,0.1\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(throws: EvaluationInputError(path: path, line: 1, kind: .missingColumn("distance"))) {
      try EvaluationInputs.filteredRows(path: path)
    }
    #expect {
      try EvaluationInputs.filteredRows(path: "/nonexistent/track.csv")
    } throws: { error in
      guard let error = error as? EvaluationInputError, case .dataset(.cannotOpen) = error.kind else { return false }
      return true
    }
  }

  @Test("A filtered track's object whose name starts with a combining mark keeps its name and its row")
  func combiningMarkAfterAComma() throws {
    let path = temporaryPath("track.csv")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "t,object,distance\n1,\u{301}a,2.5\n".write(toFile: path, atomically: true, encoding: .utf8)
    let rows = try EvaluationInputs.filteredRows(path: path)
    #expect(rows.count == 1)
    #expect(rows.first?.object == "\u{301}a")
    #expect(rows.first?.distanceMeters == 2.5)
  }

  @Test("The report pools runs, renders a table, and round-trips its counts through JSON")
  func report() throws {
    let evaluator = Evaluator(matchToleranceSeconds: 0.5)
    let rows = stride(from: 0.0, through: 6, by: 0.5).map {
      TruthRow(time: Timestamp(seconds: $0), object: "a", measuredDistanceMeters: 5 - $0 / 2, trueDistanceMeters: 5 - $0 / 2)
    }
    // 5 - t/2 for t in 0...6 crosses 3 m at t = 4: one truth event (outer enter); it ends at 2 m.
    let hit = evaluator.evaluate(
      name: "hit", truth: rows,
      engineEvents: [ZoneCrossing(time: Timestamp(seconds: 4.2), object: "a", zone: "outer", kind: .enter)])
    let miss = evaluator.evaluate(name: "miss", truth: rows, engineEvents: [])
    let report = EvaluationReport(evaluator: evaluator, scenarios: [hit, miss])
    #expect(report.overall.truthCount == 2 && report.overall.matched == 1 && report.overall.recall == 0.5)
    #expect(abs(report.overall.latencyP50Seconds! - 0.2) < 1e-9)
    let table = report.table()
    #expect(table.contains("hit") && table.contains("miss") && table.contains("overall") && table.contains("outer enter"))
    #expect(!table.contains("distance error"))

    let decoded = try JSONDecoder().decode(EvaluationReport.self, from: Data(try report.jsonText().utf8))
    #expect(decoded.scenarios.map(\.name) == ["hit", "miss"])
    #expect(decoded.overall.matched == 1 && decoded.overall.f1 == report.overall.f1)
    #expect(decoded.zones == [ZoneRadius(name: "inner", radiusMeters: 1.5), ZoneRadius(name: "outer", radiusMeters: 3)])
  }

  @Test("Engine events for a zone the evaluator does not know count as false")
  func unknownZone() {
    let run = Evaluator().evaluate(
      name: "x", truth: [],
      engineEvents: [ZoneCrossing(time: Timestamp(seconds: 1), object: "a", zone: "door", kind: .enter)])
    #expect(run.events.falseEvents == 1 && run.events.precision == 0)
    #expect(run.breakdown.contains { $0.zone == "door" && $0.kind == .enter && $0.score.falseEvents == 1 })
  }
}
