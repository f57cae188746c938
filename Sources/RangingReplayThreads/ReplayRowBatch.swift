// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay

/// A run of consecutive rows that the reader thread of a replay split over
/// threads (``ShardedReplay``) parsed and validated, kept until the
/// ``ShardRouter`` has seen the whole batch (it shares new objects out by
/// their rows in it) and the row loop has replayed it.
///
/// Each row comes as the reader's one row shape (`RowView`), and
/// ``BatchRows`` shows it through that shape again. A row the reader's fast
/// path read is kept as the view's values and the object name's bytes,
/// copied into one arena; any other row (rejected, life-cycle with an
/// unusual field, posed) as the parser's ``DatasetRecord`` that the view
/// carried. The storage is kept from batch to batch, so once the
/// batches have reached their size a replay allocates nothing for them.
///
/// Size: at most ``rowCapacity`` rows, and the batch is full once its names
/// hold ``nameBytesCapacity`` bytes; one row can add at most one line (1 MiB,
/// the reader's limit) past that. So one batch holds at most
/// `rowCapacity × MemoryLayout<Entry>.stride` bytes of entries and
/// `nameBytesCapacity` + 1 MiB of names and records.
final class ReplayRowBatch: @unchecked Sendable {
  // Unchecked: used by the reader thread alone.

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
  /// - Precondition: both capacities are at least 1.
  init(rowCapacity: Int, nameBytesCapacity: Int) {
    precondition(rowCapacity >= 1 && nameBytesCapacity >= 1, "ReplayRowBatch: capacities must be at least 1")
    self.rowCapacity = rowCapacity
    self.nameBytesCapacity = nameBytesCapacity
    entries = .allocate(capacity: rowCapacity)
    names = .allocate(capacity: nameBytesCapacity + Self.readAhead)
    names.initialize(repeating: 0)
  }

  deinit {
    entries.deallocate()
    names.deallocate()
  }

  /// Bytes readable after the last name.
  private static var readAhead: Int { 16 }

  var isEmpty: Bool { count == 0 }

  /// Whether another row should go to the next batch.
  var isFull: Bool { count >= rowCapacity || nameBytes >= nameBytesCapacity }

  /// Empties the batch, keeping its storage.
  func removeAll() {
    count = 0
    records.removeAll(keepingCapacity: true)
    nameBytes = 0
  }

  /// Appends `row`, of the object keyed `nameKey`: a scanned row's values
  /// with its name copied, or the parser's record. A record's name counts
  /// towards ``nameBytesCapacity`` too, so that long names end the batch early.
  ///
  /// - Precondition: the batch is not full (``isFull``).
  /// - Complexity: O(name bytes). Allocates only when the names outgrow the
  ///   arena (a name longer than its free space), or for a record.
  @inline(__always)
  func append(_ row: RowView, nameKey: Int32) {
    precondition(count < rowCapacity, "ReplayRowBatch: append to a full batch")
    if let record = row.parsed {
      append(record, nameBytes: row.object.count, nameKey: nameKey)
      return
    }
    let object = row.object
    if nameBytes + object.count + Self.readAhead > names.count { growNames(toHold: nameBytes + object.count) }
    if let base = object.baseAddress {
      (names.baseAddress! + nameBytes).update(from: base, count: object.count)
    }
    (entries + count).initialize(to: Entry(
      line: row.line, seconds: row.seconds, update: row.update, event: row.event, nameKey: nameKey,
      nameStart: Int32(nameBytes), nameCount: Int32(object.count)))
    count += 1
    nameBytes += object.count
  }

  /// Appends a row kept as the parser's record, whose name has `nameBytes` bytes.
  @inline(never)
  private func append(_ record: DatasetRecord, nameBytes recordNameBytes: Int, nameKey: Int32) {
    (entries + count).initialize(to: Entry(
      line: 0, seconds: 0, update: RangingUpdate(time: Timestamp(microseconds: 0)), event: nil, nameKey: nameKey,
      nameStart: Int32(records.count), nameCount: 0))
    count += 1
    records.append(record)
    nameBytes += recordNameBytes
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
