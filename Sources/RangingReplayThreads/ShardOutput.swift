// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// What one shard of a ``ShardedReplay`` wrote while it carried out one
/// round of commands, each entry with the number of the command that made
/// it, in command order: the zone events and the filtered track's rows, as
/// text formatted on the shard's thread.
@usableFromInline
final class ShardOutput: @unchecked Sendable {
  // Unchecked: written by its shard's thread, then read by the merging
  // thread once the shard has signalled the round done (ReplayRounds).
  @usableFromInline @exclusivity(unchecked) var events: [(sequence: Int, text: String)] = []
  @usableFromInline @exclusivity(unchecked) var states: [(sequence: Int, text: String)] = []

  func removeAll() {
    events.removeAll(keepingCapacity: true)
    states.removeAll(keepingCapacity: true)
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
  let outputs: [ShardOutput]
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

  init(shardCount: Int) {
    commands = (0..<shardCount).map { _ in ShardCommandList() }
    outputs = (0..<shardCount).map { _ in ShardOutput() }
  }

  /// Empties the round for the reader, keeping its storage.
  func removeAll() {
    for list in commands { list.removeAll() }
    rejections.removeAll(keepingCapacity: true)
    end = nil
  }
}
