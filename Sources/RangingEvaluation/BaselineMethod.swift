// SPDX-License-Identifier: Apache-2.0
/// A zone detector the engine is compared with (issue 3): what an app gets
/// from the measured distance, a smoother, and one threshold per zone radius.
///
/// Two naive baselines use plain thresholds, with no hysteresis and no dwell
/// (``ZoneThresholdRule/plain``: enter when `s < r`, exit when `s >= r`, the
/// rule ``TruthCrossings`` applies to the true distance):
///
/// - ``raw``: the measured distance of each update, as delivered.
/// - ``exponentialAverage(alpha:)``: the exponential moving average
///   `s_1 = d_1`, `s_k = alpha · d_k + (1 - alpha) · s_(k-1)`, one step per
///   update that carries a distance, whatever the time between updates.
///
/// Two textbook peers smooth more carefully and add a hysteresis band
/// (``ZoneThresholdRule/hysteresis(bandMeters:)`` with ``peerBandMeters``:
/// enter when `s < r`, exit when `s > r + 0.15 m`), so that they are what a
/// careful app would write without this engine:
///
/// - ``constantVelocityKalman(_:)``: the textbook constant-velocity Kalman
///   filter (``ConstantVelocityKalman``, Bar-Shalom et al. 2001 §6.2.2).
/// - ``movingMedian(count:)``: the median of the last `count` distances
///   (``MovingMedian``), the distance filter of Android's UWB filter engine.
///
/// One offline peer, scored beside the engine's offline events (`rangectl
/// evaluate --smooth`), with the same band:
///
/// - ``smoothedConstantVelocityKalman(_:)``: the textbook filter run forward
///   and smoothed backward over each run of an object's readings
///   (``ConstantVelocityRauchTungStriebel``, Rauch, Tung & Striebel 1965).
public enum BaselineMethod: Equatable, Sendable, CustomStringConvertible {
  /// The measured distance, unsmoothed.
  case raw
  /// An exponential moving average of the measured distance with weight
  /// `alpha` in (0, 1] on the newest update (1 is ``raw``).
  case exponentialAverage(alpha: Double)
  /// The constant-velocity Kalman filter's distance, with hysteresis.
  case constantVelocityKalman(ConstantVelocityKalman.Parameters)
  /// The moving median of the last `count` (≥ 1) distances, with hysteresis.
  case movingMedian(count: Int)
  /// The constant-velocity Kalman filter smoothed offline by a
  /// Rauch-Tung-Striebel pass over each run, with hysteresis (``isOffline``).
  case smoothedConstantVelocityKalman(ConstantVelocityKalman.Parameters)

  /// The EMA weight used by `rangectl evaluate`: 0.3 per update.
  ///
  /// A conventional choice, not a tuned one. At Nearby Interaction's 5 Hz it
  /// has a time constant `-Δt / ln(1 - alpha)` ≈ 0.56 s, and it scales white
  /// measurement noise by `√(alpha / (2 - alpha))` ≈ 0.42 (the steady-state
  /// variance of exponential smoothing, `alpha / (2 - alpha)` times the
  /// input's; Brown, "Smoothing, Forecasting and Prediction of Discrete Time
  /// Series", 1963). It lies within the 0.1-0.5 that the Android Beacon
  /// Library documents for the same recursive average of beacon signals
  /// (its `ArmaRssiFilter` class documentation). The
  /// issue's note that Apple's Nearby Interaction samples smooth this way
  /// could not be confirmed from their published code; nothing here depends on it.
  public static let defaultAlpha = 0.3

  /// The hysteresis band of the peers, metres: 0.15 m, one measurement
  /// sigma of ``ConstantVelocityKalman/Parameters/textbook``, so that noise
  /// of the order of the filter's own spread around a radius does not toggle
  /// a zone. Conventional, not tuned.
  public static let peerBandMeters = 0.15

  /// The window of the median peer: 3 updates, the smallest window with a
  /// median that rejects a single outlier.
  public static let peerMedianCount = 3

  /// The baselines `rangectl evaluate` reports, in table order: the naive
  /// `raw` and `ema`, then the textbook peers `cv-kalman` and `median3`.
  public static let standard: [BaselineMethod] = [
    .raw, .exponentialAverage(alpha: defaultAlpha), .constantVelocityKalman(.textbook),
    .movingMedian(count: peerMedianCount),
  ]

  /// The baselines `rangectl evaluate --smooth` adds: the offline textbook
  /// peer `cv-rts`, what the offline events must not trail.
  public static let offline: [BaselineMethod] = [.smoothedConstantVelocityKalman(.textbook)]

  /// Whether the method decides on a whole run at once (it is not causal):
  /// its events are scored when the run ends.
  public var isOffline: Bool {
    if case .smoothedConstantVelocityKalman = self { return true }
    return false
  }

  /// `raw`, `ema`, `cv-kalman`, `median<count>` or `cv-rts`: the method's
  /// column in tables and its key in JSON.
  public var name: String {
    switch self {
    case .raw: "raw"
    case .exponentialAverage: "ema"
    case .constantVelocityKalman: "cv-kalman"
    case .movingMedian(let count): "median\(count)"
    case .smoothedConstantVelocityKalman: "cv-rts"
    }
  }

  /// The EMA weight, or nil for the other methods.
  public var alpha: Double? {
    switch self {
    case .exponentialAverage(let alpha): alpha
    case .raw, .constantVelocityKalman, .movingMedian, .smoothedConstantVelocityKalman: nil
    }
  }

  /// Plain thresholds for `raw` and `ema`, hysteresis of ``peerBandMeters`` for the peers.
  public var thresholdRule: ZoneThresholdRule {
    switch self {
    case .raw, .exponentialAverage: .plain
    case .constantVelocityKalman, .movingMedian, .smoothedConstantVelocityKalman: .hysteresis(bandMeters: Self.peerBandMeters)
    }
  }

  /// What the method thresholds, e.g. `ema (alpha 0.3 per update)`.
  public var description: String {
    switch self {
    case .raw: "raw (measured distance)"
    case .exponentialAverage(let alpha): "ema (exponential average, alpha \(alpha) per update)"
    case .constantVelocityKalman(let p):
      "cv-kalman (constant-velocity Kalman, q \(p.accelerationDensity) m²/s³, sigma \(p.measurementSigmaMeters) m)"
    case .movingMedian(let count): "median\(count) (median of the last \(count) distances)"
    case .smoothedConstantVelocityKalman(let p):
      "cv-rts (cv-kalman, q \(p.accelerationDensity) m²/s³, sigma \(p.measurementSigmaMeters) m, smoothed offline by "
        + "Rauch-Tung-Striebel)"
    }
  }
}
