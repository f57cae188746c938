// SPDX-License-Identifier: Apache-2.0
// Held to GSL: runs in builds with the package's GSL trait (the default).
#if GSL
import RangingEngine
import Testing

/// ``KalmanBackend/constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)``:
/// the versions of SwiftKalmanBackend (one pass on registers) and of
/// GSLKalmanBackend (scalar innovation, BLAS update) held to the protocol's
/// default (F, Q, H, z written into the storage, then GSL's general predict,
/// innovate and correct), and every one held to the model written out here.
@Suite("KalmanBackend.constantVelocityStep")
struct ConstantVelocityStepTests {
  /// GSL's general steps without GSL's own constantVelocityStep, so that the
  /// protocol's default runs on them.
  final class GeneralStepsBackend: KalmanBackend {
    let general: GSLKalmanBackend
    var storage: KalmanStorage { general.storage }
    init(stateCount: Int, measurementCapacity: Int) {
      general = GSLKalmanBackend(stateCount: stateCount, measurementCapacity: measurementCapacity)
    }
    func predict() -> Result<Void, LinearAlgebraError> { general.predict() }
    func innovate(measurementCount k: Int, linear: Bool) -> Result<Double, LinearAlgebraError> {
      general.innovate(measurementCount: k, linear: linear)
    }
    func correct(measurementCount k: Int) -> Result<Void, LinearAlgebraError> { general.correct(measurementCount: k) }
  }

  enum Kind: String, CaseIterable, Sendable {
    case generalSteps, gsl, swift
    func make() -> any KalmanBackend {
      switch self {
      case .generalSteps: GeneralStepsBackend(stateCount: 2, measurementCapacity: 1)
      case .gsl: GSLKalmanBackend(stateCount: 2, measurementCapacity: 1)
      case .swift: SwiftKalmanBackend(stateCount: 2, measurementCapacity: 1)
      }
    }
  }

  /// The d >= 0 projection the distance filter passes as `constrain`.
  static func project(_ d: inout Double, _ v: inout Double) {
    if d < 0 {
      d = 0
      v = max(v, 0)
    }
  }

  @Test("Each backend's step agrees with the default over GSL's general steps on x, P, decisions and the innovation",
        arguments: [Kind.gsl, .swift], [UInt64(1), 2, 3])
  func stepMatchesDefault(kind: Kind, seed: UInt64) {
    var random = SplitMix64(seed: 0xC7_57E9 &+ seed)
    let reference = Kind.generalSteps.make()
    let tested = kind.make()
    let g = reference.storage, s = tested.storage
    // Near 0 with an approaching rate, so the projection acts on some predictions.
    KalmanBackendTests.write(g.x, s.x, count: 2) { i in i == 0 ? 0.3 : -1.5 }
    KalmanBackendTests.writeSPD(g.P, s.P, size: 2, scale: 0.05, ridge: 0.01, &random)
    KalmanBackendTests.write(g.R, s.R, count: 1) { _ in 0.0025 }
    let tolerance = 1e-9
    var counts = (fused: 0, rejected: 0, predictedBelowZero: 0)
    for step in 0..<2_000 {
      // dt: sometimes 0 (two updates at one time), mostly 0.01-1 s, sometimes 5 s.
      let u = random.uniform()
      let dt = u < 0.05 ? 0 : u < 0.1 ? 5 : 0.01 + random.uniform()
      let q = 0.1 + 2 * random.uniform()
      // Measurements near the state, with 10% long outliers the gate should reject.
      let z = max(0, s.x[0] + 0.1 * random.normal() + (random.uniform() < 0.1 ? 2 + 3 * random.uniform() : 0))
      var seen: [(y: Double, variance: Double)] = []
      let gate = { (y: Double, variance: Double) -> Bool in
        seen.append((y, variance))
        return y * y <= 16 * variance
      }
      if dt > 0 && s.x[0] + dt * s.x[1] < 0 { counts.predictedBelowZero += 1 }
      let outcomes = (
        reference.constantVelocityStep(dt: dt, accelerationSpectralDensity: q, measurement: z, constrain: Self.project, accept: gate),
        tested.constantVelocityStep(dt: dt, accelerationSpectralDensity: q, measurement: z, constrain: Self.project, accept: gate))
      #expect(!outcomes.0.predictionFailed && !outcomes.1.predictionFailed, "step \(step)")
      #expect(outcomes.0.measurement == outcomes.1.measurement, "decision at step \(step), \(kind), seed \(seed)")
      #expect(seen.count == 2, "accept called once per backend at step \(step)")
      if seen.count == 2 {
        #expect(isClose(seen[1].y, seen[0].y, relative: tolerance, floor: 1), "y at step \(step), seed \(seed)")
        #expect(isClose(seen[1].variance, seen[0].variance, relative: tolerance, floor: 1e-3), "S at step \(step)")
      }
      let (dx, sizeX) = KalmanBackendTests.difference(s.x, g.x, count: 2)
      let (dP, sizeP) = KalmanBackendTests.difference(s.P, g.P, count: 4)
      #expect(dx <= tolerance * max(1, sizeX), "x differs by \(dx) at step \(step), seed \(seed)")
      #expect(dP <= tolerance * max(1, sizeP), "P differs by \(dP) at step \(step), seed \(seed)")
      #expect(s.x[0] >= 0 && s.P[1] == s.P[2], "constraint and symmetry at step \(step)")
      switch outcomes.1.measurement {
      case .fused: counts.fused += 1
      case .rejected: counts.rejected += 1
      case .numericalFailure: Issue.record("numerical failure at step \(step), seed \(seed)")
      }
      if dx > tolerance * max(1, sizeX) || dP > tolerance * max(1, sizeP) { return }
      // Pull the state back near 0 now and then, so predictions cross it again.
      if step % 97 == 0 {
        KalmanBackendTests.write(g.x, s.x, count: 2) { i in i == 0 ? 0.2 * random.uniform() : -2 }
      }
    }
    // The run exercised both decisions and the constraint.
    #expect(counts.fused > 1_000 && counts.rejected > 50 && counts.predictedBelowZero > 10, "\(counts)")
  }

