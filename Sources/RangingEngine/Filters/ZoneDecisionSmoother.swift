// SPDX-License-Identifier: Apache-2.0
/// The distance the zones decide on: a second constant-velocity Kalman filter
/// beside the estimate, smoothing more than it does.
///
/// The estimate (``RangeFilter``) trusts each object's measured noise σ̂, which
/// sees only the part of the error that changes from one reading to the next
/// (``MeasurementNoiseEstimator``). On real devices much of the error persists
/// for seconds (multipath, antenna orientation, a body in the way): the
/// estimate then follows it as it follows motion, and a track near a boundary
/// crosses the band again and again. A zone decision needs the opposite
/// trade: fewer false events at the cost of a little lag. So the decision runs
/// its own filter, the textbook one (Bar-Shalom, Li & Kirubarajan 2001,
/// §6.2.2, continuous white-noise acceleration, q = ``accelerationSpectralDensity``),
/// with a measurement variance of at least ``floorSigmaMeters``² and the
/// object's measured σ̂² when that is larger (a noisy device is smoothed as
/// much as its noise asks) and its readings come close enough for σ̂ to
/// mean the device's noise (``trustsMeasuredNoise(readingInterval:)``: not at
/// 1 Hz), on the readings the estimate fused and, of those it
/// rejected, the ones within ``gateSigmas`` of the decision's own prediction
/// (every one, as the textbook does, where readings come too far apart:
/// ``gateSigmas(readingInterval:)``); a restart of the estimate restarts the
/// decision.
///
/// Unlike the estimate, its state is not projected onto d >= 0: the
/// textbook filter's is not, and after a fast approach at 1 Hz the
/// prediction passes below zero; zeroing distance and rate there made the
/// next readings pull the decision back out of the inner zone and in again
/// (the clean sweep at 1 Hz, 1-3 false events more than the textbook in every
/// device cell). ``distanceMeters`` reports it at 0 or more.
///
/// Chosen by the worst fold (Tuning.md, "The zone decision"): on the INRoL
/// recordings, whose errors last seconds, deciding on the estimate trailed the
/// textbook filter by up to 0.109 F1 (20 Hz) with 59 more false events; deciding
/// on this smoother trails it on no real source at any rate (native, 20, 5, 2,
/// 1 Hz) and keeps the estimate's gains where spikes dominate (Hanyang, LIAS).
///
/// The arithmetic is ``ScalarConstantVelocity``'s.
///
/// - Complexity: O(1) per reading, about twenty floating-point operations. Does not allocate.
@frozen
public struct ZoneDecisionSmoother: Sendable {
  /// The decision's acceleration spectral density q, m²/s³: 0.3, the textbook
  /// setting of the peer it must not trail (`rangectl evaluate`'s cv-kalman).
  @inlinable public static var accelerationSpectralDensity: Double { 0.3 }
  /// The least measurement sigma the decision assumes, metres: 0.15, the
  /// textbook setting; the scale of the errors that persist on real devices
  /// (INRoL p95 +0.25 m, Hanyang NLOS steps of 0.1-0.2 m), not of their jitter.
  @inlinable public static var floorSigmaMeters: Double { 0.15 }

  /// The decision's distance, rate and covariance (``ScalarConstantVelocity``).
  public var state = ScalarConstantVelocity(distanceMeters: .nan, distanceVariance: 0, rateVariance: 0)
  /// Decision distance d, metres: the state's, or 0 while the state lies
  /// below zero (a prediction past the phone, which the state keeps so that
  /// the next reading corrects it as the textbook filter's would).
  @inlinable public var distanceMeters: Double { state.distanceMeters > 0 ? state.distanceMeters : 0 }

  public init() {}

  /// Whether an object's measured σ̂ may raise the decision's measurement
  /// variance above the floor's when its readings come `readingInterval`
  /// seconds apart: only while the motion the decision's own model expects
  /// in one of σ̂'s pseudo-residuals stays below the floor's variance.
  ///
  /// Under the constant-velocity model with acceleration density q, motion
  /// alone gives three readings Δ apart a second difference of variance
  /// `2 q Δ³ / 3` (the integrated Wiener process; Bar-Shalom, Li &
  /// Kirubarajan 2001, §6.2.2), and ``MeasurementNoiseEstimator``'s
  /// pseudo-residual (half of it, over √1.5) a variance of `q Δ³ / 9`. With
  /// q = 0.3 and the floor 0.15 m that reaches 0.15² at Δ = 0.88 s: at 1 Hz a
  /// walker's turn alone reads as σ̂ above the floor, so σ̂ no longer tells a
  /// noisy device from motion, and a decision smoothing with it lags and
  /// recrosses the band (the clean sweep at 1 Hz, 0.05-0.3 m devices, made
  /// 3-9 more false events than the textbook filter). At 2 Hz and faster the
  /// expected motion is 0.065 m or less and σ̂ is the device's (a 0.3 m device
  /// at 5 Hz: F1 +0.046 over the textbook with it, -0.001 without). Chosen by
  /// the worst fold (Tuning.md, "The zone decision").
  @inlinable @inline(__always)
  public static func trustsMeasuredNoise(readingInterval: Double) -> Bool {
    let floor = floorSigmaMeters * floorSigmaMeters
    let interval = readingInterval
    // Written so that a NaN interval trusts σ̂, as before any interval is known.
    return !(accelerationSpectralDensity * interval * interval * interval >= 9 * floor)
  }

