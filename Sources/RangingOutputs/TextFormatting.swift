// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Number and string formatting shared by the JSON Lines and CSV writers.
package enum TextFormatting {
  /// Seconds as the shortest text that reads back to the same `Double`;
  /// `0.0` for -0, since a negative zero is never printed (issue 23): it
  /// reads as a negative number and compares unequal as text.
  static func seconds(_ value: Double) -> String { (value == 0 ? 0 : value).description }

  /// Metres with a fixed number of decimals (millimetres for distances), as
  /// `%.<decimals>f` prints it, except that a value that rounds to zero is
  /// written without a sign (`0.0000`, never `-0.0000`). Through the fast
  /// path of ``writeFixed(_:decimals:_:)``: Foundation's formatter costs
  /// microseconds a number, which `rangectl replay --jobs`' shards would pay
  /// on every event.
  package static func fixed(_ value: Double, decimals: Int) -> String {
    var text = ""
    writeFixed(value, decimals: decimals) { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  /// ``fixed(_:decimals:)`` by printf itself: the slow path, and the reference.
  private static func printfFixed(_ value: Double, decimals: Int) -> String {
    let text = String(format: "%.\(decimals)f", value)
    guard text.hasPrefix("-"), text.utf8.dropFirst().allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") })
    else { return text }
    return String(text.dropFirst())
  }

  /// Hands ``fixed(_:decimals:)``'s bytes to `take`, once.
  ///
  /// printf rounds the exact binary value to the nearest multiple of
  /// 10⁻ᵈ (ties to even). Here `p = |value| · 10ᵈ` is one rounded product,
  /// within half an ulp of the exact one; while `p < 2⁴⁰` that is under
  /// 1.2e-4, so when the fraction of `p` is more than 1e-3 away from one half
  /// the exact value rounds the same way as `p`, and the digits are written
  /// from the integer, for `decimals` in 0...6. Otherwise (more decimals,
  /// near a tie, huge or non-finite values) it falls back to printf.
  @inline(__always)
  static func writeFixed(_ value: Double, decimals: Int, _ take: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard decimals <= 6 else {
      var text = printfFixed(value, decimals: decimals)
      text.withUTF8(take)
      return
    }
    let scale = decimalScales[decimals]
    let p = value.magnitude * scale
    let whole = p.rounded(.down)
    let fraction = p - whole
    guard p < 1_099_511_627_776, abs(fraction - 0.5) > 1e-3 else {
      var text = printfFixed(value, decimals: decimals)
      text.withUTF8(take)
      return
    }
    var digits = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
    // A value that rounds to zero has no sign, as in fixed(_:decimals:).
    let isNegative = value.sign == .minus && digits != 0
    // At most 13 integer digits, a point, 6 decimals and a sign: 32 bytes on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { text in
      var position = text.count
      func put(_ byte: UInt8) {
        position -= 1
        text[position] = byte
      }
      for _ in 0..<decimals {
        put(UInt8(ascii: "0") + UInt8(digits % 10))
        digits /= 10
      }
      if decimals > 0 { put(UInt8(ascii: ".")) }
      repeat {
        put(UInt8(ascii: "0") + UInt8(digits % 10))
        digits /= 10
      } while digits > 0
      if isNegative { put(UInt8(ascii: "-")) }
      take(UnsafeBufferPointer(rebasing: text[position...]))
    }
  }

  /// 10⁰ ... 10⁶.
  private static let decimalScales: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

  /// Whether `text` is printable ASCII only (U+0020 to U+007E), which ``Escaped`` leaves as it is.
  static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    !text.contains { $0 < 0x20 || $0 >= 0x7F }
  }

  /// Whether `text` needs no escaping in a JSON string: printable ASCII without `"` and `\`.
  static func isPlainJSON(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in text where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      return false
    }
    return true
  }

  /// `text` as a JSON string literal (RFC 8259 §7): quote, backslash and
  /// control characters escaped.
  package static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
