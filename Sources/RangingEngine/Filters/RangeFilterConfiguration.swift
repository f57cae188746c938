// SPDX-License-Identifier: Apache-2.0
/// Tuning of the distance filter. Units are in the names.
///
/// Defaults are chosen on the generated scenario suite (`datasets/`) and the
/// recordings in `../shared/datasets`; the measurements behind each value are
/// in `Sources/RangingEngine/RangingEngine.docc/Tuning.md`.
///
/// Each setting has a documented range (``validate()``): the initialiser
/// traps outside it (a value written in code), and a configuration built
/// from user values is checked with ``validate()``, which throws.
public struct RangeFilterConfiguration: Sendable {
  /// White-noise acceleration spectral density q, in m²/s³ (Bar-Shalom et al.
  /// 2001, §6.2.2). A walker changes speed by well under 1 m/s over 1 s, so
  /// q ≈ (0.7 m/s²)² · 1 s; larger values follow faster but smooth less.
  /// 0.5 was chosen over 1 on the tuning seeds at 1, 5 and 20 Hz and the
  /// tuning recordings (Tuning.md, "Process noise"): it smooths heavy-tailed
  /// noise better at 1 Hz and still follows a 2.5 m/s approach.
  public var accelerationSpectralDensity: Double
  /// Standard deviation of one distance measurement, metres (UWB line of
  /// sight: a few centimetres). 0.065 m is the robust sigma (1.4826 MAD) of
  /// the line-of-sight residuals in the real recordings (0.062 to 0.072 m on
  /// the LIAS anchors), and the value every leave-one-source-out fold picks
  /// from 0.05, 0.065, 0.08 and 0.1 on the sources it was not scored on
  /// (TuningHistory.md, "Measurement sigma by leave-one-source-out"; `scripts/reports/accuracy`).
  public var measurementSigmaMeters: Double
  /// Whether the filter measures each object's noise from its own readings
  /// (``MeasurementNoiseEstimator``), with ``measurementSigmaMeters`` as the
  /// prior it starts from, or keeps ``measurementSigmaMeters`` throughout.
  /// On by default: a constant fitted to the tuning devices is wrong for a
  /// device noisier or quieter than those (Tuning.md, "Measured noise").
  public var adaptsMeasurementNoise: Bool
  /// Whether the innovation gates (``gateSigmas``, ``shortGateSigmas``, and
  /// the restart of a track that has not held) are as set only while the
  /// object's readings show outliers (``OutlierEvidence``), and
  /// ``RangeFilter/gateWideningWithoutOutliers`` times wider otherwise; or as
  /// set always. On by default: on a device with Gaussian noise a gate of four
  /// sigmas rejects motion, not errors (Tuning.md, "Outlier evidence").
  public var gatesOnEvidence: Bool
  /// Standard deviation of the rate when a track starts, m/s (walking speed).
  public var initialRateSigmaMetersPerSecond: Double
  /// Innovation gate in standard deviations: a measurement is rejected when
  /// `y² / S > gate²`.
  public var gateSigmas: Double
  /// Gate for measurements shorter than predicted (negative innovation), in
  /// standard deviations. Equal to ``gateSigmas`` by default: a wider short
  /// gate (6, on the reasoning that ranging outliers are mostly long) changed
  /// no event on any real recording, native or decimated, and moved the
  /// generated suites by at most 0.002 F1, so one gate serves both sides
  /// (Tuning.md, "Every rule earns its place"). It stays a setting for
  /// devices whose outliers are known to be one-sided.
  public var shortGateSigmas: Double
  /// Consecutive gate rejections after which the filter restarts from the
  /// latest measurement, whatever time they span: 3. Three readings in a row
  /// outside the gate are not an isolated spike but an error that lasts
  /// (multipath, antenna orientation, a body in the way), which the track must
  /// follow rather than reject for ``resetAfterSeconds``: on the INRoL
  /// recordings (errors that persist for seconds, ~21 Hz) waiting 0.5 s put the
  /// filtered RMSE 0.031-0.034 m above the textbook filter's and above the raw
  /// readings'; restarting at the third rejection brings it within 0.002 m of
  /// the textbook's and removes 17 false events at 20 Hz and at the native
  /// rate, while every other source keeps its F1 (Tuning.md, "The zone
  /// decision"). At 1-2 Hz the time rule below acts first.
  public var resetAfterRejections: Int
  /// Seconds after which a run of at least two gate rejections restarts the
  /// filter from the latest measurement: a real, lasting jump (someone
  /// stepped around a wall, a runner turned) is followed within this time,
  /// while a spike of one reading never restarts the track, and a burst of
  /// multipath readings shorter than this does not either. 0.5 s, chosen on
  /// the tuning seeds at 1 Hz (Tuning.md, "Lasting jumps at low rates").
  public var resetAfterSeconds: Double
  /// Measurements fused after a (re)start before the track has held
  /// (``RangeFilter/hasHeld``), together with ``confirmationSeconds``: both
  /// must be met. Zones act on a restarted track only once it has held (a
  /// fresh track from its first reading, ``RangeFilter/isConfirmed``), and a
  /// track that has not held restarts at a measurement
  /// outside the long gate (it may have started on a spike).
  public var confirmationCount: Int
  /// Seconds a (re)started track must have lasted before it has held,
  /// together with ``confirmationCount``. Evidence against a start on a
  /// spike comes with time as much as with updates, and a fixed count costs
  /// latency in proportion to the update interval: two fusions are 2 s at
  /// 1 Hz and 0.1 s at 20 Hz. One fusion and 0.25 s (one fusion at 1 to
  /// 4 Hz, two at 5 Hz, five at 20 Hz) was chosen over two fusions on the
  /// tuning seeds at 1, 2, 5 and 20 Hz (Tuning.md, "Confirmation by time").
  public var confirmationSeconds: Double
  /// The robust pre-filter in front of the Kalman filter. Off by default:
  /// on the scenario suite the one-sided gate already removes spikes, and
  /// a Hampel window adds lag (its median trails a moving person), most at
  /// low update rates (window 5 at 1 Hz holds 5 s). Measured in Tuning.md.
  public var prefilter: HampelConfiguration
  /// Largest rate of change of the distance the filter's state may hold, m/s
  /// (`RateLimit`). Infinity (no limit) by default: a limit of 3 m/s changed
  /// no event on any real recording or generated suite (Tuning.md, "Every
  /// rule earns its place"). A finite value is for callers who know their
  /// objects' top speed.
  public var maximumRateMetersPerSecond: Double

