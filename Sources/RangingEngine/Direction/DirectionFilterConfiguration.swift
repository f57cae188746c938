// SPDX-License-Identifier: Apache-2.0
/// Tuning of the 3-D direction filter. Units are in the names.
public struct DirectionFilterConfiguration: Sendable {
  /// White-noise acceleration spectral density per axis, m²/s³ (as for the distance filter).
  public var accelerationSpectralDensity: Double
  /// Standard deviation of a measured distance, metres.
  public var rangeSigmaMeters: Double
  /// Standard deviation of a measured direction across the ray, radians
  /// (Nearby Interaction directions scatter by a few degrees).
  public var angleSigmaRadians: Double
  /// Standard deviation of a horizontal-angle-only measurement, radians.
  public var horizontalAngleSigmaRadians: Double
  /// A direction measured outside ``fieldOfView`` is suspect: its angle sigma
  /// is multiplied by this.
  public var suspectDirectionFactor: Double
  /// Standard deviation of the velocity when a track starts, m/s.
  public var initialVelocitySigmaMetersPerSecond: Double
  /// Gate on a position update, in standard deviations (Mahalanobis, 3 dof).
  public var gateSigmas: Double
  /// The measurement cone. A missing direction while the track is predicted
  /// inside it is evidence that the object left it (see ``DirectionFilter``).
  public var fieldOfView: FieldOfView
  /// Standard deviation of that evidence: how far beyond the cone's edge the
  /// object may be, radians.
  public var fieldOfViewEdgeSigmaRadians: Double
  /// Sigma of the `same` vertical estimate as an elevation of 0, radians.
  public var verticalSameSigmaRadians: Double
  /// The direction becomes `unknown` when its angular sigma passes this, radians.
  public var unknownAngleSigmaRadians: Double
  /// The direction becomes `unknown` this long after the last measured one,
  /// seconds. A straight-line prediction drifts from someone walking a curve,
  /// or stopping, faster than its sigma grows (the range updates keep the
  /// sigma small). On the generated suites (seeds 7 and 2026, all scenarios)
  /// coasting 2 s let 2-4 of 119-133 gaps pass 45° of error while still
  /// `predicted`; 1.5 s let none (Tuning.md).
  public var maximumCoastSeconds: Double
  /// Time constant τ over which the tracked velocity decays towards 0,
  /// seconds (`VelocityDecayModel`): a person's velocity is correlated
  /// over a second or two, as people turn and stop, so a prediction through
  /// a field-of-view gap moves at most `v τ` instead of running on in a
  /// straight line. 1.5 s was chosen over 0.5-4 s and over constant velocity
  /// on the tuning seeds at 2, 5 and 20 Hz with every effect on: gaps whose
  /// predicted direction passes 45° while `predicted` fell from 89 to 29 of
  /// about 4,000, the p95 error in the first 2 s of gaps from 24-38° to
  /// 20-32°, medians within 1°; 1 s fails fewer gaps still but misses the
  /// 15° early median of the effect-free circling runs (Tuning.md,
  /// "Direction: a velocity that decays"). 1e6 is constant velocity in practice.
  public var velocityCorrelationSeconds: Double

  public init(
    accelerationSpectralDensity: Double = 1.0,
    rangeSigmaMeters: Double = 0.05,
    angleSigmaRadians: Double = 4 * .pi / 180,
    horizontalAngleSigmaRadians: Double = 6 * .pi / 180,
    suspectDirectionFactor: Double = 3,
    initialVelocitySigmaMetersPerSecond: Double = 1.0,
    gateSigmas: Double = 5,
    fieldOfView: FieldOfView = FieldOfView(),
    fieldOfViewEdgeSigmaRadians: Double = 15 * .pi / 180,
    verticalSameSigmaRadians: Double = 20 * .pi / 180,
    unknownAngleSigmaRadians: Double = 25 * .pi / 180,
    maximumCoastSeconds: Double = 1.5,
    velocityCorrelationSeconds: Double = 1.5
  ) {
    self.accelerationSpectralDensity = accelerationSpectralDensity
    self.rangeSigmaMeters = rangeSigmaMeters
    self.angleSigmaRadians = angleSigmaRadians
    self.horizontalAngleSigmaRadians = horizontalAngleSigmaRadians
    self.suspectDirectionFactor = suspectDirectionFactor
    self.initialVelocitySigmaMetersPerSecond = initialVelocitySigmaMetersPerSecond
    self.gateSigmas = gateSigmas
    self.fieldOfView = fieldOfView
    self.fieldOfViewEdgeSigmaRadians = fieldOfViewEdgeSigmaRadians
    self.verticalSameSigmaRadians = verticalSameSigmaRadians
    self.unknownAngleSigmaRadians = unknownAngleSigmaRadians
    self.maximumCoastSeconds = maximumCoastSeconds
    self.velocityCorrelationSeconds = velocityCorrelationSeconds
    do { try validate() } catch { error.trap() }
  }

