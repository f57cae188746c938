// SPDX-License-Identifier: Apache-2.0
/// The engines of a set of track slots, by slot index: each slot's distance
/// filter, its direction filter (when direction tracking is on), the range
/// calibration of the slot's object, and the phone's attitude that every
/// direction filter uses. It holds no object table and no clock: which object
/// is in which slot, and when, is a ``TrackRegistry``'s. ``ObjectTracker``
/// pairs one registry with the engines of all its slots; a replay split over
/// threads (`rangectl replay --jobs`) keeps the one registry on its reader
/// thread and gives each thread the engines of its own slots only.
///
/// Every filter is created in `init`; nothing allocates afterwards.
public struct SlotEngines<Backend: KalmanBackend> {
  // No copy of the configuration is kept: the C API's memory formula counts
  // each byte of an engine (ranging_engine.h), and the tracker holds one.
  // @usableFromInline so that `fuse` can be @inlinable and specialised in the
  // caller's module (docs/PERFORMANCE.md).
  @usableFromInline let filters: [RangeFilter<Backend>]
  /// One per slot when direction tracking is on, else empty.
  @usableFromInline let directionFilters: [DirectionFilter<Backend>]
  /// The calibration each slot's object uses: its own, or ``TrackerConfiguration/rangeCalibration``.
  @usableFromInline var calibrations: [RangeCalibration]
  /// Tracks started in a slot that an evicted object left (``startTrack(in:calibration:evicting:)``).
  /// Before `attitude`, which needs 8-byte alignment: on 32-bit targets this
  /// word fills what would otherwise be padding (the C API's memory formula).
  public private(set) var evictions = 0
  /// The phone's rotation into the world frame from the latest pose taken
  /// (``take(_:)``), or nil before the first: every direction filter uses it
  /// from its object's next update on. Last, as the tracker's own was: its
  /// size is not a multiple of 8, and a field after it would add padding to
  /// every engine (the C API's memory formula counts it).
  @usableFromInline var attitude: RotationMatrix? = nil

  /// The engines of `count` slots (0 or more), each with `configuration`'s
  /// filters and its default calibration.
  public init(configuration: TrackerConfiguration, count: Int) {
    var filters: [RangeFilter<Backend>] = []
    filters.reserveCapacity(count)
    for _ in 0..<count { filters.append(RangeFilter<Backend>(configuration: configuration.rangeFilter)) }
    self.filters = filters
    var directionFilters: [DirectionFilter<Backend>] = []
    if let direction = configuration.directionFilter {
      directionFilters.reserveCapacity(count)
      for _ in 0..<count { directionFilters.append(DirectionFilter<Backend>(configuration: direction)) }
    }
    self.directionFilters = directionFilters
    calibrations = [RangeCalibration](repeating: configuration.rangeCalibration, count: count)
    // Once here, so that the Swift runtime builds the caches that this
    // unspecialised generic path asks for (a witness table, about 200 bytes
    // in 6 blocks on hosts, once per process) while the engines are created,
    // not on the first new object's update (found by scripts/checks/soak's counting
    // malloc). Embedded Swift has no such runtime caches.
    if count > 0 { reset(0) }
  }

  /// The number of slots.
  @inlinable public var count: Int { filters.count }

  /// A new object's track starts in `slot`: fresh filters, and `calibration`
  /// for its distances; `evicting` when the slot's object was evicted to make room.
  ///
  /// - Complexity: O(1). Does not allocate.
  public mutating func startTrack(in slot: Int, calibration: RangeCalibration, evicting: Bool = false) {
    if evicting { evictions += 1 }
    reset(slot)
    calibrations[slot] = calibration
  }

  /// The calibration of the object in `slot` changes to `calibration` from its next update on.
  ///
  /// - Complexity: O(1). Does not allocate.
  public mutating func setCalibration(_ calibration: RangeCalibration, in slot: Int) {
    calibrations[slot] = calibration
  }

  /// The filters of `slot` start over (the object left, or its state is stale after a suspension).
  ///
  /// - Complexity: O(1). Does not allocate.
  public mutating func reset(_ slot: Int) {
    filters[slot].reset()
    if !directionFilters.isEmpty { directionFilters[slot].reset() }
  }

  /// Takes the phone's attitude, which checks passed (``PoseGate``): every
  /// direction filter uses it from its object's next update on.
  ///
  /// - Complexity: O(1). Does not allocate.
  public mutating func take(_ pose: Attitude) { attitude = RotationMatrix(pose) }

