// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingEvaluation
@testable import RangingFormats

@Suite("PairedLatency: a peer's latency beside the engine's on the events both matched")
struct PairedLatencyTests {
  /// Truth: A inner enter 10, exit 20, enter 30, exit 40; B inner enter 15.
  private let truth = [
    crossing(10, "A", "inner", .enter), crossing(15, "B", "inner", .enter), crossing(20, "A", "inner", .exit),
    crossing(30, "A", "inner", .enter), crossing(40, "A", "inner", .exit),
  ]

  @Test("By hand: only the truth events both matched count, each with its own two latencies")
  func handExample() {
    let matcher = EventMatcher(toleranceSeconds: 1.0)
    // Engine: 10 (+0.5), 20 (+0.5), 30 (+0.9); misses B 15 and A 40.
    let engine = matcher.match(
      engine: [crossing(10.5, "A", "inner", .enter), crossing(20.5, "A", "inner", .exit), crossing(30.9, "A", "inner", .enter)],
      truth: truth)
    // Peer: 10 (+0.1), B 15 (+0.2), 30 (+0.3), 40 (+0.4), and a false exit at 25; misses A 20.
    let peer = matcher.match(
      engine: [crossing(10.1, "A", "inner", .enter), crossing(15.2, "B", "inner", .enter), crossing(25, "A", "inner", .exit),
               crossing(30.3, "A", "inner", .enter), crossing(40.4, "A", "inner", .exit)],
      truth: truth)
    var tally = PairedLatencyTally()
    tally.add(engine: engine, peer: peer)
    let paired = tally.score
    // Shared: A enter 10 (engine 0.5, peer 0.1) and A enter 30 (0.9, 0.3).
    #expect(paired.sharedEvents == 2)
    #expect(abs(paired.engineP50Seconds! - 0.7) < 1e-9)  // median of 0.5, 0.9
    #expect(abs(paired.peerP50Seconds! - 0.2) < 1e-9)  // median of 0.1, 0.3
    #expect(abs(paired.engineLaterP50Seconds! - 0.5) < 1e-9)  // median of 0.4, 0.6
    // Each method's own median differs: the engine's over 0.5, 0.5, 0.9 is 0.5; the peer's over
    // 0.1, 0.2, 0.3, 0.4 is 0.25. So the own medians say 0.25 s later, the shared events 0.5 s.
    #expect(abs(EventScore(engine).latencyP50Seconds! - 0.5) < 1e-9)
    #expect(abs(EventScore(peer).latencyP50Seconds! - 0.25) < 1e-9)
  }

  @Test("Nothing shared: no medians, and nothing in JSON but the count")
  func nothingShared() throws {
    let matcher = EventMatcher(toleranceSeconds: 1.0)
    let engine = matcher.match(engine: [crossing(10.5, "A", "inner", .enter)], truth: truth)
    let peer = matcher.match(engine: [crossing(20.5, "A", "inner", .exit)], truth: truth)
    var tally = PairedLatencyTally()
    tally.add(engine: engine, peer: peer)
    let paired = tally.score
    #expect(paired.sharedEvents == 0 && paired.engineP50Seconds == nil && paired.engineLaterP50Seconds == nil)
    let json = String(decoding: try JSONEncoder().encode(paired), as: UTF8.self)
    #expect(json == #"{"sharedEvents":0}"#)
  }

  @Test("Runs pool their shared events before the medians are taken")
  func pooledRuns() {
    let matcher = EventMatcher(toleranceSeconds: 1.0)
    func run(engineLatency: Double, peerLatency: Double) -> PairedLatency {
      var tally = PairedLatencyTally()
      tally.add(engine: matcher.match(engine: [crossing(10 + engineLatency, "A", "inner", .enter)], truth: truth),
                peer: matcher.match(engine: [crossing(10 + peerLatency, "A", "inner", .enter)], truth: truth))
      return tally.score
    }
    // Differences 0.5, 0, -0.25: pooled median 0 (a mean of the per-run medians would be 0.083).
    let pooled = PairedLatency.pooled([run(engineLatency: 0.75, peerLatency: 0.25), run(engineLatency: 0.5, peerLatency: 0.5),
                                       run(engineLatency: 0.25, peerLatency: 0.5)])
    #expect(pooled.sharedEvents == 3)
    #expect(abs(pooled.engineLaterP50Seconds!) < 1e-9)
    #expect(abs(pooled.engineP50Seconds! - 0.5) < 1e-9)  // 0.25, 0.5, 0.75
    #expect(abs(pooled.peerP50Seconds! - 0.5) < 1e-9)  // 0.25, 0.5, 0.5
  }

  @Test("A streamed run gives each peer, and not the engine, its latency beside the engine's")
  func streamedRun() {
    // One object walks in through 1.5 m at t = 2 s and out at t = 6 s (true distance 3.5 - t, then t - 4.5).
    var scorer = RunScorer(zones: [(name: "inner", radiusMeters: 1.5)], matchToleranceSeconds: 1.0, methodCount: 3,
                           liveLimit: Int.max)
    for tenth in 0...80 {
      let t = Double(tenth) / 10
      scorer.truth(object: "A", time: Timestamp(seconds: t), trueDistanceMeters: t <= 4 ? 3.5 - t : t - 4.5)
    }
    let times: [[Double]] = [[2.4, 6.2], [2.1, 6.6], [2.9]]  // engine, then two peers
    for (method, pair) in times.enumerated() {
      for (index, t) in pair.enumerated() {
        scorer.event(crossing(t, "A", "inner", index == 0 ? .enter : .exit), method: method)
      }
    }
    let runs = scorer.finish(name: "walk", withDistance: [false, false, false])
    #expect(runs[0].latencyBesideEngine == nil)
    let first = runs[1].latencyBesideEngine!, second = runs[2].latencyBesideEngine!
    // Truth: enter at 2.0 s, exit at 6.0 s (interpolated between rows). The differences do not depend on
    // them: both methods are measured from the same truth event.
    #expect(first.sharedEvents == 2 && second.sharedEvents == 1)
    #expect(abs(first.engineLaterP50Seconds! - ((0.3 + -0.4) / 2)) < 1e-9)  // 2.4 - 2.1 and 6.2 - 6.6
    #expect(abs(second.engineLaterP50Seconds! - (2.4 - 2.9)) < 1e-9)
  }
}
