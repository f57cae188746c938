// SPDX-License-Identifier: Apache-2.0
/// Validates updates and keeps one filtered track per object, in a bounded
/// table of preallocated slots.
///
/// Every filter is created in `init`, so steady-state updates allocate
/// nothing. Objects are identified by a caller-chosen `UInt64` (firmware uses
/// its own ids; hosts intern strings). Time order is checked per object.
public final class ObjectTracker<Backend: KalmanBackend> {
  public let configuration: TrackerConfiguration
  // @usableFromInline so that `update` can be @inlinable and specialised in the
  // caller's module (docs/PERFORMANCE.md); exclusivity unchecked as in RangeFilter.
  /// The tracked objects' slots, the clock and the pose gate: the pipeline's step order (``TrackRegistry``).
  @exclusivity(unchecked) @usableFromInline var registry: TrackRegistry
  @usableFromInline let filters: [RangeFilter<Backend>]
  /// One per slot when direction tracking is on, else empty.
  @usableFromInline let directionFilters: [DirectionFilter<Backend>]
  /// Calibrations set for single objects (``setRangeCalibration(_:forObject:)``).
  @exclusivity(unchecked) @usableFromInline var objectCalibrations: ObjectCalibrationTable
  /// The calibration each slot's object uses: its own, or ``TrackerConfiguration/rangeCalibration``.
  @exclusivity(unchecked) @usableFromInline var slotCalibrations: [RangeCalibration]
  /// Objects evicted to make room, since creation.
  public private(set) var evictionCount = 0
  /// The phone's rotation into the world frame from the latest accepted
  /// pose (``update(pose:at:)``), or nil before the first: every direction
  /// filter uses it from its object's next update on.
  @exclusivity(unchecked) @usableFromInline var attitude: RotationMatrix? = nil

  public init(configuration: TrackerConfiguration = TrackerConfiguration()) {
    self.configuration = configuration
    registry = TrackRegistry(capacity: configuration.capacity, lostTimeoutSeconds: configuration.lostTimeoutSeconds)
    var filters: [RangeFilter<Backend>] = []
    filters.reserveCapacity(configuration.capacity)
    for _ in 0..<configuration.capacity {
      filters.append(RangeFilter<Backend>(configuration: configuration.rangeFilter))
    }
    self.filters = filters
    var directionFilters: [DirectionFilter<Backend>] = []
    if let direction = configuration.directionFilter {
      directionFilters.reserveCapacity(configuration.capacity)
      for _ in 0..<configuration.capacity {
        directionFilters.append(DirectionFilter<Backend>(configuration: direction))
      }
    }
    self.directionFilters = directionFilters
    objectCalibrations = ObjectCalibrationTable(capacity: configuration.capacity)
    slotCalibrations = [RangeCalibration](repeating: configuration.rangeCalibration, count: configuration.capacity)
    // Once here, so that the Swift runtime builds the caches that this
    // unspecialised generic path asks for (a witness table, about 200 bytes
    // in 6 blocks on hosts, once per process) while the engine is created,
    // not on the first new object's update (found by scripts/checks/soak's counting
    // malloc). Embedded Swift has no such runtime caches.
    resetFilters(in: 0)
  }

  /// The number of slots, ``TrackerConfiguration/capacity``.
  public var capacity: Int { registry.capacity }

  /// The slot of `object`, or nil when it is not tracked.
  public func slot(of object: UInt64) -> Int? { registry.slot(of: object) }

  /// The object in `slot`. Precondition: the slot is in use.
  public func object(in slot: Int) -> UInt64 { registry.object(in: slot) }

  /// The time of the latest accepted update of the object in `slot`.
  @inlinable
  public func lastSeen(inSlot slot: Int) -> Timestamp { registry.lastSeen(in: slot) }

  /// The number of objects tracked now (at most ``capacity``).
  public var count: Int { registry.count }

  /// Validates and fuses one update.
  ///
  /// The distance is corrected by the object's calibration
  /// (``setRangeCalibration(_:forObject:)``, else ``TrackerConfiguration/rangeCalibration``)
  /// after validation and before both filters.
  ///
  /// - Returns: `.rejected` with the reason, or `.accepted` with the slot,
  ///   the new state, what the distance measurement did (nil when the update
  ///   had no distance) and the object evicted to make room, if any.
  /// - Complexity: O(1) expected; O(capacity) when a new object evicts.
  ///   Does not allocate.
  @inlinable
  public func update(object: UInt64, with update: RangingUpdate) -> TrackerUpdate {
    if let reason = configuration.validation.rejection(of: update) {
      return .rejected(reason)
    }
    return self.update(object: object, withValidated: update)
  }

