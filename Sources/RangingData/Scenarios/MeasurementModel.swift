import Foundation

/// How one object's measurements depart from the truth in a generated scenario.
///
/// Each scheduled update of an object goes through these steps, in order
/// (``ScenarioGenerator`` documents the draws):
///
/// 1. The next update comes `(1 + j) / updateRateHz` seconds after the
///    previous one, with `j ~ N(0, intervalJitterFraction²)` clamped to ±3σ.
/// 2. With probability ``dropoutProbability`` the update is missing: no row.
/// 3. Distance: `true + n + b + s`, clamped at 0, where
///    `n ~ N(0, σ²)` with `σ =` ``rangeSigmaMeters`` (times
///    ``nlosNoiseFactor`` inside an NLOS interval), `b` the interval's NLOS
///    bias drawn uniformly from ``nlosBiasMeters`` (0 outside NLOS), and `s` a
///    multipath spike: with probability ``spikeProbability`` an update starts a
///    spike of 1 or 2 consecutive updates (equally likely, up to
///    ``spikeMaxUpdates``) that adds one magnitude drawn uniformly from
///    ``spikeMagnitudeMeters`` to each of them.
/// 4. Direction: when the true position is inside the field of view
///    (|azimuth| ≤ ``fieldOfViewAzimuthDegrees`` and |elevation| ≤
///    ``fieldOfViewElevationDegrees`` around -z), the true unit vector plus
///    `N(0, σd²)` on each component, renormalised, with
///    `σd =` ``directionSigmaDegrees`` in radians (times ``nlosNoiseFactor``
///    in NLOS); the angular error is then about `σd·√2` rms. Outside the
///    field of view all three `dir_*` fields are empty.
///
/// Defaults describe a UWB tag in line of sight at Nearby Interaction's
/// user-interactive rate; each is documented with its reason.
public struct MeasurementModel: Equatable, Sendable {
  /// Updates per second, 1...60. Default 5: Nearby Interaction's rate for
  /// user-interactive sessions.
  public var updateRateHz: Double
  /// Standard deviation of the update interval as a fraction of the nominal
  /// interval. Default 0.05 (5 %), the spread of delivery times seen on phones.
  public var intervalJitterFraction: Double
  /// Standard deviation of the line-of-sight range noise, metres. Default 0.03:
  /// the few-centimetre spread of UWB two-way ranging in line of sight.
  public var rangeSigmaMeters: Double
  /// Probability per update that a multipath spike starts. Default 0.01.
  public var spikeProbability: Double
  /// Range of the positive distance error a spike adds, metres. Default 0.5...3:
  /// a reflected path is longer than the direct one by up to a room's size.
  public var spikeMagnitudeMeters: ClosedRange<Double>
  /// Longest spike, in consecutive updates (a spike lasts 1...this). Default 2.
  public var spikeMaxUpdates: Int
  /// Range of the positive bias during an NLOS interval, metres (one draw per
  /// interval). Default 0.2...1: a body or wall in the path delays the first arrival.
  public var nlosBiasMeters: ClosedRange<Double>
  /// Factor on the range and direction noise during NLOS. Default 3.
  public var nlosNoiseFactor: Double
  /// Probability that a scheduled update is missing. Default 0.02.
  public var dropoutProbability: Double
  /// Per-component direction noise, degrees. Default 2 (about 3° rms angular error).
  public var directionSigmaDegrees: Double
  /// Half-width of the field of view in azimuth, degrees. Default 55.
  public var fieldOfViewAzimuthDegrees: Double
  /// Half-height of the field of view in elevation, degrees. Default 45.
  public var fieldOfViewElevationDegrees: Double

