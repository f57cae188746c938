// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingEvaluation

@Suite("BaselineComparison")
struct BaselineComparisonTests {
  /// Two runs of a straight approach 5 m -> 2 m (truth: outer enter at t = 4),
  /// the engine 0.2 s late, raw on time, ema missing it.
  private func comparison() -> BaselineComparison {
    let evaluator = Evaluator(matchToleranceSeconds: 0.5)
    let rows = stride(from: 0.0, through: 6, by: 0.5).map {
      TruthRow(time: Timestamp(seconds: $0), object: "a", measuredDistanceMeters: 5 - $0 / 2, trueDistanceMeters: 5 - $0 / 2)
    }
    let hit = [ZoneCrossing(time: Timestamp(seconds: 4.2), object: "a", zone: "outer", kind: .enter)]
    let onTime = [ZoneCrossing(time: Timestamp(seconds: 4), object: "a", zone: "outer", kind: .enter)]
    func report(_ events: [ZoneCrossing]) -> EvaluationReport {
      EvaluationReport(evaluator: evaluator, scenarios: ["one", "two"].map {
        evaluator.evaluate(name: $0, truth: rows, engineEvents: events)
      })
    }
    return BaselineComparison(engine: report(hit), baselines: [
      BaselineEvaluation(method: .raw, report: report(onTime)),
      BaselineEvaluation(method: .exponentialAverage(alpha: 0.3), report: report([])),
    ])
  }

  @Test("JSON keeps the engine's report at the top level and adds the baselines, and round-trips")
  func json() throws {
    let value = comparison()
    let text = try value.jsonText()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(Set(object.keys).isSuperset(of: ["overall", "scenarios", "zones", "matchToleranceSeconds", "baselines"]))
    let overall = try #require(object["overall"] as? [String: Any])
    #expect((overall["matched"] as? NSNumber)?.intValue == 2)
    let baselines = try #require(object["baselines"] as? [[String: Any]])
    #expect(baselines.map { $0["method"] as? String } == ["raw", "ema"])
    #expect(baselines[0]["alpha"] == nil && (baselines[1]["alpha"] as? NSNumber)?.doubleValue == 0.3)
    // The engine report alone still decodes from the same text.
    let engine = try JSONDecoder().decode(EvaluationReport.self, from: Data(text.utf8))
    #expect(engine.overall.matched == 2)
    let decoded = try JSONDecoder().decode(BaselineComparison.self, from: Data(text.utf8))
    #expect(decoded.baselines.map(\.method) == ["raw", "ema"])
    #expect(decoded.baselines[1].report.overall.missed == 2 && decoded.engine.overall.f1 == value.engine.overall.f1)
  }

  @Test("The table lists raw, ema and engine per run and overall, after the engine's own table")
  func table() {
    let table = comparison().table()
    #expect(table.hasPrefix(comparison().engine.table()))
    let rows = table.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("run") }.dropFirst()
      .drop { !$0.hasPrefix("run") }.dropFirst()
    // 2 runs + overall, 3 methods each.
    #expect(rows.count == 9, "\(table)")
    #expect(rows.map { $0.dropFirst(ReportTable.labelWidth).prefix(11).trimmingCharacters(in: .whitespaces) }
      == Array(repeating: ["raw", "ema", "engine"], count: 3).flatMap { $0 })
    #expect(rows.first!.hasPrefix("one ") && rows.dropFirst(6).first!.hasPrefix("overall"))
  }
}