  /// ``update(object:with:)`` for an update that already passed
  /// ``TrackerConfiguration/validation``, for a caller that validated it
  /// itself (a CSV reader checks every row to report it); the checks are not
  /// repeated. The per-object time order is still checked here.
  ///
  /// Used alone, the tracker neither loses silent objects nor moves a clock:
  /// that is the pipeline's order (``measure(object:at:)``).
  ///
  /// Precondition (not checked): `configuration.validation.rejection(of: update)` is nil.
  /// - Complexity: as ``update(object:with:)``. Does not allocate.
  @inlinable @inline(__always)
  public func update(object: UInt64, withValidated update: RangingUpdate) -> TrackerUpdate {
    guard let placed = registry.place(object, at: update.time, knownSlot: registry.slot(of: object)) else {
      return .rejected(.timeWentBackwards)
    }
    return self.update(object: object, withValidated: update, inSlot: placed.slot, isNew: placed.isNew, evicted: placed.evicted)
  }

  /// The pipeline's steps of a measurement of `object` at `time` on the
  /// object table and the clock (``TrackRegistry/measure(_:at:slotHint:)``),
  /// before its filters: the caller then fuses it with
  /// ``update(object:withValidated:measured:)`` unless it was refused.
  ///
  /// - Complexity: O(1) expected; O(capacity) when it evicts. Does not allocate.
  @inlinable @inline(__always)
  public func measure(object: UInt64, at time: Timestamp) -> TrackRegistry.Measurement {
    let measured = registry.measure(object, at: time)
    if measured.expiredSlot >= 0 { resetFilters(in: measured.expiredSlot) }
    return measured
  }

  /// Fuses `update` into the slot ``measure(object:at:)`` placed it in.
  ///
  /// Precondition (not checked): `measured` is what ``measure(object:at:)``
  /// returned for `object` at `update.time`, not refused, with no change to
  /// the tracker in between; `update` passed ``TrackerConfiguration/validation``.
  /// - Complexity: O(1). Does not allocate. Always inlined: the result is then
  ///   taken apart in the caller's registers instead of being written to
  ///   memory and read back (docs/PERFORMANCE.md).
  @inlinable @inline(__always)
  public func update(
    object: UInt64, withValidated update: RangingUpdate, measured: TrackRegistry.Measurement
  ) -> TrackerUpdate {
    self.update(object: object, withValidated: update, inSlot: measured.slot, isNew: measured.isNew, evicted: measured.evicted)
  }

