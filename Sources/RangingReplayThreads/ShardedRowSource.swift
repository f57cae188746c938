// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingReplay

/// A reader whose rows the reader thread of a ``ShardedReplay`` reads: a
/// file's (`RangingCSVReader`) or a table's in memory (`RangingTableReader`).
/// Besides the rows, the thread asks how far it has read, for progress, and
/// may be called before each wait for input, for live input. Its type is
/// named on the reader thread (`SendableMetatype`); the reader itself moves
/// there and is then that thread's alone.
@usableFromInline
package protocol ShardedRowSource: StandaloneRowSource, SendableMetatype {
  /// Lines and bytes read so far.
  var progress: ReadProgress { get }
  /// Called before each wait for input (``RangingCSVReader/beforeRead``).
  var beforeRead: ((ReadProgress) -> Void)? { get set }
}

extension RangingCSVReader: ShardedRowSource {
  @usableFromInline
  package var progress: ReadProgress { ReadProgress(bytesRead: bytesRead, lines: linesRead) }
}

extension RangingTableReader: ShardedRowSource {
  /// A table has no lines or bytes read, as its replay on one thread reports none.
  @usableFromInline
  package var progress: ReadProgress { ReadProgress(bytesRead: 0, lines: 0) }

  /// A table is in memory: it never waits for input, so nothing is ever called.
  @usableFromInline
  package var beforeRead: ((ReadProgress) -> Void)? {
    get { nil }
    set {}
  }
}
