// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay

/// A run of consecutive rows that one reader thread parsed and validated, for
/// the shards of a replay (``ShardedReplay``) to read while the reader fills
/// the next batch: each shard reads the entries listed for it
/// (``rows(ofShard:)``, filled by ``ShardRouter``).
///
/// Rows the reader's fast path read (``RangingCSVReader``'s `nextRow`) are kept
/// as the scanned record and the object name's bytes, copied into one arena;
/// any other row (rejected, life-cycle with an unusual field, posed) as its
/// ``DatasetRecord``. The storage is kept from batch to batch, so once the
/// batches have reached their size a replay allocates nothing for them.
///
/// Size: at most ``rowCapacity`` rows, and the batch is full once its names
/// hold ``nameBytesCapacity`` bytes; one row can add at most one line (1 MiB,
/// the reader's limit) past that. So one batch holds at most
/// `rowCapacity × MemoryLayout<Entry>.stride` bytes of entries and
/// `nameBytesCapacity` + 1 MiB of names and records.
final class ReplayRowBatch: @unchecked Sendable {
  // Unchecked: a batch is written by the reader thread only while it owns it,
  // and read by the shard threads only after it is handed over, through the
  // semaphores of ReplayRounds, which order the writes before the reads.

  /// One row: `line` > 0 for a scanned row, whose object is named by
  /// `names[nameStart ..< nameStart + nameCount]`; 0 for a row kept as
  /// `records[nameStart]`. `nameKey` is the object's key
  /// (``ShardRouter/key(ofLineBytes:)``). Only what a replay reads of the
  /// scanned record is kept (not its ground truth), so that an entry stays small.
  struct Entry {
    var line: Int
    var seconds: Double
    var update: RangingUpdate
    var event: LifecycleEvent?
    var nameKey: Int32
    var nameStart: Int32
    var nameCount: Int32
  }

  /// Why the input ended after this batch, if it did.
  enum End {
    case input
    case failure(DatasetError)
  }

  let rowCapacity: Int
  let nameBytesCapacity: Int
  /// Storage for `rowCapacity` entries, the first `count` of them in use
  /// (trivial values: written in place, nothing to deinitialise).
  let entries: UnsafeMutablePointer<Entry>
  @exclusivity(unchecked) private(set) var count = 0
  @exclusivity(unchecked) private(set) var records: [DatasetRecord] = []
  /// The names of scanned rows, back to back, with 16 readable bytes after
  /// the last (`ObjectNames.id(forLineBytes:)` loads 16 bytes at a time).
  @exclusivity(unchecked) private(set) var names: UnsafeMutableBufferPointer<UInt8>
  @exclusivity(unchecked) private(set) var nameBytes = 0
  /// For each shard, the entries it reads, in row order: `shardRowCounts[k]`
  /// of `shardRows[k]`, each an entry's index shifted left by one, with the
  /// low bits marking a row of the shard's own object and one that evicts
  /// one of the shard's objects (``ListedRow``).
  private let shardRows: [UnsafeMutablePointer<ListedRow>]
  @exclusivity(unchecked) private var shardRowCounts: [Int]
  /// Set on the last batch of the input.
  var end: End? = nil
  /// The reader's lines and bytes read when the batch was handed over, for progress.
  var linesRead = 0
  var bytesRead = 0

  /// - Precondition: both capacities and `shardCount` are at least 1.
  init(rowCapacity: Int, nameBytesCapacity: Int, shardCount: Int) {
    precondition(
      rowCapacity >= 1 && nameBytesCapacity >= 1 && shardCount >= 1, "ReplayRowBatch: capacities must be at least 1")
    self.rowCapacity = rowCapacity
    self.nameBytesCapacity = nameBytesCapacity
    entries = .allocate(capacity: rowCapacity)
    names = .allocate(capacity: nameBytesCapacity + Self.readAhead)
    names.initialize(repeating: 0)
    shardRows = (0..<shardCount).map { _ in .allocate(capacity: rowCapacity) }
    shardRowCounts = Array(repeating: 0, count: shardCount)
  }

  deinit {
    entries.deallocate()
    names.deallocate()
    for rows in shardRows { rows.deallocate() }
  }

  /// Bytes readable after the last name.
  private static var readAhead: Int { 16 }

  var isEmpty: Bool { count == 0 }

  /// Shards the rows are listed for.
  var shardCount: Int { shardRows.count }

  /// Whether another row should go to the next batch.
  var isFull: Bool { count >= rowCapacity || nameBytes >= nameBytesCapacity }

  /// Empties the batch, keeping its storage.
  func removeAll() {
    count = 0
    removeShardRows()
    records.removeAll(keepingCapacity: true)
    nameBytes = 0
    end = nil
  }

