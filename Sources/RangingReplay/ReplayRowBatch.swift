// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// A run of consecutive rows that one reader thread parsed and validated, for
/// the shards of a replay (``ShardedReplay``) to read, each in full, while the
/// reader fills the next batch.
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
/// `rowCapacity × MemoryLayout<Entry>.stride` bytes of entries plus 2 MiB.
final class ReplayRowBatch: @unchecked Sendable {
  // Unchecked: a batch is written by the reader thread only while it owns it,
  // and read by the shard threads only after it is handed over, through the
  // semaphores of ReplayRounds, which order the writes before the reads.

  /// One row: `line` > 0 for a scanned row (its name is
  /// `names[nameStart ..< nameStart + nameCount]`), 0 for a row kept as
  /// `records[nameStart]`.
  struct Entry {
    var line: Int
    var row: RowScanner.Row
    var nameStart: Int
    var nameCount: Int
  }

  /// Why the input ended after this batch, if it did.
  enum End {
    case input
    case failure(DatasetError)
  }

  let rowCapacity: Int
  let nameBytesCapacity: Int
  private(set) var entries: [Entry] = []
  private(set) var records: [DatasetRecord] = []
  /// The names of scanned rows, back to back, with 16 readable bytes after
  /// the last (`ObjectNames.id(forLineBytes:)` loads 16 bytes at a time).
  private(set) var names: UnsafeMutableBufferPointer<UInt8>
  private(set) var nameBytes = 0
  /// Set on the last batch of the input.
  var end: End? = nil
  /// The reader's lines and bytes read when the batch was handed over, for progress.
  var linesRead = 0
  var bytesRead = 0

  /// - Precondition: both capacities are at least 1.
  init(rowCapacity: Int, nameBytesCapacity: Int) {
    precondition(rowCapacity >= 1 && nameBytesCapacity >= 1, "ReplayRowBatch: capacities must be at least 1")
    self.rowCapacity = rowCapacity
    self.nameBytesCapacity = nameBytesCapacity
    entries.reserveCapacity(rowCapacity)
    names = .allocate(capacity: nameBytesCapacity + Self.readAhead)
    names.initialize(repeating: 0)
  }

  deinit { names.deallocate() }

  /// Bytes readable after the last name.
  private static var readAhead: Int { 16 }

  var isEmpty: Bool { entries.isEmpty }

  /// Whether another row should go to the next batch.
  var isFull: Bool { entries.count >= rowCapacity || nameBytes >= nameBytesCapacity }

  /// Empties the batch, keeping its storage.
  func removeAll() {
    entries.removeAll(keepingCapacity: true)
    records.removeAll(keepingCapacity: true)
    nameBytes = 0
    end = nil
  }

  /// Appends a scanned row and copies its object name.
  ///
  /// - Complexity: O(name bytes). Allocates only when the names outgrow the arena (a name longer than its free space).
  func append(line: Int, row: RowScanner.Row, object: UnsafeBufferPointer<UInt8>) {
    if nameBytes + object.count + Self.readAhead > names.count { growNames(toHold: nameBytes + object.count) }
    if let base = object.baseAddress {
      (names.baseAddress! + nameBytes).update(from: base, count: object.count)
    }
    entries.append(Entry(line: line, row: row, nameStart: nameBytes, nameCount: object.count))
    nameBytes += object.count
  }

  /// Appends a row the reader kept as a record; its name's bytes count
  /// towards ``nameBytesCapacity``, so that long names end the batch early.
  func append(_ record: DatasetRecord) {
    entries.append(Entry(line: 0, row: RowScanner.Row(), nameStart: records.count, nameCount: 0))
    records.append(record)
    switch record {
    case .measurement(_, let object, _, _, _, _), .lifecycle(_, let object, _, _): nameBytes += object.utf8.count
    case .pose, .rejected: break
    }
  }

  /// The object name of a scanned entry, valid while the batch is not refilled.
  func name(of entry: Entry) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: names.baseAddress! + entry.nameStart, count: entry.nameCount)
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
