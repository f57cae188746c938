// SPDX-License-Identifier: Apache-2.0
/// A fixed-capacity FIFO of C records between two drains (zone events,
/// accessory actions).
///
/// The ring is allocated once in `init`. When it is full a new record is
/// dropped (and counted) rather than overwriting an older one: the caller
/// then still sees every record up to the overflow in order, and the status
/// of the call that overflowed tells it to drain more often.
struct DropNewestQueue<Element> {
  let capacity: Int
  private let ring: UnsafeMutablePointer<Element>
  private var head = 0
  /// Records waiting.
  private(set) var count = 0
  /// Records accepted into the queue since creation.
  private(set) var queuedCount: UInt64 = 0
  /// Records dropped because the queue was full, since creation.
  private(set) var droppedCount: UInt64 = 0

  /// - Parameters:
  ///   - capacity: >= 1 (the configuration has been validated).
  ///   - blank: the value every entry starts as.
  init(capacity: Int, blank: Element) {
    precondition(capacity >= 1, "DropNewestQueue: capacity must be at least 1")
    self.capacity = capacity
    ring = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    ring.initialize(repeating: blank, count: capacity)
  }

  /// Frees the ring. Call exactly once.
  func deallocate() { ring.deallocate() }

  /// Appends `record`, or counts it as dropped when the queue is full.
  ///
  /// - Complexity: O(1). Does not allocate.
  mutating func push(_ record: Element) {
    guard count < capacity else {
      droppedCount &+= 1
      return
    }
    ring[(head + count) % capacity] = record
    count += 1
    queuedCount &+= 1
  }

  /// Moves up to `limit` records, oldest first, to `out`.
  ///
  /// - Returns: the number moved.
  /// - Complexity: O(returned count). Does not allocate.
  mutating func drain(into out: UnsafeMutablePointer<Element>?, limit: Int) -> Int {
    guard let out, limit > 0 else { return 0 }
    let moved = min(limit, count)
    for i in 0..<moved { out[i] = ring[(head + i) % capacity] }
    head = (head + moved) % capacity
    count -= moved
    return moved
  }
}
