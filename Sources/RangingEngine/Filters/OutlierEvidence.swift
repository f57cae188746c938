// SPDX-License-Identifier: Apache-2.0
/// Whether an object's own readings have lately shown outliers: the
/// evidence on which the distance filter narrows its innovation gate
/// (``RangeFilterConfiguration/gatesOnEvidence``).
///
/// A gate rejects what lies more than a few sigmas from the prediction. On a
/// device whose errors are Gaussian that is almost never an error and often
/// motion the constant-velocity model did not foresee: a walker passing
/// close by (the distance's second derivative is `v²/d`, several m/s² at
/// half a metre) or a standing start. On a quiet device the default gate of
/// four sigmas is a few centimetres wide, and such motion is rejected for the
/// half second before the filter restarts, leaving rows 0.3-1 m off
/// (Tuning.md, "Outlier evidence").
///
/// The evidence is the object's pseudo-residuals (``MeasurementNoiseEstimator``):
/// each reading's signed distance from the straight line through its
/// neighbours, in units of the measured noise σ̂. A reading `s` off the line
/// (a spike) moves the pseudo-residuals of its neighbour, itself and its other
/// neighbour by `s/√6`, `-2s/√6` and `s/√6`, and a jump of `s` moves two by
/// `s/√6` and `-s/√6`: neighbours beyond ``threshold`` σ̂ of opposite signs,
/// two such pairs for a spike and one for a jump. Motion
/// does not do that: a change of rate `Δv` (a turn, a standing start) bends
/// the line once, by `Δv Δt/√6`, and a walker passing close by bends it the
/// same way for several readings in a row. So such a pair counts, the count
/// decaying by `1 - w` per reading,
///
///     c ← (1 - w) c + [|eₖ₋₁|, |eₖ| > k σ̂, of opposite signs],   k = threshold, w = weight
///
/// and outliers are present while `c >= 1/2`: one such pair within the last
/// `ln 2 / w` readings (177). For Gaussian noise two neighbouring
/// pseudo-residuals are correlated -2/3, and both lie beyond 3 σ with
/// opposite signs with probability 3.9e-4 per reading, so outliers are
/// present 1 - exp(-177 · 3.9e-4) = 6.7 % of the time on a clean device
/// (OutlierEvidenceTests). A device's own noise is not evidence however
/// large it is: σ̂ measures it, and only readings far outside it count; a
/// device whose readings are one in ten a metre long has a σ̂ of tenths of a
/// metre, and its gate is wide for that reason.
///
/// - Complexity: O(1) per reading: two multiplications, two comparisons. Does not allocate.
public struct OutlierEvidence: Sendable {
  /// Pseudo-residuals beyond this many σ̂ may count: 3, where Gaussian noise
  /// passes 99.7 % of them (the noise estimator's winsorizing point).
  @inlinable public static var threshold: Double { 3 }
  /// The count's decay per reading, w: 1/256.
  @inlinable public static var weight: Double { 1.0 / 256 }
  /// The count at which outliers are present: 1/2, so that one pair keeps
  /// the narrow gate for `ln 2 / w` readings.
  @inlinable public static var presence: Double { 0.5 }

  /// The decaying count c.
  @usableFromInline var count = 0.0
  /// The sign of the previous pseudo-residual when it lay beyond the
  /// threshold (-1 or +1), else 0.
  @usableFromInline var previousBeyond = 0.0

  /// No evidence yet.
  public init() {}

  /// True while the readings show outliers.
  @inlinable
  public var isPresent: Bool { count >= Self.presence }

  /// Forgets the evidence (another object).
  public mutating func reset() {
    count = 0
    previousBeyond = 0
  }

  /// Folds in one pseudo-residual: `deviation`, of the pseudo-residual's
  /// sign, `squared`, the squared pseudo-residual `e²` (metres²), and the
  /// noise variance `σ̂²` in use. NaN counts as no evidence.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable @inline(__always)
  public mutating func add(deviation: Double, squaredPseudoResidual squared: Double, noiseVariance variance: Double) {
    count *= 1 - Self.weight
    let beyond = squared > Self.threshold * Self.threshold * variance ? (deviation < 0 ? -1.0 : 1.0) : 0
    if beyond * previousBeyond < 0 { count += 1 }
    previousBeyond = beyond
  }
}
