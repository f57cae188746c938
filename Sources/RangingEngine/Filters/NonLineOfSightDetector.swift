// SPDX-License-Identifier: Apache-2.0
internal import _RangingMath

/// The probability that an object's latest distance measurements came over a
/// non-line-of-sight (NLOS) path, judged from the distance filter's innovations.
///
/// Two hypotheses for the innovation `y` of a measurement against the
/// predicted distance, whose variance is `S = P00 + R`:
///
///     LOS:  y ~ N(0, S)
///     NLOS: y ~ N(b, S + s²)      b = biasMeters, s = biasSigmaMeters
///
/// A body or a wall in the path delays the first arrival, so NLOS ranges read
/// long by tenths of a metre with several times the noise (Gururaj et al.,
/// "Real-time identification of NLOS in UWB", 2017; the Hanyang and LIAS
/// recordings in `../shared/datasets`). The hypothesis is a two-state Markov
/// chain in continuous time (Bar-Shalom, Li & Kirubarajan 2001, §11.6.3, mode
/// probabilities of a jump-Markov system): between updates `dt` apart, LOS
/// turns NLOS with probability `dt / (τL + dt)` and NLOS turns LOS with
/// `dt / (τN + dt)`, the first-order Padé form of `1 - exp(-dt/τ)`, which
/// keeps the probabilities rate-independent from 1 to 100 Hz without an
/// exponential. Then Bayes' rule on the likelihoods (Rabiner 1989, the
/// forward recursion):
///
///     π⁻ = π (1 - pNL) + (1 - π) pLN
///     π  = π⁻ Λ / (π⁻ Λ + 1 - π⁻),  Λ = N(y; b, S + s²) / N(y; 0, S)
///
/// What it can and cannot tell: a step onto a longer path (an NLOS episode
/// starting) and a burst of noise both raise π. A lasting offset that the
/// filter has already followed looks like line of sight again, because
/// range-only data cannot tell a constant bias from a distance. Outliers far
/// from the prediction, short or long, also raise π for an update or two:
/// they are not line-of-sight measurements either.
///
/// - Complexity: O(1) per update. Does not allocate.
public struct NonLineOfSightDetector: Sendable {
  /// The mean extra path under NLOS, metres.
  public static let biasMeters = 0.3
  /// The spread of the extra path under NLOS, metres: with ``biasMeters``, it
  /// covers the +0.07 to +0.6 m seen behind bodies and walls.
  public static let biasSigmaMeters = 0.2
  /// Mean time in line of sight before an NLOS episode, seconds.
  public static let meanLineOfSightSeconds = 10.0
  /// Mean length of an NLOS episode, seconds (episodes last 1-5 s).
  public static let meanNonLineOfSightSeconds = 3.0
  /// π before any evidence: the chain's stationary probability, τN / (τL + τN).
  public static let initialProbability = meanNonLineOfSightSeconds / (meanLineOfSightSeconds + meanNonLineOfSightSeconds)

  /// The current probability of NLOS, in [0, 1].
  public private(set) var probability = NonLineOfSightDetector.initialProbability

  public init() {}

  /// Forgets the evidence (a track restarts).
  public mutating func reset() { probability = Self.initialProbability }

  /// Folds in one measurement's innovation.
  ///
  /// - Parameters:
  ///   - y: the innovation, measured minus predicted distance, metres.
  ///   - S: the innovation variance, m², > 0.
  ///   - dt: seconds since the previous measurement, >= 0.
  /// - Complexity: O(1). Does not allocate. Not inlinable: it calls the C
  ///   library's `exp`, which the core reaches through an internal import.
  public mutating func update(innovation y: Double, innovationVariance S: Double, dt: Double) {
    let losToNlos = dt / (Self.meanLineOfSightSeconds + dt)
    let nlosToLos = dt / (Self.meanNonLineOfSightSeconds + dt)
    let prior = probability * (1 - nlosToLos) + (1 - probability) * losToNlos
    let b = Self.biasMeters
    let widened = S + Self.biasSigmaMeters * Self.biasSigmaMeters
    // ln Λ = ½ ln(S / widened) - (y - b)² / (2 widened) + y² / (2 S), clamped so exp stays finite
    let exponent = -(y - b) * (y - b) / (2 * widened) + y * y / (2 * S)
    let ratio = (S / widened).squareRoot() * ranging_exp(min(max(exponent, -60), 60))
    let posterior = prior * ratio / (prior * ratio + 1 - prior)
    // NaN (a broken S) leaves the previous value.
    if posterior >= 0 && posterior <= 1 { probability = posterior }
  }
}
