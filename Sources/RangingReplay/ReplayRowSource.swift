// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// Where a replay's row loop (``ReplayRowLoop``) takes its rows from: a
/// ``RangingCSVReader`` reading a file, or the batches of rows that the reader
/// thread of a replay split over threads (`rangectl replay --jobs`) parsed. The requirements are the reader's
/// own members, so that the reader conforms as it is and the replay loop is the
/// same code for both.
@usableFromInline
package protocol ReplayRowSource {
  /// The header's names that nothing reads (``RangingCSVReader/unusedColumns``).
  var unusedColumns: [String] { get }
  /// The header's name and 1-based column of a canonical column (``RangingCSVReader/headerColumn(for:)``).
  func headerColumn(for canonical: String) -> (name: String, column: Int)?
  /// Whether scanned rows carry their ground truth (a replay turns it off).
  var convertsTruth: Bool { get set }
  /// What reading a row throws: a reader's ``DatasetError``, or `Never` for
  /// rows already read and checked (`ShardedReplay`'s batches), whose loop
  /// then has no failure to handle.
  associatedtype ReadFailure: Error
  /// Shows the next row through `row`; false at the end (``RangingCSVReader/nextRow(_:)``).
  mutating func nextRow(_ row: inout RowView) throws(ReadFailure) -> Bool
  /// A key of the last row's object, the same for every row of the
  /// object in one replay, 0 or more; or -1 when the source has none. A
  /// replay maps keys to its interned names, so that a source that keyed
  /// the name already (`ShardedReplay`'s reader thread, which shares the
  /// objects out by it) spares the loop hashing and comparing the name's bytes.
  var objectKey: Int32 { get }
}

/// A reader that one replay reads alone, row by row: a file's
/// (``RangingCSVReader``) or a table's (``RangingTableReader``). It keys no
/// name, and fails as a reader does.
@usableFromInline
package protocol StandaloneRowSource: ReplayRowSource where ReadFailure == DatasetError {}

extension StandaloneRowSource {
  /// The reader keys no name.
  @inlinable
  package var objectKey: Int32 { -1 }
}

extension RangingCSVReader: StandaloneRowSource {
  @usableFromInline package typealias ReadFailure = DatasetError
}

extension RangingTableReader: StandaloneRowSource {
  /// A table's rows are in memory and never fail to read, but its replay fails as a file's.
  @usableFromInline package typealias ReadFailure = DatasetError
}
