// SPDX-License-Identifier: Apache-2.0
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
    var object = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    switch record {
    case .measurement(_, let name, _, _, _, _), .lifecycle(_, let name, _, _):
      var name = name
      object = name.withUTF8 { copy($0) }
    case .pose, .rejected:
      break
    }
    view.show(record, from: Unmanaged.passUnretained(self), object: object)
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
