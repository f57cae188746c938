// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// C records appended in place to one buffer of `malloc`'s, which the C
/// caller then owns and frees with `free` (`ranging_replay_result_free`).
///
/// Written straight into the buffer the caller gets: through a stream
/// (``MemoryOutput``) each record was copied twice more, and a replay's
/// states are most of the bytes it hands out (88 bytes a row). The buffer
/// grows by doubling (`realloc`, which moves a large block's pages rather
/// than its bytes) from a capacity the caller may know, such as a table's
/// row count for its states.
final class RecordBuffer<Record> {
  private var start: UnsafeMutableRawPointer?
  private var capacity = 0
  private let initialCapacity: Int
  private(set) var count = 0
  /// True once memory ran out; the records appended after are lost, and the
  /// replay reports it as a failed output.
  private(set) var failed = false

  /// A buffer that first takes room for `capacity` records (at least 1,024).
  init(capacity: Int = 0) {
    initialCapacity = max(capacity, 1024)
  }

  /// Appends `record` as the C struct lays it out.
  ///
  /// - Complexity: O(1) amortised. Allocates only when the buffer is full.
  @inline(__always)
  func append(_ record: Record) {
    if count == capacity, !grow() { return }
    // Below capacity there is a buffer: grow() sets both, and take(), which drops it, ends the appends.
    (start! + count * MemoryLayout<Record>.stride).storeBytes(of: record, as: Record.self)
    count += 1
  }

  private func grow() -> Bool {
    guard !failed else { return false }
    let wanted = capacity == 0 ? initialCapacity : capacity * 2
    let (bytes, overflow) = wanted.multipliedReportingOverflow(by: MemoryLayout<Record>.stride)
    guard !overflow, let grown = realloc(start, bytes) else {
      failed = true
      return false
    }
    start = grown
    capacity = wanted
    return true
  }

  /// Hands the buffer over: the caller frees it with `free` (nil when empty).
  func take() -> (bytes: UnsafeMutablePointer<CChar>?, length: Int) {
    defer {
      start = nil
      capacity = 0
    }
    guard count > 0, let start else {
      free(start)
      return (nil, 0)
    }
    return (start.assumingMemoryBound(to: CChar.self), count * MemoryLayout<Record>.stride)
  }

  deinit { free(start) }
}
