// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The steady-state CWNA filter at a fixed step T, in closed form.
///
/// With the tracking index λ = sqrt(q T³) / r, the steady-state gains
/// K = [α, β/T] satisfy β² = λ² (1 - α) and α² = β (2 - α) - β²/6, whose
/// solution is
///
///     v = λ/2 + sqrt(λ²/12 + 4),   s = 2 / (v + sqrt(v² - 4)),
///     α = 1 - s²,   β = λ s,
///
/// and the posterior covariance is P00 = α r², P01 = β r² / T,
/// P11 = q T (α/β - 1/2). Derived in scripts/reference/README.md from the
/// steady-state Riccati equations (the CWNA α-β filter of Bar-Shalom, Li &
/// Kirubarajan 2001, §6.5); checked there against
/// scipy.linalg.solve_discrete_are.
struct SteadyStateClosedForm {
  var alpha, beta, p00, p01, p11: Double

  init(q: Double, r: Double, stepSeconds t: Double) {
    let lambda = (q * t * t * t).squareRoot() / r
    let v = lambda / 2 + (lambda * lambda / 12 + 4).squareRoot()
    let s = 2 / (v + (v * v - 4).squareRoot())  // = (v - sqrt(v² - 4)) / 2 without cancellation
    alpha = 1 - s * s
    beta = lambda * s
    p00 = alpha * r * r
    p01 = beta * r * r / t
    p11 = q * t * (alpha / beta - 0.5)
  }
}

extension RangeFilterTests {
  @Test(
    "The closed-form steady state agrees with the Riccati solution from SciPy",
    arguments: RangeFilterReference.steadyStates)
  func closedFormMatchesRiccatiSolution(reference: RangeFilterReference.SteadyState) {
    let t = Double(reference.stepMicroseconds) / 1_000_000
    let closed = SteadyStateClosedForm(
      q: reference.accelerationSpectralDensity, r: reference.measurementSigmaMeters, stepSeconds: t)
    #expect(isClose(closed.alpha, reference.k0, relative: 1e-12, floor: 0))
    #expect(isClose(closed.beta / t, reference.k1, relative: 1e-12, floor: 0))
    #expect(isClose(closed.p00, reference.p00, relative: 1e-12, floor: 0))
    #expect(isClose(closed.p01, reference.p01, relative: 1e-12, floor: 0))
    #expect(isClose(closed.p11, reference.p11, relative: 1e-12, floor: 0))
  }

  @Test(
    "After many steps at a fixed rate the covariance and gains reach the closed-form steady state",
    arguments: BackendKind.allCases, RangeFilterReference.steadyStates)
  func reachesSteadyState(backend: BackendKind, reference: RangeFilterReference.SteadyState) {
    let q = reference.accelerationSpectralDensity, r = reference.measurementSigmaMeters
    let step = reference.stepMicroseconds
    let t = Double(step) / 1_000_000
    let closed = SteadyStateClosedForm(q: q, r: r, stepSeconds: t)
    let filter = AnyRangeFilter(
      backend, RangeFilterConfiguration(
        accelerationSpectralDensity: q, measurementSigmaMeters: r, adaptsMeasurementNoise: false, prefilter: .off))
    // A constant distance keeps x = [c, 0] exactly (every innovation is 0),
    // while P follows the Riccati recursion to its fixed point.
    let c = 5.0
    let steps: Int64 = 5_000
    for k in 0..<steps { _ = filter.update(c, Timestamp(microseconds: k * step)) }
    let p = filter.observe()
    #expect(p.x0 == c && p.x1 == 0)
    for (name, value, expected, floor) in [
      ("P00", p.p00, closed.p00, 0.0), ("P01", p.p01, closed.p01, (closed.p00 * closed.p11).squareRoot()),
      ("P11", p.p11, closed.p11, 0.0),
    ] {
      #expect(isClose(value, expected, relative: Self.tolerance, floor: floor), "\(name) \(value), closed form \(expected)")
    }
    #expect(isClose(p.p00, reference.p00, relative: Self.tolerance, floor: 0), "P00 against the DARE")
    #expect(isClose(p.p11, reference.p11, relative: Self.tolerance, floor: 0), "P11 against the DARE")

    // The gain, read from the response to one offset measurement: x0 moves by
    // α δ, x1 by (β/T) δ. δ is a tenth of the innovation sigma, well inside the gate.
    let innovationSigma = (r * r / (1 - closed.alpha)).squareRoot()
    let delta = 0.1 * innovationSigma
    let outcome = filter.update(c + delta, Timestamp(microseconds: steps * step))
    guard case .fused = outcome else {
      Issue.record("the offset measurement was not fused: \(outcome)")
      return
    }
    let after = filter.estimate()
    let gainDistance = (after.distanceMeters - c) / delta
    let gainRate = after.rateMetersPerSecond / delta
    #expect(isClose(gainDistance, closed.alpha, relative: Self.tolerance, floor: 0), "alpha \(gainDistance) vs \(closed.alpha)")
    #expect(isClose(gainRate * t, closed.beta, relative: Self.tolerance, floor: 0), "beta \(gainRate * t) vs \(closed.beta)")
  }
}
