// SPDX-License-Identifier: Apache-2.0
internal import _RangingMath

/// One axis of the direction filter's motion model over a step of `dt`
/// seconds: a position that integrates a velocity which decays towards 0
/// with time constant τ (an Ornstein-Uhlenbeck velocity), driven by white
/// acceleration noise of spectral density q.
///
/// Singer ("Estimating optimal tracking filter performance for manned
/// maneuvering targets", IEEE Trans. AES 6(4), 1970) models a target's
/// acceleration this way; here it is the velocity, one order down (Li and
/// Jilkov, "Survey of maneuvering target tracking. Part I: dynamic models",
/// IEEE Trans. AES 39(4), 2003, discuss both). A person's velocity is
/// correlated over a second or two: people turn and stop. While the direction
/// is missing, a constant-velocity prediction runs on in a straight line
/// forever; this one moves at most `v τ` further, so that the prediction stops
/// with a person who stops and drifts less from one who turns. As τ → ∞ it is
/// the constant-velocity model (CWNA, Bar-Shalom et al. 2001, §6.2.2).
///
/// With `a = e^(-dt/τ)`, the transition and the process noise
/// `Q = ∫₀^dt Φ(s) [0 1]ᵀ q [0 1] Φ(s)ᵀ ds` of `dv = -v/τ dt + √q dW` are:
///
///     F = [1  τ(1 - a)]      Q = q [τ²(dt - 2τ(1-a) + τ(1-a²)/2)   τ²(1-a)²/2]
///         [0  a       ]            [τ²(1-a)²/2                     τ(1-a²)/2 ]
///
/// `1 - a` is computed as `-expm1(-dt/τ)`, exact to rounding however small
/// dt/τ is. The position variance cancels to `q dt³/3` at first order; below
/// dt/τ = 1e-3 it is taken from its series `q dt³ (1/3 - x/4 + 7x²/60)`,
/// x = dt/τ, whose next term is below 1e-9 of it.
///
/// - Complexity: O(1). Does not allocate.
struct VelocityDecayModel {
  /// F[0][1]: how far the velocity moves the position over the step, per m/s.
  let positionPerVelocity: Double
  /// F[1][1]: the velocity kept over the step, a.
  let velocityKept: Double
  /// Q[0][0], Q[0][1] (= Q[1][0]) and Q[1][1].
  let positionVariance: Double
  let positionVelocityCovariance: Double
  let velocityVariance: Double

  /// - Parameters: dt: > 0, seconds; tau: > 0, seconds; q: >= 0, m²/s³.
  init(dt: Double, tau: Double, q: Double) {
    let x = dt / tau
    let lost = -ranging_expm1(-x)  // 1 - a
    velocityKept = ranging_exp(-x)
    positionPerVelocity = tau * lost
    positionVelocityCovariance = q * tau * tau * lost * lost / 2
    // 1 - a² = (1 - a)(1 + a) = lost (2 - lost)
    velocityVariance = q * tau * lost * (2 - lost) / 2
    if x < 1e-3 {
      positionVariance = q * dt * dt * dt * (1.0 / 3 - x / 4 + 7 * x * x / 60)
    } else {
      positionVariance = q * tau * tau * (dt - 2 * tau * lost + tau * lost * (2 - lost) / 2)
    }
  }
}
