// SPDX-License-Identifier: Apache-2.0
/// An online, robust estimate of one object's distance measurement noise σ,
/// measured from its own readings, so that the distance filter's `R`, its
/// gates, the NLOS detector, the reported sigma and the zones' band follow the
/// device instead of a constant fitted to other devices.
///
/// Each reading yields a pseudo-residual for the reading before it
/// (Gasser, Sroka & Jennen-Steinmetz 1986, "Residual variance and residual
/// pattern in nonlinear regression", Biometrika 73(3), eq. 2-3): for three
/// consecutive readings `d₁, d₂, d₃` at `t₁ < t₂ < t₃`,
///
///     e = (a d₁ + b d₃ - d₂) / √(a² + b² + 1),   a = (t₃ - t₂) / (t₃ - t₁),  b = (t₂ - t₁) / (t₃ - t₁)
///
/// (computed as `e² = (Δ₂ d₁ + Δ₁ d₃ - (Δ₁ + Δ₂) d₂)² / (Δ₁² + Δ₂² + (Δ₁ + Δ₂)²)`
/// with `Δ₁ = t₂ - t₁`, `Δ₂ = t₃ - t₂`: the same, times `(t₃ - t₁)²` above and
/// below), the middle reading's distance from the straight line through its
/// neighbours, scaled so that `Var(e) = σ²` when the distance changes
/// linearly over `[t₁, t₃]` and the reading errors are independent with
/// variance `σ²`. Unlike covariance matching on the filter's innovations
/// (Mehra 1972) or Sage-Husa's estimator, `e` does not depend on the filter's
/// process noise `q`, its gate or its restarts: a wrong `q` cannot leak into
/// `R`, and `R` does not feed back into its own estimate. Motion that is not
/// linear over two intervals adds to `e` (about `a (t₃ - t₁)² / 8` for an
/// acceleration `a`: 1 cm at 5 Hz for 1 m/s², 25 cm at 1 Hz), so at low
/// rates a turning walker reads as extra noise, which smooths more, as the
/// textbook filter's larger sigma does there.
///
/// The variance is a running, winsorized mean square of the pseudo-residuals
/// (Huber 1981, "Robust Statistics", §5.6: a scale M-estimate with a clipped
/// score; Huber's Proposal 2 clips the squares at `c σ̂` the same way):
///
///     m ← m + w (min(e², (c σ̂)²) - m),   σ̂ = √(m / κ),   κ = E[min(Z², c²)], Z ~ N(0, 1)
///
/// A mean square, not a robust scale such as the median absolute deviation:
/// the Kalman filter's `R` is the readings' variance, and a device whose
/// errors are heavy-tailed (a tenth of readings three times as noisy, as in
/// the Hanyang and LIAS recordings) has a variance well above its core
/// scale's square; a robust scale under-smooths it (Tuning.md, "Measured
/// noise"). Clipping at `c σ̂` keeps a multipath jump, an NLOS step, a
/// restart or a gap from moving σ̂ by more than a bounded step, and `κ` makes
/// σ̂ unbiased for Gaussian noise. `m` starts at `κ σ₀²` (σ₀ the configured
/// ``RangeFilterConfiguration/measurementSigmaMeters``: the prior), whose
/// weight decays as `(1 - w)ⁿ` over `n` pseudo-residuals; σ̂ stays within ``bounds``.
///
/// What it cannot see: an error that changes slowly (a device's bias, NLOS
/// that lasts, readings correlated from one update to the next at high
/// rates) moves the three readings alike and leaves `e` near zero. At 100 Hz
/// the LIAS trolley's σ̂ is 0.02 m, at 5 Hz 0.04 m: the filter then follows
/// such errors as it follows motion, which no range-only filter can tell apart.
///
/// - Complexity: O(1) per reading: one division, no square root. Does not allocate.
public struct MeasurementNoiseEstimator: Sendable {
  /// Weight of the newest pseudo-residual, w: 1/32, an exponential window of
  /// about 63 readings (`2/w - 1`), over which σ̂ scatters by about ±12 % for
  /// Gaussian noise, and runs 1.5 % low on average (clipping at a σ̂ that
  /// itself scatters; measured over 60,000 readings).
  /// From a prior 4.6 times too low (0.065 m for a 0.3 m device) σ̂ catches
  /// up within about 14 readings, since each reading can raise `m` by up to
  /// `w (c²/κ - 1)`, 25 % (Tuning.md, "Measured noise").
  @inlinable public static var weight: Double { 1.0 / 32 }
  /// The winsorizing point c, in units of σ̂: 3. Gaussian noise passes
  /// 99.7 % of pseudo-residuals unclipped, while an outlier of any size
  /// moves `m` by at most `w ((c σ̂)² - m)`, σ̂ by at most 12 %.
  @inlinable public static var clip: Double { 3 }
  /// κ = E[min(Z², c²)] for Z ~ N(0, 1) and c = 3:
  /// `(2Φ(c) - 1) - 2 c φ(c) + 2 c² (1 - Φ(c))` = 0.9973002 - 0.0265911 + 0.0242982
  /// (to double precision from libm's `erfc` in MeasurementNoiseEstimatorTests).
  @inlinable public static var consistency: Double { 0.9950072780344537 }
  /// The estimate's bounds, metres: 1 cm (below a DW1000 time tick's 4.7 mm
  /// the readings are quantised, and a smaller σ would make the filter trust
  /// a device's wander as truth) to 1 m (an object whose readings scatter by
  /// more than that is not being ranged).
  @inlinable public static var bounds: ClosedRange<Double> { 0.01...1 }

