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
public struct ObjectNames {
  private var names: [String] = []
  /// UTF-8 bytes of each name, by id.
  private var keys: [[UInt8]] = []
  /// Hash position -> id, or -1; the count is a power of two.
  private var slots: [Int32] = Array(repeating: -1, count: 64)

  public init() {}

  /// The id of `name`, assigning the next one on first sight.
  public mutating func id(for name: String) -> UInt64 {
    var name = name
    return name.withUTF8 { id(forBytes: $0) }
  }

  /// The id of the name whose UTF-8 bytes are `bytes`, assigning the next one
  /// on first sight (the name is then decoded as `String(decoding:as:)` does).
  ///
  /// - Complexity: O(bytes) expected. Allocates only for a new name.
  mutating func id(forBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let mask = slots.count - 1
    var position = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let id = Int(slots[position])
      if id < 0 { break }
      if keys[id].withUnsafeBufferPointer({ Self.equal($0, bytes) }) { return UInt64(id) }
      position = (position + 1) & mask
    }
    let id = names.count
    names.append(String(decoding: bytes, as: UTF8.self))
    keys.append(Array(bytes))
    slots[position] = Int32(id)
    if 2 * names.count > slots.count { grow() }
    return UInt64(id)
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
