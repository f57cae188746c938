// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import Testing
import ZoneMonitor

@testable import RangingReplay
@testable import RangingReplayThreads

/// How ``ShardDispatch`` places the one table's slots in the shards and
/// numbers its commands, against its rules worked out by hand.
@Suite("ShardDispatch")
struct ShardDispatchTests {
  /// A dispatch of a table of `capacity` slots over `shards` shards, filling a fresh round.
  private static func dispatch(capacity: Int, shards: Int) -> (ShardDispatch, ReplayRound, ReplayTally) {
    let tally = ReplayTally(observesStates: false, observesSteps: false)
    let dispatch = ShardDispatch(capacity: capacity, shardCount: shards, tally: tally)
    let round = ReplayRound(shardCount: shards)
    dispatch.round = round
    return (dispatch, round, tally)
  }

  /// The shard's commands as (number, kind, own slot).
  private static func commands(_ round: ReplayRound, shard: Int) -> [(Int, String, Int32)] {
    round.commands[shard].commands.map { command in
      switch command.step {
      case .exit(let slot, _, _, _, _): (command.sequence, "exit", slot)
      case .measure(let slot, _, _, _, _): (command.sequence, "measure", slot)
      case .restart(let slot): (command.sequence, "restart", slot)
      case .calibrate(let slot, _): (command.sequence, "calibrate", slot)
      case .pose: (command.sequence, "pose", -1)
      }
    }
  }

  private static let update = RangingUpdate(time: Timestamp(seconds: 1), distanceMeters: 2)

  @Test("Each shard has capacity / shards slots, rounded up; a track starts in its object's shard while it has room, then in the shard with the most free slots")
  func placesByPreference() {
    let (dispatch, round, tally) = Self.dispatch(capacity: 5, shards: 2)
    #expect(dispatch.slotsPerShard == 3)
    let ids = (0..<5).map { tally.names.id(for: "o\($0)") }
    // Every object prefers shard 0: it takes 3, and the other two go to shard 1.
    dispatch.preferredShard = 0
    for (slot, id) in ids.enumerated() {
      dispatch.measure(slot: slot, object: id, update: Self.update, seconds: 1, newTrack: RangeCalibration())
    }
    #expect(Self.commands(round, shard: 0).map { $0.2 } == [0, 1, 2])
    #expect(Self.commands(round, shard: 1).map { $0.2 } == [0, 1])
    #expect(round.commands[0].starts.map(\.name) == ["o0", "o1", "o2"])
    #expect(round.commands[1].starts.map(\.name) == ["o3", "o4"])
    // A measurement of a placed object goes to its shard and slot, without a name.
    dispatch.measure(slot: 4, object: ids[4], update: Self.update, seconds: 1, newTrack: nil)
    #expect(Self.commands(round, shard: 1).last.map { "\($0.0) \($0.1) \($0.2)" } == "5 measure 1")
    #expect(round.commands[1].starts.count == 2)
  }

  @Test("A track that ends frees its shard's slot; an exit that does not end it (a suspension) keeps it")
  func freesOnEnd() {
    let (dispatch, round, tally) = Self.dispatch(capacity: 4, shards: 2)
    let a = tally.names.id(for: "a"), b = tally.names.id(for: "b")
    dispatch.preferredShard = 1
    dispatch.measure(slot: 0, object: a, update: Self.update, seconds: 1, newTrack: RangeCalibration())
    dispatch.exit(slot: 0, object: a, at: Self.update.time, reason: .suspended, endsTrack: false)
    dispatch.restart(slot: 0)
    dispatch.measure(slot: 1, object: b, update: Self.update, seconds: 1, newTrack: RangeCalibration())
    // a is evicted from table slot 0, and c takes it: in the shard's slot a freed.
    dispatch.exit(slot: 0, object: a, at: Self.update.time, reason: .evicted, endsTrack: true)
    let c = tally.names.id(for: "c")
    dispatch.measure(slot: 0, object: c, update: Self.update, seconds: 1, newTrack: RangeCalibration())
    #expect(Self.commands(round, shard: 0).isEmpty)
    // Shard 1: a in its slot 0, b in its slot 1; a's slot 0 freed and taken by c (popped last-freed first).
    #expect(Self.commands(round, shard: 1).map { "\($0.0) \($0.1) \($0.2)" } == [
      "0 measure 0", "1 exit 0", "2 restart 0", "3 measure 1", "4 exit 0", "5 measure 0",
    ])
  }

  @Test("A pose goes to every shard, each copy numbered")
  func posesEveryShard() {
    let (dispatch, round, _) = Self.dispatch(capacity: 4, shards: 3)
    dispatch.take(Attitude(w: 1, x: 0, y: 0, z: 0))
    for shard in 0..<3 { #expect(Self.commands(round, shard: shard).map { $0.1 } == ["pose"]) }
    #expect((0..<3).flatMap { Self.commands(round, shard: $0).map(\.0) }.sorted() == [0, 1, 2])
  }
}
