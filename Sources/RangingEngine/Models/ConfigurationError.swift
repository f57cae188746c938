// SPDX-License-Identifier: Apache-2.0
/// A configuration value outside its documented range.
///
/// Configuration comes from users, files and command lines, so a bad value
/// is an error the caller reports, not a trap (STYLE.md §5, tier 1). Every
/// configuration type checks itself with a `validate()` that throws this
/// error, naming the setting, the value given and the range it must lie in
/// given the type's other settings (a zone's hysteresis, for example, must
/// stay below twice its radius). ``TrackerConfiguration/validate()`` checks
/// everything a tracker is made of.
///
/// Every range is closed, so that NaN, which no comparison admits, fails
/// every check, and infinities fail too: each range is finite. A bound that
/// the mathematics needs open (a radius above 0) is the nearest value a user
/// could mean (a millimetre), written down next to the setting with its reason.
///
/// The non-throwing initialisers of the configuration types trap on the same
/// checks: values written in code that break them are programmer errors.
/// Build a configuration from user values by setting the properties of a
/// default one and calling `validate()`, or with `Zone`'s `validated(...)`.
public struct ConfigurationError: Error, Equatable, Sendable {
  /// The setting at fault.
  public var setting: ConfigurationSetting
  /// The value given (integer settings converted to `Double`).
  public var value: Double
  /// The values the setting accepts, given the type's other settings.
  public var allowed: ClosedRange<Double>

  public init(setting: ConfigurationSetting, value: Double, allowed: ClosedRange<Double>) {
    self.setting = setting
    self.value = value
    self.allowed = allowed
  }

  /// Throws unless `allowed` contains `value` (NaN never passes).
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public static func check(
    _ setting: ConfigurationSetting, _ value: Double, in allowed: ClosedRange<Double>
  ) throws(ConfigurationError) {
    guard allowed.contains(value) else {
      throw ConfigurationError(setting: setting, value: value, allowed: allowed)
    }
  }

  /// Throws unless `allowed` contains the integer `value`.
  @inlinable
  public static func check(
    _ setting: ConfigurationSetting, _ value: Int, in allowed: ClosedRange<Int>
  ) throws(ConfigurationError) {
    guard allowed.contains(value) else {
      throw ConfigurationError(
        setting: setting, value: Double(value), allowed: Double(allowed.lowerBound)...Double(allowed.upperBound))
    }
  }

  /// Stops the program for a configuration written in code that breaks its
  /// documented range: the non-throwing initialisers' precondition.
  public func trap() -> Never {
    #if hasFeature(Embedded)
    fatalError("configuration value outside its documented range")
    #else
    fatalError("\(description)")
    #endif
  }
}

#if !hasFeature(Embedded)
extension ConfigurationError: CustomStringConvertible {
  /// `RangeFilterConfiguration.measurementSigmaMeters is 1e+200, outside 0.0001...1000`.
  public var description: String {
    "\(setting.name) is \(value), outside \(allowed.lowerBound)...\(allowed.upperBound)"
  }
}
#endif

/// Every checked configuration setting, as `Type.property`.
public enum ConfigurationSetting: UInt8, CaseIterable, Sendable {
  // RangeFilterConfiguration
  case rangeAccelerationSpectralDensity
  case rangeMeasurementSigma
  case rangeInitialRateSigma
  case rangeGateSigmas
  case rangeShortGateSigmas
  case rangeResetAfterRejections
  case rangeResetAfterSeconds
  case rangeConfirmationCount
  // HampelConfiguration
  case hampelWindow
  case hampelThreshold
  case hampelMinimumScale
  // DirectionFilterConfiguration and FieldOfView
  case directionAccelerationSpectralDensity
  case directionRangeSigma
  case directionAngleSigma
  case directionHorizontalAngleSigma
  case directionSuspectDirectionFactor
  case directionInitialVelocitySigma
  case directionGateSigmas
  case directionFieldOfViewEdgeSigma
  case directionVerticalSameSigma
  case directionUnknownAngleSigma
  case directionMaximumCoast
  case fieldOfViewAzimuthLimit
  case fieldOfViewElevationLimit
  // TrackerConfiguration
  case trackerCapacity
  case trackerLostTimeout
  // SampleValidation
  case validationDirectionLengthTolerance
  case validationMinimumDistance
  case validationMaximumDistance
  // RangeCalibration
  case calibrationOffset
  case calibrationScale
  // Zone
  case zoneRadius
  case zoneHysteresis
  case zoneBandOffset
  case zoneEnterDwell
  case zoneExitDwell
  case zoneEnterSigmaMultiplier
  case zoneAngleLimit
  case zoneAngleHysteresis
  /// The number of zones of a pipeline (`ZoneMembership` in the ZoneMonitor module).
  case zoneCount
  // RangeFilterConfiguration (added after the others, so earlier codes keep their values)
  case rangeMaximumRate
  case rangeConfirmationSeconds
  // DirectionFilterConfiguration (added after the others)
  case directionVelocityCorrelation

