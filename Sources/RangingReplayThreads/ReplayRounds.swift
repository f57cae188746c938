// SPDX-License-Identifier: Apache-2.0
import Dispatch

/// The ring of rounds that the reader thread, the shard threads and the
/// merging thread of a ``ShardedReplay`` pass round: the reader fills round
/// `i` (``ReplayRound``) with commands while the shards carry out earlier
/// ones and the merger writes out what the shards made of still earlier
/// ones. Every shard reads every round (its own commands in it); round `i`
/// is refilled only once the merger has taken its outputs, so memory stays
/// at ``count`` rounds however long the input.
///
/// Three kinds of semaphore carry the hand-overs, and with them the ordering
/// of every write to a round before its reads: `free` counts the rounds the
/// reader may fill, `filled[k]` the rounds shard `k` may carry out, and
/// `replayed[i]` the shards done with slot `i`.
final class ReplayRounds: @unchecked Sendable {
  // Unchecked: the semaphores order every access (see above).
  let rounds: [ReplayRound]
  let shardCount: Int
  private let free: DispatchSemaphore
  private let filled: [DispatchSemaphore]
  private let replayed: [DispatchSemaphore]

  /// Rounds whose shards each write to an output `makeOutput` makes.
  ///
  /// - Precondition: `count` and `shardCount` are at least 1.
  init(count: Int, shardCount: Int, makeOutput: () -> ShardOutputStorage) {
    precondition(count >= 1 && shardCount >= 1, "ReplayRounds: at least one round and one shard")
    rounds = (0..<count).map { _ in ReplayRound(shardCount: shardCount, makeOutput: makeOutput) }
    self.shardCount = shardCount
    free = DispatchSemaphore(value: count)
    filled = (0..<shardCount).map { _ in DispatchSemaphore(value: 0) }
    replayed = (0..<count).map { _ in DispatchSemaphore(value: 0) }
  }

  var count: Int { rounds.count }

  /// Reader: waits until round `sequence % count` may be filled.
  func waitToFill(_ sequence: Int) -> ReplayRound {
    free.wait()
    let round = rounds[sequence % count]
    round.removeAll()
    return round
  }

  /// Reader: hands the filled round to every shard.
  func publish() {
    for semaphore in filled { semaphore.signal() }
  }

  /// Shard `shard`: waits for the next filled round, `sequence`, and returns
  /// its commands with the shard's cleared output.
  func waitToReplay(_ sequence: Int, shard: Int) -> (ReplayRound, ShardCommandList, ShardOutputStorage) {
    filled[shard].wait()
    let round = rounds[sequence % count]
    let output = round.outputs[shard]
    output.removeAll()
    return (round, round.commands[shard], output)
  }

  /// Shard: done with round `sequence`.
  func finishReplay(_ sequence: Int) {
    replayed[sequence % count].signal()
  }

  /// Merger: waits until every shard is done with round `sequence`.
  func waitForShards(_ sequence: Int) -> ReplayRound {
    for _ in 0..<shardCount { replayed[sequence % count].wait() }
    return rounds[sequence % count]
  }

  /// Merger: round `sequence` may be refilled.
  func release(_ sequence: Int) {
    free.signal()
  }
}