  @Test("The default step is the CWNA model written out (Bar-Shalom et al. eq. 6.2.2-12), with the constraint on both states",
        arguments: Kind.allCases)
  func stepIsTheModel(kind: Kind) {
    // x = [d, v], P, one step by hand: F = [1 dt; 0 1], Q = q [dt³/3 dt²/2; dt²/2 dt],
    // S = P00 + r, K = P Hᵀ / S, x += K y, P = P - K S Kᵀ (equal to the Joseph form
    // with the optimal gain, Bar-Shalom et al. eq. 5.2.3-15).
    let (d, v, p00, p01, p11, r) = (2.0, -0.5, 0.04, 0.01, 0.3, 0.0025)
    let (dt, q, z) = (0.2, 1.5, 1.93)
    let pd = d + dt * v, pv = v
    let a00 = p00 + 2 * dt * p01 + dt * dt * p11 + q * dt * dt * dt / 3
    let a01 = p01 + dt * p11 + q * dt * dt / 2
    let a11 = p11 + q * dt
    let variance = a00 + r
    let k0 = a00 / variance, k1 = a01 / variance
    let y = z - pd
    let expected = (d: pd + k0 * y, v: pv + k1 * y,
                    p00: a00 - k0 * variance * k0, p01: a01 - k0 * variance * k1, p11: a11 - k1 * variance * k1)
    let backend = kind.make()
    let s = backend.storage
    s.x[0] = d; s.x[1] = v
    s.P[0] = p00; s.P[1] = p01; s.P[2] = p01; s.P[3] = p11
    s.R[0] = r
    var seen = (y: 0.0, variance: 0.0)
    let outcome = backend.constantVelocityStep(
      dt: dt, accelerationSpectralDensity: q, measurement: z, constrain: Self.project,
      accept: { seen = ($0, $1); return true })
    #expect(outcome.measurement == .fused && !outcome.predictionFailed)
    #expect(isClose(seen.y, y, relative: 1e-12, floor: 1) && isClose(seen.variance, variance, relative: 1e-12, floor: 1))
    #expect(isClose(s.x[0], expected.d, relative: 1e-12, floor: 1))
    #expect(isClose(s.x[1], expected.v, relative: 1e-12, floor: 1))
    #expect(isClose(s.P[0], expected.p00, relative: 1e-10, floor: 1e-3))
    #expect(isClose(s.P[1], expected.p01, relative: 1e-10, floor: 1e-3) && s.P[1] == s.P[2])
    #expect(isClose(s.P[3], expected.p11, relative: 1e-10, floor: 1e-3))

    // A prediction below 0 is projected before the innovation: d = 0 and the
    // approaching rate stopped, so y = z exactly; a rejection keeps that state.
    s.x[0] = 0.05; s.x[1] = -2
    let rejected = backend.constantVelocityStep(
      dt: 0.1, accelerationSpectralDensity: q, measurement: 0.5, constrain: Self.project,
      accept: { seen = ($0, $1); return false })
    #expect(rejected.measurement == .rejected)
    #expect(seen.y == 0.5 && s.x[0] == 0 && s.x[1] == 0)
  }

  @Test("A non-positive innovation variance is a numerical failure, not a fusion", arguments: Kind.allCases)
  func negativeVarianceFails(kind: Kind) {
    let backend = kind.make()
    let s = backend.storage
    s.x[0] = 1; s.P[0] = 0.01; s.P[3] = 0.01
    s.R[0] = -1
    var asked = false
    let outcome = backend.constantVelocityStep(
      dt: 0, accelerationSpectralDensity: 1, measurement: 1.2, constrain: Self.project,
      accept: { _, _ in asked = true; return true })
    #expect(outcome.measurement == .numericalFailure && !asked)
    #expect(s.x[0] == 1, "the state is left as it was")
  }
}
#endif