  /// The running winsorized mean square pseudo-residual, m, metres².
  @usableFromInline var meanSquare: Double
  /// The prior σ₀, metres, which ``reset()`` returns to.
  @usableFromInline let prior: Double
  /// The two previous readings, oldest first, and how many are held (0-2).
  @usableFromInline var previousDistance = 0.0, latestDistance = 0.0
  @usableFromInline var previousTime = Timestamp(microseconds: 0), latestTime = Timestamp(microseconds: 0)
  @usableFromInline var held = 0
  /// The running mean interval between readings, seconds (0 before two readings).
  @usableFromInline var meanInterval = 0.0
  /// Whether the pseudo-residuals lately show outliers; see ``OutlierEvidence``.
  public var outliers: OutlierEvidence { _outliers }
  @usableFromInline var _outliers = OutlierEvidence()

  /// An estimator at the prior σ₀ (clamped to ``bounds``).
  public init(priorSigmaMeters: Double) {
    prior = min(max(priorSigmaMeters, Self.bounds.lowerBound), Self.bounds.upperBound)
    meanSquare = Self.consistency * prior * prior
  }

  /// The current estimate σ̂², metres², within ``bounds`` squared: the filter's
  /// `R`. No square root: `R` is what the filter needs, on every update.
  @inlinable
  public var variance: Double {
    let low = Self.bounds.lowerBound, high = Self.bounds.upperBound
    return min(max(meanSquare * (1 / Self.consistency), low * low), high * high)
  }

  /// The current estimate σ̂, metres, within ``bounds``.
  @inlinable
  public var sigmaMeters: Double { variance.squareRoot() }

  /// The time between readings over which σ̂ was measured, seconds: a
  /// running mean of the intervals with σ̂'s own ``weight`` (a pseudo-residual
  /// spans two of them), so that one gap in a fast stream does not move it
  /// far; 0 before two readings.
  @inlinable
  public var readingIntervalSeconds: Double { meanInterval }

  /// Back to the prior, with no readings held (another object, or a track
  /// whose readings no longer follow on from the last ones).
  public mutating func reset() {
    meanSquare = Self.consistency * prior * prior
    held = 0
    meanInterval = 0
    _outliers.reset()
  }

  /// Folds in one reading. Readings at the time of the latest one (a
  /// duplicate time) replace it: a pseudo-residual needs three distinct times.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable @inline(__always)
  public mutating func add(distanceMeters d: Double, at time: Timestamp) {
    guard held > 0, time > latestTime else {
      if held == 0 { held = 1 }
      latestDistance = d
      latestTime = time
      return
    }
    if held == 2 {
      // e² with the scaling folded in, times the span² top and bottom: one
      // division and no square root. Differences in Double: never an overflow,
      // exact below 2^53 µs.
      let before = Double(latestTime.microseconds) - Double(previousTime.microseconds)
      let after = Double(time.microseconds) - Double(latestTime.microseconds)
      let span = before + after
      let deviation = after * previousDistance + before * d - span * latestDistance
      let squared = deviation * deviation / (after * after + before * before + span * span)
      let noiseVariance = variance
      _outliers.add(deviation: deviation, squaredPseudoResidual: squared, noiseVariance: noiseVariance)
      let clipped = min(squared, Self.clip * Self.clip * noiseVariance)
      // NaN (a broken reading) leaves the estimate as it was.
      if clipped == clipped { meanSquare += Self.weight * (clipped - meanSquare) }
    } else {
      held = 2
    }
    let interval = time.seconds(since: latestTime)
    meanInterval = meanInterval == 0 ? interval : meanInterval + Self.weight * (interval - meanInterval)
    previousDistance = latestDistance
    previousTime = latestTime
    latestDistance = d
    latestTime = time
  }
}
