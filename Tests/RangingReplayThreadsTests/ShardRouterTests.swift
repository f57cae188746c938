// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import Testing

@testable import RangingReplay
@testable import RangingReplayThreads

/// How ``ShardRouter`` shares objects out, against values worked out by hand
/// from its rule (Graham's longest processing time first) and published
/// FNV-1a test vectors.
@Suite("ShardRouter")
struct ShardRouterTests {
  /// One measurement row: its object and time.
  struct Row {
    var object: String
    var seconds: Double
  }

  /// A batch of `rows`, each keyed by `router`, placed.
  private static func placed(_ rows: [Row], by router: ShardRouter) -> ReplayRowBatch {
    let batch = ReplayRowBatch(rowCapacity: rows.count, nameBytesCapacity: 1 << 12)
    for (index, row) in rows.enumerated() {
      // The key is read from a line's bytes, with 16 readable bytes after the name.
      var bytes = Array(row.object.utf8) + Array(repeating: UInt8(ascii: ","), count: 16)
      let key = bytes.withUnsafeMutableBufferPointer {
        router.key(ofLineBytes: UnsafeBufferPointer(rebasing: $0[..<row.object.utf8.count]))
      }
      var scanned = RowView()
      scanned.seconds = row.seconds
      scanned.update = RangingUpdate(time: Timestamp(seconds: row.seconds), distanceMeters: 2)
      bytes.withUnsafeBufferPointer {
        scanned.object = UnsafeBufferPointer(rebasing: $0[..<row.object.utf8.count])
        scanned.scanned(line: index + 2)
        batch.append(scanned, nameKey: key)
      }
    }
    router.place(batch)
    return batch
  }

  /// The shard each object of `batch` prefers.
  private static func shards(of batch: ReplayRowBatch, by router: ShardRouter) -> [String: Int] {
    var shards: [String: Int] = [:]
    for index in 0..<batch.count {
      shards[String(decoding: batch.name(ofEntry: index), as: UTF8.self)] = router.shard(ofKey: batch.entries[index].nameKey)
    }
    return shards
  }

  @Test("Objects go, the busiest first, to the shard with the fewest rows: 6, 3, 2 and 1 rows make 6 and 6")
  func balancesByRows() {
    let counts = ["a": 6, "b": 3, "c": 2, "d": 1]
    var rows: [Row] = []
    for step in 0..<6 {
      for name in ["a", "b", "c", "d"] where step < counts[name]! {
        rows.append(Row(object: name, seconds: Double(rows.count) * 0.01))
      }
    }
    let router = ShardRouter(shardCount: 2)
    let batch = Self.placed(rows, by: router)
    // Longest first: a (6) to shard 0; b (3) to shard 1; c (2) to shard 1 (3 < 6); d (1) to shard 1 (5 < 6).
    #expect(Self.shards(of: batch, by: router) == ["a": 0, "b": 1, "c": 1, "d": 1])
    // A later batch's new object goes to the shard with fewer rows so far: 6 against 6 is a tie, won by shard 0;
    // then e's 4 rows make shard 0 the busier, and f goes to shard 1.
    let next = Self.placed(
      (0..<4).map { Row(object: "e", seconds: 1 + Double($0) * 0.01) } + [Row(object: "f", seconds: 2)], by: router)
    #expect(Self.shards(of: next, by: router) == ["e": 0, "f": 1])
  }

  @Test("Past the names kept, an object goes to the shard of its name's hash (FNV-1a), the same every time")
  func hashesPastTheNamesKept() {
    let router = ShardRouter(shardCount: 2, namesKept: 2)
    let rows = ["x", "y", "foobar", "a", "foobar", "x"].enumerated().map { Row(object: $1, seconds: Double($0) * 0.01) }
    let batch = Self.placed(rows, by: router)
    let keys = (0..<batch.count).map { batch.entries[$0].nameKey }
    #expect(keys[0] >= 0 && keys[1] >= 0, "the first two names are kept")
    #expect(keys[5] == keys[0])
    // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c and of "foobar" 0x85944171f73967e8 (Fowler, Noll and Vo's
    // published test vectors): shards 0 and 0 of 2; of 3, 1; of 7, "foobar" 6.
    #expect(keys[2] == -1 && keys[4] == -1 && keys[3] == -1)
    #expect(Self.shards(of: batch, by: router)["foobar"] == 0)
    func shard(_ name: String, _ count: Int) -> Int {
      Array(name.utf8).withUnsafeBufferPointer { ShardRouter.shard(ofNameBytes: $0, count: count) }
    }
    #expect(shard("a", 3) == 1)
    #expect(shard("foobar", 7) == 6)
  }
}
