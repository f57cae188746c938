// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import RangingEngine
import Testing

/// The direction filter's per-axis motion model against its definition: the
/// transition of `dv = -v/τ dt + √q dW`, `ṗ = v`, and the process noise
/// `Q = ∫₀^dt Φ(s) [0 1]ᵀ q [0 1] Φ(s)ᵀ ds`, integrated here numerically
/// (composite Simpson, 20,000 intervals) rather than from the closed form.
@Suite("VelocityDecayModel")
struct VelocityDecayModelTests {
  /// `∫₀^dt f(s) ds` by Simpson's rule.
  static func integral(upTo dt: Double, _ f: (Double) -> Double) -> Double {
    let n = 20_000
    let h = dt / Double(n)
    var sum = f(0) + f(dt)
    for i in 1..<n { sum += (i % 2 == 1 ? 4 : 2) * f(Double(i) * h) }
    return sum * h / 3
  }

  @Test(
    "F and Q match the SDE's transition and the integral of Φ G q Gᵀ Φᵀ (series and closed-form branches)",
    arguments: [(0.05, 1.0), (1, 1), (0.5, 0.1), (10, 0.5), (1e-4, 1), (2e-3, 1), (3e-7, 0.01)])
  func matchesIntegral(dt: Double, tau: Double) {
    let q = 0.7
    let model = VelocityDecayModel(dt: dt, tau: tau, q: q)
    // Φ(s) = [1 τ(1 - e^(-s/τ)); 0 e^(-s/τ)]; 1 - e^(-s/τ) by expm1 so that tiny s stays exact.
    let lost = { (s: Double) in -Foundation.expm1(-s / tau) }
    #expect(isClose(model.velocityKept, Foundation.exp(-dt / tau), relative: 1e-14, floor: 1e-300))
    #expect(isClose(model.positionPerVelocity, Self.integral(upTo: dt) { Foundation.exp(-$0 / tau) }, relative: 1e-9, floor: 1e-300))
    let q00 = Self.integral(upTo: dt) { q * (tau * lost($0)) * (tau * lost($0)) }
    let q01 = Self.integral(upTo: dt) { q * tau * lost($0) * Foundation.exp(-$0 / tau) }
    let q11 = Self.integral(upTo: dt) { q * Foundation.exp(-2 * $0 / tau) }
    #expect(isClose(model.positionVariance, q00, relative: 1e-9, floor: 1e-300), "Q00 \(model.positionVariance) against \(q00)")
    #expect(isClose(model.positionVelocityCovariance, q01, relative: 1e-9, floor: 1e-300), "Q01 \(model.positionVelocityCovariance) against \(q01)")
    #expect(isClose(model.velocityVariance, q11, relative: 1e-9, floor: 1e-300), "Q11 \(model.velocityVariance) against \(q11)")
  }

  @Test("As τ grows it is the constant-velocity model: F = [1 dt; 0 1], Q = q [dt³/3 dt²/2; dt²/2 dt]")
  func constantVelocityLimit() {
    let dt = 0.8, q = 0.5
    let model = VelocityDecayModel(dt: dt, tau: 1e6, q: q)
    #expect(isClose(model.positionPerVelocity, dt, relative: 1e-6, floor: 1e-300))
    #expect(isClose(model.velocityKept, 1, relative: 1e-6, floor: 1e-300))
    #expect(isClose(model.positionVariance, q * dt * dt * dt / 3, relative: 1e-6, floor: 1e-300))
    #expect(isClose(model.positionVelocityCovariance, q * dt * dt / 2, relative: 1e-6, floor: 1e-300))
    #expect(isClose(model.velocityVariance, q * dt, relative: 1e-6, floor: 1e-300))
  }

  @Test("Long after its last update the velocity is forgotten: variance q τ / 2 (the OU stationary value), a → 0")
  func stationaryVelocity() {
    let model = VelocityDecayModel(dt: 1e5, tau: 0.5, q: 2)
    #expect(model.velocityKept == 0)
    #expect(isClose(model.velocityVariance, 2 * 0.5 / 2, relative: 1e-15, floor: 1e-300))
    #expect(isClose(model.positionPerVelocity, 0.5, relative: 1e-15, floor: 1e-300))
    #expect(model.positionVariance.isFinite && model.positionVariance > 0)
  }
}
