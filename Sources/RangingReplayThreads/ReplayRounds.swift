// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation

/// The ring of rounds that the reader thread, the shard threads and the
/// merging thread of a ``ShardedReplay`` pass round: the reader fills round
/// `i` (``ReplayRound``) with commands while the shards carry out earlier
/// ones and the merger writes out what the shards made of still earlier
/// ones. Every shard carries out every round (its own commands in it);
/// round `i` is refilled only once the merger has taken its outputs, so
/// memory stays at ``count`` rounds however long the input.
///
/// A shard's rounds are carried out one at a time and in order, but not
/// always by the same thread: each of the shards' threads prefers its own
/// shard, and takes another shard's next round when its own has none ready
/// (``claim(preferring:)``). A shard thread that shares its core with the
/// reader runs at about half speed; without this, the other thread would
/// catch up with the reader and wait while the slow shard held the ring
/// full, leaving a core idle (docs/PERFORMANCE.md).
///
/// Two kinds of semaphore and one lock carry the hand-overs, and with them
/// the ordering of every write to a round before its reads: `free` counts
/// the rounds the reader may fill, `replayed[i]` the shards done with slot
/// `i`, and `work` guards which rounds each shard has carried out.
final class ReplayRounds: @unchecked Sendable {
  // Unchecked: the semaphores and `work` order every access (see above).
  let rounds: [ReplayRound]
  let shardCount: Int
  private let free: DispatchSemaphore
  private let replayed: [DispatchSemaphore]
  /// Guards the counts below, and is waited on by a shard thread with no round to claim.
  private let work = NSCondition()
  /// Rounds the reader has handed over, and the number of the last one once it has.
  private var published = 0
  private var last: Int? = nil
  /// Each shard's next round, and whether a thread is carrying out one of its rounds.
  private var next: [Int]
  private var busy: [Bool]
  /// Shard threads waiting on `work`.
  private var waiting = 0

  /// Rounds whose shards each write to an output `makeOutput` makes.
  ///
  /// - Precondition: `count` and `shardCount` are at least 1.
  init(count: Int, shardCount: Int, makeOutput: () -> ShardOutputStorage) {
    precondition(count >= 1 && shardCount >= 1, "ReplayRounds: at least one round and one shard")
    rounds = (0..<count).map { _ in ReplayRound(shardCount: shardCount, makeOutput: makeOutput) }
    self.shardCount = shardCount
    free = DispatchSemaphore(value: count)
    replayed = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    next = Array(repeating: 0, count: shardCount)
    busy = Array(repeating: false, count: shardCount)
  }

  var count: Int { rounds.count }

  /// Reader: waits until round `sequence % count` may be filled.
  func waitToFill(_ sequence: Int) -> ReplayRound {
    free.wait()
    let round = rounds[sequence % count]
    round.removeAll()
    return round
  }

  /// Reader: hands the filled round to every shard; `isLast` for the input's last round.
  func publish(isLast: Bool) {
    work.lock()
    published += 1
    if isLast { last = published - 1 }
    if waiting > 0 { work.broadcast() }
    work.unlock()
  }

  /// A shard thread: waits for a round that a shard has yet to carry out and
  /// no other thread is carrying out for it, and claims it: shard
  /// `preferred`'s next round if it is ready, else the next round of the
  /// shard furthest behind. Returns the shard, the round's number, its
  /// commands for the shard and the shard's cleared output; nil once every
  /// shard has carried out the last round.
  func claim(preferring preferred: Int) -> (shard: Int, sequence: Int, ShardCommandList, ShardOutputStorage)? {
    guard let (shard, sequence) = claimed(preferring: preferred) else { return nil }
    let round = rounds[sequence % count]
    // The shard's alone until it is done with the round: cleared without the lock.
    let output = round.outputs[shard]
    output.removeAll()
    return (shard, sequence, round.commands[shard], output)
  }

  /// ``claim(preferring:)``'s shard and round, marked busy.
  private func claimed(preferring preferred: Int) -> (shard: Int, sequence: Int)? {
    work.lock()
    defer { work.unlock() }
    while true {
      if let shard = claimable(preferring: preferred) {
        busy[shard] = true
        return (shard, next[shard])
      }
      if let last, next.allSatisfy({ $0 > last }) { return nil }
      waiting += 1
      work.wait()
      waiting -= 1
    }
  }

  /// The shard whose next round a thread preferring `preferred` may claim (`work` held).
  private func claimable(preferring preferred: Int) -> Int? {
    func ready(_ shard: Int) -> Bool { !busy[shard] && next[shard] < published }
    if ready(preferred) { return preferred }
    var behind: Int? = nil
    for shard in next.indices where ready(shard) && next[shard] < behind.map({ next[$0] }) ?? Int.max {
      behind = shard
    }
    return behind
  }

  /// A shard thread: shard `shard` is done with round `sequence`.
  func finishReplay(shard: Int, sequence: Int) {
    work.lock()
    busy[shard] = false
    next[shard] = sequence + 1
    // Another thread may wait for this shard's next round, or for the end.
    if waiting > 0 { work.broadcast() }
    work.unlock()
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