  /// `Type.property`, as the Swift API spells it.
  public var name: StaticString {
    switch self {
    case .rangeAccelerationSpectralDensity: "RangeFilterConfiguration.accelerationSpectralDensity"
    case .rangeMeasurementSigma: "RangeFilterConfiguration.measurementSigmaMeters"
    case .rangeInitialRateSigma: "RangeFilterConfiguration.initialRateSigmaMetersPerSecond"
    case .rangeGateSigmas: "RangeFilterConfiguration.gateSigmas"
    case .rangeShortGateSigmas: "RangeFilterConfiguration.shortGateSigmas"
    case .rangeResetAfterRejections: "RangeFilterConfiguration.resetAfterRejections"
    case .rangeResetAfterSeconds: "RangeFilterConfiguration.resetAfterSeconds"
    case .rangeConfirmationCount: "RangeFilterConfiguration.confirmationCount"
    case .hampelWindow: "HampelConfiguration.window"
    case .hampelThreshold: "HampelConfiguration.threshold"
    case .hampelMinimumScale: "HampelConfiguration.minimumScaleMeters"
    case .directionAccelerationSpectralDensity: "DirectionFilterConfiguration.accelerationSpectralDensity"
    case .directionRangeSigma: "DirectionFilterConfiguration.rangeSigmaMeters"
    case .directionAngleSigma: "DirectionFilterConfiguration.angleSigmaRadians"
    case .directionHorizontalAngleSigma: "DirectionFilterConfiguration.horizontalAngleSigmaRadians"
    case .directionSuspectDirectionFactor: "DirectionFilterConfiguration.suspectDirectionFactor"
    case .directionInitialVelocitySigma: "DirectionFilterConfiguration.initialVelocitySigmaMetersPerSecond"
    case .directionGateSigmas: "DirectionFilterConfiguration.gateSigmas"
    case .directionFieldOfViewEdgeSigma: "DirectionFilterConfiguration.fieldOfViewEdgeSigmaRadians"
    case .directionVerticalSameSigma: "DirectionFilterConfiguration.verticalSameSigmaRadians"
    case .directionUnknownAngleSigma: "DirectionFilterConfiguration.unknownAngleSigmaRadians"
    case .directionMaximumCoast: "DirectionFilterConfiguration.maximumCoastSeconds"
    case .fieldOfViewAzimuthLimit: "FieldOfView.azimuthLimitRadians"
    case .fieldOfViewElevationLimit: "FieldOfView.elevationLimitRadians"
    case .trackerCapacity: "TrackerConfiguration.capacity"
    case .trackerLostTimeout: "TrackerConfiguration.lostTimeoutSeconds"
    case .validationDirectionLengthTolerance: "SampleValidation.directionLengthTolerance"
    case .validationMinimumDistance: "SampleValidation.minimumDistanceMeters"
    case .validationMaximumDistance: "SampleValidation.maximumDistanceMeters"
    case .calibrationOffset: "RangeCalibration.offsetMeters"
    case .calibrationScale: "RangeCalibration.scale"
    case .zoneRadius: "Zone.radiusMeters"
    case .zoneHysteresis: "Zone.hysteresisMeters"
    case .zoneBandOffset: "Zone.bandOffsetMeters"
    case .zoneEnterDwell: "Zone.enterDwellSeconds"
    case .zoneExitDwell: "Zone.exitDwellSeconds"
    case .zoneEnterSigmaMultiplier: "Zone.enterSigmaMultiplier"
    case .zoneAngleLimit: "Zone.angleLimitRadians"
    case .zoneAngleHysteresis: "Zone.angleHysteresisRadians"
    case .zoneCount: "zones.count"
    case .rangeMaximumRate: "RangeFilterConfiguration.maximumRateMetersPerSecond"
    case .rangeConfirmationSeconds: "RangeFilterConfiguration.confirmationSeconds"
    case .directionVelocityCorrelation: "DirectionFilterConfiguration.velocityCorrelationSeconds"
    }
  }
}

/// The ranges several configuration types share, with their reasons.
public enum ConfigurationLimits {
  /// White-noise acceleration spectral densities, m²/s³. Above 1e6
  /// ((1000 m/s²)² · 1 s, a hundred g sustained) nothing people carry moves;
  /// below 1e-6 ((1 mm/s²)² · 1 s) a filter no longer follows a walker.
  /// Both ends keep `q dt³` finite for any gap up to a day.
  public static let accelerationSpectralDensity: ClosedRange<Double> = 1e-6...1e6
  /// Standard deviations of a measured distance, metres. 0.1 mm is fifty
  /// times finer than a DW1000 time tick (4.7 mm of range); 1 km is beyond
  /// any ranging error. Squared, both stay far from underflow and overflow
  /// (the issue-13 reproducer, 1e200, made the variance infinite).
  public static let distanceSigmaMeters: ClosedRange<Double> = 1e-4...1000
  /// Standard deviations of a speed, m/s: 0.1 mm/s to 1 km/s.
  public static let speedSigmaMetersPerSecond: ClosedRange<Double> = 1e-4...1000
  /// Innovation gates, in standard deviations. Below 0.1 almost every
  /// measurement is rejected; 1e6 switches the gate off (reference runs use it).
  public static let gateSigmas: ClosedRange<Double> = 0.1...1e6
  /// Standard deviations of a measured angle, radians: up to π (a direction
  /// known to no better than a half turn is no measurement).
  public static let measuredAngleSigmaRadians: ClosedRange<Double> = 1e-6...Double.pi
  /// Standard deviations of angle evidence and angle thresholds, radians:
  /// large values switch the evidence off (tests use 1e6).
  public static let evidenceAngleSigmaRadians: ClosedRange<Double> = 1e-6...1e6
}
