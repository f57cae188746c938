// SPDX-License-Identifier: Apache-2.0
/// The pipeline's step order, in its one home: which objects are tracked, in
/// which slots, since when, which phone poses are taken, and when the clock
/// runs the lost check. `RangingPipeline` drives its tracker through it, and
/// a replay's row loop (`ReplayRowLoop` in RangingReplay) drives it directly
/// and sends each step's slot work to the engines of the slots
/// (``SlotEngines``), on one thread or several: a replay holds one registry
/// whatever its number of threads. So a change to the order is made here
/// once, and every path follows it.
///
/// For one measurement of an object (``measure(_:at:slotHint:)``), in order:
/// 1. an object silent for longer than the lost timeout is lost by its own
///    gap, whatever other objects did meanwhile (its zones exit first);
/// 2. a measurement earlier than its object's latest is refused, and changes
///    nothing more;
/// 3. the object is touched, or inserted, evicting the stalest object when
///    the table is full (the evicted object's zones exit before the
///    measurement's own events);
/// 4. the clock moves, and when the lost check is due the caller runs
///    ``removeLost(at:_:)`` after the measurement's own events.
///
/// A life-cycle row (``lifecycle(_:endsTrack:at:)``) takes steps 1, a removal
/// when it ends the track, and 4. A pose (``admit(_:at:validation:)``) moves
/// no object and not the clock.
///
/// Everything is allocated in `init`; nothing allocates afterwards.
public struct TrackRegistry {
  /// The tracked objects: slots, identifiers, the time each was last heard from.
  @usableFromInline var table: ObjectTable
  /// The latest time seen, and when the lost check runs.
  @usableFromInline var clock = LostCheckClock()
  /// Which poses are taken.
  @usableFromInline var poses = PoseGate()
  /// An object silent for longer than this is lost, seconds (``TrackerConfiguration/lostTimeoutSeconds``).
  public let lostTimeoutSeconds: Double

  /// An empty registry of `capacity` slots.
  public init(capacity: Int, lostTimeoutSeconds: Double) {
    table = ObjectTable(capacity: capacity)
    self.lostTimeoutSeconds = lostTimeoutSeconds
  }

  /// What one measurement did, for the caller to act on in this order:
  /// exit the zones of ``expiredSlot``, then (unless refused) those of
  /// ``evicted`` in ``slot``, then its own events, then, when
  /// ``checksLost``, ``removeLost(at:_:)``.
  public struct Measurement: Sendable {
    /// The slot of the measurement's object, lost by its own silence first, or -1.
    public var expiredSlot: Int
    /// The slot the measurement goes to, or -1 when it is refused (earlier
    /// than its object's latest update).
    public var slot: Int
    /// The object evicted from ``slot`` to make room, or nil.
    public var evicted: UInt64?
    /// Whether ``slot`` starts a new track (its filters start afresh).
    public var isNew: Bool
    /// Whether the lost check is due after the measurement.
    public var checksLost: Bool

    /// Whether the measurement was refused (step 2).
    @inlinable public var isRefused: Bool { slot < 0 }

    @inlinable
    public init(expiredSlot: Int, slot: Int, evicted: UInt64?, isNew: Bool, checksLost: Bool) {
      self.expiredSlot = expiredSlot
      self.slot = slot
      self.evicted = evicted
      self.isNew = isNew
      self.checksLost = checksLost
    }
  }

  /// Steps 1-4 of a measurement of `object` at `time` (the type's overview).
  ///
  /// - Parameters:
  ///   - object: the measured object.
  ///   - time: the measurement's time.
  ///   - slotHint: where the caller last saw `object` (its slot then), or
  ///     -1; it spares the lookup when the object is still there.
  /// - Complexity: O(1) expected; O(capacity) when it evicts. Does not allocate.
  @inlinable @inline(__always)
  public mutating func measure(_ object: UInt64, at time: Timestamp, slotHint: Int = -1) -> Measurement {
    var known = slotHint >= 0 && table.isInUse(slotHint) && table.object(in: slotHint) == object
      ? slotHint : table.slot(of: object)
    var expiredSlot = -1
    if let slot = known, isSilent(slot, at: time) {
      expiredSlot = slot
      table.remove(slot: slot)
      known = nil
    }
    guard let placed = place(object, at: time, knownSlot: known) else {
      return Measurement(expiredSlot: expiredSlot, slot: -1, evicted: nil, isNew: false, checksLost: false)
    }
    return Measurement(
      expiredSlot: expiredSlot, slot: placed.slot, evicted: placed.evicted, isNew: placed.isNew,
      checksLost: clock.advance(to: time))
  }

