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
    maximumCoastSeconds: Double = 1.5
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
    do { try validate() } catch { error.trap() }
  }

  /// Accepted ``suspectDirectionFactor``: 1 (no penalty) to 1e6.
  public static let suspectDirectionFactorRange: ClosedRange<Double> = 1...1e6
  /// Accepted ``maximumCoastSeconds``: a microsecond (the clock's resolution)
  /// to an hour; a straight-line prediction is worthless long before that.
  public static let maximumCoastRange: ClosedRange<Double> = 1e-6...3600

  /// Throws the first setting outside its documented range: the acceleration
  /// density, range and velocity sigmas and the gate in the shared
  /// ``ConfigurationLimits``; ``angleSigmaRadians`` and
  /// ``horizontalAngleSigmaRadians`` in ``ConfigurationLimits/measuredAngleSigmaRadians``;
  /// the evidence sigmas and ``unknownAngleSigmaRadians`` in
  /// ``ConfigurationLimits/evidenceAngleSigmaRadians``; ``suspectDirectionFactorRange``,
  /// ``maximumCoastRange`` and the ``fieldOfView``.
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
  }
}