  /// Creates a model; every parameter has the documented default.
  ///
  /// - Parameters: see the properties. `updateRateHz` must be in 1...60,
  ///   probabilities in 0...1, sigmas and fractions ≥ 0 (intervalJitterFraction < 1/3,
  ///   so time never runs backwards), `spikeMaxUpdates` ≥ 1, `nlosNoiseFactor` ≥ 0,
  ///   field-of-view half-angles in 0...180 and 0...90. Violations trap.
  public init(
    updateRateHz: Double = 5, intervalJitterFraction: Double = 0.05, rangeSigmaMeters: Double = 0.03,
    spikeProbability: Double = 0.01, spikeMagnitudeMeters: ClosedRange<Double> = 0.5...3,
    spikeMaxUpdates: Int = 2, nlosBiasMeters: ClosedRange<Double> = 0.2...1, nlosNoiseFactor: Double = 3,
    dropoutProbability: Double = 0.02, directionSigmaDegrees: Double = 2,
    fieldOfViewAzimuthDegrees: Double = 55, fieldOfViewElevationDegrees: Double = 45
  ) {
    precondition((1...60).contains(updateRateHz), "MeasurementModel: updateRateHz must be in 1...60")
    precondition(intervalJitterFraction >= 0 && intervalJitterFraction < 1.0 / 3, "MeasurementModel: intervalJitterFraction must be in 0..<1/3")
    precondition(rangeSigmaMeters >= 0 && directionSigmaDegrees >= 0, "MeasurementModel: sigmas must not be negative")
    precondition((0...1).contains(spikeProbability) && (0...1).contains(dropoutProbability), "MeasurementModel: probabilities must be in 0...1")
    precondition(spikeMagnitudeMeters.lowerBound >= 0 && nlosBiasMeters.lowerBound >= 0, "MeasurementModel: spike and NLOS errors must not be negative")
    precondition(spikeMaxUpdates >= 1 && nlosNoiseFactor >= 0, "MeasurementModel: spikeMaxUpdates ≥ 1 and nlosNoiseFactor ≥ 0")
    precondition((0...180).contains(fieldOfViewAzimuthDegrees) && (0...90).contains(fieldOfViewElevationDegrees), "MeasurementModel: field of view out of range")
    self.updateRateHz = updateRateHz
    self.intervalJitterFraction = intervalJitterFraction
    self.rangeSigmaMeters = rangeSigmaMeters
    self.spikeProbability = spikeProbability
    self.spikeMagnitudeMeters = spikeMagnitudeMeters
    self.spikeMaxUpdates = spikeMaxUpdates
    self.nlosBiasMeters = nlosBiasMeters
    self.nlosNoiseFactor = nlosNoiseFactor
    self.dropoutProbability = dropoutProbability
    self.directionSigmaDegrees = directionSigmaDegrees
    self.fieldOfViewAzimuthDegrees = fieldOfViewAzimuthDegrees
    self.fieldOfViewElevationDegrees = fieldOfViewElevationDegrees
  }

  /// True when a point in the phone frame is inside the field-of-view cone.
  ///
  /// Azimuth is `atan2(x, -z)` (positive to the right) and elevation
  /// `atan2(y, √(x² + z²))` (positive up); both are 0 straight ahead (-z).
  public func isInFieldOfView(x: Double, y: Double, z: Double) -> Bool {
    let azimuth = atan2(x, -z) * 180 / .pi
    let elevation = atan2(y, (x * x + z * z).squareRoot()) * 180 / .pi
    return abs(azimuth) <= fieldOfViewAzimuthDegrees && abs(elevation) <= fieldOfViewElevationDegrees
  }

  /// The parameters as `key=value` pairs for the CSV comment lines.
  var commentFields: String {
    "update_rate_hz=\(updateRateHz) interval_jitter_fraction=\(intervalJitterFraction)"
      + " range_sigma_m=\(rangeSigmaMeters) spike_probability=\(spikeProbability)"
      + " spike_magnitude_m=\(spikeMagnitudeMeters.lowerBound)..\(spikeMagnitudeMeters.upperBound)"
      + " spike_updates=1..\(spikeMaxUpdates)"
      + " nlos_bias_m=\(nlosBiasMeters.lowerBound)..\(nlosBiasMeters.upperBound) nlos_noise_factor=\(nlosNoiseFactor)"
      + " dropout_probability=\(dropoutProbability) direction_sigma_deg=\(directionSigmaDegrees)"
      + " fov_azimuth_deg=\(fieldOfViewAzimuthDegrees) fov_elevation_deg=\(fieldOfViewElevationDegrees)"
  }
}
