// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

/// A validated `ranging_config_t` in the engine's own types.
///
/// ``status(of:)`` checks every field against the range the header documents
/// without allocating, so that `ranging_engine_memory_size` can use it too;
/// `init(validated:)` then builds the Swift configuration, whose own
/// preconditions can no longer fail.
struct CAPIConfiguration {
  var tracker: TrackerConfiguration
  var zones: [Zone]
  var suspensionPolicy: SuspensionPolicy
  var eventCapacity: Int

  /// Most objects; the object table's limit is 2²⁴, but 65536 keeps every
  /// size formula far from overflowing a 32-bit `size_t`.
  static let maximumObjects: UInt32 = 65536
  /// Most queued events (2²⁰ events is tens of megabytes).
  static let maximumEventCapacity: UInt32 = 1 << 20

  /// The defaults of `ranging_config_init`: those of `rangectl replay`, with
  /// room for 8 objects and 16 events (every event of one update with two
  /// zones, eight times over).
  static var defaults: ranging_config_t {
    var config = ranging_config_t()
    config.max_objects = 8
    config.event_capacity = 16
    config.zones = nil
    config.zone_count = 0
    config.lost_timeout_us = Timestamp(seconds: TrackerConfiguration().lostTimeoutSeconds).microseconds
    config.direction_tracking = true
    let fieldOfView = FieldOfView()
    config.field_of_view_azimuth_rad = fieldOfView.azimuthLimitRadians
    config.field_of_view_elevation_rad = fieldOfView.elevationLimitRadians
    config.range_sigma_m = RangeFilterConfiguration().measurementSigmaMeters
    let calibration = RangeCalibration()
    config.range_offset_m = calibration.offsetMeters
    config.range_scale = calibration.scale
    config.suspension_policy = ranging_suspension_policy_t(RANGING_SUSPENSION_EXIT_ZONES)
    let filter = RangeFilterConfiguration()
    config.process_noise = filter.accelerationSpectralDensity
    config.gate_sigmas = filter.gateSigmas
    config.short_gate_sigmas = filter.shortGateSigmas
    config.max_rate_m_per_s = filter.maximumRateMetersPerSecond
    config.reset_after_rejections = UInt32(filter.resetAfterRejections)
    config.reset_after_us = Timestamp(seconds: filter.resetAfterSeconds).microseconds
    config.confirmation_count = UInt32(filter.confirmationCount)
    config.confirmation_us = Timestamp(seconds: filter.confirmationSeconds).microseconds
    config.hampel_window = UInt32(filter.prefilter.window)
    config.hampel_threshold = filter.prefilter.threshold
    config.measured_range_noise = filter.adaptsMeasurementNoise
    config.range_gating_on_evidence = filter.gatesOnEvidence
    config.hampel_side = filter.prefilter.side == .above
      ? ranging_outlier_side_t(RANGING_OUTLIER_SIDE_ABOVE) : ranging_outlier_side_t(RANGING_OUTLIER_SIDE_BOTH)
    let direction = DirectionFilterConfiguration()
    config.max_coast_us = Timestamp(seconds: direction.maximumCoastSeconds).microseconds
    config.velocity_correlation_us = Timestamp(seconds: direction.velocityCorrelationSeconds).microseconds
    return config
  }

  /// The defaults of `ranging_zone_config_init` for a zone of `radius` metres.
  static func zoneDefaults(radiusMeters radius: Double) -> ranging_zone_config_t {
    var zone = ranging_zone_config_t()
    zone.radius_m = radius
    zone.hysteresis_m = Zone.defaultHysteresisMeters
    zone.enter_dwell_us = Timestamp(seconds: Zone.defaultEnterDwellSeconds).microseconds
    zone.exit_dwell_us = Timestamp(seconds: Zone.defaultExitDwellSeconds).microseconds
    zone.enter_sigma_multiplier = Zone.defaultEnterSigmaMultiplier
    zone.band_offset_m = Zone.defaultBandOffsetMeters
    zone.angle_limit_rad = 0
    zone.angle_hysteresis_rad = Zone.defaultAngleHysteresisRadians
    return zone
  }

  /// The zones a configuration names: its array, or none for the defaults.
  private static func zoneBuffer(_ config: ranging_config_t) -> UnsafeBufferPointer<ranging_zone_config_t> {
    UnsafeBufferPointer(start: config.zones, count: Int(config.zone_count))
  }

  /// The number of zones the engine will have: `RangingPipeline.defaultZones`
  /// has two (counted here without building that array, which allocates).
  static func zoneCount(_ config: ranging_config_t) -> Int {
    config.zone_count == 0 ? 2 : Int(config.zone_count)
  }

