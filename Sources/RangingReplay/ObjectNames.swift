// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RangingFormats

/// Interns object names from a recording as `UInt64` ids for the engine, and
/// maps them back for output. One entry per live name: a name can be
/// forgotten (``forget(_:)``) once the engine no longer tracks its object,
/// and its entry is reused, so memory follows the objects tracked at once,
/// not every name ever seen (issue 13). An id is its entry's index in the low
/// 32 bits and the entry's generation above them, so an id is never reused:
/// a forgotten name seen again gets a new id, which no track holds.
///
/// Names are looked up by their UTF-8 bytes in an open-addressing table
/// (linear probing, at most half full; FNV-1a hash, Fowler, Noll & Vo), so a
/// replay interns each row's object straight from the reader's buffer
/// (`id(forBytes:)`) without building a String. Only a name seen for the
/// first time allocates.
///
/// Names of at most 16 bytes read from a line (`id(forLineBytes:)`, every
/// recorder's tag names) are looked up first in a second table keyed by the
/// name's bytes as two words: one multiply to hash and two compares to
/// match, instead of a byte loop and a `memcmp` per row.
public struct ObjectNames {
  /// Each entry's name; empty for a free entry.
  private var names: [String] = []
  /// UTF-8 bytes of each entry's name, by entry.
  private var keys: [[UInt8]] = []
  /// Each entry's generation: the high half of its id, bumped when it is freed.
  private var generations: [UInt32] = []
  /// Whether each entry holds a name.
  private var live: [Bool] = []
  /// Free entries, reused last in, first out.
  private var freeEntries: [Int32] = []
  /// Hash position -> entry, or -1; the count is a power of two.
  private var slots: [Int32] = Array(repeating: -1, count: 64)
  /// Names of at most 16 bytes by their words; at most half full, the count a power of two.
  private var shortNames: [ShortName] = Array(repeating: ShortName.empty, count: 64)
  private var shortNameCount = 0

  /// A name of at most 16 bytes: its bytes as two little-endian words (zero
  /// past the end), its length and its id; length -1 marks an empty entry.
  private struct ShortName {
    var low: UInt64
    var high: UInt64
    var length: Int32
    var id: UInt64
    static let empty = ShortName(low: 0, high: 0, length: -1, id: 0)
  }

  /// Live names.
  public private(set) var count = 0
  /// Names assigned an id since creation: distinct names, counting a name
  /// again when it was forgotten and came back.
  public private(set) var assignedCount = 0

  public init() {}

  /// The id of the name in `entry`.
  @inline(__always)
  private func id(ofEntry entry: Int) -> UInt64 { UInt64(generations[entry]) << 32 | UInt64(entry) }

  /// The entry of `id`.
  @inline(__always)
  private static func entry(of id: UInt64) -> Int { Int(truncatingIfNeeded: id & 0xFFFF_FFFF) }

  /// The id of `name`, assigning the next one on first sight.
  public mutating func id(for name: String) -> UInt64 {
    var name = name
    return name.withUTF8 { id(forBytes: $0) }
  }

