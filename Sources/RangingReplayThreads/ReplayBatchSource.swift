// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingReplay

/// One shard's view of a ``ShardedReplay``: the rows of every batch the
/// reader thread published that it lists for this shard (``ShardRouter``),
/// in order, as a `ReplayRowSource`, so that the shard's `Replayer` runs
/// its usual loop on them (its own objects' rows through the engine, the
/// others' only moving its clock: `ReplayShard`).
///
/// Moving on from a batch tells the merger that the shard is done with it:
/// every event of a row is emitted before the replay asks for the next row,
/// so by then the shard's output for the batch is complete.
@usableFromInline
package struct ReplayBatchSource: ReplayRowSource {
  private let rounds: ReplayRounds
  private let shard: Int
  @usableFromInline package let unusedColumns: [String]
  /// The reader's header column of `t`.
  private let timeColumn: (name: String, column: Int)?
  @usableFromInline package var convertsTruth = false
  @usableFromInline package private(set) var parsed: DatasetRecord? = nil
  /// The batch being read (nil before the first), its sequence number, the
  /// entries this shard reads in it and the next of those.
  private var batch: ReplayRowBatch? = nil
  private var rows = UnsafeBufferPointer<ReplayRowBatch.ListedRow>(start: nil, count: 0)
  private var sequence = -1
  private var index = 0
  /// Whether the last row's object is this shard's.
  private var rowIsOwn = false
  /// The reader thread's key of the last scanned row's object (``ShardRouter/key(ofLineBytes:)``).
  @usableFromInline package private(set) var objectKey: Int32 = -1
  /// The last row's object's slot in the one table (`ReplayRowSource.wholeSlot`), for the shard's own rows.
  @usableFromInline package private(set) var wholeSlot: Int32 = -1
  /// The one table's slot of the shard's object that the last row evicts, or -1.
  @usableFromInline package private(set) var evictedWholeSlot: Int32 = -1
  /// Where the shard's replay writes what it makes of the current batch.
  @usableFromInline let output = ShardOutputCursor()

  init(rounds: ReplayRounds, shard: Int, unusedColumns: [String], timeColumn: (name: String, column: Int)?) {
    self.rounds = rounds
    self.shard = shard
    self.unusedColumns = unusedColumns
    self.timeColumn = timeColumn
  }

  /// The reader thread hashed the name already.
  @usableFromInline
  package func isScannedRow(ownedBy shard: ReplayShard, object: UnsafeBufferPointer<UInt8>) -> Bool {
    rowIsOwn
  }

  /// The reader thread placed the record's object.
  @usableFromInline
  package func isParsedRecord(ownedBy shard: ReplayShard, name: String) -> Bool {
    rowIsOwn
  }

  /// The reader's answer for `t`, the only column `Replayer` asks about; nil for any other.
  @usableFromInline
  package func headerColumn(for canonical: String) -> (name: String, column: Int)? {
    canonical == "t" ? timeColumn : nil
  }

  @usableFromInline
  package mutating func nextRow(
    object: inout UnsafeBufferPointer<UInt8>, scanned: inout RowScanner.Row
  ) throws(DatasetError) -> Int? {
    while true {
      if let batch, index < rows.count {
        let listed = rows[index]
        index += 1
        let entry = UnsafePointer(batch.entries + listed.index)
        let line = entry.pointee.line
        rowIsOwn = listed.isOwn
        wholeSlot = rowIsOwn ? listed.wholeSlot : -1
        evictedWholeSlot = listed.evicts ? listed.wholeSlot : -1
        if line == 0 {
          let record = batch.record(at: listed.index)
          parsed = record
          output.line = record.line
          return 0
        }
        output.line = line
        scanned.seconds = entry.pointee.seconds
        // Another shard's row only moves the clock: its time is all the replay reads.
        if rowIsOwn {
          scanned.update = entry.pointee.update
          scanned.event = entry.pointee.event
          objectKey = entry.pointee.nameKey
          object = batch.name(ofEntry: listed.index)
        }
        return line
      }
      if let batch {
        // Every row of it has been replayed, and its events emitted. Its end
        // is read first: once the shard says it is done, the reader may refill it.
        let end = batch.end
        rounds.finishReplay(sequence)
        switch end {
        case .input?: return nil
        case .failure(let error)?: throw error
        case nil: break
        }
      }
      sequence += 1
      let (next, nextOutput) = rounds.waitToReplay(sequence, shard: shard)
      batch = next
      rows = next.rows(ofShard: shard)
      output.current = nextOutput
      index = 0
    }
  }
}

/// The output a shard's callbacks write to: the current batch's, which
/// changes as ``ReplayBatchSource`` moves from batch to batch, and the line
/// of the row being replayed (a filtered row's place in the merge).
@usableFromInline
final class ShardOutputCursor: @unchecked Sendable {
  // Unchecked, and exclusivity unchecked: used by its shard's thread only,
  // and nothing holds an access across a call.
  @usableFromInline @exclusivity(unchecked) var current: ShardOutput? = nil
  @usableFromInline @exclusivity(unchecked) var line = 0
  init() {}
}
