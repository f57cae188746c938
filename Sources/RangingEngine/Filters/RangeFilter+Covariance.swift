// SPDX-License-Identifier: Apache-2.0
extension RangeFilter {
  /// The covariance of the state at ``time`` (after the latest update or
  /// prediction). Meaningless before ``isInitialized``.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public var covariance: RangeCovariance {
    let s = backend.storage
    // P is row-major 2 x 2; the filter keeps it symmetric, P[1] == P[2].
    return RangeCovariance(
      distanceVarianceMetersSquared: s.P[0], distanceRateCovarianceMetersSquaredPerSecond: s.P[1],
      rateVarianceMetersSquaredPerSecondSquared: s.P[3])
  }
}
