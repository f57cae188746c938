// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingReplay

/// The rows of a ``ReplayRowBatch`` as a `ReplayRowSource`, so that the
/// reader thread of a ``ShardedReplay`` runs the replay's one row loop on
/// them (`ReplayRowLoop`), batch by batch; before each row, the
/// ``ShardDispatch`` learns which shard the row's object prefers.
@usableFromInline
package struct BatchRows: ReplayRowSource {
  /// The reader thread read and checked the rows: reading them again cannot fail.
  @usableFromInline package typealias ReadFailure = Never
  private let batch: ReplayRowBatch
  private let router: ShardRouter
  private let dispatch: ShardDispatch
  @usableFromInline package let unusedColumns: [String]
  /// The reader's header column of `t`.
  private let timeColumn: (name: String, column: Int)?
  @usableFromInline package var convertsTruth = false
  /// The last row kept as a record, which its view refers to.
  private let parsedRow = ParsedRow()
  /// The next entry.
  private var index = 0
  /// The router's key of the last row's object (``ShardRouter/key(ofLineBytes:)``).
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
  package mutating func nextRow(_ row: inout RowView) -> Bool {
    guard index < batch.count else { return false }
    let entry = UnsafePointer(batch.entries + index)
    defer { index += 1 }
    dispatch.preferredShard = router.shard(ofKey: entry.pointee.nameKey)
    objectKey = entry.pointee.nameKey
    let line = entry.pointee.line
    if line == 0 {
      parsedRow.show(batch.record(at: index), in: &row)
      return true
    }
    row.seconds = entry.pointee.seconds
    row.update = entry.pointee.update
    row.event = entry.pointee.event
    row.object = batch.name(ofEntry: index)
    row.scanned(line: line)
    return true
  }
}
