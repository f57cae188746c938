// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingReplay

/// The distance filter's state `x = [d, v]ᵀ` and its covariance `P` at one
/// time: a filtered posterior as the live filter left it, or the smoothed
/// estimate the Rauch-Tung-Striebel pass (`TrackSmoother`) makes of it.
public struct RangeTrackPoint: Equatable, Sendable {
  /// The time of the state.
  public var time: Timestamp
  /// `d`, metres.
  public var distanceMeters: Double
  /// `v`, m/s (negative when approaching).
  public var rateMetersPerSecond: Double
  /// `P`.
  public var covariance: RangeCovariance

  public init(time: Timestamp, distanceMeters: Double, rateMetersPerSecond: Double, covariance: RangeCovariance) {
    self.time = time
    self.distanceMeters = distanceMeters
    self.rateMetersPerSecond = rateMetersPerSecond
    self.covariance = covariance
  }
}

extension RangeStep {
  /// The filter's posterior as a point of a segment, or nil when there is no
  /// distance yet: its own state, which its covariance describes, not the
  /// reported one (the zone decision's while the readings show outliers).
  var point: RangeTrackPoint? {
    guard state.range.distanceMeters.isFinite else { return nil }
    return RangeTrackPoint(
      time: state.time, distanceMeters: filterDistanceMeters,
      rateMetersPerSecond: filterRateMetersPerSecond, covariance: covariance)
  }
}
