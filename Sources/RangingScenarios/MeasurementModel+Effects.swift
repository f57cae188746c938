// SPDX-License-Identifier: Apache-2.0
/// The measurement effects that can be switched off as a group, by name.
///
/// The first version's effects (Gaussian noise, spikes, scheduled NLOS
/// intervals, dropouts, jitter, direction noise, field of view) are always on;
/// these are the ones added to make generated data look like the recordings.
/// ``MeasurementModel/restricted(to:)`` zeroes the parameters of every effect
/// not in a set; ``ScenarioGenerator`` applies it to every object it writes.
public struct MeasurementEffects: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Per-object offset and scale error (``MeasurementModel/deviceOffsetMeters``).
  public static let deviceBias = MeasurementEffects(rawValue: 1 << 0)
  /// The wide noise component (``MeasurementModel/heavyTailProbability``).
  public static let heavyTails = MeasurementEffects(rawValue: 1 << 1)
  /// Readings far too short (``MeasurementModel/shortOutlierProbability``).
  public static let shortOutliers = MeasurementEffects(rawValue: 1 << 2)
  /// Random NLOS episodes (``MeasurementModel/nlosEpisodesPerMinute``).
  public static let nlosEpisodes = MeasurementEffects(rawValue: 1 << 3)
  /// The user's body in the path (``MeasurementModel/bodyBlockingHalfAngleDegrees``).
  public static let bodyBlocking = MeasurementEffects(rawValue: 1 << 4)
  /// Bursts of missing updates (``MeasurementModel/gapsPerMinute``).
  public static let gaps = MeasurementEffects(rawValue: 1 << 5)

  /// Every effect.
  public static let all: MeasurementEffects = [.deviceBias, .heavyTails, .shortOutliers, .nlosEpisodes, .bodyBlocking, .gaps]

  /// Each effect with its command-line name, in a fixed order.
  public static let named: [(name: String, effect: MeasurementEffects)] = [
    ("device-bias", .deviceBias), ("heavy-tails", .heavyTails), ("short-outliers", .shortOutliers),
    ("nlos-episodes", .nlosEpisodes), ("body-blocking", .bodyBlocking), ("gaps", .gaps),
  ]

  /// Parses `all`, `none`, or comma-separated names from ``named``.
  ///
  /// - Returns: nil when a name is unknown.
  public init?(names text: String) {
    switch text {
    case "all": self = .all
    case "none": self = []
    default:
      var effects: MeasurementEffects = []
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let entry = MeasurementEffects.named.first(where: { $0.name == part }) else { return nil }
        effects.insert(entry.effect)
      }
      self = effects
    }
  }

  /// `all`, `none`, or the names in ``named`` order joined by commas.
  public var description: String {
    if self == .all { return "all" }
    if isEmpty { return "none" }
    return MeasurementEffects.named.filter { contains($0.effect) }.map(\.name).joined(separator: ",")
  }
}

extension MeasurementModel {
  /// This model with every effect outside `effects` switched off (its
  /// parameter set to the documented zero value); the others are unchanged.
  public func restricted(to effects: MeasurementEffects) -> MeasurementModel {
    var model = self
    if !effects.contains(.deviceBias) {
      model.deviceOffsetMeters = 0...0
      model.deviceScaleFraction = 0...0
    }
    if !effects.contains(.heavyTails) { model.heavyTailProbability = 0 }
    if !effects.contains(.shortOutliers) { model.shortOutlierProbability = 0 }
    if !effects.contains(.nlosEpisodes) { model.nlosEpisodesPerMinute = 0 }
    if !effects.contains(.bodyBlocking) { model.bodyBlockingHalfAngleDegrees = 0 }
    if !effects.contains(.gaps) { model.gapsPerMinute = 0 }
    return model
  }

  /// The parameters as `key=value` pairs for the CSV comment lines.
  var commentFields: String {
    func span(_ range: ClosedRange<Double>) -> String { "\(range.lowerBound)..\(range.upperBound)" }
    return "update_rate_hz=\(updateRateHz) interval_jitter_fraction=\(intervalJitterFraction)"
      + " range_sigma_m=\(rangeSigmaMeters) heavy_tail_probability=\(heavyTailProbability)"
      + " heavy_tail_factor=\(heavyTailNoiseFactor) spike_probability=\(spikeProbability)"
      + " spike_magnitude_m=\(span(spikeMagnitudeMeters)) spike_updates=1..\(spikeMaxUpdates)"
      + " short_outlier_probability=\(shortOutlierProbability) short_outlier_updates=1..\(shortOutlierMaxUpdates)"
      + " short_outlier_fraction=\(span(shortOutlierFraction))"
      + " device_offset_m=\(span(deviceOffsetMeters)) device_scale=\(span(deviceScaleFraction))"
      + " nlos_bias_m=\(span(nlosBiasMeters)) nlos_noise_factor=\(nlosNoiseFactor)"
      + " nlos_episodes_per_min=\(nlosEpisodesPerMinute) nlos_episode_s=\(span(nlosEpisodeSeconds))"
      + " nlos_direction_loss_probability=\(nlosDirectionLossProbability)"
      + " body_blocking_half_angle_deg=\(bodyBlockingHalfAngleDegrees) body_blocking_bias_m=\(span(bodyBlockingBiasMeters))"
      + " body_blocking_noise_factor=\(span(bodyBlockingNoiseFactor))"
      + " dropout_probability=\(dropoutProbability) gaps_per_min=\(gapsPerMinute) gap_s=\(span(gapSeconds))"
      + " direction_sigma_deg=\(directionSigmaDegrees)"
      + " fov_azimuth_deg=\(fieldOfViewAzimuthDegrees) fov_elevation_deg=\(fieldOfViewElevationDegrees)"
  }
}
