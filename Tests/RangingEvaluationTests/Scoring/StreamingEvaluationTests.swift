// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing
import ZoneMonitor

@testable import RangingEvaluation

/// Three objects: `a` walks 4 -> 2.5 -> 1 -> 3.5 m (true), `b` starts inside
/// the outer zone and leaves, `c` stands at 5 m, interleaved with `b`.
private let threeObjects = """
  t,object,distance,true_distance
  0,a,4.0,4.0
  1,a,2.0,2.5
  2,a,1.0,1.0
  3,a,4.0,3.5
  10,b,2.0,2.0
  10.5,c,5.0,5.0
  11,b,3.2,3.4
  11.5,c,5.0,5.0

  """

@Suite("EngineEvaluation: streaming scores")
struct StreamingEvaluationTests {
  private func write(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID()).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func evaluation(liveLimit: Int?) -> EngineEvaluation<SwiftKalmanBackend> {
    var evaluation = EngineEvaluation(evaluator: Evaluator(), zoneNames: ["inner", "outer"]) {
      RangingPipeline<SwiftKalmanBackend>()
    }
    evaluation.liveObjectLimit = liveLimit
    return evaluation
  }

  /// The raw baseline thresholds the measured distance, so its events and
  /// errors follow by hand from the rows (truth crossings interpolated,
  /// rounded to the microsecond, as TruthCrossings documents):
  /// - a: outer enter at 0 + (3-4)/(2.5-4) = 0.666667 s, raw at 1 s; inner
  ///   enter 1.666667 s, raw 2 s; inner exit 2 + 0.5/2.5 = 2.2 s and outer
  ///   exit 2 + 2/2.5 = 2.8 s, raw both at 3 s. b: outer enter at its first
  ///   row, 10 s (raw too), outer exit 10 + 1/1.4 = 10.714286 s, raw 11 s.
  /// - Latencies 0.333333, 0.333333, 0.8, 0.2, 0, 0.285714; sorted
  ///   0, 0.2, 0.285714, 0.333333, 0.333333, 0.8: p50 (δ = 2.5) 0.3095235,
  ///   p95 (δ = 4.75) 0.333333 + 0.75 · 0.466667 = 0.683333.
  /// - Errors measured - true: 0, -0.5, 0, 0.5, 0, -0.2, 0, 0: RMSE
  ///   √(0.54/8) = 0.2598076, MAE 1.2/8 = 0.15, p95 of |e| (δ = 6.65) 0.5.
  /// - Truth crossings after the first row: a's 4 and b's exit, 5.
  @Test("A live table of 2 (a is folded when c appears) scores the raw baseline as worked out by hand")
  func rawBaselineByHand() throws {
    let path = try write(threeObjects)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var evaluation = evaluation(liveLimit: 2)
    let file = try evaluation.evaluate(path: path)
    let raw = file.baselines[0]
    #expect(raw.events.truthCount == 6 && raw.events.engineCount == 6 && raw.events.matched == 6)
    #expect(raw.events.falseEvents == 0 && raw.events.unscoredEvents == 0)
    #expect(abs(raw.events.latencyP50Seconds! - 0.3095235) < 1e-6)
    #expect(abs(raw.events.latencyP95Seconds! - 0.683333) < 1e-6)
    let distance = try #require(raw.distance)
    #expect(distance.rows == 8 && distance.unpairedFilteredRows == 0)
    #expect(abs(distance.filtered.rmseMeters! - 0.0675.squareRoot()) < 1e-12)
    #expect(abs(distance.raw.maeMeters! - 0.15) < 1e-12)
    #expect(abs(distance.raw.p95AbsoluteErrorMeters! - 0.5) < 1e-12)
    #expect(distance.filteredSigma == nil)  // a baseline reports no sigma
    #expect(raw.truthCrossingsAfterFirstRow == 5)
    let outerExit = try #require(raw.breakdown.first { $0.zone == "outer" && $0.kind == .exit })
    #expect(outerExit.score.truthCount == 2 && outerExit.score.matched == 2)
  }

  @Test("Folding objects early changes no score when each ends before the live table fills: every method, all fields")
  func earlyFoldingIsExact() throws {
    let path = try write(threeObjects)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var small = evaluation(liveLimit: 2)
    var unbounded = evaluation(liveLimit: .max)
    let a = try small.evaluate(path: path)
    let b = try unbounded.evaluate(path: path)
    #expect(a.engine == b.engine)
    #expect(a.baselines == b.baselines)
  }