  /// Accepted ``suspectDirectionFactor``: 1 (no penalty) to 1e6.
  public static let suspectDirectionFactorRange: ClosedRange<Double> = 1...1e6
  /// Accepted ``maximumCoastSeconds``: a microsecond (the clock's resolution)
  /// to an hour; a straight-line prediction is worthless long before that.
  public static let maximumCoastRange: ClosedRange<Double> = 1e-6...3600
  /// Accepted ``velocityCorrelationSeconds``: 1 ms (the velocity forgotten
  /// between two updates at any rate) to 1e6 s (constant velocity).
  public static let velocityCorrelationRange: ClosedRange<Double> = 1e-3...1e6

  /// Throws the first setting outside its documented range: the acceleration
  /// density, range and velocity sigmas and the gate in the shared
  /// ``ConfigurationLimits``; ``angleSigmaRadians`` and
  /// ``horizontalAngleSigmaRadians`` in ``ConfigurationLimits/measuredAngleSigmaRadians``;
  /// the evidence sigmas and ``unknownAngleSigmaRadians`` in
  /// ``ConfigurationLimits/evidenceAngleSigmaRadians``; ``suspectDirectionFactorRange``,
  /// ``maximumCoastRange``, ``velocityCorrelationRange`` and the ``fieldOfView``.
  ///
  /// - Throws: ``ConfigurationError``.
  /// - Complexity: O(1). Does not allocate.
  public func validate() throws(ConfigurationError) {
    typealias Limits = ConfigurationLimits
    try ConfigurationError.check(
      .directionAccelerationSpectralDensity, accelerationSpectralDensity, in: Limits.accelerationSpectralDensity)
    try ConfigurationError.check(.directionRangeSigma, rangeSigmaMeters, in: Limits.distanceSigmaMeters)
    try ConfigurationError.check(.directionAngleSigma, angleSigmaRadians, in: Limits.measuredAngleSigmaRadians)
    try ConfigurationError.check(
      .directionHorizontalAngleSigma, horizontalAngleSigmaRadians, in: Limits.measuredAngleSigmaRadians)
    try ConfigurationError.check(
      .directionSuspectDirectionFactor, suspectDirectionFactor, in: Self.suspectDirectionFactorRange)
    try ConfigurationError.check(
      .directionInitialVelocitySigma, initialVelocitySigmaMetersPerSecond, in: Limits.speedSigmaMetersPerSecond)
    try ConfigurationError.check(.directionGateSigmas, gateSigmas, in: Limits.gateSigmas)
    try fieldOfView.validate()
    try ConfigurationError.check(
      .directionFieldOfViewEdgeSigma, fieldOfViewEdgeSigmaRadians, in: Limits.evidenceAngleSigmaRadians)
    try ConfigurationError.check(.directionVerticalSameSigma, verticalSameSigmaRadians, in: Limits.evidenceAngleSigmaRadians)
    try ConfigurationError.check(.directionUnknownAngleSigma, unknownAngleSigmaRadians, in: Limits.evidenceAngleSigmaRadians)
    try ConfigurationError.check(.directionMaximumCoast, maximumCoastSeconds, in: Self.maximumCoastRange)
    try ConfigurationError.check(
      .directionVelocityCorrelation, velocityCorrelationSeconds, in: Self.velocityCorrelationRange)
  }
}
