/// A naive zone detector the engine is compared with (issue 3): what an app
/// gets from the measured distance and one threshold per zone radius.
///
/// Both methods use plain thresholds, with no hysteresis and no dwell: an
/// object enters a zone of radius r when its distance `d < r` and exits when
/// `d >= r` (the rule ``TruthCrossings`` applies to the true distance). They
/// differ only in the distance they threshold:
///
/// - ``raw``: the measured distance of each update, as delivered.
/// - ``exponentialAverage(alpha:)``: the exponential moving average
///   `s_1 = d_1`, `s_k = alpha · d_k + (1 - alpha) · s_(k-1)`, one step per
///   update that carries a distance, whatever the time between updates.
public enum BaselineMethod: Equatable, Sendable, CustomStringConvertible {
  /// The measured distance, unsmoothed.
  case raw
  /// An exponential moving average of the measured distance with weight
  /// `alpha` in (0, 1] on the newest update (1 is ``raw``).
  case exponentialAverage(alpha: Double)

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

  /// The baselines `rangectl evaluate` reports, in table order.
  public static let standard: [BaselineMethod] = [.raw, .exponentialAverage(alpha: defaultAlpha)]

  /// `raw` or `ema`: the method's column in tables and its key in JSON.
  public var name: String {
    switch self {
    case .raw: "raw"
    case .exponentialAverage: "ema"
    }
  }

  /// The EMA weight, or nil for ``raw``.
  public var alpha: Double? {
    switch self {
    case .raw: nil
    case .exponentialAverage(let alpha): alpha
    }
  }

  /// `raw` or `ema (alpha 0.3 per update)`.
  public var description: String {
    switch self {
    case .raw: "raw"
    case .exponentialAverage(let alpha): "ema (alpha \(alpha) per update)"
    }
  }
}
