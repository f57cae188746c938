// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ReplayTestRecordings
import Testing
import ZoneMonitor

@testable import RangingReplay
@testable import RangingReplayThreads

/// ``ShardDispatch`` driven by seeded random commands of a table (the
/// ``ReplaySlots`` contract: a track starts in an empty slot, its commands
/// follow, an exit that ends it empties the slot), against a model kept here:
/// each slot's commands go to one shard, at one slot of that shard, for its
/// track's whole life; the commands are numbered 0, 1, 2... across the shards;
/// and the shards' slots together hold the table's capacity however the
/// objects prefer.
@Suite("ShardDispatch, property")
struct DispatchPropertyTests {
  /// Where each command of one call went: (shard, number, own slot or -1 for a pose).
  private static func sent(_ round: ReplayRound) -> [(shard: Int, sequence: Int, local: Int32)] {
    round.commands.indices.flatMap { shard in
      round.commands[shard].commands.map { command -> (shard: Int, sequence: Int, local: Int32) in
        switch command.step {
        case .exit(let slot, _, _, _, _), .measure(let slot, _, _, _, _), .restart(let slot), .calibrate(let slot, _):
          (shard, command.sequence, slot)
        case .pose: (shard, command.sequence, -1)
        }
      }
    }
  }

  /// A dispatch of a table of `setting.capacity` slots over `setting.shards` shards, and its object names.
  private static func dispatch(_ setting: Case) -> (ShardDispatch, ReplayTally) {
    let tally = ReplayTally(observesStates: false, observesSteps: false)
    return (ShardDispatch(capacity: setting.capacity, shardCount: setting.shards, tally: tally), tally)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var capacity: Int
    var shards: Int
    var testDescription: String { "capacity \(capacity), \(shards) shards" }
  }

  static let cases = [1, 2, 3, 5, 8, 13, 64].flatMap { capacity in (1...5).map { Case(capacity: capacity, shards: $0) } }

  @Test("Each slot's commands go to one shard and one slot of it for its track's life; numbers run 0, 1, 2...",
        arguments: cases)
  func oneShardPerTrack(_ setting: Case) {
    let (capacity, shards) = (setting.capacity, setting.shards)
    let (dispatch, tally) = Self.dispatch(setting)
    let perShard = dispatch.slotsPerShard
    // The model: each table slot's object and its (shard, own slot) once placed.
    var object: [UInt64?] = Array(repeating: nil, count: capacity)
    var home: [(shard: Int, local: Int32)?] = Array(repeating: nil, count: capacity)
    var random = SeededDraws(seed: UInt64(capacity * 16 + shards))
    var sequence = 0
    var names = 0
    let update = RangingUpdate(time: Timestamp(seconds: 1), distanceMeters: 2)
    for _ in 0..<3_000 {
      let round = ReplayRound(shardCount: shards)
      dispatch.round = round
      let preferred = random.below(shards)
      dispatch.preferredShard = preferred
      let slot = random.below(capacity)
      let draw = random.below(10)
      if draw == 0 {
        dispatch.take(Attitude(w: 1, x: 0, y: 0, z: 0))
        let poses = Self.sent(round)
        #expect(poses.map(\.shard).sorted() == Array(0..<shards), "a pose goes to every shard once")
        #expect(poses.map(\.sequence).sorted() == Array(sequence..<sequence + shards))
        sequence += shards
        continue
      }
      guard let id = object[slot] else {
        // A new track: in the preferred shard while it has a free slot, else in one with the most free.
        let id = tally.names.id(for: "o\(names)")
        names += 1
        dispatch.measure(slot: slot, object: id, update: update, seconds: 1, newTrack: RangeCalibration())
        let commands = Self.sent(round)
        guard commands.count == 1, let command = commands.first else {
          Issue.record("a measurement is one command, got \(commands.count)")
          return
        }
        var free = Array(repeating: perShard, count: shards)
        for case let placed? in home { free[placed.shard] -= 1 }
        let allowed = free[preferred] > 0 ? [preferred] : free.indices.filter { free[$0] == free.max() }
        #expect(allowed.contains(command.shard), "placed in shard \(command.shard), free \(free), preferred \(preferred)")
        #expect((0..<Int32(perShard)).contains(command.local))
        #expect(!home.contains { $0?.shard == command.shard && $0?.local == command.local }, "the shard's slot is free")
        #expect(round.commands[command.shard].starts.map(\.name) == ["o\(names - 1)"])
        #expect(command.sequence == sequence)
        sequence += 1
        object[slot] = id
        home[slot] = (command.shard, command.local)
        continue
      }
      var endsTrack = false
      switch draw {
      case 1, 2: dispatch.restart(slot: slot)
      case 3: dispatch.setCalibration(RangeCalibration(), slot: slot)
      case 4: dispatch.exit(slot: slot, object: id, at: update.time, reason: .suspended, endsTrack: false)
      case 5, 6:
        dispatch.exit(slot: slot, object: id, at: update.time, reason: .evicted, endsTrack: true)
        endsTrack = true
      default: dispatch.measure(slot: slot, object: id, update: update, seconds: 1, newTrack: nil)
      }
      let commands = Self.sent(round)
      #expect(commands.count == 1)
      #expect(commands.first?.shard == home[slot]?.shard && commands.first?.local == home[slot]?.local,
              "slot \(slot)'s command went to its track's shard and slot")
      #expect(commands.first?.sequence == sequence)
      #expect(round.commands.allSatisfy { $0.starts.isEmpty }, "only a new track carries a name")
      sequence += 1
      if endsTrack {
        object[slot] = nil
        home[slot] = nil
      }
    }
  }

  @Test("Each shard has capacity / shards slots, rounded up: a full table fits even when every object prefers one shard",
        arguments: cases)
  func capacitySplit(_ setting: Case) {
    let (dispatch, tally) = Self.dispatch(setting)
    let (capacity, shards, perShard) = (setting.capacity, setting.shards, dispatch.slotsPerShard)
    // The ceiling of capacity / shards, by its definition: enough slots, and one fewer each would not be.
    #expect(perShard * shards >= capacity)
    #expect((perShard - 1) * shards < capacity)
    let round = ReplayRound(shardCount: shards)
    dispatch.round = round
    dispatch.preferredShard = 0
    let update = RangingUpdate(time: Timestamp(seconds: 1), distanceMeters: 2)
    for slot in 0..<capacity {
      dispatch.measure(
        slot: slot, object: tally.names.id(for: "o\(slot)"), update: update, seconds: 1, newTrack: RangeCalibration())
    }
    let placed = Self.sent(round)
    #expect(placed.count == capacity)
    for shard in 0..<shards {
      let locals = placed.filter { $0.shard == shard }.map(\.local)
      #expect(locals.count <= perShard)
      #expect(Set(locals).count == locals.count, "no slot of shard \(shard) given twice")
    }
    // The preferred shard is filled first.
    #expect(placed.filter { $0.shard == 0 }.count == Swift.min(capacity, perShard))
  }
}
