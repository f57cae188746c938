// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import Testing

@testable import RangingReplay
@testable import RangingReplayThreads

/// How ``ShardRouter`` shares objects out and which rows it hands each shard,
/// against values worked out by hand from its rules (Graham's longest
/// processing time first; the lost check of `RangingPipeline.advanceClock`).
@Suite("ShardRouter")
struct ShardRouterTests {
  /// One measurement row: its object and time.
  struct Row {
    var object: String
    var seconds: Double
  }

  /// A batch of `rows`, each keyed by `router`, routed.
  private static func routed(_ rows: [Row], by router: ShardRouter) -> ReplayRowBatch {
    let batch = ReplayRowBatch(rowCapacity: rows.count, nameBytesCapacity: 1 << 12, shardCount: router.shardCount)
    for (index, row) in rows.enumerated() {
      // The key is read from a line's bytes, with 16 readable bytes after the name.
      var bytes = Array(row.object.utf8) + Array(repeating: UInt8(ascii: ","), count: 16)
      let key = bytes.withUnsafeMutableBufferPointer {
        router.key(ofLineBytes: UnsafeBufferPointer(rebasing: $0[..<row.object.utf8.count]))
      }
      var scanned = RowScanner.Row()
      scanned.seconds = row.seconds
      scanned.update = RangingUpdate(time: Timestamp(seconds: row.seconds), distanceMeters: 2)
      bytes.withUnsafeBufferPointer {
        batch.append(
          line: index + 2, row: scanned, object: UnsafeBufferPointer(rebasing: $0[..<row.object.utf8.count]),
          nameKey: key)
      }
    }
    router.route(batch)
    return batch
  }

  /// The lines handed to `shard`.
  private static func lines(of batch: ReplayRowBatch, shard: Int) -> [Int] {
    batch.rows(ofShard: shard).map { batch.entries[$0.index].line }
  }

  /// The shard of each object: the shard that is handed its rows as its own,
  /// and only one.
  private static func shards(of batch: ReplayRowBatch) -> [String: Int] {
    var shards: [String: Int] = [:]
    for shard in 0..<batch.shardCount {
      for row in batch.rows(ofShard: shard) where row.isOwn {
        let name = String(decoding: batch.name(ofEntry: row.index), as: UTF8.self)
        #expect(shards[name, default: shard] == shard, "\(name) owned by two shards")
        shards[name] = shard
      }
    }
    return shards
  }

  /// The one table's slot listed with entry `index` for the shard that owns it.
  private static func wholeSlot(ofEntry index: Int, in batch: ReplayRowBatch) -> Int32? {
    (0..<batch.shardCount).lazy.compactMap { shard in
      batch.rows(ofShard: shard).first { $0.index == index && $0.isOwn }?.wholeSlot
    }.first
  }

  /// The one table of a tracker of `capacity` objects and a 5 s lost timeout.
  private static func table(capacity: Int = 64, ignoresPoses: Bool = false) -> ShardedTrackRegistry {
    ShardedTrackRegistry(
      capacity: capacity, lostTimeoutSeconds: 5, poseValidation: RangingCSVReader.rowValidation, ignoresPoses: ignoresPoses)
  }

  @Test("Objects go, the busiest first, to the shard with the fewest rows: 6, 3, 2 and 1 rows make 6 and 6")
  func balancesByRows() {
    // a: 6 rows, b: 3, c: 2, d: 1, within 0.3 s so that only the first row runs the lost check.
    let counts = ["a": 6, "b": 3, "c": 2, "d": 1]
    var rows: [Row] = []
    for step in 0..<6 {
      for name in ["a", "b", "c", "d"] where step < counts[name]! {
        rows.append(Row(object: name, seconds: Double(rows.count) * 0.01))
      }
    }
    let router = ShardRouter(shardCount: 2, table: Self.table())
    let batch = Self.routed(rows, by: router)
    // Longest first: a (6) to shard 0; b (3) to shard 1; c (2) to shard 1 (3 < 6); d (1) to shard 1 (5 < 6).
    #expect(Self.shards(of: batch) == ["a": 0, "b": 1, "c": 1, "d": 1])
    // Each shard: its own rows; shard 1 also the first row, a's, where the first lost check runs.
    #expect(Self.lines(of: batch, shard: 0).count == 6)
    #expect(Self.lines(of: batch, shard: 1).count == 6 + 1)
  }

  @Test("A shard is handed the other shards' rows only where the lost check runs, 0.5 s of clock apart")
  func handsTicks() {
    // a on shard 0 (more rows), b on shard 1; b's rows at 0, 0.2, ..., 2.0 s and a's in between.
    var rows: [Row] = []
    for step in 0...10 {
      rows.append(Row(object: "b", seconds: Double(step) * 0.2))
      rows.append(Row(object: "a", seconds: Double(step) * 0.2 + 0.05))
      rows.append(Row(object: "a", seconds: Double(step) * 0.2 + 0.1))
    }
    let batch = Self.routed(rows, by: ShardRouter(shardCount: 2, table: Self.table()))
    #expect(Self.shards(of: batch) == ["a": 0, "b": 1])
    // Lines: b at 2, 5, 8, ...; a at the two after each. Checks (clock at least 0.5 s past the
    // previous check): 0 (b, line 2), 0.5 (a, line 10), 1.0 (b, line 17), 1.5 (a, line 25), 2.0 (b, line 32).
    let ownOfA = rows.indices.filter { rows[$0].object == "a" }.map { $0 + 2 }
    let ownOfB = rows.indices.filter { rows[$0].object == "b" }.map { $0 + 2 }
    #expect(Self.lines(of: batch, shard: 0) == (ownOfA + [2, 17, 32]).sorted())
    #expect(Self.lines(of: batch, shard: 1) == (ownOfB + [10, 25]).sorted())
  }

