// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

extension RangeFilterTests {
  /// Compares one step; returns a message naming every quantity out of tolerance.
  static func mismatch(
    step: Int, run: RangeFilterReference.Run, outcome: UpdateOutcome, observed s: ObservedState
  ) -> String? {
    let tol = tolerance
    var problems: [String] = []
    let expectedCode = run.outcomes[step]
    if outcomeCode(outcome) != expectedCode {
      problems.append("outcome \(outcome), expected code \(expectedCode)")
    }
    // testRatio = y² / (g² S), g the gate of the innovation's sign: dimensionless.
    let ratio = testRatio(of: outcome)
    let expectedRatio = run.testRatios[step]
    if !isClose(ratio, expectedRatio, relative: tol, floor: 1) {
      problems.append("testRatio \(ratio), expected \(expectedRatio)")
    }
    if !isClose(s.x0, run.x0[step], relative: tol, floor: 1) { problems.append("x0 \(s.x0), expected \(run.x0[step])") }
    if !isClose(s.x1, run.x1[step], relative: tol, floor: 1) { problems.append("x1 \(s.x1), expected \(run.x1[step])") }
    if !isClose(s.p00, run.p00[step], relative: tol, floor: 0) {
      problems.append("P00 \(s.p00), expected \(run.p00[step])")
    }
    if !isClose(s.p11, run.p11[step], relative: tol, floor: 0) {
      problems.append("P11 \(s.p11), expected \(run.p11[step])")
    }
    // P01 is zero at a (re)start: scale it by sqrt(P00 P11), i.e. compare the correlation.
    let scale = (run.p00[step] * run.p11[step]).squareRoot()
    if !isClose(s.p01, run.p01[step], relative: tol, floor: scale) {
      problems.append("P01 \(s.p01), expected \(run.p01[step])")
    }
    return problems.isEmpty ? nil : "\(run.name) step \(step): " + problems.joined(separator: "; ")
  }

  static func configuration(of run: RangeFilterReference.Run) -> RangeFilterConfiguration {
    RangeFilterConfiguration(
      accelerationSpectralDensity: run.accelerationSpectralDensity,
      measurementSigmaMeters: run.measurementSigmaMeters,
      // FilterPy's filter has a fixed R.
      adaptsMeasurementNoise: false,
      // ...and gates as set on every measurement.
      gatesOnEvidence: false,
      initialRateSigmaMetersPerSecond: run.initialRateSigmaMetersPerSecond,
      gateSigmas: run.gateSigmas, shortGateSigmas: run.shortGateSigmas,
      resetAfterRejections: run.resetAfterRejections,
      // The reference confirms by count alone: two fusions, no time span.
      confirmationCount: 2, confirmationSeconds: 0,
      // The FilterPy reference has no rate limit; RateLimitTests covers it.
      prefilter: .off, maximumRateMetersPerSecond: .infinity)
  }

  /// Replays `run` and returns the first mismatch, or nil; also the step count reached.
  static func firstMismatch(_ run: RangeFilterReference.Run, on kind: BackendKind) -> (String?, Int) {
    var message: String? = nil
    var steps = 0
    let check = { (step: Int, outcome: UpdateOutcome, state: ObservedState) -> Bool in
      steps = step + 1
      message = mismatch(step: step, run: run, outcome: outcome, observed: state)
      return message == nil
    }
    switch kind {
    #if GSL
    case .gsl:
      replay(GSLKalmanBackend.self, configuration: configuration(of: run), times: run.timesMicroseconds,
             measurements: run.measurementsMeters) { check($0, $1, ObservedState($2)) }
    #endif
    case .swift:
      replay(SwiftKalmanBackend.self, configuration: configuration(of: run), times: run.timesMicroseconds,
             measurements: run.measurementsMeters) { check($0, $1, ObservedState($2)) }
    }
    return (message, steps)
  }

  @Test(
    "With the gate open, every step matches FilterPy's Kalman filter on variable time steps",
    arguments: BackendKind.allCases, RangeFilterReference.ungated)
  func matchesFilterPyWithoutGate(backend: BackendKind, run: RangeFilterReference.Run) {
    let (message, steps) = Self.firstMismatch(run, on: backend)
    #expect(message == nil, "\(backend.testDescription): \(message ?? "")")
    #expect(steps == run.timesMicroseconds.count)
  }

  @Test(
    "Spikes are gated and a lasting jump resets, step for step as in the reference",
    arguments: BackendKind.allCases)
  func matchesReferenceWithGateAndReset(backend: BackendKind) {
    let run = RangeFilterReference.gatedWithSpikesAndJump
    // The reference exercises all three outcomes; otherwise this test would prove little.
    #expect(run.outcomes.contains(2) && run.outcomes.contains(3))
    let (message, steps) = Self.firstMismatch(run, on: backend)
    #expect(message == nil, "\(backend.testDescription): \(message ?? "")")
    #expect(steps == run.timesMicroseconds.count)
  }
}
