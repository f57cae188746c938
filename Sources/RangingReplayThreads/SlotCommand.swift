// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// One command of a ``ShardedReplay``'s reader thread to the engines of one
/// slot of a shard (`ReplaySlots` in RangingReplay), numbered: the shards'
/// outputs merge in the order of these numbers, which is the reader's order,
/// so the merged output is one replay's.
@usableFromInline
struct SlotCommand {
  /// The command's number among all the replay's commands, from 0.
  @usableFromInline var sequence: Int
  @usableFromInline var step: Step

  /// What the command does, to the shard's slot `slot` (its own index, not the table's).
  @usableFromInline
  enum Step {
    /// `ReplaySlots.exit(slot:object:at:reason:step:endsTrack:)`.
    case exit(slot: Int32, object: UInt64, time: Timestamp, reason: ExitReason, step: PipelineStep, endsTrack: Bool)
    /// `ReplaySlots.measure(slot:object:update:seconds:newTrack:)`; a new
    /// track's object is named by entry `name` of the list's names, else -1.
    case measure(slot: Int32, object: UInt64, update: RangingUpdate, seconds: Double, newTrack: RangeCalibration?, name: Int32)
    /// `ReplaySlots.restart(slot:)`.
    case restart(slot: Int32)
    /// `ReplaySlots.setCalibration(_:slot:)`.
    case calibrate(slot: Int32, RangeCalibration)
    /// `ReplaySlots.take(_:)`, sent to every shard.
    case pose(Attitude)
  }
}

/// The commands of one round for one shard, in order, and the names of the
/// objects whose tracks they start. The storage is kept from round to round.
@usableFromInline
final class ShardCommandList: @unchecked Sendable {
  // Unchecked: written by the reader thread, then read by the shard's, the
  // semaphores of ReplayRounds ordering the writes before the reads.
  @usableFromInline private(set) var commands: [SlotCommand] = []
  @usableFromInline private(set) var names: [String] = []

  func append(_ sequence: Int, _ step: SlotCommand.Step) {
    commands.append(SlotCommand(sequence: sequence, step: step))
  }

  /// Keeps `name` for a command to come; its index.
  func keep(_ name: String) -> Int32 {
    names.append(name)
    return Int32(names.count - 1)
  }

  func removeAll() {
    commands.removeAll(keepingCapacity: true)
    names.removeAll(keepingCapacity: true)
  }
}
