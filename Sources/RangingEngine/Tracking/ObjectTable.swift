// SPDX-License-Identifier: Apache-2.0
/// A fixed-capacity map from object identifiers to track slots `0..<capacity`.
///
/// Open addressing with linear probing over a power-of-two index at most half
/// full, and backward-shift deletion (Knuth, TAOCP vol. 3, §6.4, Algorithm R),
/// so lookups stay short without tombstones. When every slot is in use,
/// inserting evicts the object heard from least recently.
///
/// All storage is allocated in `init`; nothing allocates afterwards.
public struct ObjectTable: Sendable {
  /// The number of slots.
  public let capacity: Int
  // Usable from inlinable code, so that the lookups and accessors below
  // inline into other modules (`rangectl replay --jobs` keeps a table per
  // row on its reader thread: docs/PERFORMANCE.md).
  @usableFromInline var index: [Int32]        // hash position -> slot, or -1
  @usableFromInline var keys: [UInt64]        // slot -> object id
  @usableFromInline var lastSeen: [Timestamp] // slot -> time of the latest update
  @usableFromInline var inUse: [Bool]
  private var freeSlots: [Int32]
  @usableFromInline let mask: Int
  /// The number of objects in the table.
  public private(set) var count = 0

  public init(capacity: Int) {
    precondition(capacity >= 1 && capacity <= 1 << 24, "ObjectTable: capacity must be in 1...16777216")
    self.capacity = capacity
    var size = 4
    while size < 2 * capacity { size <<= 1 }
    mask = size - 1
    index = Array(repeating: -1, count: size)
    keys = Array(repeating: 0, count: capacity)
    lastSeen = Array(repeating: Timestamp(microseconds: 0), count: capacity)
    inUse = Array(repeating: false, count: capacity)
    freeSlots = []
    freeSlots.reserveCapacity(capacity)
    for slot in stride(from: capacity - 1, through: 0, by: -1) { freeSlots.append(Int32(slot)) }
  }

  /// Fibonacci hashing (Knuth, TAOCP vol. 3, §6.4): spreads consecutive ids.
  @inlinable @inline(__always)
  func home(of key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The slot of `key`, or nil. - Complexity: O(1) expected.
  @inlinable
  public func slot(of key: UInt64) -> Int? {
    var position = home(of: key)
    while true {
      let slot = Int(index[position])
      if slot < 0 { return nil }
      if keys[slot] == key { return slot }
      position = (position + 1) & mask
    }
  }

  /// The object in `slot`. Precondition: the slot is in use.
  @inlinable
  public func object(in slot: Int) -> UInt64 {
    precondition(inUse[slot], "ObjectTable: slot is not in use")
    return keys[slot]
  }

  /// Whether `slot` holds an object.
  @inlinable
  public func isInUse(_ slot: Int) -> Bool { inUse[slot] }

  /// The time of the latest update of the object in `slot`.
  @inlinable
  public func lastSeen(in slot: Int) -> Timestamp { lastSeen[slot] }

  /// Records that the object in `slot` was heard from at `time`.
  @inlinable
  public mutating func touch(_ slot: Int, at time: Timestamp) { lastSeen[slot] = time }

  /// Inserts `key` (not present) and returns its slot; when the table is
  /// full, first evicts the object with the oldest ``lastSeen(in:)`` and
  /// returns it too.
  ///
  /// - Complexity: O(1) expected; O(capacity) when it evicts.
  public mutating func insert(_ key: UInt64, at time: Timestamp) -> (slot: Int, evicted: UInt64?) {
    var evicted: UInt64? = nil
    if freeSlots.isEmpty {
      var stalest = 0
      for slot in 1..<capacity where lastSeen[slot] < lastSeen[stalest] { stalest = slot }
      evicted = keys[stalest]
      remove(slot: stalest)
    }
    let slot = Int(freeSlots.removeLast())
    keys[slot] = key
    lastSeen[slot] = time
    inUse[slot] = true
    var position = home(of: key)
    while index[position] >= 0 { position = (position + 1) & mask }
    index[position] = Int32(slot)
    count += 1
    return (slot, evicted)
  }

  /// Frees `slot`. Precondition: the slot is in use.
  public mutating func remove(slot: Int) {
    precondition(inUse[slot], "ObjectTable: removing a slot that is not in use")
    var position = home(of: keys[slot])
    while Int(index[position]) != slot { position = (position + 1) & mask }
    // Backward-shift deletion: move later entries of the probe run into the hole
    // when their home position does not lie cyclically in (hole, entry].
    var hole = position
    var next = (hole + 1) & mask
    while index[next] >= 0 {
      let entryHome = home(of: keys[Int(index[next])])
      let distanceToEntry = (next - entryHome) & mask
      let distanceToHole = (next - hole) & mask
      if distanceToEntry >= distanceToHole {
        index[hole] = index[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    index[hole] = -1
    inUse[slot] = false
    freeSlots.append(Int32(slot))
    count -= 1
  }
}
