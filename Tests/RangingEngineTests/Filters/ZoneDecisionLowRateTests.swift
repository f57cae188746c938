// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The zone decision where readings come a second apart: it fuses every
/// reading, as the textbook filter does, and its state is not projected onto
/// d >= 0 (`ZoneDecisionSmoother.gateSigmas(readingInterval:)` and its
/// overview). The references are a textbook filter written out below in the
/// standard covariance form `P = (I - K H) P` (the smoother uses the Joseph
/// form; the two agree in exact arithmetic), and the smoother's own documented
/// behaviour where a rate makes the rule differ.
@Suite("Zone decision at low rates")
struct ZoneDecisionLowRateTests {
  /// The textbook constant-velocity filter (Bar-Shalom, Li & Kirubarajan 2001,
  /// §6.2.2; q 0.3 m²/s³, r 0.15 m, P0 = diag(r², v0²)), with no gate and no constraint.
  struct Textbook {
    var x = (0.0, 0.0)
    var p = (0.0, 0.0, 0.0)  // P00, P01, P11
    let q = 0.3, r2 = 0.15 * 0.15

    init(at distance: Double, rateSigma v0: Double = 1) {
      x = (distance, 0)
      p = (r2, 0, v0 * v0)
    }

    mutating func predict(dt: Double) {
      // x = F x, P = F P Fᵀ + Q
      x = (x.0 + dt * x.1, x.1)
      p = (
        p.0 + 2 * dt * p.1 + dt * dt * p.2 + q * dt * dt * dt / 3,
        p.1 + dt * p.2 + q * dt * dt / 2,
        p.2 + q * dt
      )
    }

    mutating func fuse(_ measured: Double) {
      // K = P Hᵀ / (P00 + r²), x = x + K y, P = (I - K H) P
      let s = p.0 + r2
      let k = (p.0 / s, p.1 / s)
      let y = measured - x.0
      x = (x.0 + k.0 * y, x.1 + k.1 * y)
      p = ((1 - k.0) * p.0, (1 - k.0) * p.1, p.2 - k.1 * p.1)
    }

    mutating func step(dt: Double, measured: Double) {
      predict(dt: dt)
      fuse(measured)
    }
  }

  @Test("After a fast approach at 1 Hz the decision's prediction passes below zero and is corrected as the textbook's")
  func noProjectionOntoNonNegativeDistance() {
    // Running in at 2.5 m/s and stopping 0.3 m from the phone, one reading a second.
    let readings = [10.0, 7.5, 5.0, 2.5, 0.3, 0.3, 0.3, 0.3, 0.3]
    var decision = ZoneDecisionSmoother()
    decision.start(at: readings[0], measuredVariance: 0, initialRateSigma: 1)
    var reference = Textbook(at: readings[0])
    var wentBelowZero = false
    func expectSame() {
      #expect(abs(decision.state.distanceMeters - reference.x.0) < 1e-9)
      #expect(abs(decision.state.rateMetersPerSecond - reference.x.1) < 1e-9)
      // The distance it reports is never below zero.
      #expect(abs(decision.distanceMeters - max(0, reference.x.0)) < 1e-9)
      #expect(decision.distanceMeters >= 0)
    }
    for reading in readings.dropFirst() {
      decision.predict(dt: 1)
      reference.predict(dt: 1)
      wentBelowZero = wentBelowZero || reference.x.0 < 0
      expectSame()
      decision.fuse(reading, measuredVariance: 0)
      reference.fuse(reading)
      expectSame()
    }
    #expect(wentBelowZero, "the textbook filter's prediction passed below zero, so the case is exercised")
  }

  /// An object standing at 5 m (readings ±0.05 m) every `interval` seconds, one
  /// reading of 12 m after `spikeAt` readings; returns whether the estimate
  /// rejected the spike and the decision distance before and after it.
  private func spike(_ kind: BackendKind, interval: Double, spikeAt: Int = 30)
    -> (rejected: Bool, before: Double, after: Double, decisions: [Double], readings: [Double])
  {
    let filter = RangeFilterTests.AnyRangeFilter(kind, RangeFilterConfiguration())
    var random = SplitMix64(seed: 0x5_91CE)
    var rejected = false, before = 0.0, after = 0.0
    var decisions: [Double] = [], readings: [Double] = []
    for step in 0...(spikeAt + 5) {
      let reading = step == spikeAt ? 12.0 : 5 + 0.05 * random.normal()
      let time = Timestamp(microseconds: Int64((Double(step) * interval * 1e6).rounded()))
      if step == spikeAt { before = filter.estimate().decisionDistanceMeters }
      _ = filter.update(reading, time)
      if step == spikeAt {
        rejected = filter.health().contains(.innovationRejected)
        after = filter.estimate().decisionDistanceMeters
      }
      decisions.append(filter.estimate().decisionDistanceMeters)
      readings.append(reading)
    }
    return (rejected, before, after, decisions, readings)
  }

  @Test("At 1 Hz a reading the estimate rejected reaches the decision, which is then the textbook filter on every reading", arguments: BackendKind.allCases)
  func oneHertzFusesRejectedReadings(_ kind: BackendKind) {
    let run = spike(kind, interval: 1)
    #expect(run.rejected, "the estimate rejects a 7 m spike")
    // The decision starts with the filter's initial rate sigma.
    var reference = Textbook(at: run.readings[0], rateSigma: RangeFilterConfiguration().initialRateSigmaMetersPerSecond)
    var worst = abs(run.decisions[0] - reference.x.0)
    for (reading, decision) in zip(run.readings, run.decisions).dropFirst() {
      reference.step(dt: 1, measured: reading)
      worst = max(worst, abs(decision - reference.x.0))
    }
    #expect(worst < 1e-9, "largest difference from the textbook filter on every reading \(worst) m")
    #expect(run.after > run.before + 1, "the decision moved towards the spike: \(run.before) → \(run.after) m")
  }

  @Test("At 5 Hz the decision's own gate keeps out a reading the estimate rejected", arguments: BackendKind.allCases)
  func fiveHertzGatesRejectedReadings(_ kind: BackendKind) {
    let run = spike(kind, interval: 0.2)
    #expect(run.rejected, "the estimate rejects a 7 m spike")
    // Standing still: not fused, the decision only predicts, at a rate near zero (fused,
    // the spike would move it by its gain times 7 m, over a metre).
    #expect(abs(run.after - run.before) < 0.05, "decision \(run.before) → \(run.after) m")
  }

  @Test("The gate for rejected readings is 3.5 sigmas below the trust threshold and none from it on")
  func gateByInterval() {
    #expect(ZoneDecisionSmoother.gateSigmas(readingInterval: 0.5) == 3.5)
    #expect(ZoneDecisionSmoother.gateSigmas(readingInterval: 0.87) == 3.5)
    #expect(ZoneDecisionSmoother.gateSigmas(readingInterval: 0.88) == .infinity)
    #expect(ZoneDecisionSmoother.gateSigmas(readingInterval: 1) == .infinity)
    // An infinite gate fuses any finite reading and no NaN.
    var smoother = ZoneDecisionSmoother()
    smoother.start(at: 2, measuredVariance: 0, initialRateSigma: 1)
    smoother.fuseWithinGate(.nan, measuredVariance: 0, gate: .infinity)
    #expect(smoother.distanceMeters == 2)
    smoother.fuseWithinGate(1e6, measuredVariance: 0, gate: .infinity)
    #expect(smoother.distanceMeters > 2)
  }
}