  public init(
    accelerationSpectralDensity: Double = 0.5,
    measurementSigmaMeters: Double = 0.065,
    adaptsMeasurementNoise: Bool = true,
    gatesOnEvidence: Bool = true,
    initialRateSigmaMetersPerSecond: Double = 1.5,
    gateSigmas: Double = 4.0,
    shortGateSigmas: Double = 4.0,
    resetAfterRejections: Int = 3,
    resetAfterSeconds: Double = 0.5,
    confirmationCount: Int = 1,
    confirmationSeconds: Double = 0.25,
    prefilter: HampelConfiguration = .off,
    maximumRateMetersPerSecond: Double = .infinity
  ) {
    self.accelerationSpectralDensity = accelerationSpectralDensity
    self.measurementSigmaMeters = measurementSigmaMeters
    self.adaptsMeasurementNoise = adaptsMeasurementNoise
    self.gatesOnEvidence = gatesOnEvidence
    self.initialRateSigmaMetersPerSecond = initialRateSigmaMetersPerSecond
    self.gateSigmas = gateSigmas
    self.shortGateSigmas = shortGateSigmas
    self.resetAfterRejections = resetAfterRejections
    self.resetAfterSeconds = resetAfterSeconds
    self.confirmationCount = confirmationCount
    self.confirmationSeconds = confirmationSeconds
    self.prefilter = prefilter
    self.maximumRateMetersPerSecond = maximumRateMetersPerSecond
    do { try validate() } catch { error.trap() }
  }

  /// Accepted ``resetAfterRejections``: at least one; a million never resets in practice.
  public static let resetAfterRejectionsRange: ClosedRange<Int> = 1...1_000_000
  /// Accepted ``confirmationCount``: 0 (zones act on the first measurement) to 1000.
  public static let confirmationCountRange: ClosedRange<Int> = 0...1000
  /// Accepted ``confirmationSeconds``: 0 (the count alone decides) to an hour.
  public static let confirmationSecondsRange: ClosedRange<Double> = 0...3600
  /// Accepted ``resetAfterSeconds``: 0 (restart at the second rejection) to a day.
  public static let resetAfterSecondsRange: ClosedRange<Double> = 0...86_400
  /// Accepted ``maximumRateMetersPerSecond``: 0.1 m/s (a slow walk) and up,
  /// infinity included (no limit).
  public static let maximumRateRange: ClosedRange<Double> = 0.1...Double.infinity

  /// Throws the first setting outside its documented range:
  /// ``accelerationSpectralDensity`` in ``ConfigurationLimits/accelerationSpectralDensity``,
  /// ``measurementSigmaMeters`` in ``ConfigurationLimits/distanceSigmaMeters``,
  /// ``initialRateSigmaMetersPerSecond`` in ``ConfigurationLimits/speedSigmaMetersPerSecond``,
  /// both gates in ``ConfigurationLimits/gateSigmas``, the counts in
  /// ``resetAfterRejectionsRange`` and ``confirmationCountRange``,
  /// ``confirmationSeconds`` in ``confirmationSecondsRange``,
  /// ``maximumRateMetersPerSecond`` in ``maximumRateRange``, and the
  /// ``prefilter`` (``HampelConfiguration/validate()``).
  ///
  /// - Throws: ``ConfigurationError`` naming the setting, its value and its range.
  /// - Complexity: O(1). Does not allocate.
  public func validate() throws(ConfigurationError) {
    try ConfigurationError.check(
      .rangeAccelerationSpectralDensity, accelerationSpectralDensity, in: ConfigurationLimits.accelerationSpectralDensity)
    try ConfigurationError.check(.rangeMeasurementSigma, measurementSigmaMeters, in: ConfigurationLimits.distanceSigmaMeters)
    try ConfigurationError.check(
      .rangeInitialRateSigma, initialRateSigmaMetersPerSecond, in: ConfigurationLimits.speedSigmaMetersPerSecond)
    try ConfigurationError.check(.rangeGateSigmas, gateSigmas, in: ConfigurationLimits.gateSigmas)
    try ConfigurationError.check(.rangeShortGateSigmas, shortGateSigmas, in: ConfigurationLimits.gateSigmas)
    try ConfigurationError.check(.rangeResetAfterRejections, resetAfterRejections, in: Self.resetAfterRejectionsRange)
    try ConfigurationError.check(.rangeResetAfterSeconds, resetAfterSeconds, in: Self.resetAfterSecondsRange)
    try ConfigurationError.check(.rangeConfirmationCount, confirmationCount, in: Self.confirmationCountRange)
    try ConfigurationError.check(.rangeConfirmationSeconds, confirmationSeconds, in: Self.confirmationSecondsRange)
    try ConfigurationError.check(.rangeMaximumRate, maximumRateMetersPerSecond, in: Self.maximumRateRange)
    try prefilter.validate()
  }
}
