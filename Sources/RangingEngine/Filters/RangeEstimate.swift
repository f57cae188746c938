// SPDX-License-Identifier: Apache-2.0
/// The distance filter's output at one time.
public struct RangeEstimate: Equatable, Sendable {
  /// Filtered distance, metres.
  public var distanceMeters: Double
  /// Standard deviation of ``distanceMeters``, metres, as reported to users:
  /// the filter's own ``filterSigmaMeters`` with what it cannot see from the
  /// stream (a device's bias, non-line-of-sight, a restart that disagreed
  /// with the track before it) added (``ReportedRangeUncertainty``).
  public var sigmaMeters: Double
  /// The Kalman filter's own standard deviation, `sqrt(P[0][0])`, metres:
  /// the spread of ``distanceMeters`` if the readings were unbiased white noise.
  public var filterSigmaMeters: Double
  /// The measurement sigma the filter used, metres: the object's measured
  /// noise (``MeasurementNoiseEstimator``) or the configured one; NaN when
  /// unknown (an estimate not made by a ``RangeFilter``).
  public var measurementSigmaMeters: Double
  /// Rate of change of the distance, m/s (negative when approaching).
  public var rateMetersPerSecond: Double
  /// Probability, in [0, 1], that the latest measurements came over a
  /// non-line-of-sight path (``NonLineOfSightDetector``).
  public var nonLineOfSightProbability: Double
  /// The distance the zones decide on, metres (``ZoneDecisionSmoother``):
  /// smoother than ``distanceMeters``; equal to it for an estimate not made by a ``RangeFilter``.
  public var decisionDistanceMeters: Double

  public init(
    distanceMeters: Double, sigmaMeters: Double, rateMetersPerSecond: Double,
    nonLineOfSightProbability: Double = NonLineOfSightDetector.initialProbability, filterSigmaMeters: Double? = nil,
    measurementSigmaMeters: Double = .nan, decisionDistanceMeters: Double? = nil
  ) {
    self.decisionDistanceMeters = decisionDistanceMeters ?? distanceMeters
    self.measurementSigmaMeters = measurementSigmaMeters
    self.distanceMeters = distanceMeters
    self.sigmaMeters = sigmaMeters
    self.filterSigmaMeters = filterSigmaMeters ?? sigmaMeters
    self.rateMetersPerSecond = rateMetersPerSecond
    self.nonLineOfSightProbability = nonLineOfSightProbability
  }
}

extension RangeEstimate {
  /// Makes ``sigmaMeters`` the reported sigma of ``ReportedRangeUncertainty``:
  /// the filter's variance plus `unmodelledVariance` (``RangeFilter/unmodelledVariance(at:)``)
  /// plus the device-bias variance at this distance, for a calibrated or an
  /// uncalibrated device. ``filterSigmaMeters`` keeps the filter's own.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public mutating func addUnmodelledUncertainty(_ unmodelledVariance: Double, isCalibrated: Bool) {
    let device = ReportedRangeUncertainty.deviceVariance(distanceMeters: distanceMeters, isCalibrated: isCalibrated)
    sigmaMeters = (filterSigmaMeters * filterSigmaMeters + unmodelledVariance + device).squareRoot()
  }
}