  /// Steps 2 and 3 alone, for a tracker used without the pipeline's clock
  /// (`ObjectTracker.update(object:with:)`): nil when refused.
  ///
  /// - Complexity: O(1) expected; O(capacity) when it evicts. Does not allocate.
  @inlinable @inline(__always)
  public mutating func place(
    _ object: UInt64, at time: Timestamp, knownSlot: Int?
  ) -> (slot: Int, evicted: UInt64?, isNew: Bool)? {
    if let known = knownSlot {
      // Against the object's latest accepted update (its table entry), not its
      // filter's time: a direction-only update leaves an unstarted distance
      // filter's time behind, and a reused slot's filter keeps the previous object's.
      guard time >= table.lastSeen(in: known) else { return nil }
      table.touch(known, at: time)
      return (known, nil, false)
    }
    let inserted = table.insert(object, at: time)
    return (inserted.slot, inserted.evicted, true)
  }

  /// What a life-cycle row did: the caller exits the zones of
  /// ``expiredSlot`` (reason `lost`), then those of ``removedSlot`` (the
  /// row's reason), then, when ``checksLost``, runs ``removeLost(at:_:)``.
  public struct Lifecycle: Sendable {
    /// The slot of the row's object, lost by its own silence first, or -1.
    public var expiredSlot: Int
    /// The slot of the row's object, whose track the row ended, or -1.
    public var removedSlot: Int
    /// Whether the lost check is due after the row.
    public var checksLost: Bool
  }

  /// Steps 1 and 4 of a life-cycle row of `object` at `time`, with the
  /// object's removal between them when the row ends its track (removal,
  /// invalidation; a suspension does not).
  ///
  /// - Complexity: O(1) expected. Does not allocate.
  public mutating func lifecycle(_ object: UInt64, endsTrack: Bool, at time: Timestamp) -> Lifecycle {
    var expiredSlot = -1, removedSlot = -1
    if let slot = table.slot(of: object) {
      if isSilent(slot, at: time) { expiredSlot = slot } else if endsTrack { removedSlot = slot }
      if expiredSlot >= 0 || removedSlot >= 0 { table.remove(slot: slot) }
    }
    return Lifecycle(expiredSlot: expiredSlot, removedSlot: removedSlot, checksLost: clock.advance(to: time))
  }

  /// Step 4 alone: the clock moves to `time` (a firmware timer, another
  /// shard's row). Whether the lost check is due.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public mutating func advanceClock(to time: Timestamp) -> Bool { clock.advance(to: time) }

  /// The lost check: every object silent for longer than the lost timeout at
  /// `time` leaves, in slot order, `body(slot, object)` called for each before it goes.
  ///
  /// - Complexity: O(capacity). Does not allocate.
  public mutating func removeLost(at time: Timestamp, _ body: (Int, UInt64) -> Void) {
    for slot in 0..<table.capacity where table.isInUse(slot) && isSilent(slot, at: time) {
      body(slot, table.object(in: slot))
      table.remove(slot: slot)
    }
  }

  /// Frees `object`'s slot (removed, evicted by another table's decision); returns it, or nil when not tracked.
  @discardableResult
  public mutating func remove(_ object: UInt64) -> Int? {
    guard let slot = table.slot(of: object) else { return nil }
    table.remove(slot: slot)
    return slot
  }

  /// Takes the phone's pose at `time` when it passes `validation` and is not
  /// earlier than the latest taken (``PoseGate``): nil, or why not.
  ///
  /// - Complexity: O(1). Does not allocate.
  public mutating func admit(_ pose: Attitude, at time: Timestamp, validation: SampleValidation) -> RejectionReason? {
    poses.admit(pose, at: time, validation: validation)
  }

  /// The slot of `object`, or nil when it is not tracked.
  @inlinable public func slot(of object: UInt64) -> Int? { table.slot(of: object) }
  /// Whether `slot` holds an object.
  @inlinable public func isInUse(_ slot: Int) -> Bool { table.isInUse(slot) }
  /// The object in `slot`. Precondition: the slot is in use.
  @inlinable public func object(in slot: Int) -> UInt64 { table.object(in: slot) }
  /// The time of the latest accepted update of the object in `slot`.
  @inlinable public func lastSeen(in slot: Int) -> Timestamp { table.lastSeen(in: slot) }
  /// The number of slots.
  @inlinable public var capacity: Int { table.capacity }
  /// The number of objects tracked now.
  @inlinable public var count: Int { table.count }
  /// The latest time seen on a measurement, life-cycle row or clock advance, or nil before the first.
  @inlinable public var time: Timestamp? { clock.time }
  /// The time of the latest pose taken, or nil before the first.
  public var lastPoseTime: Timestamp? { poses.latestTime }

  /// Step 1's test: silent for longer than the lost timeout at `time`.
  @inlinable
  func isSilent(_ slot: Int, at time: Timestamp) -> Bool {
    time.seconds(since: table.lastSeen(in: slot)) > lostTimeoutSeconds
  }
}