  /// The id of the name whose bytes are `bytes`, assigning the next one on
  /// first sight. A name is keyed by the UTF-8 of its text as
  /// `UTF8Text/decode(_:)` gives it, so that a row read as bytes and a row
  /// read as a String (`\xNN` for an invalid byte) name the same object.
  ///
  /// - Complexity: O(bytes) expected. Allocates only for a new name, and for
  ///   every row of a name that is not valid UTF-8.
  mutating func id(forBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let mask = slots.count - 1
    var position = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let entry = Int(slots[position])
      if entry < 0 { break }
      if keys[entry].withUnsafeBufferPointer({ Self.equal($0, bytes) }) { return id(ofEntry: entry) }
      position = (position + 1) & mask
    }
    let name = UTF8Text.decode(bytes)
    if !name.utf8.elementsEqual(bytes) {
      // Not valid UTF-8: the key is the decoded text's bytes.
      var name = name
      return name.withUTF8 { self.id(forBytes: $0) }
    }
    let entry: Int
    if let free = freeEntries.popLast() {
      entry = Int(free)
      names[entry] = name
      keys[entry] = Array(bytes)
      live[entry] = true
    } else {
      precondition(names.count < Int(Int32.max), "ObjectNames: more than 2^31 live names")
      entry = names.count
      names.append(name)
      keys.append(Array(bytes))
      generations.append(0)
      live.append(true)
    }
    slots[position] = Int32(entry)
    count += 1
    assignedCount += 1
    if 2 * count > slots.count { grow() }
    return id(ofEntry: entry)
  }

  /// `id(forBytes:)` for bytes inside a line from `LineSource`, which may
  /// be read up to 16 bytes past their start (`RawLine/bytes(number:_:)`
  /// guarantees that many readable bytes after every line).
  ///
  /// - Complexity: O(1) expected for a name of at most 16 bytes. Allocates only for a new name.
  @usableFromInline
  package mutating func id(forLineBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let length = bytes.count
    guard length <= 16, let base = bytes.baseAddress else { return id(forBytes: bytes) }
    // The name's bytes, and zeros for the line's bytes after it.
    let raw = UnsafeRawPointer(base)
    let first = raw.loadUnaligned(as: UInt64.self).littleEndian
    let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
    let low = length >= 8 ? first : first & ((1 &<< UInt64(8 &* length)) &- 1)
    let high = length >= 16 ? second : length <= 8 ? 0 : second & ((1 &<< UInt64(8 &* (length &- 8))) &- 1)
    let mask = shortNames.count &- 1
    var position = Self.home(low: low, high: high, length: length, mask: mask)
    while true {
      let entry = shortNames[position]
      if entry.length < 0 { break }
      if entry.low == low, entry.high == high, Int(entry.length) == length { return entry.id }
      position = (position &+ 1) & mask
    }
    let id = id(forBytes: bytes)
    // A name that is not valid UTF-8 is keyed by longer text (``UTF8Text``);
    // it is not cached here, so that ``forget(_:)`` finds every entry of a name.
    guard keys[Self.entry(of: id)].count == length else { return id }
    shortNames[position] = ShortName(low: low, high: high, length: Int32(length), id: id)
    shortNameCount += 1
    if 2 * shortNameCount > shortNames.count { growShortNames() }
    return id
  }

  /// A short name's first position in a table of `mask + 1` entries:
  /// multiplicative hashing of the mixed words (Knuth, TAOCP vol. 3, §6.4).
  @inline(__always)
  private static func home(low: UInt64, high: UInt64, length: Int, mask: Int) -> Int {
    let mixed = low ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: length)
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// Doubles the short-name table and re-inserts every entry.
  private mutating func growShortNames() {
    let old = shortNames
    shortNames = Array(repeating: ShortName.empty, count: 2 * old.count)
    let mask = shortNames.count - 1
    for entry in old where entry.length >= 0 {
      var position = Self.home(low: entry.low, high: entry.high, length: Int(entry.length), mask: mask)
      while shortNames[position].length >= 0 { position = (position + 1) & mask }
      shortNames[position] = entry
    }
  }

  /// The name of `id`. Precondition: `id` came from ``id(for:)`` or
  /// `id(forBytes:)` and has not been forgotten.
  public func name(of id: UInt64) -> String { names[Self.entry(of: id)] }

  /// Whether `id` names a live entry (not forgotten).
  public func contains(_ id: UInt64) -> Bool {
    let entry = Self.entry(of: id)
    return entry < live.count && live[entry] && generations[entry] == UInt32(truncatingIfNeeded: id >> 32)
  }

  /// The ids of every live name, in entry order.
  public var ids: [UInt64] { live.indices.filter { live[$0] }.map { id(ofEntry: $0) } }

  /// Forgets the name of `id`: its entry is freed for another name, and the
  /// name gets a new id if it is seen again.
  ///
  /// - Complexity: O(1) expected, O(name length) to hash it.
  public mutating func forget(_ id: UInt64) {
    guard contains(id) else { return }
    let entry = Self.entry(of: id)
    let key = keys[entry]
    Self.removeEntry(entry, from: &slots) { [keys] in keys[$0].withUnsafeBufferPointer(Self.hash) }
    if key.count <= 16 { removeShortName(key) }
    names[entry] = ""
    keys[entry] = []
    live[entry] = false
    generations[entry] &+= 1
    freeEntries.append(Int32(entry))
    count -= 1
  }

  /// Removes `entry` from a linear-probing table of entries hashed by
  /// `hash`, by backward shift (Knuth, TAOCP vol. 3, §6.4, Algorithm R).
  private static func removeEntry(_ entry: Int, from table: inout [Int32], hash: (Int) -> UInt64) {
    let mask = table.count - 1
    var hole = Int(truncatingIfNeeded: hash(entry)) & mask
    while Int(table[hole]) != entry { hole = (hole + 1) & mask }
    var next = (hole + 1) & mask
    while table[next] >= 0 {
      let home = Int(truncatingIfNeeded: hash(Int(table[next]))) & mask
      // Move the entry at `next` into the hole unless its home lies cyclically in (hole, next].
      if (next - home) & mask >= (next - hole) & mask {
        table[hole] = table[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    table[hole] = -1
  }

  /// Removes a name of at most 16 bytes from the short-name table (backward shift, as above).
  private mutating func removeShortName(_ key: [UInt8]) {
    let padded = key + [UInt8](repeating: 0, count: 16 - key.count)
    let (low, high) = padded.withUnsafeBytes {
      ($0.loadUnaligned(as: UInt64.self).littleEndian, $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian)
    }
    let mask = shortNames.count - 1
    func home(_ entry: ShortName) -> Int {
      Self.home(low: entry.low, high: entry.high, length: Int(entry.length), mask: mask)
    }
    var hole = Self.home(low: low, high: high, length: key.count, mask: mask)
    while true {
      let entry = shortNames[hole]
      if entry.length < 0 { return }  // only names read from lines are here
      if entry.low == low, entry.high == high, Int(entry.length) == key.count { break }
      hole = (hole + 1) & mask
    }
    var next = (hole + 1) & mask
    while shortNames[next].length >= 0 {
      if (next - home(shortNames[next])) & mask >= (next - hole) & mask {
        shortNames[hole] = shortNames[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    shortNames[hole] = .empty
    shortNameCount -= 1
  }

  /// Doubles the table and re-inserts every live entry.
  private mutating func grow() {
    slots = Array(repeating: -1, count: 2 * slots.count)
    let mask = slots.count - 1
    for entry in keys.indices where live[entry] {
      var position = keys[entry].withUnsafeBufferPointer { Int(truncatingIfNeeded: Self.hash($0)) } & mask
      while slots[position] >= 0 { position = (position + 1) & mask }
      slots[position] = Int32(entry)
    }
  }

  @inline(__always)
  private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let x = a.baseAddress, let y = b.baseAddress else { return true }
    return memcmp(x, y, a.count) == 0
  }

  /// FNV-1a, 64-bit.
  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