  /// The filters' part of an update placed in `slot` (a new track when `isNew`).
  @inlinable @inline(__always)
  func update(
    object: UInt64, withValidated update: RangingUpdate, inSlot slot: Int, isNew: Bool, evicted: UInt64?
  ) -> TrackerUpdate {
    if isNew { startTrack(of: object, in: slot, evicting: evicted) }
    // Calibration after validation: the checks apply to what the device reported.
    var update = update
    // Most devices run uncalibrated: skip the correction's division then (2 comparisons,
    // always predicted the same way), since it sits on the update's chain (docs/PERFORMANCE.md).
    let calibration = slotCalibrations[slot]
    if !calibration.isIdentity, let measured = update.distanceMeters {
      update.distanceMeters = calibration.correctedDistance(
        measured, minimumDistanceMeters: configuration.validation.minimumDistanceMeters)
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
    return .accepted(slot: slot, state: state, outcome: outcome, evicted: evicted)
  }

  /// Takes the phone's attitude at `time` (a pose from the phone's motion
  /// sensors, at their own rate): from then on every object's direction is
  /// tracked in the world frame and reported in the phone frame at the
  /// latest pose (``DirectionFilter``). A pose changes no track by itself;
  /// each object's next update uses it.
  ///
  /// - Returns: nil when the pose was taken, or why it was not:
  ///   ``RejectionReason/nonFinitePose``, ``RejectionReason/poseNotUnit``
  ///   (`SampleValidation.rejection(of:)`), or
  ///   ``RejectionReason/timeWentBackwards`` when `time` is earlier than the
  ///   previous accepted pose's (``PoseGate``). A rejected pose changes nothing.
  /// - Complexity: O(1). Does not allocate.
  public func update(pose: Attitude, at time: Timestamp) -> RejectionReason? {
    if let reason = registry.admit(pose, at: time, validation: configuration.validation) { return reason }
    attitude = RotationMatrix(pose)
    return nil
  }

  /// The time of the latest accepted pose, or nil before the first.
  public var lastPoseTime: Timestamp? { registry.lastPoseTime }

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

  /// A new object's track starts in `slot` (taken from `evicted`, if any)
  /// with fresh filters and its calibration.
  @usableFromInline
  func startTrack(of object: UInt64, in slot: Int, evicting evicted: UInt64?) {
    if evicted != nil { evictionCount += 1 }
    resetFilters(in: slot)
    slotCalibrations[slot] = rangeCalibration(forObject: object)
  }

  /// Sets the range calibration of one object, in place of
  /// ``TrackerConfiguration/rangeCalibration``, from its next update on; nil
  /// returns it to the configuration's. Set before or while the object is
  /// tracked; it stays when the object is evicted, removed or lost, and
  /// applies again when it comes back. At most ``capacity`` objects have one.
  ///
  /// - Returns: false, changing nothing, when ``capacity`` other objects
  ///   already have a calibration.
  /// - Complexity: O(objects with a calibration). Does not allocate.
  @discardableResult
  public func setRangeCalibration(_ calibration: RangeCalibration?, forObject object: UInt64) -> Bool {
    guard objectCalibrations.set(calibration, for: object) else { return false }
    if let slot = registry.slot(of: object) { slotCalibrations[slot] = rangeCalibration(forObject: object) }
    return true
  }

  /// The calibration `object`'s distances get: its own, or ``TrackerConfiguration/rangeCalibration``.
  /// - Complexity: O(objects with a calibration).
  public func rangeCalibration(forObject object: UInt64) -> RangeCalibration {
    objectCalibrations.calibration(of: object) ?? configuration.rangeCalibration
  }

  @usableFromInline
  func resetFilters(in slot: Int) {
    filters[slot].reset()
    if !directionFilters.isEmpty { directionFilters[slot].reset() }
  }

  /// Forgets `object` (removed, invalidated or lost); returns its former slot.
  @discardableResult
  public func remove(object: UInt64) -> Int? {
    guard let slot = registry.remove(object) else { return nil }
    resetFilters(in: slot)
    return slot
  }

  /// Forgets `object` as ``update(object:with:)`` forgets the stalest object
  /// to make room for a new one, counting it in ``evictionCount``: for a
  /// replay whose object table is shared by several trackers (each holding
  /// some of the objects), when the table as a whole is full.
  /// - Returns: its former slot, or nil when it is not tracked (nothing is counted).
  @discardableResult
  public func evict(object: UInt64) -> Int? {
    guard let slot = remove(object: object) else { return nil }
    evictionCount += 1
    return slot
  }

  /// Restarts `object`'s filter (after a suspension its state is stale).
  public func restart(object: UInt64) {
    if let slot = registry.slot(of: object) { resetFilters(in: slot) }
  }

  /// The pipeline's steps of a life-cycle row of `object` at `time`
  /// (``TrackRegistry/lifecycle(_:endsTrack:at:)``): a silent object is lost
  /// first, a row that ends the track removes it, and the clock moves.
  ///
  /// - Complexity: O(1) expected. Does not allocate.
  public func lifecycle(object: UInt64, endsTrack: Bool, at time: Timestamp) -> TrackRegistry.Lifecycle {
    let steps = registry.lifecycle(object, endsTrack: endsTrack, at: time)
    if steps.expiredSlot >= 0 { resetFilters(in: steps.expiredSlot) }
    if steps.removedSlot >= 0 { resetFilters(in: steps.removedSlot) }
    return steps
  }

  /// Moves the clock to `time`: whether the lost check is due (``removeLost(at:_:)``).
  ///
  /// - Complexity: O(1). Does not allocate.
  public func advanceClock(to time: Timestamp) -> Bool { registry.advanceClock(to: time) }

  /// The latest time seen on a measurement, life-cycle row or clock advance
  /// of the pipeline's steps, or nil before the first.
  public var clock: Timestamp? { registry.time }

  /// Removes every object not heard from for ``TrackerConfiguration/lostTimeoutSeconds``
  /// before `now`, calling `body(slot, object)` for each before it goes.
  ///
  /// - Complexity: O(capacity). Does not allocate.
  public func removeLost(at now: Timestamp, _ body: (Int, UInt64) -> Void) {
    registry.removeLost(at: now) { slot, object in
      body(slot, object)
      resetFilters(in: slot)
    }
  }
}

/// The result of ``ObjectTracker/update(object:with:)``.
public enum TrackerUpdate: Sendable {
  case accepted(slot: Int, state: TrackState, outcome: UpdateOutcome?, evicted: UInt64?)
  case rejected(RejectionReason)
}
