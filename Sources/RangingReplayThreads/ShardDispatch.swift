// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingReplay
import ZoneMonitor

/// The slots of a ``ShardedReplay``'s one object table, shared among its
/// shards: on the reader thread, it turns each command of the row loop
/// (`ReplaySlots`) into a numbered command (``SlotCommand``) to the shard
/// that holds the slot's object, at that shard's own index for it.
///
/// A slot's object is placed when its track starts: in the shard its object
/// prefers (``ShardRouter``) while that shard has a free slot of its own,
/// else in the shard with the most free slots; it leaves when its track ends
/// (evicted, lost, removed), and its shard's slot is free again. Each shard
/// has `capacity / shards` slots, rounded up, so together they hold the
/// table's `capacity` objects whatever the preferences, and each shard's
/// engines take about a `1 / shards` share of one replay's memory.
@usableFromInline
final class ShardDispatch: ReplaySlots {
  // Exclusivity unchecked: the reader thread's alone, and nothing holds an access across a call.
  /// The round being filled: set (`RoundFilling.handOver`) before the row
  /// loop replays a batch, which alone sends commands.
  @exclusivity(unchecked) var round: ReplayRound? = nil
  /// The shard the current row's object prefers (set before each row by ``BatchRows``).
  @exclusivity(unchecked) var preferredShard = 0
  /// The number of the next command.
  @exclusivity(unchecked) private var sequence = 0
  /// The names of the replay's objects (the row loop's).
  private let tally: ReplayTally
  /// The shard and the shard's own slot of each slot of the table, -1 while it is empty.
  @exclusivity(unchecked) private var shardOfSlot: [Int32]
  @exclusivity(unchecked) private var localOfSlot: [Int32]
  /// Each shard's free slots of its own.
  @exclusivity(unchecked) private var freeSlots: [[Int32]]
  /// Slots of each shard.
  let slotsPerShard: Int

  init(capacity: Int, shardCount: Int, tally: ReplayTally) {
    self.tally = tally
    let slotsPerShard = (capacity + shardCount - 1) / shardCount
    self.slotsPerShard = slotsPerShard
    shardOfSlot = Array(repeating: -1, count: capacity)
    localOfSlot = Array(repeating: -1, count: capacity)
    freeSlots = (0..<shardCount).map { _ in
      var free: [Int32] = []
      free.reserveCapacity(slotsPerShard)
      // Popped from the end: the shard's slot 0 first.
      for slot in stride(from: slotsPerShard - 1, through: 0, by: -1) { free.append(Int32(slot)) }
      return free
    }
  }

  /// Appends `step` to shard `shard`'s commands, numbered.
  private func send(_ step: SlotCommand.Step, to shard: Int) {
    round.unsafelyUnwrapped.commands[shard].append(sequence, step)
    sequence += 1
  }

  @usableFromInline func exit(slot: Int, object: UInt64, at time: Timestamp, reason: ExitReason, endsTrack: Bool) {
    let shard = Int(shardOfSlot[slot])
    let local = localOfSlot[slot]
    send(.exit(slot: local, object: object, time: time, reason: reason, endsTrack: endsTrack), to: shard)
    if endsTrack {
      freeSlots[shard].append(local)
      shardOfSlot[slot] = -1
      localOfSlot[slot] = -1
    }
  }

  @usableFromInline func measure(slot: Int, object: UInt64, update: RangingUpdate, seconds: Double, newTrack: RangeCalibration?) {
    var start: Int32 = -1
    if let calibration = newTrack {
      var shard = preferredShard
      if freeSlots[shard].isEmpty {
        shard = freeSlots.indices.max { freeSlots[$0].count < freeSlots[$1].count } ?? 0
      }
      shardOfSlot[slot] = Int32(shard)
      localOfSlot[slot] = freeSlots[shard].removeLast()
      start = round.unsafelyUnwrapped.commands[shard].keep(tally.name(of: object), calibration)
    }
    send(
      .measure(slot: localOfSlot[slot], object: object, update: update, seconds: seconds, start: start),
      to: Int(shardOfSlot[slot]))
  }

  /// The shard hands out the state with the measurement's command.
  @usableFromInline func handOutState() {}

  @usableFromInline func restart(slot: Int) {
    send(.restart(slot: localOfSlot[slot]), to: Int(shardOfSlot[slot]))
  }

  @usableFromInline func setCalibration(_ calibration: RangeCalibration, slot: Int) {
    send(.calibrate(slot: localOfSlot[slot], calibration), to: Int(shardOfSlot[slot]))
  }

  @usableFromInline func take(_ pose: Attitude) {
    for shard in freeSlots.indices { send(.pose(pose), to: shard) }
  }
}
