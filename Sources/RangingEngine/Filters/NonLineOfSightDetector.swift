// SPDX-License-Identifier: Apache-2.0
/// The probability that an object's latest distance measurements came over a
/// non-line-of-sight (NLOS) path, judged from the distance filter's innovations.
///
/// Two hypotheses for the innovation `y` of a measurement against the
/// predicted distance, whose variance is `S = P00 + R`:
///
///     LOS:  y ~ N(0, S)
///     NLOS: y ~ N(b, κ S)      b = biasMeters, κ = varianceFactor
///
/// A body or a wall in the path delays the first arrival, so NLOS ranges read
/// long by tenths of a metre with several times the noise (Gururaj et al.,
/// "Real-time identification of NLOS in UWB", 2017; the Hanyang and LIAS
/// recordings in `../shared/datasets`). The NLOS variance is a multiple of
/// S, not S plus a constant, so that the likelihood ratio needs neither a
/// square root nor a second division (below); with κ = 10 its spread is
/// √(10 S): 0.21 m at 20 Hz, 0.35 m at 5 Hz, about the +0.07 to +0.6 m seen,
/// and wide at 1 Hz, where one innovation cannot tell a step from motion anyway.
///
/// The hypothesis is a two-state Markov chain in continuous time (Bar-Shalom,
/// Li & Kirubarajan 2001, §11.6.3, mode probabilities of a jump-Markov
/// system), whose probability relaxes towards its stationary value π∞ at the
/// rate `ρ = 1/τL + 1/τN`. Between updates `dt` apart it takes one Euler step
/// of that relaxation, capped at full mixing, which is rate-independent from
/// 1 to 100 Hz to first order in `ρ dt` (within 2 % of the exact
/// `1 - exp(-ρ dt)` at 20 Hz, 23 % at 1 Hz) and costs no division:
///
///     ε  = min(1, ρ dt)
///     π⁻ = π + ε (π∞ - π)
///
/// Then Bayes' rule on the likelihoods (Rabiner 1989, the forward recursion):
///
///     π  = π⁻ Λ / (π⁻ Λ + 1 - π⁻)
///     Λ  = N(y; b, κ S) / N(y; 0, S) = exp((y² - (y - b)²/κ) / (2 S)) / √κ
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
  @inlinable public static var biasMeters: Double { 0.3 }
  /// The NLOS innovation variance over the line-of-sight one, κ.
  @inlinable public static var varianceFactor: Double { 10 }
  /// Mean time in line of sight before an NLOS episode, seconds.
  @inlinable public static var meanLineOfSightSeconds: Double { 10 }
  /// Mean length of an NLOS episode, seconds (episodes last 1-5 s).
  @inlinable public static var meanNonLineOfSightSeconds: Double { 3 }
  /// π before any evidence: the chain's stationary probability, τN / (τL + τN).
  @inlinable public static var initialProbability: Double {
    meanNonLineOfSightSeconds / (meanLineOfSightSeconds + meanNonLineOfSightSeconds)
  }
  /// ½ log2 κ, the likelihood ratio's normalisation 1/√κ as a power of two.
  @inlinable static var halfLog2VarianceFactor: Double { 1.660964047443681 }
  /// The chain's relaxation rate ρ = 1/τL + 1/τN, per second.
  @inlinable static var relaxationRate: Double { 1 / meanLineOfSightSeconds + 1 / meanNonLineOfSightSeconds }

  /// The forward variables αL and αN (Rabiner 1989, eq. 19-20), unnormalised:
  /// π = αN / (αL + αN). Keeping them unnormalised takes the division out of
  /// the update; a power-of-two rescaling (exact) brings their sum back to
  /// [1, 2) at the update after it leaves [2^-400, 2^400] instead (Rabiner's
  /// scaling, §V.A), so it stays within 2^±488.
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
    let b = Self.biasMeters, kappa = Self.varianceFactor
    // log2 Λ = (y² - (y - b)²/κ) log2(e) / (2 S) - ½ log2 κ: one division, no square
    // root, and 1/√κ folded into the exponent (one multiplication fewer after 2^x)
    let exponent = (y * y - (y - b) * (y - b) * (1 / kappa)) * (0.5 * 1.4426950408889634 / S)
      - Self.halfLog2VarianceFactor
    // NaN (a broken S or y) leaves the state as it was.
    guard S > 0, exponent == exponent else { return }
    // Clamped to Λ within e^±60 (2^±87) so that 2^x stays finite and normal.
    let ratio = ExponentialFunction.exp2(min(max(exponent, -87), 87))
    // The weights are brought back to a sum in [1, 2) when it has left
    // [2^-400, 2^400]. The sum tested is the previous update's, whose value was
    // ready long ago, so the branch does not wait for this update's 2^x; one
    // update moves the sum by at most 2^88 (Λ <= 2^87), far inside the
    // 2^±1022 a Double holds.
    let previousSum = lineOfSightWeight + nonLineOfSightWeight
    if !_fastPath(previousSum > 0x1p-400 && previousSum < 0x1p400) {
      rescale(lineOfSightWeight, nonLineOfSightWeight, sum: previousSum)
    }
    // α⁻ = α + ε (s π∞ - α), s = αL + αN (the relaxation, unnormalised); then αN ·= Λ
    let l = lineOfSightWeight, n = nonLineOfSightWeight
    let mixing = min(1, Self.relaxationRate * dt)
    let total = (l + n) * mixing
    let newL = l + (total * (1 - Self.initialProbability) - l * mixing)
    let newN = (n + (total * Self.initialProbability - n * mixing)) * ratio
    lineOfSightWeight = newL
    nonLineOfSightWeight = newN
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
