// SPDX-License-Identifier: Apache-2.0
extension ObjectTracker {
  /// What the distance filter in `slot` did on its last update
  /// (``RangeFilter/health``), for a consumer that must know, beside the
  /// outcome, whether that update undid the one before it (an offline smoother).
  ///
  /// Precondition: `slot` is in `0..<capacity`.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rangeFilterHealth(inSlot slot: Int) -> FilterHealth {
    engines.rangeFilterHealth(in: slot)
  }
}
