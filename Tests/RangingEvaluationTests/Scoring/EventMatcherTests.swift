// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@testable import RangingEvaluation
@testable import RangingFormats

@Suite("EventMatcher and EventScore")
struct EventMatcherTests {
  /// Truth (7): A inner enter 10, 30; A inner exit 20, 40; A outer enter 8; A outer exit 42; B inner enter 15.
  private let truth = [
    crossing(8, "A", "outer", .enter), crossing(10, "A", "inner", .enter), crossing(15, "B", "inner", .enter),
    crossing(20, "A", "inner", .exit), crossing(30, "A", "inner", .enter), crossing(40, "A", "inner", .exit),
    crossing(42, "A", "outer", .exit),
  ]
  /// Engine (8):
  ///   A outer enter 8.2   -> matches 8    (+0.2)
  ///   A inner enter 10.4  -> matches 10   (+0.4)
  ///   A inner exit 11.5   -> false (chatter: no truth exit within 1 s)
  ///   A inner enter 12.0  -> false (chatter)
  ///   A inner enter 15.0  -> false (B entered at 15, not A)
  ///   A inner exit 20.8   -> matches 20   (+0.8)
  ///   A inner enter 29.5  -> matches 30   (-0.5)
  ///   A outer exit 43.0   -> matches 42   (+1.0, the inclusive bound)
  /// Missed: A inner exit 40, B inner enter 15.
  private let engine = [
    crossing(8.2, "A", "outer", .enter), crossing(10.4, "A", "inner", .enter), crossing(11.5, "A", "inner", .exit),
    crossing(12.0, "A", "inner", .enter), crossing(15.0, "A", "inner", .enter), crossing(20.8, "A", "inner", .exit),
    crossing(29.5, "A", "inner", .enter), crossing(43.0, "A", "outer", .exit),
  ]

  @Test("A hand-made run: 5 of 7 truth events matched by 8 engine events")
  func handExample() {
    let matching = EventMatcher(toleranceSeconds: 1.0).match(engine: engine, truth: truth)
    #expect(matching.matched.map(\.truth.time.seconds) == [8, 10, 20, 30, 42])
    #expect(matching.missedTruth == [crossing(15, "B", "inner", .enter), crossing(40, "A", "inner", .exit)])
    #expect(matching.unmatchedEngine.map(\.time.seconds) == [11.5, 12.0, 15.0])

    let score = EventScore(matching)
    #expect(score.truthCount == 7 && score.engineCount == 8 && score.matched == 5)
    #expect(score.missed == 2 && score.falseEvents == 3)
    #expect(score.precision == 5.0 / 8)  // 0.625
    #expect(abs(score.recall - 5.0 / 7) < 1e-15)  // 0.714
    // F1 = 2PR/(P+R) = 2·matched/(truth + engine) = 10/15
    #expect(abs(score.f1 - 10.0 / 15) < 1e-12)
    // Latencies sorted: -0.5, 0.2, 0.4, 0.8, 1.0.
    // p50: δ = 4·0.5 = 2 -> 0.4.  p95: δ = 4·0.95 = 3.8 -> 0.2·0.8 + 0.8·1.0 = 0.96.
    #expect(abs(score.latencyP50Seconds! - 0.4) < 1e-9)
    #expect(abs(score.latencyP95Seconds! - 0.96) < 1e-9)
  }

  @Test("The tolerance bound is inclusive to the microsecond")
  func bound() {
    let truth = [crossing(5, "A", "inner", .enter)]
    let matcher = EventMatcher(toleranceSeconds: 1.0)
    #expect(matcher.match(engine: [crossing(6.0, "A", "inner", .enter)], truth: truth).matched.count == 1)
    #expect(matcher.match(engine: [crossing(4.0, "A", "inner", .enter)], truth: truth).matched.count == 1)
    #expect(matcher.match(engine: [crossing(6.000_001, "A", "inner", .enter)], truth: truth).matched.isEmpty)
  }

  @Test("Zone, kind and object must all agree")
  func keys() {
    let truth = [crossing(5, "A", "inner", .enter)]
    let matcher = EventMatcher()
    for wrong in [crossing(5, "B", "inner", .enter), crossing(5, "A", "outer", .enter), crossing(5, "A", "inner", .exit)] {
      #expect(matcher.match(engine: [wrong], truth: truth).matched.isEmpty)
    }
  }

  @Test("Earliest-feasible greedy finds the larger matching where nearest-first would not")
  func greedyIsMaximal() {
    // Truth 10.0 and 11.0; engine 9.2 and 10.9. Nearest-first would pair 10.0 with 10.9
    // (0.1 s) and leave 11.0 without a partner (9.2 is 1.8 s away): 1 pair.
    // Earliest-feasible pairs 10.0-9.2 (-0.8) and 11.0-10.9 (-0.1): 2 pairs.
    let truth = [crossing(10, "A", "inner", .enter), crossing(11, "A", "inner", .enter)]
    let engine = [crossing(10.9, "A", "inner", .enter), crossing(9.2, "A", "inner", .enter)]
    let matching = EventMatcher().match(engine: engine, truth: truth)
    #expect(matching.matched.count == 2)
    #expect(matching.matched.map(\.engine.time.seconds) == [9.2, 10.9])
  }

  @Test("Empty sides: no engine events gives precision 1 and recall 0; nothing at all gives 1, 1, 1")
  func emptySides() {
    let none = EventScore(EventMatcher().match(engine: [], truth: [crossing(1, "A", "inner", .enter)]))
    #expect(none.precision == 1 && none.recall == 0 && none.f1 == 0 && none.latencyP50Seconds == nil)
    let nothing = EventScore(EventMatcher().match(engine: [], truth: []))
    #expect(nothing.precision == 1 && nothing.recall == 1 && nothing.f1 == 1)
  }

  @Test("Pooling adds counts and pools latencies before taking percentiles")
  func pooling() {
    let a = EventScore(EventMatcher().match(engine: [crossing(1.1, "A", "inner", .enter)], truth: [crossing(1, "A", "inner", .enter)]))
    let b = EventScore(EventMatcher().match(
      engine: [crossing(2.3, "A", "inner", .enter), crossing(9, "A", "inner", .enter)],
      truth: [crossing(2, "A", "inner", .enter)]))
    let pooled = EventScore.pooled([a, b])
    #expect(pooled.truthCount == 2 && pooled.engineCount == 3 && pooled.matched == 2 && pooled.falseEvents == 1)
    // Latencies 0.1 and 0.3: median 0.2.
    #expect(abs(pooled.latencyP50Seconds! - 0.2) < 1e-9)
  }
}
