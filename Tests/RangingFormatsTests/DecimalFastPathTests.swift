// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingFormats

/// Runs ``DecimalFastPath/parse(_:_:)`` on `text` laid out as a line source
/// lays out a field: followed by a line terminator and readable bytes.
/// Returns the value and how many bytes were consumed.
func fastDecimal(_ text: String) -> (value: Double, consumed: Int)? {
  laidOut(text) { DecimalFastPath.parse($0, 0).map { ($0.value, $0.end) } }
}

/// ``DecimalFastPath/skipCommonShape(_:_:)`` on `text` laid out as in ``fastDecimal(_:)``.
func skippedDecimal(_ text: String) -> Int? {
  laidOut(text) { DecimalFastPath.skipCommonShape($0, 0) }
}

/// Calls `body` with `text`'s bytes followed by a line terminator and readable bytes (digits,
/// which must not be taken for the text's).
func laidOut<Result>(_ text: String, _ body: (UnsafePointer<UInt8>) -> Result) -> Result {
  var bytes = Array(text.utf8)
  bytes.append(0x0A)
  bytes.append(contentsOf: repeatElement(0x35, count: LineSource.readableBytesAfterLine))
  return bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): a seeded generator so that failures reproduce.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@Suite("DecimalFastPath")
struct DecimalFastPathTests {
  /// The fast path's answer, when it gives one, is bit for bit `Double(_: Substring)`
  /// (which calls `strtod`), and it consumes the whole text.
  func expectMatchesReference(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    // What skipCommonShape vouches for, parse converts, ending at the same byte.
    let skipped = skippedDecimal(text)
    guard let (value, consumed) = fastDecimal(text) else {
      #expect(skipped == nil, "\(text): skipped but not converted", sourceLocation: sourceLocation)
      return false
    }
    if let skipped { #expect(skipped == consumed, "\(text): skipped to \(skipped)", sourceLocation: sourceLocation) }
    guard let reference = Double(text[...]) else {
      Issue.record("fast path read \(text) but Double(_:) refuses it", sourceLocation: sourceLocation)
      return true
    }
    #expect(value.bitPattern == reference.bitPattern, "\(text): \(value) vs \(reference)", sourceLocation: sourceLocation)
    #expect(consumed == text.utf8.count, "\(text): consumed \(consumed)", sourceLocation: sourceLocation)
    return true
  }

  @Test("Recorder-shaped numbers take the fast path and equal Double(_:)",
    arguments: [
      "4.3928", "-0.215677", "0.000995", "-3.7006", "12.5", "0.0", "-0.0", "1234567.1234567", "-.5", ".5", "5.",
      "9.999999", "0.1", "0.2", "1e22", "1e-22", "123", "-0",
    ])
  func recorderShapes(text: String) {
    #expect(expectMatchesReference(text), "\(text) should take the fast path")
  }

  @Test("Edge cases equal Double(_:) whenever the fast path answers",
    arguments: [
      "0", "-0", "+0", "0e400", "-0e-400", "1e23", "9007199254740993", "9007199254740992", "9007199254740993.0",
      "9007199254740991", "18014398509481985", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308",
      "123456789012345678901234", "0.000000000000000000001", "00000000000000000001.5", "1.5e+3", "1.5E-3",
      "12345678.12345678", "12345678901234567890", "1234567890123456789", "0.1234567890123456789",
      "99999999999999999999", "3e-23", "3e22", "4e22", "1e0000", "1e00001", "7.0e-10", "+.5", "8.", "1.e5",
      "0.000000001", "123456.7", "1234567.8", "12345678.9", "5e-324", "1e-5", "1e+5", "1E5", "0.30000000000000004",
    ])
  func edgeCases(text: String) {
    _ = expectMatchesReference(text)
  }

  @Test("Text that is not a decimal number is refused",
    arguments: ["", "-", "+", ".", "-.", "e5", ".e1", "1e", "1e+", "1e-", "nan", "inf", "-inf", "x1", "--1", "+-1", "1e12345"])
  func refusesNonNumbers(text: String) {
    #expect(fastDecimal(text) == nil)
    #expect(skippedDecimal(text) == nil)
  }

  @Test("The common shape is skipped without conversion; other shapes are left to parse",
    arguments: [("4.3928", 6), ("-0.215677", 9), (".5", 2), ("5.", 2), ("-3.7006", 7), ("123456.1234567", 14), ("-999999.9999999", 15)])
  func skipsCommonShape(text: String, end: Int) {
    #expect(skippedDecimal(text) == end)
  }

  @Test("Integers, exponents, signs, long runs and 1e6 or more are not the common shape",
    arguments: ["123", "1e5", "1.5e3", "+1.5", "12345678.5", "1234567.5", "-1000000.0", "1.12345678", "-", "."])
  func otherShapesNotSkipped(text: String) {
    #expect(skippedDecimal(text) == nil)
  }

  @Test("A number stops at the first byte that cannot continue it; the caller checks the field's end")
  func stopsAtFieldEnd() {
    #expect(fastDecimal("1.5m").map { $0.consumed } == 3)
    #expect(fastDecimal("-2.25,7").map { $0.consumed } == 5)
    #expect(fastDecimal("3.5 ").map { $0.consumed } == 3)
    #expect(fastDecimal("1.5.3").map { $0.consumed } == 3)
  }

  @Test("Random decimal texts: every fast answer equals Double(_:) bit for bit")
  func randomTexts() {
    var random = SplitMix64(state: 2024)
    var answered = 0
    let count = 200_000
    for _ in 0..<count {
      var text = ""
      switch random.next() % 4 {
      case 0: text += "-"
      case 1 where random.next() % 8 == 0: text += "+"
      default: break
      }
      // Digit counts chosen so that both sides of the 7-digit, 15-digit and 19-digit limits occur.
      let integerDigits = Int(random.next() % 12)
      for position in 0..<integerDigits {
        // Leading zeros now and then.
        let digit = position == 0 && random.next() % 4 != 0 ? 1 + random.next() % 9 : random.next() % 10
        text += String(digit)
      }
      if random.next() % 5 != 0 {
        text += "."
        for _ in 0..<Int(random.next() % 14) { text += String(random.next() % 10) }
      }
      if random.next() % 6 == 0 {
        text += random.next() % 2 == 0 ? "e" : "E"
        switch random.next() % 3 {
        case 0: text += "-"
        case 1: text += "+"
        default: break
        }
        text += String(random.next() % 30)
      }
      guard Double(text[...]) != nil else {
        #expect(fastDecimal(text) == nil, "\(text) is no number")
        continue
      }
      if expectMatchesReference(text) { answered += 1 }
    }
    // Most texts are within the fast path's limits: the comparison was made.
    #expect(answered > count / 2)
  }

  @Test("Random Doubles printed with 1 to 17 significant digits read back as Double(_:) does")
  func randomDoubles() {
    var random = SplitMix64(state: 7)
    var answered = 0
    for _ in 0..<100_000 {
      let value = Double(bitPattern: random.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x3E00_0000_0000_0000)  // ~1e-10 ... 1e+9
      let scaled = random.next() % 2 == 0 ? value : -value
      // `description` gives the shortest round-trip text, often in exponent form; the
      // fixed forms below cut it to fewer digits, which rounds differently.
      let texts = [scaled.description, Self.fixed(scaled, decimals: Int(random.next() % 10))]
      for text in texts where expectMatchesReference(text) { answered += 1 }
    }
    #expect(answered > 50_000)
  }

  /// `value` with `decimals` digits after the point, truncated (no Foundation in this helper).
  static func fixed(_ value: Double, decimals: Int) -> String {
    let magnitude = abs(value)
    let whole = magnitude.rounded(.towardZero)
    guard whole < 1e15 else { return value.description }
    var text = value.sign == .minus ? "-" : ""
    text += String(UInt64(whole))
    var fraction = magnitude - whole
    if decimals > 0 { text += "." }
    for _ in 0..<decimals {
      fraction *= 10
      let digit = min(9, UInt64(fraction.rounded(.towardZero)))
      text += String(digit)
      fraction -= Double(digit)
    }
    return text
  }
}
