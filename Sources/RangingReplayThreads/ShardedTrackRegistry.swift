// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingReplay
import ZoneMonitor

/// The `TrackRegistry` that one replay of the whole input would fill, kept
/// without filters or zones by the reader thread of a ``ShardedReplay``, with
/// the shard of each slot's object, so that shards that each track some of
/// the objects together act as that one replay:
///
/// - The lost check runs at the same rows: every shard is handed them.
/// - When the table is full, a new object evicts the stalest one, whichever
///   shard tracks it: the router hands the row to that shard too, which
///   evicts it (`RangingPipeline.evict(object:at:emit:)`). Each shard's own
///   engine, with the whole capacity, then never evicts by itself.
/// - Its slot numbers order the exits that one lost check finds in several
///   shards as the one table's slot order does.
///
/// The order of the steps is the registry's, the one the pipeline follows;
/// nothing of it is stated here.
///
/// Only for replayers whose tracker checks rows as the reader does (the
/// tracker then refuses a row only for its time going backwards).
struct ShardedTrackRegistry {
  private var registry: TrackRegistry
  /// The shard of each slot's object.
  private var shardOfSlot: [Int32]
  /// The replayers' checks on poses (`TrackerConfiguration.validation`).
  private let poseValidation: SampleValidation
  /// `Replayer.ignoresPoses`: every pose is then taken, and none is checked.
  private let ignoresPoses: Bool

  /// Objects the table holds at most.
  var capacity: Int { registry.capacity }

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
  ///   `lostTimeoutSeconds`, the checks on poses, and whether poses are ignored.
  init(capacity: Int, lostTimeoutSeconds: Double, poseValidation: SampleValidation, ignoresPoses: Bool) {
    registry = TrackRegistry(capacity: capacity, lostTimeoutSeconds: lostTimeoutSeconds)
    shardOfSlot = Array(repeating: -1, count: capacity)
    self.poseValidation = poseValidation
    self.ignoresPoses = ignoresPoses
  }

  /// A measurement of the object `key`, tracked by `shard`, at `time`, that
  /// passed the reader's checks (and whose pose, if any, was taken).
  /// `slotHint` is where the object was last seen (its slot then), or -1.
  ///
  /// - Returns: nil when the tracker refuses it (earlier than the object's latest update).
  /// - Complexity: O(1) expected; O(capacity) when it evicts or the lost check runs.
  mutating func measured(_ key: UInt64, shard: Int, at time: Timestamp, slotHint: Int = -1) -> Placement? {
    let measured = registry.measure(key, at: time, slotHint: slotHint)
    guard !measured.isRefused else { return nil }
    var evictedShard: Int? = nil
    if measured.isNew {
      if measured.evicted != nil { evictedShard = Int(shardOfSlot[measured.slot]) }
      shardOfSlot[measured.slot] = Int32(shard)
    }
    if measured.checksLost { registry.removeLost(at: time) { _, _ in } }
    return Placement(slot: measured.slot, evictedShard: evictedShard, checksLost: measured.checksLost)
  }

  /// A life-cycle row of the object `key` at `time`.
  ///
  /// - Returns: whether the lost check runs after the row.
  /// - Complexity: O(1) expected; O(capacity) when the lost check runs.
  mutating func lifecycle(_ key: UInt64, event: LifecycleEvent, at time: Timestamp) -> Bool {
    let steps = registry.lifecycle(key, endsTrack: event.endsTrack, at: time)
    if steps.checksLost { registry.removeLost(at: time) { _, _ in } }
    return steps.checksLost
  }

  /// A pose at `time` reaches the tracker: whether it takes it
  /// (`ObjectTracker.update(pose:at:)`). A measurement whose pose is refused is not replayed.
  mutating func posed(at time: Timestamp, attitude: Attitude) -> Bool {
    ignoresPoses || registry.admit(attitude, at: time, validation: poseValidation) == nil
  }

  /// Whether the table holds the object `key`.
  func tracks(_ key: UInt64) -> Bool { registry.slot(of: key) != nil }
}
