// SPDX-License-Identifier: Apache-2.0
/// A 128-bit Bluetooth UUID, without Foundation.
///
/// ``high`` and ``low`` are the canonical text read as one big-endian
/// 128-bit number: `48fe3e40-0817-4bb2-8633-3073689c2dba` has `high`
/// `0x48fe3e4008174bb2` and `low` `0x86333073689c2dba`. On the air, and in
/// most BLE stacks' tables (Zephyr `BT_UUID_128_ENCODE`, NimBLE
/// `BLE_UUID128_INIT`), the 16 bytes go least significant first:
/// ``littleEndianByte(at:)``.
///
/// Equatable but deliberately not Hashable: Embedded Swift's hashing seeds
/// itself from `arc4random_buf`, which firmware would then have to provide.
public struct BluetoothUUID: Equatable, Sendable {
  /// The first 8 bytes of the canonical text, big-endian.
  public var high: UInt64
  /// The last 8 bytes of the canonical text, big-endian.
  public var low: UInt64

  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// Byte `index` (0-15) in over-the-air order: byte 0 is the last byte of
  /// the canonical text.
  public func littleEndianByte(at index: Int) -> UInt8 {
    precondition((0..<16).contains(index), "BluetoothUUID: byte index must be in 0..<16")
    return index < 8
      ? UInt8(truncatingIfNeeded: low >> (8 * UInt64(index)))
      : UInt8(truncatingIfNeeded: high >> (8 * UInt64(index - 8)))
  }

  /// Writes the 16 bytes in over-the-air order to the start of `output`.
  ///
  /// - Parameter output: at least 16 bytes.
  /// - Complexity: O(1). Does not allocate.
  public func writeLittleEndian(into output: inout MutableSpan<UInt8>) {
    precondition(output.count >= 16, "BluetoothUUID: the output needs 16 bytes")
    for index in 0..<16 { output[index] = littleEndianByte(at: index) }
  }
}

extension BluetoothUUID: CustomStringConvertible {
  /// The canonical lower-case text, `48fe3e40-0817-4bb2-8633-3073689c2dba`.
  public var description: String {
    var text = ""
    for index in (0..<16).reversed() {
      text += Hex.digits(littleEndianByte(at: index))
      if index == 12 || index == 10 || index == 8 || index == 6 { text += "-" }
    }
    return text
  }
}
