// SPDX-License-Identifier: Apache-2.0
/// The covariance of a range filter's state, read for offline smoothing
/// (`RangingSmoothing`'s Rauch-Tung-Striebel pass over a recorded track).
///
/// The state is `x = [d, v]ᵀ` (``RangeEstimate/distanceMeters`` and
/// ``RangeEstimate/rateMetersPerSecond``); its covariance `P` is symmetric, so
/// three numbers describe it.
public struct RangeCovariance: Equatable, Sendable {
  /// `P[0][0]`: variance of the distance, m².
  public var distanceVarianceMetersSquared: Double
  /// `P[0][1] = P[1][0]`: covariance of distance and rate, m²/s.
  public var distanceRateCovarianceMetersSquaredPerSecond: Double
  /// `P[1][1]`: variance of the rate, m²/s².
  public var rateVarianceMetersSquaredPerSecondSquared: Double

  public init(
    distanceVarianceMetersSquared: Double, distanceRateCovarianceMetersSquaredPerSecond: Double,
    rateVarianceMetersSquaredPerSecondSquared: Double
  ) {
    self.distanceVarianceMetersSquared = distanceVarianceMetersSquared
    self.distanceRateCovarianceMetersSquaredPerSecond = distanceRateCovarianceMetersSquaredPerSecond
    self.rateVarianceMetersSquaredPerSecondSquared = rateVarianceMetersSquaredPerSecondSquared
  }
}
