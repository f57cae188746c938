// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay

/// Which shard of a ``ShardedReplay`` each object's track prefers: the
/// reader thread's ``ShardDispatch`` starts an object's track in a slot of
/// that shard while the shard has a free one.
///
/// Objects are shared out by rows, not by a hash of their names: before a
/// batch is replayed, each object seen for the first time in it goes, the
/// busiest first, to the shard with the fewest rows so far (Graham's
/// longest-processing-time rule, Graham 1969, "Bounds on multiprocessing
/// timing anomalies"). The first batch of a recording holds seconds of it, so
/// each object's rows there stand for its rate. An object keeps its shard for
/// the whole replay. The names are kept, for up to ``namesKept`` of them
/// (65,536 by default); any further object goes to the shard its name's hash
/// picks (``shard(ofNameBytes:count:)``), so memory stays bounded however many
/// objects a recording names. The router's keys also spare the row loop
/// hashing each row's name (`ReplayRowSource.objectKey`).
///
/// Used by the reader thread only (so exclusivity is not checked at run time).
final class ShardRouter {
  let shardCount: Int
  @exclusivity(unchecked) private var names = ObjectNames()
  /// The shard of each entry of `names`, -1 until its object is placed.
  @exclusivity(unchecked) private var shardOfEntry: [Int32] = []
  /// Rows of each shard's objects so far.
  @exclusivity(unchecked) private var rowsOfShard: [Int]
  /// Rows in the batch being placed of each entry of `names`, and the entries placed with it.
  @exclusivity(unchecked) private var rowsInBatch: [Int32] = []
  @exclusivity(unchecked) private var newEntries: [Int32] = []

  /// Names kept with their shard.
  let namesKept: Int
  static var defaultNamesKept: Int { 1 << 16 }

  init(shardCount: Int, namesKept: Int = ShardRouter.defaultNamesKept) {
    self.shardCount = shardCount
    self.namesKept = namesKept
    rowsOfShard = Array(repeating: 0, count: shardCount)
  }

  /// The key of a scanned row's object (named by bytes of a line from the
  /// reader, readable 16 bytes past their end): an entry of the names, or,
  /// once ``namesKept`` names are kept, `-1 - shard` for the shard its hash picks.
  ///
  /// - Complexity: O(1) expected for names of at most 16 bytes. Allocates for a new name only.
  func key(ofLineBytes bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let assigned = names.assignedCount
    let id = names.id(forLineBytes: bytes)
    if names.assignedCount == assigned { return Self.entry(of: id) }
    return kept(id) ?? Int32(-1 - Self.shard(ofNameBytes: bytes, count: shardCount))
  }

  /// ``key(ofLineBytes:)`` for a row's object; -1 (shard 0) for a row without one (pose, rejected row).
  func key(of row: RowView) -> Int32 {
    row.hasObject ? key(ofLineBytes: row.object) : -1
  }

  /// The shard the object keyed `key` prefers. Precondition: its batch was placed (``place(_:)``).
  func shard(ofKey key: Int32) -> Int {
    key >= 0 ? Int(shardOfEntry[Int(key)]) : Int(-1 - key)
  }

  /// A new name's entry, or nil when it is one too many to keep (it is then forgotten).
  private func kept(_ id: UInt64) -> Int32? {
    if names.count > namesKept {
      names.forget(id)
      return nil
    }
    let entry = Int(Self.entry(of: id))
    if entry >= shardOfEntry.count {
      shardOfEntry.append(contentsOf: repeatElement(-1, count: entry + 1 - shardOfEntry.count))
      rowsInBatch.append(contentsOf: repeatElement(0, count: entry + 1 - rowsInBatch.count))
    }
    return Int32(entry)
  }

  /// An id's entry: its low 32 bits (`ObjectNames`).
  private static func entry(of id: UInt64) -> Int32 { Int32(truncatingIfNeeded: id & 0x7FFF_FFFF) }

  /// The shard, among `count`, of the object named by these bytes: the 64-bit
  /// FNV-1a hash (Fowler, Noll and Vo) of the name's UTF-8 as the reader
  /// decodes it, modulo `count`.
  ///
  /// - Complexity: O(bytes); allocates only for a name that is not valid UTF-8.
  static func shard(ofNameBytes bytes: UnsafeBufferPointer<UInt8>, count: Int) -> Int {
    if !bytes.allSatisfy({ $0 < 0x80 }) {
      var name = UTF8Text.decode(bytes)
      return name.withUTF8 { Int(hash(of: $0) % UInt64(count)) }
    }
    return Int(hash(of: bytes) % UInt64(count))
  }

  private static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }

  /// Gives each object first seen in `batch` a shard, the busiest first, each
  /// to the least busy shard, and counts the batch's rows to their objects' shards.
  ///
  /// - Complexity: O(rows + new objects × (log(new objects) + shards)).
  func place(_ batch: ReplayRowBatch) {
    newEntries.removeAll(keepingCapacity: true)
    for index in 0..<batch.count {
      let key = Int(batch.entries[index].nameKey)
      guard key >= 0, shardOfEntry[key] < 0 else { continue }
      if rowsInBatch[key] == 0 { newEntries.append(Int32(key)) }
      rowsInBatch[key] += 1
    }
    newEntries.sort { (rowsInBatch[Int($0)], $1) > (rowsInBatch[Int($1)], $0) }
    var load = rowsOfShard
    for key in newEntries {
      let shard = load.indices.min { load[$0] < load[$1] } ?? 0
      shardOfEntry[Int(key)] = Int32(shard)
      load[shard] += Int(rowsInBatch[Int(key)])
      rowsInBatch[Int(key)] = 0
    }
    for index in 0..<batch.count where batch.entries[index].line > 0 {
      rowsOfShard[shard(ofKey: batch.entries[index].nameKey)] += 1
    }
  }
}
