// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine
import RangingReplay
import ZoneMonitor

/// The engine options checked by the core's own configuration ranges
/// (``ConfigurationError``), so that the command line accepts exactly what
/// the engine does: `--measurement-sigma 1e200` or `--process-noise inf`
/// stop with exit 64 and the option's range instead of filtering to NaN.
extension EngineOptions {
  /// Builds the tracker configuration and the zones that ``pipeline(_:zones:)``
  /// will build, without trapping, and checks them.
  ///
  /// - Throws: `ValidationError` naming the option, its range and the value given.
  public func validateEngineConfiguration() throws {
    do {
      try trackerConfiguration().validate()
      _ = try validatedZones(try zoneList())
    } catch let error as ConfigurationError {
      throw ValidationError(Self.message(for: error))
    }
  }

  /// The options as a tracker configuration, unchecked: the defaults with
  /// each option set. ``pipeline(_:zones:)`` builds its tracker from this
  /// very value, so what is checked is what runs.
  public func trackerConfiguration() -> TrackerConfiguration {
    var tracker = TrackerConfiguration()
    tracker.capacity = capacity
    tracker.rangeFilter.accelerationSpectralDensity = processNoise
    tracker.rangeFilter.measurementSigmaMeters = measurementSigma
    tracker.rangeFilter.adaptsMeasurementNoise = measuredNoise == .on
    tracker.rangeFilter.gatesOnEvidence = gating == .evidence
    tracker.rangeFilter.gateSigmas = gate
    tracker.rangeFilter.shortGateSigmas = shortGate
    tracker.rangeFilter.resetAfterRejections = resetAfter
    tracker.rangeFilter.resetAfterSeconds = resetAfterSeconds
    tracker.rangeFilter.confirmationCount = confirmation
    tracker.rangeFilter.confirmationSeconds = confirmationSeconds
    tracker.rangeFilter.maximumRateMetersPerSecond = maxRate
    tracker.rangeFilter.prefilter.window = hampelWindow
    tracker.rangeFilter.prefilter.threshold = hampelThreshold
    tracker.rangeFilter.prefilter.side = hampelSide == .above ? .above : .both
    if direction == .off {
      tracker.directionFilter = nil
    } else {
      // validate() has checked --fov before this runs.
      tracker.directionFilter?.fieldOfView = (try? fieldOfView()) ?? FieldOfView()
      tracker.directionFilter?.maximumCoastSeconds = maxCoast
      tracker.directionFilter?.velocityCorrelationSeconds = velocityCorrelation
    }
    // validate() has checked --range-offset and --range-scale before this runs.
    tracker.rangeCalibration = (try? rangeCalibration()) ?? RangeCalibration()
    return tracker
  }

  /// The zones of `list` with these options, each checked: what
  /// `ZoneList.zones(...)` builds (the hysteresis capped at the radius, as it
  /// does), throwing where it would trap.
  public func validatedZones(_ list: ZoneList) throws(ConfigurationError) -> [Zone] {
    var zones: [Zone] = []
    for (radius, degrees) in zip(list.radii, list.angleLimitsDegrees) {
      zones.append(
        try Zone.validated(
          radiusMeters: radius, hysteresisMeters: min(hysteresis, radius), enterDwellSeconds: enterDwell,
          exitDwellSeconds: exitDwell, enterSigmaMultiplier: sigmaMargin, bandOffsetMeters: bandOffset,
          angleLimitRadians: degrees.map { $0 * .pi / 180 }))
    }
    return zones
  }

  /// `--measurement-sigma must be in 0.0001...1000, got 1e+200`, in the
  /// option's own units (degrees for angles given in degrees).
  public static func message(for error: ConfigurationError) -> String {
    guard let (option, scale) = option(for: error.setting) else {
      return "\(error.setting.name) must be in \(error.allowed.lowerBound)...\(error.allowed.upperBound), got \(error.value)"
    }
    let low = error.allowed.lowerBound * scale, high = error.allowed.upperBound * scale
    return "\(option) must be in \(low)...\(high), got \(error.value * scale)"
  }

  /// The option that sets `setting`, and the factor from the engine's unit to the option's.
  public static func option(for setting: ConfigurationSetting) -> (String, Double)? {
    let degrees = 180 / Double.pi
    return switch setting {
    case .rangeAccelerationSpectralDensity: ("--process-noise", 1)
    case .rangeMeasurementSigma: ("--measurement-sigma", 1)
    case .rangeGateSigmas: ("--gate", 1)
    case .rangeShortGateSigmas: ("--short-gate", 1)
    case .rangeResetAfterRejections: ("--reset-after", 1)
    case .rangeResetAfterSeconds: ("--reset-after-seconds", 1)
    case .rangeConfirmationCount: ("--confirmation", 1)
    case .rangeConfirmationSeconds: ("--confirmation-seconds", 1)
    case .rangeMaximumRate: ("--max-rate", 1)
    case .hampelWindow: ("--hampel-window", 1)
    case .hampelThreshold: ("--hampel-threshold", 1)
    case .directionMaximumCoast: ("--max-coast", 1)
    case .directionVelocityCorrelation: ("--velocity-correlation", 1)
    case .fieldOfViewAzimuthLimit: ("--fov azimuth (degrees)", degrees)
    case .fieldOfViewElevationLimit: ("--fov elevation (degrees)", degrees)
    case .trackerCapacity: ("--capacity", 1)
    case .calibrationOffset: ("--range-offset", 1)
    case .calibrationScale: ("--range-scale", 1)
    case .zoneRadius: ("--zones radius", 1)
    case .zoneHysteresis: ("--hysteresis", 1)
    case .zoneBandOffset: ("--band-offset", 1)
    case .zoneEnterDwell: ("--enter-dwell", 1)
    case .zoneExitDwell: ("--exit-dwell", 1)
    case .zoneEnterSigmaMultiplier: ("--sigma-margin", 1)
    case .zoneAngleLimit: ("--zones angle (degrees)", degrees)
    default: nil
    }
  }
}
