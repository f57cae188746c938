// SPDX-License-Identifier: Apache-2.0
import RangingFormats

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

extension ZoneThresholdRule {
  /// Applies `rule` to the distance `s` of one update: exits each zone the
  /// object is inside of that the rule exits, from the smallest radius out,
  /// then enters each zone it is outside of that the rule enters, from the
  /// largest in (docs/FORMATS.md §2's order), handing each to `emit` (zone
  /// index, kind). `outwards` is the zone indices by increasing radius.
  static func apply(
    _ rule: ZoneThresholdRule, _ s: Double, zones: [(name: String, radiusMeters: Double)], outwards: [Int],
    inside: inout [Bool], emit: (Int, CrossingKind) -> Void
  ) {
    for index in outwards where inside[index] && rule.exits(s, radiusMeters: zones[index].radiusMeters) {
      inside[index] = false
      emit(index, .exit)
    }
    for index in outwards.reversed() where !inside[index] && rule.enters(s, radiusMeters: zones[index].radiusMeters) {
      inside[index] = true
      emit(index, .enter)
    }
  }
}
