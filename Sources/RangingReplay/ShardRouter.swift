// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// Which shard of a ``ShardedReplay`` replays each object, and which rows of
/// a batch each shard is handed: its own objects' rows, the rows where the
/// whole replay runs its lost check (``LostCheckSchedule``), and every row the
/// reader kept as a record (rare: rejected, posed or unusual rows), which each
/// shard reads as a ``Replayer`` of the whole file would.
///
/// Objects are shared out by rows, not by a hash of their names: when a batch
/// is handed over, each object seen for the first time in it goes, the
/// busiest first, to the shard with the fewest rows so far (Graham's
/// longest-processing-time rule, Graham 1969, "Bounds on multiprocessing
/// timing anomalies"). The first batch of a recording holds seconds of it, so
/// each object's rows there stand for its rate. An object keeps its shard for
/// the whole replay (its track lives in that shard's engine). The names are
/// kept, for up to ``namesKept`` of them (65,536 by default); any further object goes to the shard
/// its name's hash picks (``ReplayShard/index(ofNameBytes:count:)``), so memory
/// stays bounded however many objects a recording names.
///
/// Used by the reader thread only (so exclusivity is not checked at run time).
final class ShardRouter {
  let shardCount: Int
  /// Where the lost check runs; nil when the replayers check rows differently
  /// from the reader (the tracker may then refuse rows the reader accepted),
  /// and every usable row then goes to every shard, to move its clock.
  @exclusivity(unchecked) private var schedule: LostCheckSchedule?
  @exclusivity(unchecked) private var names = ObjectNames()
  /// The shard of each entry of `names`, -1 until its object is placed.
  @exclusivity(unchecked) private var shardOfEntry: [Int32] = []
  /// Rows of each shard's objects so far.
  @exclusivity(unchecked) private var rowsOfShard: [Int]
  /// Rows in the batch being routed of each entry of `names`, and the entries placed with it.
  @exclusivity(unchecked) private var rowsInBatch: [Int32] = []
  @exclusivity(unchecked) private var newEntries: [Int32] = []

  /// Names kept with their shard.
  let namesKept: Int
  static var defaultNamesKept: Int { 1 << 16 }

  init(shardCount: Int, schedule: LostCheckSchedule?, namesKept: Int = ShardRouter.defaultNamesKept) {
    self.shardCount = shardCount
    self.schedule = schedule
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
    return kept(id) ?? Int32(-1 - ReplayShard.index(ofNameBytes: bytes, count: shardCount))
  }

  /// ``key(ofLineBytes:)`` for a record's object; -1 (shard 0) for a record without one (pose, rejected row).
  func key(of record: DatasetRecord) -> Int32 {
    switch record {
    case .measurement(_, let name, _, _, _, _), .lifecycle(_, let name, _, _):
      let assigned = names.assignedCount
      let id = names.id(for: name)
      if names.assignedCount == assigned { return Self.entry(of: id) }
      var name = name
      return kept(id) ?? Int32(-1 - name.withUTF8 { ReplayShard.index(ofNameBytes: $0, count: shardCount) })
    case .pose, .rejected:
      return -1
    }
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

  /// An id's entry: its low 32 bits (``ObjectNames``).
  private static func entry(of id: UInt64) -> Int32 { Int32(truncatingIfNeeded: id & 0x7FFF_FFFF) }

  /// Places the batch's new objects and lists for each shard the entries it
  /// is handed, in row order, marking those of its own objects.
  ///
  /// - Complexity: O(rows + new objects × (log(new objects) + shards)).
  func route(_ batch: ReplayRowBatch) {
    place(batch)
    batch.removeShardRows()
    for index in 0..<batch.count {
      let entry = batch.entries + index
      let key = Int(entry.pointee.nameKey)
      let shard = key >= 0 ? Int(shardOfEntry[key]) : -1 - key
      if entry.pointee.line > 0 {
        rowsOfShard[shard] += 1
        if schedule?.advance(to: Timestamp(seconds: entry.pointee.seconds)) ?? true {
          batch.handToEveryShard(index, owner: shard)
        } else {
          batch.hand(index, toShard: shard, isOwn: true)
        }
      } else {
        follow(batch.record(at: index))
        batch.handToEveryShard(index, owner: shard)
      }
    }
  }

  /// Gives each object first seen in `batch` a shard: the busiest first, each to the least busy shard.
  private func place(_ batch: ReplayRowBatch) {
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
  }

  /// Moves the schedule as a record moves the whole replay's clock (see ``Replayer``'s row loop).
  private func follow(_ record: DatasetRecord) {
    guard schedule != nil else { return }
    switch record {
    case .rejected:
      break
    case .pose(_, let seconds, let attitude):
      _ = schedule!.posed(at: Timestamp(seconds: seconds), attitude: attitude)
    case .lifecycle(_, _, let seconds, _):
      _ = schedule!.advance(to: Timestamp(seconds: seconds))
    case .measurement(_, _, let seconds, _, _, let pose):
      if let pose, !schedule!.posed(at: Timestamp(seconds: seconds), attitude: pose) { break }
      _ = schedule!.advance(to: Timestamp(seconds: seconds))
    }
  }
}
