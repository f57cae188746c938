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
  @exclusivity(unchecked) @usableFromInline package var registry: TrackRegistry
  /// Calibrations set for single objects (``setRangeCalibration(_:forObject:)``).
  @exclusivity(unchecked) @usableFromInline var objectCalibrations: ObjectCalibrationTable
  /// The filters, calibrations and attitude of every slot (``SlotEngines``).
  /// Last, and with the eviction count inside: the order adds no padding on
  /// 32- or 64-bit targets, where the C API's memory formula counts each
  /// byte of an engine (ranging_engine.h, checked by Tests/CAPI/smoke.c).
  @exclusivity(unchecked) @usableFromInline package var engines: SlotEngines<Backend>

  /// Objects evicted to make room, since creation.
  public var evictionCount: Int { engines.evictions }

  public init(configuration: TrackerConfiguration = TrackerConfiguration()) {
    self.configuration = configuration
    registry = TrackRegistry(capacity: configuration.capacity, lostTimeoutSeconds: configuration.lostTimeoutSeconds)
    engines = SlotEngines(configuration: configuration, count: configuration.capacity)
    objectCalibrations = ObjectCalibrationTable(capacity: configuration.capacity)
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
    let fused = engines.fuse(update, in: slot, minimumDistanceMeters: configuration.validation.minimumDistanceMeters)
    return .accepted(slot: slot, state: fused.state, outcome: fused.outcome, evicted: evicted)
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
    engines.take(pose)
    return nil
  }

  /// The time of the latest accepted pose, or nil before the first.
  public var lastPoseTime: Timestamp? { registry.lastPoseTime }

  /// A new object's track starts in `slot` (taken from `evicted`, if any)
  /// with fresh filters and its calibration.
  @usableFromInline
  func startTrack(of object: UInt64, in slot: Int, evicting evicted: UInt64?) {
    engines.startTrack(in: slot, calibration: rangeCalibration(forObject: object), evicting: evicted != nil)
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
    if let slot = registry.slot(of: object) { engines.setCalibration(rangeCalibration(forObject: object), in: slot) }
    return true
  }

  /// The object table and the engines of its slots, in place, for a replay's
  /// row loop, which runs the table's steps itself and sends each slot's to
  /// the engines (`ReplaySlots` in RangingReplay). Accessed here, in this
  /// module's inlinable code, so that the unchecked exclusivity of the stored
  /// properties holds where the code is inlined (a client module's own
  /// accesses were checked at run time: 7 % of a replay's instructions).
  @inlinable package func withRegistry<Result>(_ body: (inout TrackRegistry) -> Result) -> Result {
    body(&registry)
  }

  /// ``withRegistry(_:)`` for the engines.
  @inlinable package func withEngines<Result>(_ body: (inout SlotEngines<Backend>) -> Result) -> Result {
    body(&engines)
  }

  /// Sets (or, with nil, removes) `object`'s own calibration in the table of
  /// calibrations alone, not in the engines of its slot: for a replay whose
  /// engines are not this tracker's (`rangectl replay --jobs`), which hands
  /// the calibration to the engines of the object's slot itself.
  /// - Returns: false, changing nothing, when ``capacity`` other objects already have one.
  package func setObjectCalibration(_ calibration: RangeCalibration?, forObject object: UInt64) -> Bool {
    objectCalibrations.set(calibration, for: object)
  }

  /// The calibration `object`'s distances get: its own, or ``TrackerConfiguration/rangeCalibration``.
  /// - Complexity: O(objects with a calibration).
  public func rangeCalibration(forObject object: UInt64) -> RangeCalibration {
    objectCalibrations.calibration(of: object) ?? configuration.rangeCalibration
  }

  @usableFromInline
  func resetFilters(in slot: Int) { engines.reset(slot) }

  /// Forgets `object` (removed, invalidated or lost); returns its former slot.
  @discardableResult
  public func remove(object: UInt64) -> Int? {
    guard let slot = registry.remove(object) else { return nil }
    resetFilters(in: slot)
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
