// SPDX-License-Identifier: Apache-2.0
extension ObjectTracker {
  /// The covariance of the distance filter's state in `slot`
  /// (``RangeFilter/covariance``), for an offline smoother that records each
  /// update's posterior. Meaningless while the slot's filter has no distance.
  ///
  /// Precondition: `slot` is in `0..<capacity`.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rangeCovariance(inSlot slot: Int) -> RangeCovariance {
    engines.rangeCovariance(in: slot)
  }
}