  /// RANGING_OK when every field is in its documented range, else the status
  /// `ranging_engine_create` returns. The engine's settings are checked by the
  /// core's own `validate()` (one source of truth for every range); only the
  /// C layer's limits (counts, pointers, enumerations) are checked here.
  /// Written so that NaN fails every check.
  ///
  /// - Complexity: O(zones). Does not allocate.
  static func status(of config: ranging_config_t) -> ranging_status_t {
    if config.zone_count > 0 && config.zones == nil { return CAPIStatus.nullArgument }
    guard config.max_objects >= 1 && config.max_objects <= maximumObjects,
      config.event_capacity >= 1 && config.event_capacity <= maximumEventCapacity,
      config.zone_count <= UInt32(RANGING_MAX_ZONES), (config.zones == nil) == (config.zone_count == 0),
      RangeCalibration.validationError(offsetMeters: config.range_offset_m, scale: config.range_scale) == nil,
      config.suspension_policy == ranging_suspension_policy_t(RANGING_SUSPENSION_EXIT_ZONES)
        || config.suspension_policy == ranging_suspension_policy_t(RANGING_SUSPENSION_HOLD_ZONES),
      config.hampel_side == ranging_outlier_side_t(RANGING_OUTLIER_SIDE_ABOVE)
        || config.hampel_side == ranging_outlier_side_t(RANGING_OUTLIER_SIDE_BOTH)
    else { return CAPIStatus.invalidConfig }
    do {
      try trackerConfiguration(config).validate()
      for zone in zoneBuffer(config) { _ = try self.zone(zone) }
    } catch {
      return CAPIStatus.invalidConfig
    }
    return CAPIStatus.ok
  }

  /// The tracker configuration `config` describes, unchecked: the defaults
  /// with the C fields set (``status(of:)`` validates it).
  private static func trackerConfiguration(_ config: ranging_config_t) -> TrackerConfiguration {
    var tracker = TrackerConfiguration()
    tracker.capacity = Int(config.max_objects)
    tracker.lostTimeoutSeconds = Timestamp(microseconds: config.lost_timeout_us).seconds
    tracker.rangeFilter.measurementSigmaMeters = config.range_sigma_m
    tracker.rangeFilter.adaptsMeasurementNoise = config.measured_range_noise
    tracker.rangeFilter.gatesOnEvidence = config.range_gating_on_evidence
    tracker.rangeFilter.accelerationSpectralDensity = config.process_noise
    tracker.rangeFilter.gateSigmas = config.gate_sigmas
    tracker.rangeFilter.shortGateSigmas = config.short_gate_sigmas
    tracker.rangeFilter.maximumRateMetersPerSecond = config.max_rate_m_per_s
    // Clamping keeps a count beyond Int's range (32-bit targets) out of range
    // for validate() instead of trapping in the conversion.
    tracker.rangeFilter.resetAfterRejections = Int(clamping: config.reset_after_rejections)
    tracker.rangeFilter.resetAfterSeconds = Timestamp(microseconds: config.reset_after_us).seconds
    tracker.rangeFilter.confirmationCount = Int(clamping: config.confirmation_count)
    tracker.rangeFilter.confirmationSeconds = Timestamp(microseconds: config.confirmation_us).seconds
    tracker.rangeFilter.prefilter.window = Int(clamping: config.hampel_window)
    tracker.rangeFilter.prefilter.threshold = config.hampel_threshold
    tracker.rangeFilter.prefilter.side =
      config.hampel_side == ranging_outlier_side_t(RANGING_OUTLIER_SIDE_BOTH) ? .both : .above
    if config.direction_tracking {
      var fieldOfView = FieldOfView()
      fieldOfView.azimuthLimitRadians = config.field_of_view_azimuth_rad
      fieldOfView.elevationLimitRadians = config.field_of_view_elevation_rad
      tracker.directionFilter?.fieldOfView = fieldOfView
      tracker.directionFilter?.maximumCoastSeconds = Timestamp(microseconds: config.max_coast_us).seconds
      tracker.directionFilter?.velocityCorrelationSeconds = Timestamp(microseconds: config.velocity_correlation_us).seconds
    } else {
      tracker.directionFilter = nil
    }
    // An out-of-range calibration is refused; the identity stands in for
    // it here and the checked values are validated separately.
    tracker.rangeCalibration =
      (try? RangeCalibration(offsetMeters: config.range_offset_m, scale: config.range_scale)) ?? RangeCalibration()
    return tracker
  }

  /// A C zone as a checked ``Zone``.
  private static func zone(_ zone: ranging_zone_config_t) throws(ConfigurationError) -> Zone {
    try Zone.validated(
      radiusMeters: zone.radius_m, hysteresisMeters: zone.hysteresis_m,
      enterDwellSeconds: Timestamp(microseconds: zone.enter_dwell_us).seconds,
      exitDwellSeconds: Timestamp(microseconds: zone.exit_dwell_us).seconds,
      enterSigmaMultiplier: zone.enter_sigma_multiplier, bandOffsetMeters: zone.band_offset_m,
      angleLimitRadians: zone.angle_limit_rad == 0 ? nil : zone.angle_limit_rad,
      angleHysteresisRadians: zone.angle_hysteresis_rad)
  }

  /// Precondition: ``status(of:)`` returned RANGING_OK.
  init(validated config: ranging_config_t) {
    tracker = CAPIConfiguration.trackerConfiguration(config)
    if config.zone_count == 0 {
      zones = RangingPipeline<SwiftKalmanBackend>.defaultZones
    } else {
      var zones: [Zone] = []
      zones.reserveCapacity(Int(config.zone_count))
      for zone in CAPIConfiguration.zoneBuffer(config) {
        // status(of:) has checked every zone, so the fallback is never taken.
        zones.append((try? CAPIConfiguration.zone(zone)) ?? Zone(radiusMeters: 1))
      }
      self.zones = zones
    }
    suspensionPolicy = config.suspension_policy == ranging_suspension_policy_t(RANGING_SUSPENSION_HOLD_ZONES) ? .holdZones : .exitZones
    eventCapacity = Int(config.event_capacity)
  }
}
