// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// Where a ``Replayer`` takes its rows from: a ``RangingCSVReader`` reading
/// a file, or a `ReplayBatchSource` handing out the rows one reader thread
/// parsed (`rangectl replay --jobs`). The requirements are the reader's own
/// members, so that the reader conforms as it is and the replay loop is the
/// same code for both.
@usableFromInline
package protocol ReplayRowSource {
  /// The header's names that nothing reads (``RangingCSVReader/unusedColumns``).
  var unusedColumns: [String] { get }
  /// The header's name and 1-based column of a canonical column (``RangingCSVReader/headerColumn(for:)``).
  func headerColumn(for canonical: String) -> (name: String, column: Int)?
  /// Whether scanned rows carry their ground truth (a replay turns it off).
  var convertsTruth: Bool { get set }
  /// The last row that ``nextRow(object:scanned:)`` returned as 0.
  var parsed: DatasetRecord? { get }
  /// The next row: its line with `object` and `scanned` filled, 0 for a row
  /// in ``parsed``, nil at the end (``RangingCSVReader/nextRow(object:scanned:)``).
  mutating func nextRow(
    object: inout UnsafeBufferPointer<UInt8>, scanned: inout RowScanner.Row
  ) throws(DatasetError) -> Int?
  /// Whether the last scanned row's object, named by `object`, is `shard`'s.
  /// A source that already knows (the reader thread of a `ShardedReplay`
  /// hashed every name once) answers without hashing it again; for a row of
  /// another shard, only the row's time need be filled in.
  func isScannedRow(ownedBy shard: ReplayShard, object: UnsafeBufferPointer<UInt8>) -> Bool
  /// Whether the object `name` of the record in ``parsed`` is `shard`'s.
  func isParsedRecord(ownedBy shard: ReplayShard, name: String) -> Bool
  /// A key of the last scanned row's object, the same for every row of the
  /// object in one replay, 0 or more; or -1 when the source has none. A
  /// replay maps keys to its interned names, so that a source that keyed
  /// the name already (`ShardedReplay`'s reader thread) spares each shard
  /// hashing and comparing the name's bytes.
  var objectKey: Int32 { get }
  /// For a shard of a replay whose shards together fill one object table
  /// (`ShardedReplay`): the slot of the last row's object in that table,
  /// when the row is a measurement of the shard's own object that the tracker
  /// takes; else -1, as for a source with no such table. Exits found by one
  /// lost check come out in the order of these slots.
  var wholeSlot: Int32 { get }
  /// For such a shard: the one table's slot whose object, one of the shard's,
  /// the last row evicts (the row's own object takes the slot), or -1.
  var evictedWholeSlot: Int32 { get }
}

/// A reader that one replay reads alone, row by row: a file's
/// (``RangingCSVReader``) or a table's (``RangingTableReader``). It hashes
/// an object's name itself, keys no name and fills no table shared with
/// other replays.
@usableFromInline
package protocol StandaloneRowSource: ReplayRowSource {}

extension StandaloneRowSource {
  @inlinable
  package func isScannedRow(ownedBy shard: ReplayShard, object: UnsafeBufferPointer<UInt8>) -> Bool {
    shard.owns(nameBytes: object)
  }

  @inlinable
  package func isParsedRecord(ownedBy shard: ReplayShard, name: String) -> Bool {
    shard.owns(name: name)
  }

  /// The reader keys no name.
  @inlinable
  package var objectKey: Int32 { -1 }

  /// Nothing is shared with another replay's table.
  @inlinable
  package var wholeSlot: Int32 { -1 }

  @inlinable
  package var evictedWholeSlot: Int32 { -1 }
}

extension RangingCSVReader: StandaloneRowSource {}

extension RangingTableReader: StandaloneRowSource {}
