// SPDX-License-Identifier: Apache-2.0
// Held to GSL: runs in builds with the package's GSL trait (the default).
#if GSL
@_spi(Benchmarking) @testable import RangingEngine
import Testing

/// GSLConstantVelocityBatch held to the per-object GSL step it batches,
/// `GSLKalmanBackend.constantVelocityStep`, bit for bit: each lane of a
/// batch and a backend of its own start from the same state and take the
/// same measurements, with the same constraint and acceptance decided per
/// lane, and after every step their x and P must have the same bit
/// patterns. The lanes are drawn to reach the cases where an exact
/// rewriting of gslcblas' arithmetic could show: signed zeros in x, P and
/// z, an innovation of exactly 0 (daxpy then does nothing), a gain of 0 or
/// 1 (dgemm then skips a factor), steps of 0 and below (no prediction),
/// rejected and numerically failed measurements, subnormal and large
/// magnitudes, covariances that are not positive definite, a process noise
/// of -0 or below.
@Suite("GSLConstantVelocityBatch")
struct BatchedConstantVelocityTests {
  /// One lane's inputs for a step.
  struct StepInput {
    var dt: Double
    var q: Double
    var z: Double
    /// |y| below this many standard deviations of the innovation is accepted.
    var gate: Double
  }

  /// The constraint both sides apply: the distance filter's projection
  /// (d >= 0) and a rate bound, so that it changes some lanes and not others.
  static func constrain(_ d: inout Double, _ v: inout Double) {
    if d < 0 { d = 0 }
    if v > 50 { v = 50 } else if v < -50 { v = -50 }
  }

  static func accepts(_ y: Double, _ s: Double, gate: Double) -> Bool {
    y * y < gate * gate * s
  }

  /// A value from a family the rewritings could be sensitive to, or a plain
  /// random one: ±0, exact small integers, subnormals, large and tiny magnitudes.
  static func hostile(_ random: inout SplitMix64, scale: Double) -> Double {
    switch random.next() % 10 {
    case 0: return 0
    case 1: return -0.0
    case 2: return Double(Int(random.next() % 5)) - 2
    case 3: return Double.leastNonzeroMagnitude * Double(random.next() % 1000)
    case 4: return random.uniform(-1, 1) * 1e40
    case 5: return random.uniform(-1, 1) * 1e-40
    default: return random.uniform(-1, 1) * scale
    }
  }

  /// A lane's starting state: usually a filter's (P symmetric positive
  /// definite), often hostile (any finite entries).
  static func startingState(_ random: inout SplitMix64) -> (x: [Double], p: [Double], r: Double) {
    if random.next() % 2 == 0 {
      let sd = random.uniform(0.001, 3), sv = random.uniform(0.001, 5), rho = random.uniform(-0.99, 0.99)
      let sigma = random.uniform(0.001, 1)
      return (
        [random.uniform(0, 30), random.uniform(-3, 3)], [sd * sd, rho * sd * sv, rho * sd * sv, sv * sv], sigma * sigma
      )
    }
    return (
      [hostile(&random, scale: 10), hostile(&random, scale: 3)],
      (0..<4).map { _ in hostile(&random, scale: 2) },
      abs(hostile(&random, scale: 1))
    )
  }

  static func stepInput(_ random: inout SplitMix64, previousDistance: Double) -> StepInput {
    let dt: Double = switch random.next() % 8 {
    case 0: 0
    case 1: -random.uniform(0, 1)
    case 2: Double.leastNonzeroMagnitude * 7
    case 3: random.uniform(1, 1e4)
    default: random.uniform(0.001, 1)
    }
    let z: Double = switch random.next() % 8 {
    case 0: previousDistance  // often an innovation of exactly 0
    case 1: -0.0
    case 2: 0
    default: previousDistance + random.uniform(-2, 2)
    }
    // Q's signed zeros and negative entries too: the kernel's claim is not limited to a filter's q > 0.
    let q: Double = switch random.next() % 8 {
    case 0: 0
    case 1: -0.0
    case 2: -random.uniform(0, 1)
    default: random.uniform(1e-6, 10)
    }
    let gate: Double = random.next() % 5 == 0 ? 0.5 : 1e6
    return StepInput(dt: dt, q: q, z: z, gate: gate)
  }

  static func bits(_ storage: KalmanStorage) -> [UInt64] {
    [storage.x[0], storage.x[1], storage.P[0], storage.P[1], storage.P[2], storage.P[3]].map(\.bitPattern)
  }

  static func isFinite(_ bits: [UInt64]) -> Bool { bits.allSatisfy { Double(bitPattern: $0).isFinite } }