  /// The measurement variance for an object whose measured noise variance is
  /// `measuredVariance`: the larger of it and the floor's.
  @inlinable @inline(__always)
  static func measurementVariance(_ measuredVariance: Double) -> Double {
    let floor = floorSigmaMeters * floorSigmaMeters
    return measuredVariance > floor ? measuredVariance : floor
  }

  /// Starts at `distanceMeters` with rate 0: P = diag(r², v0²).
  @inlinable
  public mutating func start(at distance: Double, measuredVariance: Double, initialRateSigma: Double) {
    state = ScalarConstantVelocity(
      distanceMeters: distance, distanceVariance: Self.measurementVariance(measuredVariance),
      rateVariance: initialRateSigma * initialRateSigma)
  }

  /// Time update over `dt` seconds (none for `dt` <= 0).
  @inlinable @inline(__always)
  public mutating func predict(dt: Double) {
    guard dt > 0 else { return }
    state.predict(dt: dt, accelerationSpectralDensity: Self.accelerationSpectralDensity)
  }

  /// Fuses `measured` (after ``predict(dt:)`` to its time), ungated.
  @inlinable @inline(__always)
  public mutating func fuse(_ measured: Double, measuredVariance: Double) {
    state.fuse(
      innovation: measured - state.distanceMeters, measurementVariance: Self.measurementVariance(measuredVariance))
  }

  /// ``predict(dt:)`` then ``fuse(_:measuredVariance:)``, the same arithmetic,
  /// on a copy of the state held in registers and stored once: written
  /// through the state's fields between the two, the prediction's stores
  /// were read back at once by the fusion's wider loads, which the processor
  /// cannot forward from narrower stores (perf annotate of `rangectl bench`:
  /// a tenth of `RangeFilter.update`'s samples on that one load).
  @inlinable @inline(__always)
  public mutating func predictAndFuse(dt: Double, _ measured: Double, measuredVariance: Double) {
    var next = state
    if dt > 0 { next.predict(dt: dt, accelerationSpectralDensity: Self.accelerationSpectralDensity) }
    next.fuse(innovation: measured - next.distanceMeters, measurementVariance: Self.measurementVariance(measuredVariance))
    state = next
  }

  /// The gate, in sigmas of the decision's own innovation, for a reading the
  /// estimate rejected: 3.5. The estimate's gate judges readings by the
  /// object's jitter σ̂, so on a device whose errors last seconds it rejects
  /// readings that are only the lasting error; the decision follows those as
  /// the textbook filter does, and drops only what lies beyond 3.5 of its own
  /// sigmas (0.53 m or more with the floor): the spikes and short readings of
  /// Hanyang and LIAS. 3 cost the clean sweep up to 0.047 F1 at 1-2 Hz (the
  /// gate then rejects a walker's turn), 4 cost Hanyang at 2 Hz 0.012 F1 and two
  /// false events (Tuning.md, "The zone decision").
  @inlinable public static var gateSigmas: Double { 3.5 }

  /// The gate for a reading the estimate rejected when the object's readings
  /// come `readingInterval` seconds apart: ``gateSigmas`` where the object's
  /// σ̂ is trusted (``trustsMeasuredNoise(readingInterval:)``), and none (every
  /// reading fused, as the textbook filter fuses them) from 0.88 s on.
  ///
  /// There, the motion expected over one interval exceeds the floor's
  /// variance, so one reading far from the prediction is as likely a turn or a
  /// stop as a spike; and once a short reading the estimate fused has pulled
  /// the decision's rate, the gate refuses the true readings after it, where
  /// the textbook filter follows them back within a reading. Gating at 1 Hz
  /// made the parametric generator's 1 Hz fold 2-4 false events more than the
  /// textbook's (Tuning.md, "The zone decision").
  @inlinable @inline(__always)
  public static func gateSigmas(readingInterval: Double) -> Double {
    trustsMeasuredNoise(readingInterval: readingInterval) ? gateSigmas : .infinity
  }

  /// Fuses `measured`, which the estimate rejected, when it lies within
  /// `gate` sigmas of the decision's prediction (after ``predict(dt:)``;
  /// ``gateSigmas(readingInterval:)`` live, the offline decision's own
  /// offline; an infinite gate fuses every finite reading); otherwise the
  /// decision only predicts.
  @inlinable @inline(__always)
  public mutating func fuseWithinGate(_ measured: Double, measuredVariance: Double, gate: Double = gateSigmas) {
    let y = measured - state.distanceMeters
    let s = state.p00 + Self.measurementVariance(measuredVariance)
    if y * y <= gate * gate * s { fuse(measured, measuredVariance: measuredVariance) }
  }

  /// The decision distance extrapolated `dt` seconds ahead without changing the smoother.
  @inlinable
  public func distance(after dt: Double) -> Double {
    let d = state.distanceMeters + max(0, dt) * state.rateMetersPerSecond
    return d > 0 ? d : 0
  }
}
