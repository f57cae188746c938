// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The last row a reader's slow path read (``RowParser``): its record, and
/// its object's name as bytes that a ``RowView`` borrows (the record holds
/// the name as a `String`, whose bytes are neither stable nor followed by
/// the 16 readable bytes that `ObjectNames` reads short names with).
///
/// The view refers to it unretained, so that the view stays a plain value
/// that the fast path fills without reference counting: it is valid while
/// its reader lives and until the reader's next row. Shared by copies of a
/// reader, which share its position too.
@usableFromInline
package final class ParsedRow {
  /// The record last shown.
  @usableFromInline package private(set) var record: DatasetRecord?
  /// The record's kind and pose, read once when it is shown: a view's
  /// ``RowView/kind`` and ``RowView/pose`` then load them instead of
  /// taking the record apart in the consumer's loop.
  @usableFromInline package private(set) var kind = RowView.Kind.rejected
  @usableFromInline package private(set) var pose: Attitude?
  private var nameBytes: UnsafeMutableBufferPointer<UInt8>

  package init() {
    nameBytes = .allocate(capacity: 64)
    nameBytes.initialize(repeating: 0)
  }

  deinit { nameBytes.deallocate() }

  /// Readable bytes after a copied name.
  private static var readAhead: Int { 16 }

  /// Keeps `record` and shows it through `view`, with its object's name
  /// copied here (valid until the next call).
  package func show(_ record: DatasetRecord, in view: inout RowView) {
    self.record = record
    pose = nil
    view.slowPath = Unmanaged.passUnretained(self)
    view.object = UnsafeBufferPointer(start: nil, count: 0)
    view.event = nil
    view.truth = GroundTruth()
    switch record {
    case .measurement(let line, var name, let seconds, let update, let truth, let pose):
      kind = .measurement
      self.pose = pose
      view.object = name.withUTF8 { copy($0) }
      (view.line, view.seconds, view.update, view.truth) = (line, seconds, update, truth)
    case .lifecycle(let line, var name, let seconds, let event):
      kind = .lifecycle
      view.object = name.withUTF8 { copy($0) }
      (view.line, view.seconds, view.event) = (line, seconds, event)
      view.update = RangingUpdate(time: Timestamp(seconds: seconds))
    case .pose(let line, let seconds, let attitude):
      kind = .pose
      pose = attitude
      (view.line, view.seconds) = (line, seconds)
      view.update = RangingUpdate(time: Timestamp(seconds: seconds))
    case .rejected(let rejection):
      kind = .rejected
      (view.line, view.seconds) = (rejection.line, 0)
      view.update = RangingUpdate(time: Timestamp(microseconds: 0))
    }
  }

  /// Copies `name`, zeros after it, and returns the copy.
  private func copy(_ name: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    if name.count + Self.readAhead > nameBytes.count {
      nameBytes.deallocate()
      nameBytes = .allocate(capacity: name.count + Self.readAhead)
    }
    let copied = nameBytes.initialize(fromContentsOf: name)
    nameBytes[copied...].initialize(repeating: 0)
    return UnsafeBufferPointer(rebasing: nameBytes[..<copied])
  }
}
