// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// One data row as every reader hands it out and every consumer reads it:
/// the one row shape, borrowed (its object's bytes belong to the reader
/// and are valid until its next row).
///
/// The fast path (``RowScanner`` on a file's line, or the table reader's
/// columns) fills it in place, with the object's bytes in the line or the
/// column; the slow path (``RowParser``, for every row the fast path cannot
/// be certain of) makes a ``DatasetRecord``, which the reader keeps in a
/// ``ParsedRow`` and shows through the same view (``ParsedRow/show(_:in:)``),
/// the object's bytes copied there. What only the slow path gives (a pose,
/// a rejection, a pose-only row) is read from the ``ParsedRow``, so the fast path
/// writes no more than its values.
///
/// The map of the row's shapes:
///
/// | consumer | before | now |
/// | --- | --- | --- |
/// | readers (`nextRow`) | `RowScanner.Row`, the object's bytes and a line number; or 0 and the record in `parsed` | a ``RowView`` |
/// | replay row loop | one branch per path, names interned from bytes or from the record's `String` | one switch on ``kind``, names interned from ``object`` |
/// | `--jobs` batch (`ReplayRowBatch.Entry`) | appended from either shape, each by its own method | appended from a view, and shown as one again (`BatchRows`) |
/// | C row (`ranging_read_row_t`) | made by three helpers from five places, one per record kind and path | made from a view in one place |
/// | ``RangingCSVReader/next()`` | made of either shape | the view's ``record(name:)`` |
///
/// ``DatasetRecord`` stays the public record (``RangingCSVReader/next()``,
/// the observers of a replay): it is what the slow path produces, and what
/// a fast row becomes when asked for one.
///
/// Every object name's bytes can be read 16 bytes past their start (the
/// line's, the column's or the reader's copy), as `ObjectNames` reads short names.
@usableFromInline
package struct RowView {
  /// What the row is.
  @usableFromInline
  package enum Kind: UInt8 {
    case measurement, lifecycle, pose, rejected
  }

  @usableFromInline package init() {}

  /// The 1-based physical line (row `i` of a table is line `i + 2`).
  @usableFromInline package var line = 0
  /// The object's name as bytes of UTF-8; empty for a pose alone or a rejected row.
  @usableFromInline package var object = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  /// The life-cycle event, or nil for any other row.
  @usableFromInline package var event: LifecycleEvent?
  /// The `t` field, in seconds (0 for a rejected row).
  @usableFromInline package var seconds: Double = 0
  /// The measurement (its time only, for a life-cycle row).
  @usableFromInline package var update = RangingUpdate(time: Timestamp(microseconds: 0))
  /// The `true_*` values, when converted (the readers' `convertsTruth`).
  @usableFromInline package var truth = GroundTruth()
  /// Where the slow path keeps the row's record, or nil for a row the fast
  /// path read. Unretained, so that the view is a plain value (``ParsedRow``).
  @usableFromInline package var slowPath: Unmanaged<ParsedRow>?

  /// The slow path's record of the row, or nil for a row the fast path read.
  @inlinable
  package var parsed: DatasetRecord? { slowPath?.takeUnretainedValue().record }

  // What only the slow path gives (kinds other than a measurement or a
  // life-cycle row, poses, rejections) is read from its ParsedRow, so that
  // the fast path writes no more than its values and a consumer's loop
  // takes no record apart.

  /// What the row is.
  @inlinable
  package var kind: Kind {
    guard let slowPath else { return event == nil ? .measurement : .lifecycle }
    return slowPath.takeUnretainedValue().kind
  }

  /// The phone's attitude: of a pose alone, or carried by a measurement;
  /// nil otherwise. Only the slow path reads poses.
  @inlinable
  package var pose: Attitude? { slowPath?.takeUnretainedValue().pose }

  /// Why the row cannot be used, for a ``Kind/rejected`` row.
  @inlinable
  package var rejection: RowRejection? {
    if case .rejected(let rejection) = parsed { rejection } else { nil }
  }

  /// Whether the row names an object (a measurement or a life-cycle row).
  @inlinable
  package var hasObject: Bool {
    let kind = kind
    return kind == .measurement || kind == .lifecycle
  }

  /// Marks the view as the row at `line` whose values and object the fast
  /// path filled: it carries no pose and no record.
  @inlinable @inline(__always)
  package mutating func scanned(line: Int) {
    self.line = line
    slowPath = nil
  }

  /// The row as a ``DatasetRecord``: the slow path's own, or one made of
  /// the fast path's values with the object named `name` (not evaluated
  /// for a record of the slow path).
  @inlinable
  package func record(name: @autoclosure () -> String) -> DatasetRecord {
    if let parsed { return parsed }
    if let event { return .lifecycle(line: line, object: name(), seconds: seconds, event: event) }
    return .measurement(line: line, object: name(), seconds: seconds, update: update, truth: truth)
  }
}