  /// Appends a scanned row of the object keyed `nameKey` and copies its name.
  ///
  /// - Precondition: the batch is not full (``isFull``).
  /// - Complexity: O(name bytes). Allocates only when the names outgrow the
  ///   arena (a name longer than its free space).
  func append(line: Int, row: RowScanner.Row, object: UnsafeBufferPointer<UInt8>, nameKey: Int32) {
    precondition(count < rowCapacity, "ReplayRowBatch: append to a full batch")
    if nameBytes + object.count + Self.readAhead > names.count { growNames(toHold: nameBytes + object.count) }
    if let base = object.baseAddress {
      (names.baseAddress! + nameBytes).update(from: base, count: object.count)
    }
    (entries + count).initialize(to: Entry(
      line: line, seconds: row.seconds, update: row.update, event: row.event, nameKey: nameKey,
      nameStart: Int32(nameBytes), nameCount: Int32(object.count)))
    count += 1
    nameBytes += object.count
  }

  /// Appends a row the reader kept as a record; its name's bytes count
  /// towards ``nameBytesCapacity``, so that long names end the batch early.
  /// `nameKey` is the key of its object (``ShardRouter/key(of:)``).
  func append(_ record: DatasetRecord, nameKey: Int32) {
    precondition(count < rowCapacity, "ReplayRowBatch: append to a full batch")
    (entries + count).initialize(to: Entry(
      line: 0, seconds: 0, update: RangingUpdate(time: Timestamp(microseconds: 0)), event: nil, nameKey: nameKey,
      nameStart: Int32(records.count), nameCount: 0))
    count += 1
    records.append(record)
    switch record {
    case .measurement(_, let object, _, _, _, _), .lifecycle(_, let object, _, _): nameBytes += object.utf8.count
    case .pose, .rejected: break
    }
  }

  /// An entry listed for a shard: its index, whether its object is the
  /// shard's own, whether it evicts one of the shard's objects, and
  /// `wholeSlot`: the slot the row's measured object takes in the one table
  /// of a replay of the whole input (`ShardedTrackRegistry`), which is the
  /// evicted object's slot, or -1 (no such table, or a row that takes none).
  /// Kept here rather than in the entry, so that the entry stays as small.
  struct ListedRow {
    let bits: Int32
    let wholeSlot: Int32
    init(index: Int, isOwn: Bool, evicts: Bool = false, wholeSlot: Int32 = -1) {
      bits = Int32(truncatingIfNeeded: index) << 2 | (evicts ? 2 : 0) | (isOwn ? 1 : 0)
      self.wholeSlot = wholeSlot
    }
    var index: Int { Int(bits >> 2) }
    var isOwn: Bool { bits & 1 != 0 }
    var evicts: Bool { bits & 2 != 0 }
  }

  /// The entries shard `shard` reads, in row order (valid while the batch is not refilled).
  func rows(ofShard shard: Int) -> UnsafeBufferPointer<ListedRow> {
    UnsafeBufferPointer(start: shardRows[shard], count: shardRowCounts[shard])
  }

  /// Lists entry `index` for shard `shard`, whose object it is or not, and
  /// which evicts one of the shard's objects or not.
  ///
  /// - Precondition (not checked): entries are handed in increasing order, each at most once a shard.
  func hand(_ index: Int, toShard shard: Int, isOwn: Bool, evicts: Bool = false, wholeSlot: Int32 = -1) {
    shardRows[shard][shardRowCounts[shard]] = ListedRow(index: index, isOwn: isOwn, evicts: evicts, wholeSlot: wholeSlot)
    shardRowCounts[shard] += 1
  }

  /// Lists entry `index` for every shard, as its own for shard `owner`, and
  /// as evicting one of its objects for shard `evicting`.
  func handToEveryShard(_ index: Int, owner: Int, evicting: Int? = nil, wholeSlot: Int32 = -1) {
    for shard in shardRows.indices {
      hand(index, toShard: shard, isOwn: shard == owner, evicts: shard == evicting, wholeSlot: wholeSlot)
    }
  }

  /// Empties every shard's list.
  func removeShardRows() {
    for shard in shardRowCounts.indices { shardRowCounts[shard] = 0 }
  }

  /// The object name of scanned entry `index`, valid while the batch is not refilled.
  func name(ofEntry index: Int) -> UnsafeBufferPointer<UInt8> {
    let entry = entries + index
    return UnsafeBufferPointer(
      start: names.baseAddress! + Int(entry.pointee.nameStart), count: Int(entry.pointee.nameCount))
  }

  /// The record of entry `index`, a row kept as a record (its `line` is 0).
  func record(at index: Int) -> DatasetRecord {
    records[Int(entries[index].nameStart)]
  }

  /// Moves the names into an arena that holds `count` bytes (and the read-ahead).
  @inline(never)
  private func growNames(toHold count: Int) {
    let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(count, names.count) + Self.readAhead)
    grown.initialize(repeating: 0)
    _ = grown.update(fromContentsOf: names[..<nameBytes])
    names.deallocate()
    names = grown
  }
}
