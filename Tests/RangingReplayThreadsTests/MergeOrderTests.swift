// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import ReplayTestRecordings
import Testing

@testable import RangingReplayThreads

/// The merging thread's k-way merge (`ShardOutput.merge`): whatever shard
/// each command went to, the merged events and filtered states come out in
/// the order of the commands' numbers, which is the reader's order (one
/// replay's), a command's events before its state, as one replay's observer
/// sees them (an output that numbers objects by their first record relies
/// on it). The expected order is the order in which the cases below deal the
/// outputs out, not a merge's.
@Suite("Merge in command order")
struct MergeOrderTests {
  typealias Output = ShardOutput<String, String>

  /// A round whose commands 0..<`commands` went to shards drawn at random:
  /// each command made 0 to 3 events and 0 or 1 filtered state in its shard.
  /// Returns each shard's output and the events and states in the order
  /// dealt, one list ("e" an event's, "s" a state's).
  private static func dealt(commands: Int, shards: Int, random: inout SeededDraws) -> (outputs: [Output], dealt: [String]) {
    let outputs = (0..<shards).map { _ in Output() }
    var dealt: [String] = []
    for sequence in 0..<commands {
      let output = outputs[random.below(shards)]
      // An exit of several zones: several events of one command, in one shard, in their order.
      for event in 0..<random.below(4) {
        output.events.append((sequence, "e\(sequence).\(event)"))
        dealt.append("e\(sequence).\(event)")
      }
      if random.below(2) == 0 {
        output.states.append((sequence, "s\(sequence)"))
        dealt.append("s\(sequence)")
      }
    }
    return (outputs, dealt)
  }

  /// The merge of `outputs`, events and states in one list.
  private static func merged(_ outputs: [Output]) -> [String] {
    var merged: [String] = []
    Output.merge(outputs, event: { merged.append($0) }, state: { merged.append($0) })
    return merged
  }

  @Test("Events and filtered states come out in command order, a command's events first, whatever the shards' share of them",
        arguments: 1...6)
  func commandOrder(shards: Int) {
    var random = SeededDraws(seed: UInt64(shards))
    for _ in 0..<200 {
      let (outputs, dealt) = Self.dealt(commands: random.below(120), shards: shards, random: &random)
      let merged = Self.merged(outputs)
      #expect(merged == dealt)
      // The first failing round is enough to show.
      if merged != dealt { return }
    }
  }

  @Test("A shard with nothing to say, and a round with no output, merge to nothing missing and nothing extra")
  func emptyLists() {
    let outputs = (0..<3).map { _ in Output() }
    outputs[1].events = [(0, "a"), (4, "d")]
    outputs[2].events = [(2, "b")]
    outputs[2].states = [(2, "c")]
    #expect(Self.merged(outputs) == ["a", "b", "c", "d"])
    #expect(Self.merged([Output(), Output()]).isEmpty)
    #expect(Self.merged([]).isEmpty)
  }

  @Test("A command's events come before its state, and each list keeps its own order")
  func eventsBeforeTheirState() {
    let outputs = [Output(), Output()]
    outputs[0].states = [(1, "s1"), (3, "s3")]
    outputs[0].events = [(1, "e1.0"), (1, "e1.1"), (3, "e3")]
    outputs[1].events = [(0, "e0"), (2, "e2")]
    outputs[1].states = [(0, "s0"), (2, "s2")]
    #expect(Self.merged(outputs) == ["e0", "s0", "e1.0", "e1.1", "s1", "e2", "s2", "e3", "s3"])
  }
}
