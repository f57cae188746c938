// SPDX-License-Identifier: Apache-2.0
/// Limits and tuning of an ``ObjectTracker``.
public struct TrackerConfiguration: Sendable {
  /// Most objects tracked at once; the least recently heard is evicted beyond it.
  public var capacity: Int
  /// The distance filter of every track.
  public var rangeFilter: RangeFilterConfiguration
  /// The 3-D direction filter of every track, or nil to report measured
  /// directions only (and save its ~2 KB per slot, for small firmware).
  public var directionFilter: DirectionFilterConfiguration?
  /// Value checks applied to every update.
  public var validation: SampleValidation
  /// An object not heard from for this long is lost, in seconds. Nearby
  /// Interaction's slowest rate is about 1 Hz, so 5 s is several missed updates
  /// at any rate, and still short enough that a zone does not stay occupied
  /// long after someone walked out of range.
  public var lostTimeoutSeconds: Double
  /// The device's range error, removed from every measured distance before
  /// the filter (and before the direction filter's position). Identity by
  /// default; `rangectl calibrate` measures it.
  public var rangeCalibration: RangeCalibration

  public init(
    capacity: Int = 64, rangeFilter: RangeFilterConfiguration = RangeFilterConfiguration(),
    directionFilter: DirectionFilterConfiguration? = DirectionFilterConfiguration(),
    validation: SampleValidation = SampleValidation(), lostTimeoutSeconds: Double = 5,
    rangeCalibration: RangeCalibration = RangeCalibration()
  ) {
    precondition(capacity >= 1, "TrackerConfiguration: capacity must be at least 1")
    precondition(lostTimeoutSeconds > 0, "TrackerConfiguration: lost timeout must be positive")
    self.capacity = capacity
    self.rangeFilter = rangeFilter
    self.directionFilter = directionFilter
    self.validation = validation
    self.lostTimeoutSeconds = lostTimeoutSeconds
    self.rangeCalibration = rangeCalibration
  }
}