  @Test("every lane has the per-object step's bits, step after step", arguments: [UInt64(1), 2, 3, 4])
  func bitsEqualThePerObjectStep(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let lanes = 301
    let batch = GSLConstantVelocityBatch(capacity: lanes)
    let backends = (0..<lanes).map { _ in GSLKalmanBackend(stateCount: 2, measurementCapacity: 1) }
    for (lane, backend) in backends.enumerated() {
      let start = Self.startingState(&random)
      let s = backend.storage
      s.x[0] = start.x[0]; s.x[1] = start.x[1]
      for i in 0..<4 { s.P[i] = start.p[i] }
      s.R[0] = start.r
      batch.load(lane: lane, from: s)
    }
    var outcomes: [ConstantVelocityStepOutcome.Measurement: Int] = [:]
    var restarts = 0
    for step in 0..<40 {
      let inputs = backends.map { Self.stepInput(&random, previousDistance: $0.storage.x[0]) }
      // The per-object step.
      let expectedOutcomes = zip(backends, inputs).map { backend, input in
        backend.constantVelocityStep(
          dt: input.dt, accelerationSpectralDensity: input.q, measurement: input.z, constrain: Self.constrain,
          accept: { Self.accepts($0, $1, gate: input.gate) }
        ).measurement
      }
      for outcome in expectedOutcomes { outcomes[outcome, default: 0] += 1 }
      // The batch, with the same decisions per lane.
      for (lane, input) in inputs.enumerated() {
        batch.setStep(lane: lane, dt: input.dt, accelerationSpectralDensity: input.q)
        batch.z[lane] = input.z
      }
      #expect(throws: Never.self) {
        try batch.step(count: lanes, constrain: Self.constrain) { Self.accepts($1, $2, gate: inputs[$0].gate) }.get()
      }
      let laneOutcomes = (0..<lanes).map { batch.outcomes[$0] }
      #expect(laneOutcomes == expectedOutcomes, "seed \(seed), step \(step): the lanes' outcomes differ")
      let probe = GSLKalmanBackend(stateCount: 2, measurementCapacity: 1)
      var differing = 0
      for (lane, backend) in backends.enumerated() {
        batch.store(lane: lane, into: probe.storage)
        let expected = Self.bits(backend.storage), got = Self.bits(probe.storage)
        // Where the per-object step left the finite range (a gain that overflowed, say), the
        // claim is only that the lane left it too.
        let bothLeft = !Self.isFinite(expected) && !Self.isFinite(got)
        if got != expected && !bothLeft {
          if differing == 0 {
            Issue.record("seed \(seed), step \(step), lane \(lane): \(got) against \(expected)")
          }
          differing += 1
        }
      }
      #expect(differing == 0, "seed \(seed), step \(step): \(differing) of \(lanes) lanes differ")
      // Keep the hostile lanes finite (the documented range of the claim): a lane that
      // left it starts again from a filter's state, on both sides.
      for (lane, backend) in backends.enumerated() where !Self.isFinite(Self.bits(backend.storage)) {
        let s = backend.storage
        s.x[0] = 1; s.x[1] = 0; s.P[0] = 1; s.P[1] = 0; s.P[2] = 0; s.P[3] = 1
        batch.load(lane: lane, from: s)
        restarts += 1
      }
    }
    // The draws reached every outcome of the per-object step, and most lanes stayed finite.
    #expect(restarts < lanes * 40 / 10, "\(restarts) lane restarts")
    #expect((outcomes[.fused] ?? 0) > 1000 && (outcomes[.rejected] ?? 0) > 100 && (outcomes[.numericalFailure] ?? 0) > 100)
  }

  @Test("an empty call does nothing; the lanes past count are not touched")
  func lanesPastCountAreUntouched() throws {
    let batch = GSLConstantVelocityBatch(capacity: 4)
    for lane in 0..<4 {
      batch.x0[lane] = 2; batch.x1[lane] = 1; batch.p00[lane] = 1; batch.p01[lane] = 0; batch.p10[lane] = 0
      batch.p11[lane] = 1; batch.dt[lane] = 0.1; batch.q00[lane] = 1; batch.q01[lane] = 1; batch.q11[lane] = 1
      batch.z[lane] = 3; batch.r[lane] = 1; batch.accepted[lane] = true
    }
    try batch.predict(count: 0).get()
    try batch.innovate(count: 0).get()
    try batch.correct(count: 0).get()
    #expect(batch.x0[0] == 2 && batch.p00[0] == 1)
    try batch.predict(count: 2).get()
    try batch.innovate(count: 2).get()
    try batch.correct(count: 2).get()
    // Lanes 0 and 1 moved by F (x0 = 2 + 0.1) and then towards z = 3; lanes 2 and 3 did not.
    #expect(batch.x0[0] > 2.1 && batch.x0[0] < 3 && batch.x0[1] == batch.x0[0])
    #expect(batch.x0[2] == 2 && batch.x1[2] == 1 && batch.p00[2] == 1 && batch.p11[3] == 1)
  }
}
#endif
