// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay

/// Which shard of a ``ShardedReplay`` replays each object, and which rows of
/// a batch each shard is handed: its own objects' rows, the rows where the
/// whole replay runs its lost check (``ShardedTrackRegistry``), and every row the
/// reader kept as a record (rare: rejected, posed or unusual rows), which each
/// shard reads as a `Replayer` of the whole file would.
///
/// Objects are shared out by rows, not by a hash of their names: when a batch
/// is handed over, each object seen for the first time in it goes, the
/// busiest first, to the shard with the fewest rows so far (Graham's
/// longest-processing-time rule, Graham 1969, "Bounds on multiprocessing
/// timing anomalies"). The first batch of a recording holds seconds of it, so
/// each object's rows there stand for its rate. An object keeps its shard for
/// the whole replay (its track lives in that shard's engine). The names are
/// kept, for up to ``namesKept`` of them (65,536 by default); any further object goes to the shard
/// its name's hash picks (`ReplayShard.index(ofNameBytes:count:)`), so memory
/// stays bounded however many objects a recording names.
///
/// Used by the reader thread only (so exclusivity is not checked at run time).
final class ShardRouter {
  let shardCount: Int
  /// The one table a replay of the whole input fills (where the lost check
  /// runs, which object a new one evicts, slot order), when `keepsTable`.
  /// Not kept when the replayers check rows differently from the reader (the
  /// tracker may then refuse rows the reader accepted): every usable row then
  /// goes to every shard, to move its clock, and `table` is an unused stand-in.
  /// Held in place, not behind an optional or a class, so that the reader's
  /// per-row steps neither copy nor retain it (docs/PERFORMANCE.md).
  @exclusivity(unchecked) private var table: ShardedTrackRegistry
  private let keepsTable: Bool
  /// The `objects` count of one replay of the whole input, with the table.
  @exclusivity(unchecked) private var objectCount: WholeReplayObjectCount
  /// One replay's `objects` count, when the router keeps the one table.
  /// Read by the merging thread once the last batch is merged.
  var objects: Int? { keepsTable ? objectCount.objects : nil }
  /// The table slot each entry of `names` was last given, -1 for none (a hint, checked before use).
  @exclusivity(unchecked) private var tableSlotOfEntry: [Int32] = []
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

