// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@testable import RangingEvaluation
@testable import RangingFormats

/// Rows of `object` with measured = true distance, one per `step` seconds over `times`.
private func rows(_ object: String, _ times: StrideThrough<Double>, distance: (Double) -> Double) -> [TruthRow] {
  times.map {
    TruthRow(time: Timestamp(seconds: $0), object: object, measuredDistanceMeters: distance($0), trueDistanceMeters: distance($0))
  }
}

@Suite("TruthCoverage: events the truth cannot judge")
struct TruthCoverageTests {
  // Object "a" has truth from t = 10 to t = 20 (5 - (t - 10)/2: 5 m -> 0 m, outer enter at 14,
  // inner enter at 17); "b" has truth from t = 0 to t = 2, standing at 1 m (enters both at 0).
  // Tolerance 1 s: "a"'s events are scored within [9, 21], "b"'s within [-1, 3].
  private let truth = rows("a", stride(from: 10, through: 20, by: 0.5)) { 5 - ($0 - 10) / 2 }
    + rows("b", stride(from: 0, through: 2, by: 0.5)) { _ in 1 }

  @Test("Events beyond an object's truth span ± tolerance are unscored; at the bounds they are scored")
  func unscoredOutsideSpan() {
    let evaluator = Evaluator(matchToleranceSeconds: 1)
    let events = [
      crossing(5, "a", "outer", .enter),      // before 10 - 1: unscored
      crossing(9, "a", "inner", .exit),       // exactly 10 - 1: scored, false
      crossing(14.2, "a", "outer", .enter),   // matches the truth's outer enter at 14
      crossing(17.1, "a", "inner", .enter),   // matches the inner enter at 17
      crossing(21, "a", "inner", .exit),      // exactly 20 + 1: scored, false
      crossing(21.000001, "a", "outer", .exit),  // just after: unscored
      crossing(0.1, "b", "outer", .enter),    // matches
      crossing(0.1, "b", "inner", .enter),    // matches
      crossing(7, "b", "inner", .exit),       // 'lost' exit 5 s after the run: unscored
      crossing(7, "b", "outer", .exit),       // unscored
      crossing(3, "c", "inner", .enter),      // an object with no truth at all: scored, false
    ]
    let run = evaluator.evaluate(name: "x", truth: truth, engineEvents: events)
    #expect(run.events.truthCount == 4 && run.events.matched == 4)
    #expect(run.events.unscoredEvents == 4)
    #expect(run.events.engineCount == 7 && run.events.falseEvents == 3)
    #expect(abs(run.events.precision - 4.0 / 7) < 1e-12 && run.events.recall == 1)
    // Per zone and kind, the unscored events are where they belong.
    let outerExit = run.breakdown.first { $0.zone == "outer" && $0.kind == .exit }!.score
    #expect(outerExit.unscoredEvents == 2 && outerExit.engineCount == 0)
    let innerExit = run.breakdown.first { $0.zone == "inner" && $0.kind == .exit }!.score
    #expect(innerExit.unscoredEvents == 1 && innerExit.falseEvents == 2)
  }

  @Test("Inside every span the events are scored exactly as before: the rule only removes events")
  func unchangedInsideSpan() {
    let evaluator = Evaluator(matchToleranceSeconds: 1)
    let inside = [crossing(9.5, "a", "outer", .enter), crossing(14.4, "a", "outer", .enter),
                  crossing(16, "a", "inner", .enter), crossing(2.5, "b", "outer", .exit)]
    let outside = [crossing(30, "a", "inner", .exit), crossing(-2, "b", "inner", .enter)]
    let withOutside = evaluator.evaluate(name: "x", truth: truth, engineEvents: inside + outside)
    // The reference: the same matching over the events inside alone, by EventMatcher directly.
    let matching = EventMatcher(toleranceSeconds: 1).match(engine: inside, truth: TruthCrossings.crossings(in: truth))
    #expect(withOutside.events == EventScore(matching, unscoredEvents: 2))
    #expect(withOutside.events.matched == 2 && withOutside.events.falseEvents == 2)
  }

  @Test("Pooling adds unscored counts; the JSON carries them")
  func pooledAndEncoded() throws {
    let evaluator = Evaluator(matchToleranceSeconds: 1)
    let late = [crossing(40, "a", "outer", .exit)]
    let report = EvaluationReport(evaluator: evaluator, scenarios: [
      evaluator.evaluate(name: "one", truth: truth, engineEvents: late),
      evaluator.evaluate(name: "two", truth: truth, engineEvents: late + late),
    ])
    #expect(report.overall.unscoredEvents == 3 && report.overall.engineCount == 0)
    #expect(try report.jsonText().contains("\"unscoredEvents\" : 3"))
    #expect(report.table().contains("unscored"))
  }

  @Test("Truth crossings after the first truth row: a run that starts inside does not count as crossing")
  func crossingsAfterFirstRow() {
    let evaluator = Evaluator(matchToleranceSeconds: 1)
    // "a" crosses 3 m and 1.5 m after its first row; "b" starts inside both (its enters are at its first row).
    #expect(evaluator.evaluate(name: "x", truth: truth, engineEvents: []).truthCrossingsAfterFirstRow == 2)
    let standing = rows("b", stride(from: 0, through: 2, by: 0.5)) { _ in 1 }
    #expect(evaluator.evaluate(name: "y", truth: standing, engineEvents: []).truthCrossingsAfterFirstRow == 0)
  }
}
