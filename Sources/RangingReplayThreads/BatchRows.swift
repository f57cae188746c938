// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingReplay

/// The rows of a ``ReplayRowBatch`` as a `ReplayRowSource`, so that the
/// reader thread of a ``ShardedReplay`` runs the replay's one row loop on
/// them (`ReplayRowLoop`), batch by batch; before each row, the
/// ``ShardDispatch`` learns which shard the row's object prefers.
@usableFromInline
package struct BatchRows: ReplayRowSource {
  private let batch: ReplayRowBatch
  private let router: ShardRouter
  private let dispatch: ShardDispatch
  @usableFromInline package let unusedColumns: [String]
  /// The reader's header column of `t`.
  private let timeColumn: (name: String, column: Int)?
  @usableFromInline package var convertsTruth = false
  @usableFromInline package private(set) var parsed: DatasetRecord? = nil
  /// The next entry.
  private var index = 0
  /// The router's key of the last scanned row's object (``ShardRouter/key(ofLineBytes:)``).
  @usableFromInline package private(set) var objectKey: Int32 = -1

  init(
    batch: ReplayRowBatch, router: ShardRouter, dispatch: ShardDispatch, unusedColumns: [String],
    timeColumn: (name: String, column: Int)?
  ) {
    self.batch = batch
    self.router = router
    self.dispatch = dispatch
    self.unusedColumns = unusedColumns
    self.timeColumn = timeColumn
  }

  /// The reader's answer for `t`, the only column the row loop asks about; nil for any other.
  @usableFromInline
  package func headerColumn(for canonical: String) -> (name: String, column: Int)? {
    canonical == "t" ? timeColumn : nil
  }

  /// Starts over on the batch's rows (refilled since).
  @usableFromInline
  mutating func rewind() {
    index = 0
  }

  @usableFromInline
  package mutating func nextRow(
    object: inout UnsafeBufferPointer<UInt8>, scanned: inout RowScanner.Row
  ) throws(DatasetError) -> Int? {
    guard index < batch.count else { return nil }
    let entry = UnsafePointer(batch.entries + index)
    defer { index += 1 }
    dispatch.preferredShard = router.shard(ofKey: entry.pointee.nameKey)
    let line = entry.pointee.line
    if line == 0 {
      parsed = batch.record(at: index)
      return 0
    }
    scanned.seconds = entry.pointee.seconds
    scanned.update = entry.pointee.update
    scanned.event = entry.pointee.event
    objectKey = entry.pointee.nameKey
    object = batch.name(ofEntry: index)
    return line
  }
}