  @Test("Without one table every row goes to every shard")
  func everyRowWithoutSchedule() {
    let rows = (0..<20).map { Row(object: "tag-\($0 % 4)", seconds: Double($0) * 0.01) }
    let batch = Self.routed(rows, by: ShardRouter(shardCount: 3, table: nil))
    for shard in 0..<3 { #expect(Self.lines(of: batch, shard: shard) == Array(2..<22)) }
  }

  @Test("Past the names kept, an object goes to the shard of its name's hash, the same every time")
  func hashesPastTheNamesKept() {
    let router = ShardRouter(shardCount: 2, table: Self.table(), namesKept: 2)
    let rows = ["x", "y", "zeta", "omega", "zeta", "x"].enumerated().map { Row(object: $1, seconds: Double($0) * 0.01) }
    let batch = Self.routed(rows, by: router)
    let keys = (0..<batch.count).map { batch.entries[$0].nameKey }
    #expect(keys[0] >= 0 && keys[1] >= 0, "the first two names are kept")
    #expect(keys[5] == keys[0])
    for (index, name) in [(2, "zeta"), (3, "omega"), (4, "zeta")] {
      let hashed = Array(name.utf8).withUnsafeBufferPointer { ReplayShard.index(ofNameBytes: $0, count: 2) }
      #expect(keys[index] == Int32(-1 - hashed), "\(name)")
      #expect(Self.shards(of: batch)[name] == hashed, "\(name)")
    }
  }

  @Test("The lost check runs where the clock first reaches 0.5 s past the previous one; earlier times do not move it")
  func lostCheckSchedule() {
    var registry = TrackRegistry(capacity: 4, lostTimeoutSeconds: 5)
    let times = [0.0, 0.3, 0.49, 0.5, 0.2, 0.99, 1.0, 1.7, 1.6, 2.2]
    let runs = times.enumerated().map { registry.measure(UInt64($0.offset), at: Timestamp(seconds: $0.element)).checksLost }
    // 0 (first), 0.5 (0.5 after 0), 1.0 (0.5 after 0.5), 1.7 (0.7 after 1.0), 2.2 (0.5 after 1.7).
    #expect(runs == [true, false, false, true, false, false, true, true, false, true])
  }

  @Test("A pose earlier than the last one taken is refused, as the tracker refuses it; with poses ignored, none is")
  func poses() {
    let level = Attitude(w: 1, x: 0, y: 0, z: 0)
    var table = Self.table()
    let taken = [1, 0.5, 1].map { table.posed(at: Timestamp(seconds: $0), attitude: level) }
    #expect(taken == [true, false, true])
    var ignoring = Self.table(ignoresPoses: true)
    let takenIgnoring = [1, 0.5].map { ignoring.posed(at: Timestamp(seconds: $0), attitude: level) }
    #expect(takenIgnoring == [true, true])
  }

  @Test("With the one table full, a new object takes the stalest object's slot and its row goes to that object's shard to evict it")
  func evictsAcrossShards() {
    // Capacity 2. a (shard 0, 3 rows) and b (shard 1, 2 rows) fill it; c (1 row, at 0.3 s)
    // goes to shard 1, the least busy, and evicts the stalest: a, last seen at 0.2 s
    // (b at 0.25 s), in a's slot. Then a returns at 0.4 s and evicts b, the stalest
    // (c at 0.3 s), into b's slot; the clock stays within 0.5 s of the first check.
    let rows = [Row(object: "a", seconds: 0), Row(object: "b", seconds: 0.05), Row(object: "a", seconds: 0.1),
                Row(object: "a", seconds: 0.2), Row(object: "b", seconds: 0.25), Row(object: "c", seconds: 0.3)]
    let router = ShardRouter(shardCount: 2, table: Self.table(capacity: 2))
    let batch = Self.routed(rows, by: router)
    #expect(Self.shards(of: batch) == ["a": 0, "b": 1, "c": 1])
    let slots = (0..<batch.count).map { Self.wholeSlot(ofEntry: $0, in: batch) }
    // The free list hands out slot 0 first, then 1; c takes a's slot, 0.
    #expect(slots == [0, 1, 0, 0, 1, 0])
    let evicting = batch.rows(ofShard: 0).filter(\.evicts).map { batch.entries[$0.index].line }
    #expect(evicting == [7], "c's row (line 7) is handed to shard 0 to evict a")
    #expect(batch.rows(ofShard: 1).allSatisfy { !$0.evicts })
    let returning = Self.routed([Row(object: "a", seconds: 0.4)], by: router)
    #expect(Self.wholeSlot(ofEntry: 0, in: returning) == 1, "a comes back into b's slot")
    #expect(returning.rows(ofShard: 1).map(\.evicts) == [true], "and its row evicts b on shard 1")
    #expect(returning.rows(ofShard: 0).map(\.isOwn) == [true])
  }

  @Test("A measurement earlier than its object's latest is handed to its shard alone, to reject, and takes no slot")
  func refusedRowTakesNoSlot() {
    let rows = [Row(object: "a", seconds: 0), Row(object: "b", seconds: 0.1), Row(object: "a", seconds: 0.2),
                Row(object: "a", seconds: 0.15)]
    let batch = Self.routed(rows, by: ShardRouter(shardCount: 2, table: Self.table()))
    #expect(Self.wholeSlot(ofEntry: 3, in: batch) == -1)
    #expect(Self.lines(of: batch, shard: 0) == [2, 4, 5])
    #expect(Self.lines(of: batch, shard: 1) == [2, 3], "b's shard gets the first row, the first check, and its own")
  }
}
