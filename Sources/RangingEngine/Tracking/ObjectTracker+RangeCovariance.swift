// SPDX-License-Identifier: Apache-2.0
extension ObjectTracker {
  /// The covariance of the distance filter's state in `slot`
  /// (``RangeFilter/covariance``), for an offline smoother that records each
  /// update's posterior (its mean: ``rangeFilterState(inSlot:)``). Meaningless while the slot's filter has no distance.
  ///
  /// Precondition: `slot` is in `0..<capacity`.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rangeCovariance(inSlot slot: Int) -> RangeCovariance {
    engines.rangeCovariance(in: slot)
  }

  /// The distance filter's own state in `slot` (``RangeFilter/filterState``),
  /// whose covariance ``rangeCovariance(inSlot:)`` gives: the posterior's
  /// mean, which the reported ``TrackState/range`` is not while the zone
  /// decision's distance is reported. Meaningless while the slot's filter has no distance.
  ///
  /// Precondition: `slot` is in `0..<capacity`.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rangeFilterState(inSlot slot: Int) -> (distanceMeters: Double, rateMetersPerSecond: Double) {
    engines.rangeFilterState(in: slot)
  }
}
