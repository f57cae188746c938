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
    /// `ReplaySlots.exit(slot:object:at:reason:endsTrack:)`.
    case exit(slot: Int32, object: UInt64, time: Timestamp, reason: ExitReason, endsTrack: Bool)
    /// `ReplaySlots.measure(slot:object:update:seconds:newTrack:)`; a new
    /// track's object's name and calibration are entry `start` of the list's
    /// ``ShardCommandList/starts``, else `start` is -1 (kept apart, so that
    /// every command stays as small).
    case measure(slot: Int32, object: UInt64, update: RangingUpdate, seconds: Double, start: Int32)
    /// `ReplaySlots.restart(slot:)`.
    case restart(slot: Int32)
    /// `ReplaySlots.setCalibration(_:slot:)`.
    case calibrate(slot: Int32, RangeCalibration)
    /// `ReplaySlots.take(_:)`, sent to every shard.
    case pose(Attitude)
  }
}

/// The commands of one round for one shard, in order, and the names and
/// calibrations of the objects whose tracks they start. The storage is kept
/// from round to round.
@usableFromInline
final class ShardCommandList: @unchecked Sendable {
  // Unchecked: written by the reader thread, then read by the shard's, the
  // semaphores of ReplayRounds ordering the writes before the reads.
  @usableFromInline @exclusivity(unchecked) private(set) var commands: [SlotCommand] = []
  @usableFromInline @exclusivity(unchecked) private(set) var starts: [(name: String, calibration: RangeCalibration)] = []

  func append(_ sequence: Int, _ step: SlotCommand.Step) {
    commands.append(SlotCommand(sequence: sequence, step: step))
  }

  /// Keeps a new track's object's name and calibration for a command to come; their index.
  func keep(_ name: String, _ calibration: RangeCalibration) -> Int32 {
    starts.append((name, calibration))
    return Int32(starts.count - 1)
  }

  func removeAll() {
    commands.removeAll(keepingCapacity: true)
    starts.removeAll(keepingCapacity: true)
  }
}
