// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// What the shards of a `ShardedReplay` make of its zone events and
/// filtered states, and where the merged ones go: each is made on the
/// thread of the shard whose engines gave it (the costly part: formatting
/// text, building records), then handed to ``write(event:)`` or
/// ``write(state:)`` on the calling thread, one at a time, in the order
/// of one replay on one thread, events and states interleaved as its
/// observer sees them (a command's events before its state). So an output
/// that numbers objects by their first appearance numbers them as on one thread.
///
/// `rangectl replay --jobs N` makes lines of text (`ShardedTextOutputs`);
/// the replay reached from C makes lines and C records (`MemoryReplayOutputs`).
public protocol ShardedReplayOutputs: AnyObject {
  /// What a shard makes of one zone event.
  associatedtype Event
  /// What a shard makes of one filtered state.
  associatedtype State
  /// Whether the filtered states are wanted (``shardState(seconds:object:objectName:_:)``).
  var writesStates: Bool { get }
  /// A zone event of the object named `objectName`, on a shard's thread
  /// (several shards call it at once: it must only read shared state).
  func shardEvent(_ event: ZoneEvent, objectName: String) -> Event
  /// A filtered state of the object `id` (its `ObjectNames` id) at the
  /// input's time `seconds`, on a shard's thread (as ``shardEvent(_:objectName:)``).
  func shardState(seconds: Double, object id: UInt64, objectName: String, _ state: TrackState) -> State
  /// The next event in the replay's order, on the calling thread.
  func write(event: Event)
  /// The next state in the replay's order, on the calling thread.
  func write(state: State)
}
