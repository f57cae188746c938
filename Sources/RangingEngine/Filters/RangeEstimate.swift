// SPDX-License-Identifier: Apache-2.0
/// The distance filter's output at one time.
public struct RangeEstimate: Equatable, Sendable {
  /// Filtered distance, metres.
  public var distanceMeters: Double
  /// Standard deviation of ``distanceMeters``, metres: `sqrt(P[0][0])`.
  public var sigmaMeters: Double
  /// Rate of change of the distance, m/s (negative when approaching).
  public var rateMetersPerSecond: Double
  /// Probability, in [0, 1], that the latest measurements came over a
  /// non-line-of-sight path (``NonLineOfSightDetector``).
  public var nonLineOfSightProbability: Double

  public init(
    distanceMeters: Double, sigmaMeters: Double, rateMetersPerSecond: Double,
    nonLineOfSightProbability: Double = NonLineOfSightDetector.initialProbability
  ) {
    self.distanceMeters = distanceMeters
    self.sigmaMeters = sigmaMeters
    self.rateMetersPerSecond = rateMetersPerSecond
    self.nonLineOfSightProbability = nonLineOfSightProbability
  }
}
