// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// One object's update timing, as ``ZoneMembership`` needs it for the exit
/// band at low rates (``Zone/exitThresholdMeters(updateIntervalSeconds:)``):
/// the time of its previous evaluation and the exponential average of its
/// update intervals.
///
/// Kept in microseconds so that an update costs no division (the band's only
/// division happens for slow objects); one value per slot, so that an update
/// writes one array element.
struct UpdateTiming: Sendable {
  /// Time of the previous evaluation, µs; `Int64.min` before the first (a
  /// sentinel rather than an optional, which would take 24 bytes a slot instead of 16).
  private var lastMicroseconds = Int64.min
  /// Exponential average of the update interval, µs; NaN before two updates.
  private var meanIntervalMicroseconds = Double.nan

  /// Weight of the newest interval in the average: 0.2, about the last five updates.
  private static let intervalWeight = 0.2

  /// Folds the time since the previous evaluation into the mean interval.
  ///
  /// - Returns: the mean update interval, seconds (NaN before two updates).
  /// - Complexity: O(1). Does not allocate.
  mutating func note(_ time: Timestamp) -> Double {
    let previous = lastMicroseconds
    if previous != Int64.min && time.microseconds > previous {
      let interval = Double(time.microseconds &- previous)
      let mean = meanIntervalMicroseconds
      meanIntervalMicroseconds = mean.isNaN ? interval : mean + Self.intervalWeight * (interval - mean)
    }
    lastMicroseconds = time.microseconds
    return meanIntervalMicroseconds * 1e-6
  }
}