  init(shardCount: Int, table: ShardedTrackRegistry?, namesKept: Int = ShardRouter.defaultNamesKept) {
    self.shardCount = shardCount
    // Without one table, a table of one slot stands in, and is never used.
    keepsTable = table != nil
    self.table = table ?? ShardedTrackRegistry(
      capacity: 1, lostTimeoutSeconds: 0, poseValidation: SampleValidation(), ignoresPoses: true)
    objectCount = WholeReplayObjectCount(capacity: self.table.capacity)
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
      tableSlotOfEntry.append(contentsOf: repeatElement(-1, count: entry + 1 - tableSlotOfEntry.count))
    }
    return Int32(entry)
  }

  /// An id's entry: its low 32 bits (`ObjectNames`).
  private static func entry(of id: UInt64) -> Int32 { Int32(truncatingIfNeeded: id & 0x7FFF_FFFF) }

  /// Places the batch's new objects and lists for each shard the entries it
  /// is handed, in row order, marking those of its own objects and those
  /// that evict one of its objects, with each measurement's slot in the
  /// one table (``ReplayRowBatch/ListedRow/wholeSlot``).
  ///
  /// - Complexity: O(rows + new objects × (log(new objects) + shards)), and
  ///   O(capacity) for each eviction and lost check.
  func route(_ batch: ReplayRowBatch) {
    place(batch)
    batch.removeShardRows()
    for index in 0..<batch.count {
      let entry = batch.entries + index
      let key = Int(entry.pointee.nameKey)
      let shard = key >= 0 ? Int(shardOfEntry[key]) : -1 - key
      if entry.pointee.line > 0 { rowsOfShard[shard] += 1 }
      guard keepsTable else {
        batch.handToEveryShard(index, owner: shard)
        continue
      }
      if objectCount.isOverNamesKept { objectCount.forgetUntracked(by: table) }
      let step = entry.pointee.line > 0
        ? follow(scanned: entry, shard: shard, batch: batch, index: index)
        : follow(batch.record(at: index), shard: shard, key: key)
      if let tableKey = step.internedKey { objectCount.interned(nameKey: Int32(key), tableKey: tableKey) }
      if step.checksLost || entry.pointee.line == 0 {
        batch.handToEveryShard(index, owner: shard, evicting: step.evictedShard, wholeSlot: step.slot)
      } else {
        batch.hand(index, toShard: shard, isOwn: true, evicts: step.evictedShard == shard, wholeSlot: step.slot)
        if let evicted = step.evictedShard, evicted != shard {
          batch.hand(index, toShard: evicted, isOwn: false, evicts: true, wholeSlot: step.slot)
        }
      }
    }
  }

  /// What one row does to the one table.
  private struct TableStep {
    /// Whether the lost check runs after the row (every shard is handed it).
    var checksLost = false
    /// The shard whose object the row evicts.
    var evictedShard: Int? = nil
    /// The row's object's slot, for a measurement taken; else -1.
    var slot: Int32 = -1
    /// The table key of the row's object when one replay interns its name
    /// (every row of an object but a measurement whose pose is refused).
    var internedKey: UInt64? = nil
  }

  /// A scanned row (``ReplayRowBatch/append(line:row:object:nameKey:)``), entry
  /// `index` of `batch`, of `shard`'s object.
  private func follow(
    scanned entry: UnsafeMutablePointer<ReplayRowBatch.Entry>, shard: Int, batch: ReplayRowBatch, index: Int
  ) -> TableStep {
    let nameKey = entry.pointee.nameKey
    let key = nameKey >= 0 ? UInt64(nameKey) : Self.hashedKey(ReplayShard.nameHash(ofNameBytes: batch.name(ofEntry: index)))
    let time = Timestamp(seconds: entry.pointee.seconds)
    if let event = entry.pointee.event {
      return TableStep(checksLost: table.lifecycle(key, event: event, at: time), internedKey: key)
    }
    return measured(key, nameKey: nameKey, shard: shard, at: time)
  }

  /// A row kept as a record, keyed `key` (``key(of:)``), of `shard`'s object
  /// (see `Replayer`'s row loop for what each moves).
  private func follow(_ record: DatasetRecord, shard: Int, key: Int) -> TableStep {
    switch record {
    case .rejected:
      return TableStep()
    case .pose(_, let seconds, let attitude):
      _ = table.posed(at: Timestamp(seconds: seconds), attitude: attitude)
      return TableStep()
    case .lifecycle(_, let name, let seconds, let event):
      let tableKey = Self.tableKey(key, name: name)
      return TableStep(
        checksLost: table.lifecycle(tableKey, event: event, at: Timestamp(seconds: seconds)), internedKey: tableKey)
    case .measurement(_, let name, let seconds, _, _, let pose):
      let time = Timestamp(seconds: seconds)
      if let pose, !table.posed(at: time, attitude: pose) { return TableStep() }
      return measured(Self.tableKey(key, name: name), nameKey: Int32(key), shard: shard, at: time)
    }
  }

  /// A measurement of the object keyed `nameKey` by the names and `key` in the table.
  private func measured(_ key: UInt64, nameKey: Int32, shard: Int, at time: Timestamp) -> TableStep {
    let hint = nameKey >= 0 ? Int(tableSlotOfEntry[Int(nameKey)]) : -1
    // A measurement the tracker refuses changes nothing: only its owner reads it, to reject it.
    guard let placement = table.measured(key, shard: shard, at: time, slotHint: hint) else {
      return TableStep(internedKey: key)
    }
    if nameKey >= 0 { tableSlotOfEntry[Int(nameKey)] = Int32(placement.slot) }
    return TableStep(
      checksLost: placement.checksLost, evictedShard: placement.evictedShard, slot: Int32(placement.slot),
      internedKey: key)
  }

  /// An object's key in the one table: its names entry, or, for an object
  /// whose name is not kept, the 64-bit hash of the name with the top bit set.
  private static func tableKey(_ nameKey: Int, name: String) -> UInt64 {
    if nameKey >= 0 { return UInt64(nameKey) }
    var name = name
    return hashedKey(name.withUTF8 { ReplayShard.nameHash(ofNameBytes: $0) })
  }

  private static func hashedKey(_ nameHash: UInt64) -> UInt64 { nameHash | 1 << 63 }

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
}
