// SPDX-License-Identifier: Apache-2.0
/// A distance filter's current run of gate rejections: when it began, for
/// the filter's restart after `resetAfterSeconds`, and what it takes to judge
/// whether the run is an object in motion or a burst of bad readings when it
/// restarts the filter (``RangeFilter``, "A restart must be confirmed").
///
/// The run is motion when both hold:
/// - its onset was reachable: the first rejected measurement `z1`, taken `Δt1`
///   after the last state `d` (the state before that update), implies an
///   onset rate `(z1 - d) / Δt1` within the rate limit. A step of 0.5 m in
///   50 ms (10 m/s) is no walker: an NLOS path or multipath at 20 Hz;
/// - it kept going: the rate between its last two measurements is within
///   `rateTolerance` of the onset rate. An NLOS episode jumps to a longer
///   level and stays there, so its rate falls back to the walker's; a person
///   who started to run keeps running.
///
/// - Complexity: O(1). Does not allocate.
@usableFromInline
struct RejectionRun {
  /// The time of the run's first measurement.
  @usableFromInline var firstTime = Timestamp(microseconds: 0)
  /// `(z1 - d) / Δt1`, m/s; NaN when the onset had no time step.
  @usableFromInline var onsetRate = Double.nan
  /// The run's latest measurement so far and its time.
  @usableFromInline var latestDistance = 0.0
  @usableFromInline var latestTime = Timestamp(microseconds: 0)

  @inlinable
  init() {}

  /// Starts a run at its first rejected measurement.
  @inlinable
  mutating func begin(measured: Double, time: Timestamp, stateBefore: StateBeforeFusion) {
    let dt = stateBefore.time.map { time.seconds(since: $0) } ?? 0
    // NaN when dt is 0 (two readings at one time): no rate, not motion.
    onsetRate = dt > 0 ? (measured - stateBefore.x0) / dt : .nan
    firstTime = time
    record(measured: measured, time: time)
  }

  /// Adds a rejected measurement to the run.
  @inlinable
  mutating func record(measured: Double, time: Timestamp) {
    latestDistance = measured
    latestTime = time
  }

  /// Whether the run, ended by `distance` at `time`, is motion (see the type).
  @inlinable
  func isMotion(endingAt distance: Double, time: Timestamp, maximumRate: Double, rateTolerance: Double) -> Bool {
    let dt = time.seconds(since: latestTime)
    guard dt > 0 else { return false }
    let rate = (distance - latestDistance) / dt
    // Written so that NaN (no onset rate) is not motion.
    return abs(onsetRate) <= maximumRate && abs(rate - onsetRate) <= rateTolerance
  }
}
