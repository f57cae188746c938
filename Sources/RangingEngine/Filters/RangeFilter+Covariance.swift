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

  /// The filter's own state `x = [d, v]` at ``time``, whose covariance is
  /// ``covariance``: the posterior an offline smoother runs backward over.
  /// ``estimate`` reports it too, except while the object's readings show
  /// outliers at 2 Hz and faster, when it reports the zone decision's
  /// distance and rate (Tuning.md, "The reported track"), which this
  /// covariance does not describe. Meaningless before ``isInitialized``.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public var filterState: (distanceMeters: Double, rateMetersPerSecond: Double) {
    (backend.storage.x[0], backend.storage.x[1])
  }
}
