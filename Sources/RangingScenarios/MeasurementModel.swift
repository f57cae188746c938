// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How one object's measurements depart from the truth in a generated scenario.
///
/// Each scheduled update of an object goes through these steps, in order
/// (``ScenarioGenerator`` documents the draws):
///
/// 1. The next update comes `(1 + j) / updateRateHz` seconds after the
///    previous one, with `j ~ N(0, intervalJitterFraction²)` clamped to ±3σ.
/// 2. The update is missing (no row) with probability ``dropoutProbability``,
///    inside an ``Interruption``, or inside a gap (``gapsPerMinute``).
/// 3. Distance: `true·(1 + s) + b + k·σ·n + e + spike`, clamped at 0, where
///    `s` and `b` are the object's scale error and offset
///    (``deviceScaleFraction``, ``deviceOffsetMeters``), `n ~ N(0, 1)`,
///    `σ =` ``rangeSigmaMeters``, `k` the product of the heavy-tail factor
///    (``heavyTailNoiseFactor`` with probability ``heavyTailProbability``,
///    else 1) and the largest factor of the conditions in force (NLOS:
///    ``nlosNoiseFactor``; body blocking: the episode's draw from
///    ``bodyBlockingNoiseFactor``; else 1), `e` the largest excess delay in
///    force (a scheduled NLOS interval's or a random NLOS episode's draw from
///    ``nlosBiasMeters``, a body-blocking episode's draw from
///    ``bodyBlockingBiasMeters``; else 0), and `spike` a multipath spike:
///    with probability ``spikeProbability`` an update starts a spike of
///    1...``spikeMaxUpdates`` consecutive updates that adds one magnitude drawn
///    uniformly from ``spikeMagnitudeMeters`` to each of them. Largest, not
///    sum: each condition delays the first path, and the reading follows the
///    latest first arrival, not the sum of the delays.
/// 4. A short outlier replaces step 3: with probability
///    ``shortOutlierProbability`` an update starts a run of
///    1...``shortOutlierMaxUpdates`` updates that read `f·true + σ·n`
///    (clamped at 0), one `f` per run drawn uniformly from ``shortOutlierFraction``.
/// 5. Direction: when the true position is inside the field of view
///    (|azimuth| ≤ ``fieldOfViewAzimuthDegrees`` and |elevation| ≤
///    ``fieldOfViewElevationDegrees`` around -z), the peer is not behind the
///    user's body, and no direction-dropping NLOS episode is in force: the
///    true unit vector plus `N(0, σd²)` on each component, renormalised, with
///    `σd =` ``directionSigmaDegrees`` in radians (times ``nlosNoiseFactor``
///    in NLOS); the angular error is then about `σd·√2` rms. Otherwise all
///    three `dir_*` fields are empty.
///
/// Every effect added after the first version (device bias, heavy tails,
/// short outliers, random NLOS episodes, body blocking, gaps) is switched off
/// by the zero value of one parameter, named in its documentation;
/// ``restricted(to:)`` does that for a whole ``MeasurementEffects`` set.
///
/// Defaults describe a UWB peer held by a person indoors at Nearby
/// Interaction's user-interactive rate; each is documented with its evidence.
/// "The recordings" are the third-party files of `../shared/datasets` (Hanyang
/// DWM1001, LIAS trolley, ARexp iPhone; its README.md gives their sources);
/// the measurements quoted were made on them for this model.
public struct MeasurementModel: Equatable, Sendable {
  /// Updates per second, 1...100. Default 5: Nearby Interaction's rate for
  /// user-interactive sessions (the recordings run at 7-10 Hz, ~52 Hz for the
  /// iPhone with camera assistance, and 100 Hz for the LIAS trolley).
  public var updateRateHz: Double
  /// Standard deviation of the update interval as a fraction of the nominal
  /// interval. Default 0.05 (5 %): the Hanyang files' interval spread is
  /// 3-5 % of 0.1 s away from gaps.
  public var intervalJitterFraction: Double
  /// Standard deviation of the line-of-sight range noise, metres. Default
  /// 0.03: the 65 static Hanyang runs (5,814 readings) spread 0.033 m about
  /// each run's median (0.029 m in NLOS), close to Gaussian (Student-t fit ν ≈ 48).
  public var rangeSigmaMeters: Double
  /// Probability per update that the range noise uses `heavyTailNoiseFactor·σ`
  /// instead of `σ` (a two-component scale mixture). 0 turns heavy tails off.
  /// Default 0.1: a zero-mean two-Gaussian fit to the residuals about a local
  /// quadratic (±0.5 s) of each moving recording puts 6-12 % of the updates in
  /// the wide component (Hanyang LOS 10 %, 12 %; NLOS 9 %, 6 %; LIAS 10 %).
  public var heavyTailProbability: Double
  /// Ratio of the wide to the core noise sigma, ≥ 0. Default 3: the same fits
  /// give 2.8-3.9 (Hanyang) and 2.6 (LIAS); Student-t fits to them give ν ≈ 3-5.
  public var heavyTailNoiseFactor: Double
  /// Probability per update that a multipath spike starts. Default 0.01.
  public var spikeProbability: Double
  /// Range of the positive distance error a spike adds, metres. Default 0.5...3:
  /// a reflected path is longer than the direct one by up to a room's size
  /// (the LIAS trolley's single-update spikes reach +0.9 to +3.4 m).
  public var spikeMagnitudeMeters: ClosedRange<Double>
  /// Longest spike, in consecutive updates (a spike lasts 1...this). Default 2.
  public var spikeMaxUpdates: Int
  /// Probability per update that a run of short outliers starts (step 4).
  /// 0 turns short outliers off. Default 0.002: the four moving Hanyang runs
  /// (DWM1001) hold 55 runs of readings more than 0.5 m short among 30,457
  /// (0.18 % per update, 0.46 % of readings).
  public var shortOutlierProbability: Double
  /// Longest run of short outliers, in consecutive updates (1...this), ≥ 1.
  /// Default 3: those runs last 1 (8), 2 (13), 3 (32), 4 (1) and 5 (1) updates,
  /// with nearly the same reading throughout (one fraction per run).
  public var shortOutlierMaxUpdates: Int
  /// Range of the fraction of the true distance a short outlier reads, in
  /// 0...1. Default 0.1...0.95: the Hanyang short readings are 0.02-0.98 of
  /// the truth (10 %, 50 % and 90 % quantiles 0.14, 0.58, 0.88), e.g. 0.113 m
  /// at a true 7.2 m and 0.49 m at 5.07 m.
  public var shortOutlierFraction: ClosedRange<Double>
  /// Range of the object's constant range offset `b`, metres (one draw per
  /// object and repetition: another session, possibly another accessory).
  /// `0...0` together with `deviceScaleFraction == 0...0` turns device bias
  /// off. Default -0.2...0.25: the ARexp iPhone reads 0.19 m short at ~1 m;
  /// the LIAS anchor pairs fit `b` = +0.08, +0.12, +0.16, +0.28 m; the Hanyang
  /// pairs read 0.01-0.13 m short within 5 m.
  public var deviceOffsetMeters: ClosedRange<Double>
  /// Range of the object's range scale error `s` (fraction; one draw per
  /// object and repetition, with the offset). Default -0.01...0.025: the LIAS
  /// pairs fit slopes of +1.0, +1.0, +2.1 and +2.4 % over 1-6 m; the Hanyang
  /// static runs' median error grows by ~2 % of the range from 2 to 6 m and the
  /// moving runs' from -0.07 m below 5 m to +0.15 m beyond 15 m (~1.3 %). All
  /// measured slopes are positive; the range admits a small negative one.
  public var deviceScaleFraction: ClosedRange<Double>
  /// Range of the positive bias during NLOS, metres (one draw per scheduled
  /// interval and per random episode). Default 0.2...1: a body or wall in the
  /// path delays the first arrival (the Hanyang moving runs' sustained NLOS
  /// steps are +0.23 to +0.43 m outdoors; indoors walls add more).
  public var nlosBiasMeters: ClosedRange<Double>
  /// Factor on the range and direction noise during NLOS. Default 3.
  public var nlosNoiseFactor: Double
  /// Mean number of random NLOS episodes per minute of scenario time (a
  /// Poisson process, paused while an episode lasts). 0 turns them off.
  /// Each episode starts as a step (bias from ``nlosBiasMeters`` from one
  /// update to the next) and lasts a time drawn from ``nlosEpisodeSeconds``.
  /// Default 1: the Hanyang moving runs show ~0.2 per minute of sustained
  /// (≥ 0.5 s) steps of more than 0.2 m within 15 m, outdoors with nothing
  /// but the carrier in the way; a phone indoors among people meets more.
  /// This rate is a judgement, not a measurement.
  public var nlosEpisodesPerMinute: Double
  /// Range of an NLOS episode's length, seconds, lower bound > 0. Default 1...5
  /// (the Hanyang steps last 0.5-2.2 s; a person passing between lasts longer).
  public var nlosEpisodeSeconds: ClosedRange<Double>
  /// Probability that a random NLOS episode also removes the direction for
  /// its whole length (one draw per episode). Default 0.5: an assumption
  /// (none of the recordings has both NLOS and direction); angle of arrival
  /// needs the first path on both antennas, which NLOS often takes away.
  public var nlosDirectionLossProbability: Double
  /// Half-width, degrees, of the cone behind the phone's user (around +z,
  /// azimuth ±180°) in which the user's body blocks the path: blocked when
  /// |azimuth| > 180° - this. 0 turns body blocking off. Default 60
  /// (|azimuth| > 120°). While blocked the range carries a bias and a noise
  /// factor drawn once per episode (a maximal run of blocked updates) and
  /// the direction is missing. Source: human-body shadowing is the common
  /// NLOS cause for handheld and worn tags; its error depends on the
  /// body-tag-anchor heading and is modelled by orientation-dependent
  /// mixtures in De Cock et al., Sensors 23(19) 8289 (2023); Otim et al.
  /// (IEEE Sensors J., 2019) measure mean errors of ~0.2 m or more for
  /// body-worn tags in multipath. None of the recordings is body-blocked.
  public var bodyBlockingHalfAngleDegrees: Double
  /// Range of the body-blocking bias, metres (one draw per episode). Default
  /// 0.07...0.6 (the literature above: a few centimetres around a slim body
  /// in free space to decimetres with indoor multipath).
  public var bodyBlockingBiasMeters: ClosedRange<Double>
  /// Range of the factor on the range noise while body-blocked (one draw per
  /// episode), ≥ 0. Default 4...10: the attenuated first path makes its
  /// detection jitter far more than in line of sight (same sources).
  public var bodyBlockingNoiseFactor: ClosedRange<Double>
  /// Probability that a scheduled update is missing, independently. Default 0.02.
  public var dropoutProbability: Double
  /// Mean number of gaps per minute (a Poisson process in time, paused while
  /// a gap lasts; each starts at a uniformly random time between two
  /// updates): every update for a time drawn from ``gapSeconds`` is missing. 0 turns gaps off. Default 6: the Hanyang moving runs have
  /// 11-12.6 gaps per minute longer than 2.5 intervals (median 0.4 s, 90 %
  /// within 0.6-0.8 s, up to 2.6 s); the ARexp iPhone 2.2 per minute of
  /// 0.05-0.18 s. 6 sits between the phone and the tag.
  public var gapsPerMinute: Double
  /// Range of a gap's length, seconds, ≥ 0. Default 0.2...1 (the Hanyang gaps above).
  public var gapSeconds: ClosedRange<Double>
  /// Per-component direction noise, degrees. Default 2 (about 3° rms angular error).
  public var directionSigmaDegrees: Double
  /// Half-width of the field of view in azimuth, degrees. Default 55.
  public var fieldOfViewAzimuthDegrees: Double
  /// Half-height of the field of view in elevation, degrees. Default 45.
  public var fieldOfViewElevationDegrees: Double

