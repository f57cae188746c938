// SPDX-License-Identifier: Apache-2.0
/// What one measurement did to a filter (docs/CONVENTIONS.md §5, tier 2: bad data is
/// reported, never thrown and never trapped).
public enum UpdateOutcome: Equatable, Sendable {
  /// The first measurement of a track set its state.
  case initialized
  /// The measurement was fused. `testRatio = y² / (gate² S)` is in [0, 1],
  /// `gate` the width in force for this measurement: as set, or
  /// ``RangeFilter/gateWideningWithoutOutliers`` times that while the
  /// object's readings show no outliers (``RangeFilterConfiguration/gatesOnEvidence``).
  case fused(testRatio: Double)
  /// The measurement fell outside the innovation gate (`testRatio > 1`) and was not fused.
  case rejected(testRatio: Double)
  /// The filter restarted from this measurement.
  case reset(ResetReason)
}

/// Why a filter restarted from a measurement.
public enum ResetReason: UInt8, Sendable {
  /// Several measurements in a row fell outside the gate: the object really moved.
  case persistentRejection
  /// The track rested on one measurement and the next disagreed with it.
  case unconfirmedStart
  /// The linear algebra failed (covariance no longer positive definite).
  case numericalFailure
}
