// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// The object table that one replay of the whole input would fill, kept
/// without an engine by the reader thread of a ``ShardedReplay``, so that
/// shards that each track some of the objects together act as that one table:
///
/// - The lost check runs at the same rows (``LostCheckSchedule``).
/// - When the table is full, a new object evicts the stalest one, whichever
///   shard tracks it: the router hands the row to that shard too, which
///   evicts it (`RangingPipeline.evict(object:at:emit:)`). Each shard's own
///   engine, with the whole capacity, then never evicts by itself.
/// - Its slot numbers order the exits that one lost check finds in several
///   shards as the one table's slot order does (`ObjectTracker.removeLost(at:_:)`).
///
/// It uses the engine's own `ObjectTable` (slots, free list, the stalest
/// object) and `LostCheckClock`, and follows, for the table alone, the steps
/// of `RangingPipeline.process(object:validatedUpdate:emit:)` and
/// `process(object:lifecycle:at:emit:)`: an object silent for longer than the
/// lost timeout is lost first; a measurement earlier than its object's latest
/// is refused and changes nothing; otherwise it touches or inserts its object
/// and moves the clock; a life-cycle row removes its object or not and moves
/// the clock. Those steps are the engine's order, restated here; the sharded
/// replay's equivalence tests (`ShardedReplayTests`) check every one of them
/// against one replay of the whole input.
///
/// Only for replayers whose tracker checks rows as the reader does (the
/// tracker then refuses a row only for its time going backwards).
struct WholeReplayTable {
  private var table: ObjectTable
  private var schedule: LostCheckSchedule
  private let lostTimeoutSeconds: Double
  /// The shard of each slot's object.
  private var shardOfSlot: [Int32]

  /// Objects the table holds at most.
  var capacity: Int { table.capacity }

  /// Where a measurement the tracker takes puts its object.
  struct Placement {
    /// The object's slot in the one table.
    var slot: Int
    /// The shard whose object the measurement evicts (from `slot`), or nil.
    var evictedShard: Int?
    /// Whether the lost check runs after the row.
    var checksLost: Bool
  }

  /// - Parameters: the replayers' tracker settings: `capacity`,
  ///   `lostTimeoutSeconds`, and the clock and poses as ``LostCheckSchedule`` follows them.
  init(capacity: Int, lostTimeoutSeconds: Double, schedule: LostCheckSchedule) {
    table = ObjectTable(capacity: capacity)
    self.schedule = schedule
    self.lostTimeoutSeconds = lostTimeoutSeconds
    shardOfSlot = Array(repeating: -1, count: capacity)
  }

  /// A measurement of the object `key`, tracked by `shard`, at `time`, that
  /// passed the reader's checks (and whose pose, if any, was taken).
  /// `slotHint` is where the object was last seen (its slot then), or -1;
  /// it spares the lookup when the object is still there.
  ///
  /// - Returns: nil when the tracker refuses it (earlier than the object's latest update).
  /// - Complexity: O(1) expected; O(capacity) when it evicts or the lost check runs.
  mutating func measured(_ key: UInt64, shard: Int, at time: Timestamp, slotHint: Int = -1) -> Placement? {
    var known = slotHint >= 0 && table.isInUse(slotHint) && table.object(in: slotHint) == key
      ? slotHint : table.slot(of: key)
    if let slot = known, isSilent(slot, at: time) {
      table.remove(slot: slot)
      known = nil
    }
    let slot: Int
    var evictedShard: Int? = nil
    if let known {
      guard time >= table.lastSeen(in: known) else { return nil }
      table.touch(known, at: time)
      slot = known
    } else {
      let inserted = table.insert(key, at: time)
      if inserted.evicted != nil { evictedShard = Int(shardOfSlot[inserted.slot]) }
      slot = inserted.slot
      shardOfSlot[slot] = Int32(shard)
    }
    return Placement(slot: slot, evictedShard: evictedShard, checksLost: advanceClock(to: time))
  }

  /// A life-cycle row of the object `key` at `time`: removal and
  /// invalidation end the track, suspensions do not.
  ///
  /// - Returns: whether the lost check runs after the row.
  /// - Complexity: O(1) expected; O(capacity) when the lost check runs.
  mutating func lifecycle(_ key: UInt64, event: LifecycleEvent, at time: Timestamp) -> Bool {
    let endsTrack = switch event {
    case .removedTimeout, .removedPeerEnded, .invalidated: true
    case .suspended, .suspensionEnded: false
    }
    if let slot = table.slot(of: key), endsTrack || isSilent(slot, at: time) { table.remove(slot: slot) }
    return advanceClock(to: time)
  }

  /// A pose at `time` reaches the tracker: whether it takes it (``LostCheckSchedule/posed(at:attitude:)``).
  mutating func posed(at time: Timestamp, attitude: Attitude) -> Bool {
    schedule.posed(at: time, attitude: attitude)
  }

  /// Whether the table holds the object `key`.
  func tracks(_ key: UInt64) -> Bool { table.slot(of: key) != nil }

  /// `RangingPipeline.expireIfSilent`'s test.
  private func isSilent(_ slot: Int, at time: Timestamp) -> Bool {
    time.seconds(since: table.lastSeen(in: slot)) > lostTimeoutSeconds
  }

  /// `RangingPipeline.advanceClock(to:emit:)`: when the check is due, the
  /// silent objects leave, in slot order, as `ObjectTracker.removeLost(at:_:)` frees them.
  private mutating func advanceClock(to time: Timestamp) -> Bool {
    guard schedule.advance(to: time) else { return false }
    for slot in 0..<table.capacity where table.isInUse(slot) && isSilent(slot, at: time) {
      table.remove(slot: slot)
    }
    return true
  }
}
