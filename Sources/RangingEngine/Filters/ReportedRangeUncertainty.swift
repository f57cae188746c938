// SPDX-License-Identifier: Apache-2.0
/// What the reported distance sigma covers beyond the Kalman filter's own
/// variance `P00`.
///
/// `P00` is the filter's uncertainty under its own model: unbiased readings
/// with a few centimetres of white noise. Real devices break that model in
/// several ways the filter cannot see from one stream, so the sigma that users
/// and the zones act on adds a variance for each (they add, being
/// independent):
///
///     σ² = P00 + σ_device(d)² + π_NLOS b² + D² [t - t_restart < T_restart] + Δ²/4 [undoable] + y²/4 [rejected]
///
/// - **Device bias** (per device, constant over a session): an antenna-delay
///   offset and a clock scale, `measured = s · true + b` (``RangeCalibration``).
///   Averaging does not remove it, so it is not in `P00`. Uncalibrated,
///   `σ_device(d)² = σ_b² + (σ_s d)²` with σ_b = ``uncalibratedOffsetSigmaMeters``
///   and σ_s = ``uncalibratedScaleSigma``; calibrated, the residual of a fit,
///   ``calibratedOffsetSigmaMeters`` and ``calibratedScaleSigma``.
/// - **Non-line-of-sight** (episodes of seconds): a path longer by about
///   ``NonLineOfSightDetector/biasMeters``, with the detector's probability
///   π_NLOS: the mixture's extra variance is `π b²` to first order.
/// - **A restart that disagreed with the track before it**: after a restart
///   on a run of rejected readings, the state rests on readings that differed
///   by `D` from what the old track predicted, and either may be the wrong one
///   (a burst of short outliers restarts the track as surely as a real jump).
///   For ``restartSeconds`` after it, `D²` stays in the variance, so the
///   sigma says "this could be off by D" until the new track has held.
///
/// - **A fusion that may still be undone** (its test ratio or rate change
///   was large, ``RangeFilter/undoTestRatio``): the state moved by `Δ` on one
///   reading that the next may show to be the outlier. Until then the state
///   is at either place, an even two-point mixture of variance `Δ²/4`. At
///   1 Hz a short outlier inside the wide gate is fused this way.
/// - **A rejected reading the track may yet follow**: while the latest
///   reading lies outside the gate, by an innovation `y`, the state is the
///   prediction, and either it or the reading is wrong (a spike, or a jump
///   that the filter follows only after a run of rejections): the same even
///   two-point mixture, `y²/4`, until a reading is fused or the track
///   restarts. After a gap the prediction may rest on a rate that long
///   readings set, and this is what keeps its sigma honest (docs/ACCURACY.md).
///
/// The values come from the device biases measured in the real recordings
/// (`datasets/README.md`, "How the measurements depart from the truth":
/// offsets -0.19 to +0.28 m, scales -1 % to +2.5 %) and are the spread of
/// those biases, not fitted to a score. Tuning.md, "Honest uncertainty", has
/// the share of filtered rows within 1 and 2 sigma before and after.
public enum ReportedRangeUncertainty {
  /// Spread of an uncalibrated device's range offset, metres: the offsets
  /// seen, -0.19 (ARexp) to +0.28 m (LIAS), have a root mean square of about 0.15 m.
  @inlinable public static var uncalibratedOffsetSigmaMeters: Double { 0.15 }
  /// Spread of an uncalibrated device's range scale: 1.5 % (scales of -1 % to +2.5 % seen).
  @inlinable public static var uncalibratedScaleSigma: Double { 0.015 }
  /// What a fitted calibration leaves of the offset, metres: the standard
  /// errors `rangectl calibrate` reports are 0.01 to 0.03 m, and a fit on one
  /// half of a recording is off by up to 0.03 m on the other (Tuning.md).
  @inlinable public static var calibratedOffsetSigmaMeters: Double { 0.03 }
  /// What a fitted calibration leaves of the scale: 0.3 %.
  @inlinable public static var calibratedScaleSigma: Double { 0.003 }
  /// How long a restart's disagreement with the track before it stays in the sigma, seconds.
  @inlinable public static var restartSeconds: Double { 1 }

  /// The device-bias variance `σ_b² + (σ_s d)²` at distance `d`, metres², for a
  /// calibrated or an uncalibrated device.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public static func deviceVariance(distanceMeters d: Double, isCalibrated: Bool) -> Double {
    let offset = isCalibrated ? calibratedOffsetSigmaMeters : uncalibratedOffsetSigmaMeters
    let scale = (isCalibrated ? calibratedScaleSigma : uncalibratedScaleSigma) * d
    return offset * offset + scale * scale
  }

  /// The non-line-of-sight variance `π b²`, metres², for probability π.
  @inlinable
  public static func nonLineOfSightVariance(probability: Double) -> Double {
    let b = NonLineOfSightDetector.biasMeters
    return probability * b * b
  }
}
