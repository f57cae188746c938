// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingReplayThreads

/// Which round of which shard a thread of a ``ShardedReplay`` claims
/// (``ReplayRounds/claim(preferring:)``), against its rules worked out by
/// hand, on one thread: a claim that finds a round returns at once.
@Suite("ReplayRounds")
struct ReplayRoundsTests {
  private static func rounds(count: Int, shards: Int) -> ReplayRounds {
    ReplayRounds(count: count, shardCount: shards, makeOutput: { ShardOutput<String, String>() })
  }

  /// Fills and hands over `count` rounds, the last of them the input's last when `ending`.
  private static func publish(_ rounds: ReplayRounds, count: Int, ending: Bool) {
    for sequence in 0..<count {
      _ = rounds.waitToFill(sequence)
      rounds.publish(isLast: ending && sequence == count - 1)
    }
  }

  /// Gives the `count` rounds filled back, as the merger does, so that the ring ends as it started.
  private static func release(_ rounds: ReplayRounds, count: Int) {
    for sequence in 0..<count { rounds.release(sequence) }
  }

  /// A claim's shard and round.
  private static func claim(_ rounds: ReplayRounds, preferring shard: Int) -> [Int]? {
    rounds.claim(preferring: shard).map { [$0.shard, $0.sequence] }
  }

  @Test("A thread takes its own shard's next round while it has one, else the next round of the shard furthest behind that no thread is carrying out")
  func prefersItsShardThenTheFurthestBehind() {
    let rounds = Self.rounds(count: 4, shards: 3)
    Self.publish(rounds, count: 2, ending: false)
    defer { Self.release(rounds, count: 2) }
    #expect(Self.claim(rounds, preferring: 0) == [0, 0])
    rounds.finishReplay(shard: 0, sequence: 0)
    #expect(Self.claim(rounds, preferring: 0) == [0, 1])
    // Its own shard is busy: shards 1 and 2 are as far behind; the first of them.
    #expect(Self.claim(rounds, preferring: 0) == [1, 0])
    rounds.finishReplay(shard: 1, sequence: 0)
    // Shard 2 (round 0) is further behind than shard 1 (round 1).
    #expect(Self.claim(rounds, preferring: 0) == [2, 0])
    #expect(Self.claim(rounds, preferring: 2) == [1, 1])
  }

  @Test("A shard's rounds are claimed in order, one at a time; every shard's rounds to the last, then none")
  func claimsEveryRoundOnceInOrder() {
    let rounds = Self.rounds(count: 2, shards: 2)
    Self.publish(rounds, count: 2, ending: true)
    defer { Self.release(rounds, count: 2) }
    var claimed: [[Int]] = []
    while let claim = Self.claim(rounds, preferring: 1) {
      claimed.append(claim)
      rounds.finishReplay(shard: claim[0], sequence: claim[1])
    }
    #expect(claimed == [[1, 0], [1, 1], [0, 0], [0, 1]])
    #expect(Self.claim(rounds, preferring: 0) == nil)
  }
}