  /// Fuses `update` (which passed ``TrackerConfiguration/validation``) into
  /// the filters of `slot`: the distance, corrected by the slot's calibration
  /// (kept at least `minimumDistanceMeters`, the validation's), through the
  /// distance filter; the direction through the direction filter.
  ///
  /// - Returns: the slot's state after the update, and what the distance
  ///   measurement did (nil when the update has no distance).
  /// - Complexity: O(1). Does not allocate. Always inlined: the result is then
  ///   taken apart in the caller's registers instead of being written to
  ///   memory and read back (docs/PERFORMANCE.md). Mutating, though it
  ///   changes only the filters (objects): called on a class's stored
  ///   property, a non-mutating method had the engines copied first, a
  ///   retain and a release of each array (236 instructions per update in
  ///   `scripts/checks/check-firmware`'s count).
  @inlinable @inline(__always)
  public mutating func fuse(
    _ update: RangingUpdate, in slot: Int, minimumDistanceMeters: Double
  ) -> (state: TrackState, outcome: UpdateOutcome?) {
    // Calibration after validation: the checks apply to what the device reported.
    var update = update
    // Most devices run uncalibrated: skip the correction's division then (2 comparisons,
    // always predicted the same way), since it sits on the update's chain (docs/PERFORMANCE.md).
    let calibration = calibrations[slot]
    if !calibration.isIdentity, let measured = update.distanceMeters {
      update.distanceMeters = calibration.correctedDistance(measured, minimumDistanceMeters: minimumDistanceMeters)
    }
    let filter = filters[slot]
    var outcome: UpdateOutcome? = nil
    var range: RangeEstimate
    if let distance = update.distanceMeters {
      outcome = filter.update(distanceMeters: distance, at: update.time)
      range = filter.estimate
    } else if filter.isInitialized {
      filter.predict(to: update.time)
      range = filter.estimate
    } else {
      // A direction before any distance: no range yet.
      filter.predict(to: update.time)
      range = RangeEstimate(distanceMeters: .nan, sigmaMeters: .infinity, rateMetersPerSecond: 0)
    }
    // The reported sigma: the filter's own plus what it cannot see (ReportedRangeUncertainty).
    if filter.isInitialized {
      range.addUnmodelledUncertainty(filter.unmodelledVariance(at: update.time), isCalibrated: !calibration.isIdentity)
    }
    // Read before the direction step: a use of `filter` after that call made
    // the optimiser retain and release it around the call (docs/PERFORMANCE.md).
    let isConfirmed = filter.isConfirmed
    let direction = directionEstimate(slot: slot, update: update)
    let state = TrackState(
      time: update.time, range: range, direction: direction.direction, directionState: direction.state,
      // An unknown direction has no sigma to speak of: infinite, as TrackState and the C header say
      // (the 3-D filter still reports the sigma that made it unknown).
      directionSigmaRadians: direction.state == .unknown ? .infinity : direction.angleSigmaRadians,
      isConfirmed: isConfirmed)
    return (state, outcome)
  }

  /// The direction after `update`: from the 3-D filter once a direction or
  /// an azimuth has started it; until then (and when direction tracking is
  /// off) the measured direction, or the azimuth's at elevation 0, or
  /// nothing. A distance-only stream never touches the 3-D filter, so it
  /// costs one branch.
  @inlinable
  func directionEstimate(slot: Int, update: RangingUpdate) -> DirectionEstimate {
    if !directionFilters.isEmpty {
      let filter = directionFilters[slot]
      if filter.isInitialized || update.direction != nil || update.horizontalAngleRadians != nil {
        return filter.update(with: update, attitude: attitude)
      }
    }
    if let measured = update.direction {
      return DirectionEstimate(direction: measured.normalized, angleSigmaRadians: .nan, state: .measured)
    }
    guard let azimuth = update.horizontalAngleRadians else { return .unknown }
    return DirectionEstimate(direction: FieldOfView.direction(azimuth: azimuth), angleSigmaRadians: .nan, state: .measured)
  }

  /// The covariance of the distance filter's state in `slot` (``RangeFilter/covariance``).
  ///
  /// Precondition: `slot` is in `0..<count`.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rangeCovariance(in slot: Int) -> RangeCovariance {
    precondition(slot >= 0 && slot < filters.count, "SlotEngines.rangeCovariance: slot out of range")
    return filters[slot].covariance
  }

  /// The distance filter's own state in `slot` (``RangeFilter/filterState``),
  /// which ``rangeCovariance(in:)`` describes.
  ///
  /// Precondition: `slot` is in `0..<count`.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rangeFilterState(in slot: Int) -> (distanceMeters: Double, rateMetersPerSecond: Double) {
    precondition(slot >= 0 && slot < filters.count, "SlotEngines.rangeFilterState: slot out of range")
    return filters[slot].filterState
  }

  /// What the distance filter in `slot` did on its last update (``RangeFilter/health``).
  ///
  /// Precondition: `slot` is in `0..<count`.
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rangeFilterHealth(in slot: Int) -> FilterHealth {
    precondition(slot >= 0 && slot < filters.count, "SlotEngines.rangeFilterHealth: slot out of range")
    return filters[slot].health
  }
}
