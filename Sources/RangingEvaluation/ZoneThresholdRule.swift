// SPDX-License-Identifier: Apache-2.0
/// How a baseline turns its distance `s` into zone state, per zone of radius r.
///
/// - ``plain``: enter when `s < r`, exit when `s >= r`: the rule
///   ``TruthCrossings`` applies to the true distance, with no hysteresis, so
///   noise around r toggles the state on every update.
/// - ``hysteresis(bandMeters:)``: enter when `s < r`, exit when
///   `s > r + band`: a signal that stays within `[r, r + band]` changes
///   nothing, the classic two-threshold (Schmitt trigger) rule. An app that
///   adds any hysteresis to a distance threshold writes it this way.
public enum ZoneThresholdRule: Equatable, Sendable, CustomStringConvertible {
  case plain
  /// Exit only beyond `r + bandMeters` (metres, ≥ 0).
  case hysteresis(bandMeters: Double)

  /// Whether an object outside a zone of radius `radiusMeters` enters it at distance `s`.
  public func enters(_ s: Double, radiusMeters r: Double) -> Bool {
    s < r
  }

  /// Whether an object inside a zone of radius `radiusMeters` exits it at distance `s`.
  public func exits(_ s: Double, radiusMeters r: Double) -> Bool {
    switch self {
    case .plain: s >= r
    case .hysteresis(let band): s > r + band
    }
  }

  /// The hysteresis band, metres, or nil for ``plain``.
  public var bandMeters: Double? {
    switch self {
    case .plain: nil
    case .hysteresis(let band): band
    }
  }

  /// `enter s < r, exit s >= r` or `enter s < r, exit s > r + 0.15 m`.
  public var description: String {
    switch self {
    case .plain: "enter s < r, exit s >= r"
    case .hysteresis(let band): "enter s < r, exit s > r + \(band) m"
    }
  }
}
