// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import Testing

@testable import RangingReplayThreads

/// The merging thread's k-way merge (`ShardedReplayThreads.merge`): whatever
/// shard each command went to, the merged events and filtered rows come out
/// in the order of the commands' numbers, which is the reader's order (one
/// replay's). The expected order is the order in which the cases below deal
/// the outputs out, not a merge's.
@Suite("Merge in command order")
struct MergeOrderTests {
  /// A round whose commands 0..<`commands` went to shards drawn at random:
  /// each command made 0 to 3 events and 0 or 1 filtered row in its shard.
  /// Returns the round and the events and rows in the order dealt.
  private static func dealt(
    commands: Int, shards: Int, random: inout SeededDraws
  ) -> (round: ReplayRound, events: [String], states: [String]) {
    let round = ReplayRound(shardCount: shards)
    var events: [String] = []
    var states: [String] = []
    for sequence in 0..<commands {
      let output = round.outputs[random.below(shards)]
      // An exit of several zones: several events of one command, in one shard, in their order.
      for event in 0..<random.below(4) {
        output.events.append((sequence, "e\(sequence).\(event)"))
        events.append("e\(sequence).\(event)")
      }
      if random.below(2) == 0 {
        output.states.append((sequence, "s\(sequence)"))
        states.append("s\(sequence)")
      }
    }
    return (round, events, states)
  }

  @Test("Events and filtered rows come out in command order, whatever the shards' share of them", arguments: 1...6)
  func commandOrder(shards: Int) {
    var random = SeededDraws(seed: UInt64(shards))
    for _ in 0..<200 {
      let (round, events, states) = Self.dealt(commands: random.below(120), shards: shards, random: &random)
      round.rejections = [RowRejection(line: 7, column: 3, field: "distance", reason: "malformed_number", text: "abc")]
      var merged = ShardedReplayBatch()
      ShardedReplayThreads.merge(round, into: &merged)
      #expect(merged.events == events)
      #expect(merged.states == states)
      #expect(merged.rejections == round.rejections)
      // The first failing round is enough to show.
      if merged.events != events || merged.states != states { return }
    }
  }

  @Test("A shard with nothing to say, and a round with no output, merge to nothing missing and nothing extra")
  func emptyLists() {
    let round = ReplayRound(shardCount: 3)
    round.outputs[1].events = [(0, "a"), (4, "c")]
    round.outputs[2].events = [(2, "b")]
    var merged = ShardedReplayBatch()
    ShardedReplayThreads.merge(round, into: &merged)
    #expect(merged.events == ["a", "b", "c"])
    #expect(merged.states.isEmpty)
    merged = ShardedReplayBatch()
    ShardedReplayThreads.merge(ReplayRound(shardCount: 2), into: &merged)
    #expect(merged.events.isEmpty && merged.states.isEmpty && merged.rejections.isEmpty)
  }

  @Test("On equal keys the lower list comes first, and each list keeps its own order")
  func equalKeys() {
    var taken: [String] = []
    ShardedReplayThreads.mergeInOrder(
      [[(1, "b0"), (3, "d0")], [(0, "a1"), (1, "b1"), (3, "d1")], [(1, "b2"), (2, "c2")]],
      key: { ($0.0, 0) }, take: { taken.append($0.1) })
    #expect(taken == ["a1", "b0", "b1", "b2", "c2", "d0", "d1"])
  }
}
