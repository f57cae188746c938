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

  static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(abs(b), 1e-300)
  }

  @Test(
    "F and Q match the SDE's transition and the integral of Φ G q Gᵀ Φᵀ (series and closed-form branches)",
    arguments: [(0.05, 1.0), (1, 1), (0.5, 0.1), (10, 0.5), (1e-4, 1), (2e-3, 1), (3e-7, 0.01)])
  func matchesIntegral(dt: Double, tau: Double) {
    let q = 0.7
    let model = VelocityDecayModel(dt: dt, tau: tau, q: q)
    // Φ(s) = [1 τ(1 - e^(-s/τ)); 0 e^(-s/τ)]; 1 - e^(-s/τ) by expm1 so that tiny s stays exact.
    let lost = { (s: Double) in -Foundation.expm1(-s / tau) }
    #expect(Self.close(model.velocityKept, Foundation.exp(-dt / tau), 1e-14))
    #expect(Self.close(model.positionPerVelocity, Self.integral(upTo: dt) { Foundation.exp(-$0 / tau) }))
    let q00 = Self.integral(upTo: dt) { q * (tau * lost($0)) * (tau * lost($0)) }
    let q01 = Self.integral(upTo: dt) { q * tau * lost($0) * Foundation.exp(-$0 / tau) }
    let q11 = Self.integral(upTo: dt) { q * Foundation.exp(-2 * $0 / tau) }
    #expect(Self.close(model.positionVariance, q00), "Q00 \(model.positionVariance) against \(q00)")
    #expect(Self.close(model.positionVelocityCovariance, q01), "Q01 \(model.positionVelocityCovariance) against \(q01)")
    #expect(Self.close(model.velocityVariance, q11), "Q11 \(model.velocityVariance) against \(q11)")
  }

  @Test("As τ grows it is the constant-velocity model: F = [1 dt; 0 1], Q = q [dt³/3 dt²/2; dt²/2 dt]")
  func constantVelocityLimit() {
    let dt = 0.8, q = 0.5
    let model = VelocityDecayModel(dt: dt, tau: 1e6, q: q)
    #expect(Self.close(model.positionPerVelocity, dt, 1e-6))
    #expect(Self.close(model.velocityKept, 1, 1e-6))
    #expect(Self.close(model.positionVariance, q * dt * dt * dt / 3, 1e-6))
    #expect(Self.close(model.positionVelocityCovariance, q * dt * dt / 2, 1e-6))
    #expect(Self.close(model.velocityVariance, q * dt, 1e-6))
  }

  @Test("Long after its last update the velocity is forgotten: variance q τ / 2 (the OU stationary value), a → 0")
  func stationaryVelocity() {
    let model = VelocityDecayModel(dt: 1e5, tau: 0.5, q: 2)
    #expect(model.velocityKept == 0)
    #expect(Self.close(model.velocityVariance, 2 * 0.5 / 2, 1e-15))
    #expect(Self.close(model.positionPerVelocity, 0.5, 1e-15))
    #expect(model.positionVariance.isFinite && model.positionVariance > 0)
  }
}
