// SPDX-License-Identifier: Apache-2.0
/// Limits and tuning of an ``ObjectTracker``.
///
/// ``validate()`` checks every setting, its own and those of the
/// configurations it holds, against its documented range; build one from
/// user values by changing a default one's properties and calling it.
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
    self.capacity = capacity
    self.rangeFilter = rangeFilter
    self.directionFilter = directionFilter
    self.validation = validation
    self.lostTimeoutSeconds = lostTimeoutSeconds
    self.rangeCalibration = rangeCalibration
    do { try validate() } catch { error.trap() }
  }

  /// Accepted ``capacity``: 1 to 2²⁴, the object table's limit. Memory grows
  /// linearly with it (several kilobytes a slot): bound it by what the
  /// machine can give.
  public static let capacityRange: ClosedRange<Int> = 1...(1 << 24)
  /// Accepted ``lostTimeoutSeconds``: a microsecond (the clock's resolution)
  /// to a day; a track kept longer than that is stale whatever the rate.
  public static let lostTimeoutRange: ClosedRange<Double> = 1e-6...86_400

  /// Throws the first setting outside its documented range: ``capacityRange``,
  /// ``lostTimeoutRange``, then the distance filter's
  /// (``RangeFilterConfiguration/validate()``), the direction filter's, the
  /// sample checks' (``SampleValidation/validate()``) and the calibration's.
  ///
  /// - Throws: ``ConfigurationError``.
  /// - Complexity: O(1). Does not allocate.
  public func validate() throws(ConfigurationError) {
    try ConfigurationError.check(.trackerCapacity, capacity, in: Self.capacityRange)
    try ConfigurationError.check(.trackerLostTimeout, lostTimeoutSeconds, in: Self.lostTimeoutRange)
    try rangeFilter.validate()
    try directionFilter?.validate()
    try validation.validate()
    try rangeCalibration.validate()
  }
}