  /// Creates a model; every parameter has the documented default.
  ///
  /// - Parameters: see the properties. `updateRateHz` must be in 1...100,
  ///   probabilities in 0...1, sigmas, rates, factors and fractions ≥ 0
  ///   (intervalJitterFraction < 1/3, so time never runs backwards),
  ///   `spikeMaxUpdates` and `shortOutlierMaxUpdates` ≥ 1, `shortOutlierFraction`
  ///   within 0...1, `deviceScaleFraction` above -1, `nlosEpisodeSeconds`
  ///   above 0, field-of-view half-angles in 0...180 and 0...90,
  ///   `bodyBlockingHalfAngleDegrees` in 0...180. Violations trap.
  public init(
    updateRateHz: Double = 5, intervalJitterFraction: Double = 0.05, rangeSigmaMeters: Double = 0.03,
    heavyTailProbability: Double = 0.1, heavyTailNoiseFactor: Double = 3,
    spikeProbability: Double = 0.01, spikeMagnitudeMeters: ClosedRange<Double> = 0.5...3,
    spikeMaxUpdates: Int = 2,
    shortOutlierProbability: Double = 0.002, shortOutlierMaxUpdates: Int = 3,
    shortOutlierFraction: ClosedRange<Double> = 0.1...0.95,
    deviceOffsetMeters: ClosedRange<Double> = -0.2...0.25, deviceScaleFraction: ClosedRange<Double> = -0.01...0.025,
    nlosBiasMeters: ClosedRange<Double> = 0.2...1, nlosNoiseFactor: Double = 3,
    nlosEpisodesPerMinute: Double = 1, nlosEpisodeSeconds: ClosedRange<Double> = 1...5,
    nlosDirectionLossProbability: Double = 0.5,
    bodyBlockingHalfAngleDegrees: Double = 60, bodyBlockingBiasMeters: ClosedRange<Double> = 0.07...0.6,
    bodyBlockingNoiseFactor: ClosedRange<Double> = 4...10,
    dropoutProbability: Double = 0.02, gapsPerMinute: Double = 6, gapSeconds: ClosedRange<Double> = 0.2...1,
    directionSigmaDegrees: Double = 2,
    fieldOfViewAzimuthDegrees: Double = 55, fieldOfViewElevationDegrees: Double = 45
  ) {
    precondition((1...100).contains(updateRateHz), "MeasurementModel: updateRateHz must be in 1...100")
    precondition(intervalJitterFraction >= 0 && intervalJitterFraction < 1.0 / 3, "MeasurementModel: intervalJitterFraction must be in 0..<1/3")
    precondition(rangeSigmaMeters >= 0 && directionSigmaDegrees >= 0, "MeasurementModel: sigmas must not be negative")
    let probabilities = [heavyTailProbability, spikeProbability, shortOutlierProbability, nlosDirectionLossProbability, dropoutProbability]
    precondition(probabilities.allSatisfy { (0...1).contains($0) }, "MeasurementModel: probabilities must be in 0...1")
    precondition(spikeMagnitudeMeters.lowerBound >= 0 && nlosBiasMeters.lowerBound >= 0 && bodyBlockingBiasMeters.lowerBound >= 0,
                 "MeasurementModel: spike, NLOS and body-blocking errors must not be negative")
    precondition(spikeMaxUpdates >= 1 && shortOutlierMaxUpdates >= 1, "MeasurementModel: spikeMaxUpdates and shortOutlierMaxUpdates must be ≥ 1")
    precondition(nlosNoiseFactor >= 0 && heavyTailNoiseFactor >= 0 && bodyBlockingNoiseFactor.lowerBound >= 0,
                 "MeasurementModel: noise factors must not be negative")
    precondition(shortOutlierFraction.lowerBound >= 0 && shortOutlierFraction.upperBound <= 1, "MeasurementModel: shortOutlierFraction must be within 0...1")
    precondition(deviceOffsetMeters.lowerBound.isFinite && deviceOffsetMeters.upperBound.isFinite && deviceScaleFraction.lowerBound > -1
                 && deviceScaleFraction.upperBound.isFinite, "MeasurementModel: device offset finite, scale above -1")
    precondition(nlosEpisodesPerMinute >= 0 && gapsPerMinute >= 0 && nlosEpisodesPerMinute.isFinite && gapsPerMinute.isFinite,
                 "MeasurementModel: episode and gap rates must be finite and not negative")
    precondition(nlosEpisodeSeconds.lowerBound > 0 && gapSeconds.lowerBound >= 0 && nlosEpisodeSeconds.upperBound.isFinite
                 && gapSeconds.upperBound.isFinite, "MeasurementModel: NLOS episodes must last > 0 s and gaps ≥ 0 s")
    precondition((0...180).contains(fieldOfViewAzimuthDegrees) && (0...90).contains(fieldOfViewElevationDegrees), "MeasurementModel: field of view out of range")
    precondition((0...180).contains(bodyBlockingHalfAngleDegrees), "MeasurementModel: bodyBlockingHalfAngleDegrees must be in 0...180")
    self.updateRateHz = updateRateHz
    self.intervalJitterFraction = intervalJitterFraction
    self.rangeSigmaMeters = rangeSigmaMeters
    self.heavyTailProbability = heavyTailProbability
    self.heavyTailNoiseFactor = heavyTailNoiseFactor
    self.spikeProbability = spikeProbability
    self.spikeMagnitudeMeters = spikeMagnitudeMeters
    self.spikeMaxUpdates = spikeMaxUpdates
    self.shortOutlierProbability = shortOutlierProbability
    self.shortOutlierMaxUpdates = shortOutlierMaxUpdates
    self.shortOutlierFraction = shortOutlierFraction
    self.deviceOffsetMeters = deviceOffsetMeters
    self.deviceScaleFraction = deviceScaleFraction
    self.nlosBiasMeters = nlosBiasMeters
    self.nlosNoiseFactor = nlosNoiseFactor
    self.nlosEpisodesPerMinute = nlosEpisodesPerMinute
    self.nlosEpisodeSeconds = nlosEpisodeSeconds
    self.nlosDirectionLossProbability = nlosDirectionLossProbability
    self.bodyBlockingHalfAngleDegrees = bodyBlockingHalfAngleDegrees
    self.bodyBlockingBiasMeters = bodyBlockingBiasMeters
    self.bodyBlockingNoiseFactor = bodyBlockingNoiseFactor
    self.dropoutProbability = dropoutProbability
    self.gapsPerMinute = gapsPerMinute
    self.gapSeconds = gapSeconds
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

  /// True when a point in the phone frame is behind the user's body:
  /// |azimuth| > 180° - ``bodyBlockingHalfAngleDegrees`` (never when that is 0).
  public func isBodyBlocked(x: Double, y: Double, z: Double) -> Bool {
    guard bodyBlockingHalfAngleDegrees > 0 else { return false }
    return abs(atan2(x, -z) * 180 / .pi) > 180 - bodyBlockingHalfAngleDegrees
  }
}
