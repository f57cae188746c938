// SPDX-License-Identifier: Apache-2.0
import Dispatch

/// The ring of batches that the reader thread, the shard threads and the
/// merging thread of a ``ShardedReplay`` pass round: the reader fills batch
/// `i` (``ReplayRowBatch``) while the shards replay earlier ones and the
/// merger writes out what the shards made of still earlier ones. Every shard
/// reads every batch (the rows of it listed for the shard); batch `i` is
/// refilled only once the merger has taken batch `i`'s outputs, so memory
/// stays at ``count`` batches and their outputs however long the input.
///
/// Three kinds of semaphore carry the hand-overs, and with them the ordering
/// of every write to a batch before its reads: `free` counts the batches the
/// reader may fill, `filled[k]` the batches shard `k` may replay, and
/// `replayed[i]` the shards done with slot `i`.
final class ReplayRounds: @unchecked Sendable {
  // Unchecked: the semaphores order every access (see above).
  let batches: [ReplayRowBatch]
  /// `outputs[i][k]`: shard `k`'s output for slot `i`.
  let outputs: [[ShardOutput]]
  let shardCount: Int
  private let free: DispatchSemaphore
  private let filled: [DispatchSemaphore]
  private let replayed: [DispatchSemaphore]

  /// - Precondition: `count`, `shardCount` and the batch capacities are at least 1.
  init(count: Int, shardCount: Int, rowsPerBatch: Int, nameBytesPerBatch: Int) {
    precondition(count >= 1 && shardCount >= 1, "ReplayRounds: at least one batch and one shard")
    batches = (0..<count).map { _ in
      ReplayRowBatch(rowCapacity: rowsPerBatch, nameBytesCapacity: nameBytesPerBatch, shardCount: shardCount)
    }
    outputs = (0..<count).map { _ in (0..<shardCount).map { _ in ShardOutput() } }
    self.shardCount = shardCount
    free = DispatchSemaphore(value: count)
    filled = (0..<shardCount).map { _ in DispatchSemaphore(value: 0) }
    replayed = (0..<count).map { _ in DispatchSemaphore(value: 0) }
  }

  var count: Int { batches.count }

  /// Reader: waits until slot `sequence % count` may be filled.
  func waitToFill(_ sequence: Int) -> ReplayRowBatch {
    free.wait()
    let batch = batches[sequence % count]
    batch.removeAll()
    return batch
  }

  /// Reader: hands the filled slot to every shard.
  func publish() {
    for semaphore in filled { semaphore.signal() }
  }

  /// Shard `shard`: waits for the next filled slot, `sequence`, and returns it with the shard's cleared output.
  func waitToReplay(_ sequence: Int, shard: Int) -> (ReplayRowBatch, ShardOutput) {
    filled[shard].wait()
    let output = outputs[sequence % count][shard]
    output.removeAll()
    return (batches[sequence % count], output)
  }

  /// Shard: done with slot `sequence`.
  func finishReplay(_ sequence: Int) {
    replayed[sequence % count].signal()
  }

  /// Merger: waits until every shard is done with slot `sequence`.
  func waitForShards(_ sequence: Int) -> (ReplayRowBatch, [ShardOutput]) {
    for _ in 0..<shardCount { replayed[sequence % count].wait() }
    return (batches[sequence % count], outputs[sequence % count])
  }

  /// Merger: slot `sequence` may be refilled.
  func release(_ sequence: Int) {
    free.signal()
  }
}