  @Test("The engine's filtered rows carry their sigma: the coverage counts every paired row")
  func sigmaCoverageCountsRows() throws {
    let path = try write(threeObjects)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var evaluation = evaluation(liveLimit: nil)
    let distance = try #require(try evaluation.evaluate(path: path).engine.distance)
    let sigma = try #require(distance.filteredSigma)
    #expect(sigma.rows == distance.rows)
    #expect(sigma.rowsWithinOneSigma <= sigma.rowsWithinTwoSigma && sigma.rowsWithinTwoSigma <= sigma.rows)
  }
}

@Suite("RunScorer")
struct RunScorerTests {
  @Test("10,000 objects one after another keep at most the live limit, and every one is scored")
  func liveTableStaysBounded() {
    var scorer = RunScorer(zones: TruthCrossings.defaultZones, matchToleranceSeconds: 1, methodCount: 1, liveLimit: 64)
    var most = 0
    for k in 0..<10_000 {
      let object = "o\(k)"
      let start = Double(k) * 10
      // 4 m then 2 m: one truth crossing (outer enter), and one engine event 0.1 s after it, 2.5 s into the object.
      scorer.truth(object: object, time: Timestamp(seconds: start), trueDistanceMeters: 4)
      scorer.truth(object: object, time: Timestamp(seconds: start + 1), trueDistanceMeters: 2)
      scorer.event(ZoneCrossing(time: Timestamp(seconds: start + 0.6), object: object, zone: "outer", kind: .enter), method: 0)
      most = max(most, scorer.liveCount)
    }
    #expect(most <= 64)
    let run = scorer.finish(name: "many", withDistance: [false])[0]
    // Truth crosses 3 m at start + (3 - 4)/(2 - 4) = start + 0.5 s: latency 0.1 s each.
    #expect(run.events.truthCount == 10_000 && run.events.matched == 10_000 && run.events.falseEvents == 0)
    #expect(abs(run.events.latencyP50Seconds! - 0.1) < 1e-9)
  }

  @Test("An event of an object evicted earlier is counted unscored, not false")
  func lateEventIsUnscored() {
    var scorer = RunScorer(zones: TruthCrossings.defaultZones, matchToleranceSeconds: 1, methodCount: 1, liveLimit: 2)
    for object in ["a", "b", "c", "d"] {
      scorer.truth(object: object, time: Timestamp(seconds: 0), trueDistanceMeters: 5)
    }
    scorer.event(ZoneCrossing(time: Timestamp(seconds: 9), object: "a", zone: "outer", kind: .exit), method: 0)
    let run = scorer.finish(name: "late", withDistance: [false])[0]
    #expect(run.events.unscoredEvents == 1 && run.events.falseEvents == 0 && run.events.engineCount == 0)
  }
}

@Suite("QuantileSample")
struct QuantileSampleTests {
  @Test("Up to its capacity it keeps every value: 1...10 gives p50 5.5 and p95 9.55 (linear interpolation, by hand)")
  func exactWhenSmall() {
    let sample = QuantileSample((1...10).map(Double.init))
    #expect(sample.isExact)
    let q = sample.quantiles([0.5, 0.95])!
    #expect(q[0] == 5.5 && abs(q[1] - 9.55) < 1e-12)
  }

  /// 0 ..< 300,000 exactly has p50 149,999.5 and p95 284,999.05; the
  /// documented bound (rank within ±0.0053 with probability 95 %) is ±1,590
  /// values. The generator is seeded, so this is one fixed draw.
  @Test("Beyond its capacity, added one by one or merged from two, quantiles stay within the documented rank bound")
  func sampledWhenLarge() {
    var whole = QuantileSample()
    for value in 0..<300_000 { whole.add(Double(value)) }
    var first = QuantileSample()
    for value in 0..<100_000 { first.add(Double(value)) }
    var second = QuantileSample()
    for value in 100_000..<300_000 { second.add(Double(value)) }
    first.merge(second)
    for sample in [whole, first] {
      #expect(sample.count == 300_000 && sample.values.count == QuantileSample.capacity && !sample.isExact)
      let q = sample.quantiles([0.5, 0.95])!
      #expect(abs(q[0] - 149_999.5) < 1_590 && abs(q[1] - 284_999.05) < 1_590, "\(q)")
    }
  }
}
