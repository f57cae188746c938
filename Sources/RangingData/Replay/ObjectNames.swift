#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Interns object names from a recording as dense `UInt64` ids for the engine,
/// and maps them back for output. One entry per distinct object, so memory
/// grows with objects, not with rows.
///
/// Names are looked up by their UTF-8 bytes in an open-addressing table
/// (linear probing, at most half full; FNV-1a hash, Fowler, Noll & Vo), so a
/// replay interns each row's object straight from the reader's buffer
/// (``id(forBytes:)``) without building a String. Only a name seen for the
/// first time allocates.
///
/// Names of at most 16 bytes read from a line (``id(forLineBytes:)``, every
/// recorder's tag names) are looked up first in a second table keyed by the
/// name's bytes as two words: one multiply to hash and two compares to
/// match, instead of a byte loop and a `memcmp` per row.
public struct ObjectNames {
  private var names: [String] = []
  /// UTF-8 bytes of each name, by id.
  private var keys: [[UInt8]] = []
  /// Hash position -> id, or -1; the count is a power of two.
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
    var id: Int32
    static let empty = ShortName(low: 0, high: 0, length: -1, id: -1)
  }

  public init() {}

  /// The id of `name`, assigning the next one on first sight.
  public mutating func id(for name: String) -> UInt64 {
    var name = name
    return name.withUTF8 { id(forBytes: $0) }
  }

  /// The id of the name whose bytes are `bytes`, assigning the next one on
  /// first sight. A name is keyed by the UTF-8 of its text as
  /// ``UTF8Text/decode(_:)`` gives it, so that a row read as bytes and a row
  /// read as a String (`\xNN` for an invalid byte) name the same object.
  ///
  /// - Complexity: O(bytes) expected. Allocates only for a new name, and for
  ///   every row of a name that is not valid UTF-8.
  mutating func id(forBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let mask = slots.count - 1
    var position = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let id = Int(slots[position])
      if id < 0 { break }
      if keys[id].withUnsafeBufferPointer({ Self.equal($0, bytes) }) { return UInt64(id) }
      position = (position + 1) & mask
    }
    let name = UTF8Text.decode(bytes)
    if !name.utf8.elementsEqual(bytes) {
      // Not valid UTF-8: the key is the decoded text's bytes.
      var name = name
      return name.withUTF8 { self.id(forBytes: $0) }
    }
    let id = names.count
    names.append(name)
    keys.append(Array(bytes))
    slots[position] = Int32(id)
    if 2 * names.count > slots.count { grow() }
    return UInt64(id)
  }

  /// ``id(forBytes:)`` for bytes inside a line from ``LineSource``, which may
  /// be read up to 16 bytes past their start (``RawLine/bytes(number:_:)``
  /// guarantees that many readable bytes after every line).
  ///
  /// - Complexity: O(1) expected for a name of at most 16 bytes. Allocates only for a new name.
  @usableFromInline
  mutating func id(forLineBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
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
      if entry.low == low, entry.high == high, Int(entry.length) == length { return UInt64(entry.id) }
      position = (position &+ 1) & mask
    }
    let id = id(forBytes: bytes)
    shortNames[position] = ShortName(low: low, high: high, length: Int32(length), id: Int32(id))
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

  /// The name of `id`. Precondition: `id` came from ``id(for:)`` or ``id(forBytes:)``.
  public func name(of id: UInt64) -> String { names[Int(id)] }

  /// Distinct objects seen.
  public var count: Int { names.count }

  /// Doubles the table and re-inserts every id.
  private mutating func grow() {
    slots = Array(repeating: -1, count: 2 * slots.count)
    let mask = slots.count - 1
    for id in keys.indices {
      var position = keys[id].withUnsafeBufferPointer { Int(truncatingIfNeeded: Self.hash($0)) } & mask
      while slots[position] >= 0 { position = (position + 1) & mask }
      slots[position] = Int32(id)
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
