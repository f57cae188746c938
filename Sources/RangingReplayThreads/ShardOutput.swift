// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// What one shard of a ``ShardedReplay`` wrote while it carried out one
/// round of commands, whatever its outputs make (``ShardOutput``): the part
/// the threads, which are compiled once, hand round without knowing its kind.
@usableFromInline
class ShardOutputStorage: @unchecked Sendable {
  // Unchecked: written by the thread carrying its shard's round out, then
  // read by the merging thread once that thread has signalled the round done
  // (ReplayRounds).
  @usableFromInline init() {}

  /// Empties the output for the next round, keeping its storage.
  @usableFromInline func removeAll() {}
}

/// What one shard wrote in one round: each event and state its
/// ``ShardedReplayOutputs`` made, with the number of the command that made
/// it, in command order.
@usableFromInline
final class ShardOutput<Event, State>: ShardOutputStorage, @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var events: [(sequence: Int, value: Event)] = []
  @usableFromInline @exclusivity(unchecked) var states: [(sequence: Int, value: State)] = []

  @usableFromInline override init() {}

  @usableFromInline override func removeAll() {
    events.removeAll(keepingCapacity: true)
    states.removeAll(keepingCapacity: true)
  }

  /// Hands the events and states of `outputs` (one round's, one per shard)
  /// to `event` and `state` in one replay's order: by the number of the
  /// command that made them, and a command's events before its state. Each
  /// shard's lists are in command order and one command's output is one
  /// shard's, in its order, so this is a k-way merge.
  ///
  /// - Complexity: O((events + states) × shards).
  @inlinable
  static func merge(_ outputs: [ShardOutput], event: (Event) -> Void, state: (State) -> Void) {
    var nextEvent = [Int](repeating: 0, count: outputs.count)
    var nextState = [Int](repeating: 0, count: outputs.count)
    while true {
      // The least (command, kind) among the shards' heads: kind 0 an event, 1 a state.
      var best = -1
      var bestKey = (0, 0)
      for shard in outputs.indices {
        let output = outputs[shard]
        var key: (Int, Int)? = nil
        if nextEvent[shard] < output.events.count { key = (output.events[nextEvent[shard]].sequence, 0) }
        if nextState[shard] < output.states.count {
          let candidate = (output.states[nextState[shard]].sequence, 1)
          if key.map({ candidate < $0 }) ?? true { key = candidate }
        }
        if let key, best < 0 || key < bestKey {
          best = shard
          bestKey = key
        }
      }
      if best < 0 { return }
      let output = outputs[best]
      if bestKey.1 == 0 {
        event(output.events[nextEvent[best]].value)
        nextEvent[best] += 1
      } else {
        state(output.states[nextState[best]].value)
        nextState[best] += 1
      }
    }
  }
}

/// One round of a ``ShardedReplay``: the commands the reader thread sent
/// each shard for a batch of rows, the rows it rejected, and what each shard
/// wrote; the storage is kept from round to round (``ReplayRounds``).
final class ReplayRound: @unchecked Sendable {
  // Unchecked: the semaphores of ReplayRounds order every access.
  /// `commands[k]`: shard `k`'s commands.
  let commands: [ShardCommandList]
  /// `outputs[k]`: what shard `k` wrote.
  let outputs: [ShardOutputStorage]
  /// The rows the reader rejected, in order.
  @exclusivity(unchecked) var rejections: [RowRejection] = []
  /// Why the input ended after this round, if it did.
  var end: End? = nil
  /// The reader's lines and bytes read when the round was handed over, for progress.
  var linesRead = 0
  var bytesRead = 0

  enum End {
    case input
    case failure(DatasetError)
  }

  /// A round of `shardCount` shards, each writing to an output `makeOutput` makes.
  init(shardCount: Int, makeOutput: () -> ShardOutputStorage = { ShardOutput<String, String>() }) {
    commands = (0..<shardCount).map { _ in ShardCommandList() }
    outputs = (0..<shardCount).map { _ in makeOutput() }
  }

  /// Empties the round for the reader, keeping its storage.
  func removeAll() {
    for list in commands { list.removeAll() }
    rejections.removeAll(keepingCapacity: true)
    end = nil
  }
}
