// SPDX-License-Identifier: Apache-2.0
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

  /// The forward variables αL and αN (Rabiner 1989, eq. 19-20), unnormalised:
  /// π = αN / (αL + αN). Keeping them unnormalised takes the division out of
  /// the update's chain from one measurement to the next; a power-of-two
  /// rescaling (exact) keeps their sum within [2^-400, 2^400] instead (Rabiner's scaling, §V.A).
  @usableFromInline var lineOfSightWeight = 1 - NonLineOfSightDetector.initialProbability
  @usableFromInline var nonLineOfSightWeight = NonLineOfSightDetector.initialProbability

  /// The current probability of NLOS, in [0, 1].
  @inlinable
  public var probability: Double { nonLineOfSightWeight / (lineOfSightWeight + nonLineOfSightWeight) }

  public init() {}

  /// Forgets the evidence (a track restarts).
  public mutating func reset() {
    lineOfSightWeight = 1 - Self.initialProbability
    nonLineOfSightWeight = Self.initialProbability
  }

  /// Folds in one measurement's innovation.
  ///
  /// - Parameters:
  ///   - y: the innovation, measured minus predicted distance, metres.
  ///   - S: the innovation variance, m², > 0.
  ///   - dt: seconds since the previous measurement, >= 0.
  /// - Complexity: O(1). Does not allocate. Inlinable, so that in the
  ///   filter's loop it overlaps the filter's own arithmetic (nothing in the
  ///   filter waits for it).
  @inlinable @inline(__always)
  public mutating func update(innovation y: Double, innovationVariance S: Double, dt: Double) {
    let tauL = Self.meanLineOfSightSeconds, tauN = Self.meanNonLineOfSightSeconds
    // pLN = dt / (τL + dt), pNL = dt / (τN + dt), with one division
    let inverse = 1 / ((tauL + dt) * (tauN + dt))
    let losToNlos = dt * (tauN + dt) * inverse
    let nlosToLos = dt * (tauL + dt) * inverse
    let b = Self.biasMeters
    let widened = S + Self.biasSigmaMeters * Self.biasSigmaMeters
    // 1/S and 1/widened from one division
    let inverseProduct = 1 / (S * widened)
    let inverseS = widened * inverseProduct, inverseWidened = S * inverseProduct
    // ln Λ = ½ ln(S / widened) - (y - b)² / (2 widened) + y² / (2 S)
    let exponent = 0.5 * (y * y * inverseS - (y - b) * (y - b) * inverseWidened)
    // NaN (a broken S or y) leaves the state as it was.
    guard S > 0, exponent == exponent else { return }
    // Clamped so that exp stays finite and normal.
    let ratio = (S * inverseWidened).squareRoot() * ExponentialFunction.exp(min(max(exponent, -60), 60))
    // α⁻ = transition of α; then αN ·= Λ (αL by 1: only the ratio matters)
    let l = lineOfSightWeight, n = nonLineOfSightWeight
    let newL = l * (1 - losToNlos) + n * nlosToLos
    let newN = (l * losToNlos + n * (1 - nlosToLos)) * ratio
    let sum = newL + newN
    // Λ is at most e^60 ≈ 2^87 either way, so the sum stays far from overflow and
    // underflow if it is brought back to [1, 2) whenever it leaves [2^-400, 2^400].
    if _fastPath(sum > 0x1p-400 && sum < 0x1p400) {
      lineOfSightWeight = newL
      nonLineOfSightWeight = newN
    } else {
      rescale(newL, newN, sum: sum)
    }
  }

  /// Stores the weights times 2^-e, for sum = m · 2^e with m in [1, 2) (exact).
  @usableFromInline
  mutating func rescale(_ l: Double, _ n: Double, sum: Double) {
    guard sum.isNormal else { return }
    // the biased exponent mirrored about 1023
    let scale = Double(bitPattern: (2046 &- ((sum.bitPattern &>> 52) & 0x7FF)) &<< 52)
    lineOfSightWeight = l * scale
    nonLineOfSightWeight = n * scale
  }
}
