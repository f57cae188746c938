// SPDX-License-Identifier: Apache-2.0
/// Converts the plain decimal numbers that recordings hold (`4.3928`,
/// `-0.215677`, `1e-3`) straight from bytes, when the result is certainly the
/// correctly rounded Double that `strtod` and `Double(_: Substring)` give;
/// otherwise it answers nil and the caller uses that slower conversion.
///
/// The certainty is Clinger's fast path (W. D. Clinger, "How to read floating
/// point numbers accurately", PLDI 1990, §3): when the decimal significand m
/// is at most 2⁵³ it is exact as a Double, and so is 10ᵏ for k ≤ 22 (5²² <
/// 2⁵³); IEEE 754 rounds one multiplication or division of exact operands
/// correctly, so `m · 10ᵏ` or `m / 10ᵏ` is the correctly rounded value of the
/// text. Texts with more than 19 digits (the significand might not fit in 64
/// bits), a significand above 2⁵³ or a power of ten beyond ±22 are left to
/// the caller. Leading zeros count as digits but not towards m, so
/// `0.000995` is 995 / 10⁶.
///
/// The grammar is ``NumericField``'s: `[+-]? (digits [. digits?] | . digits)
/// ([eE] [+-]? digits)?`. The caller decides whether the number ends where
/// its field does.
enum DecimalFastPath {

  /// The number whose text starts at `p[i]`, and the index of the first
  /// byte after it; nil when the text is not plain decimal or its value is
  /// not certain (see the type's documentation).
  ///
  /// Precondition: the text is followed by a byte that cannot continue a
  /// number (a comma, blank or line terminator) and then by at least 8
  /// readable bytes (``RawLine/bytes(number:_:)`` guarantees both).
  /// Allocates nothing.
  ///
  /// The common shape, `-?d{0,7}.d{0,7}` without exponent, is read with two
  /// 8-byte loads and no loop: at most 14 digits, so the significand is below
  /// 2⁵³ and the power of ten within 10⁷, and Clinger's conditions hold
  /// without a check. Everything else goes through ``parseAnyLength(_:_:)``.
  /// Transparent, because the optimiser declined `@inline(__always)` inside
  /// the scanner's field loop, and the call cost as much as the conversion.
  @_transparent
  static func parse(_ p: UnsafePointer<UInt8>, _ i: Int) -> (value: Double, end: Int)? {
    let negative = p[i] == UInt8(ascii: "-")
    let integerStart = negative ? i &+ 1 : i
    let integer = integerRun(at: p + integerStart)
    let dot = integerStart &+ integer.count
    guard integer.count < 8, p[dot] == UInt8(ascii: ".") else { return parseAnyLength(p, i) }
    let fraction = digitRun(at: p + (dot &+ 1))
    let end = dot &+ 1 &+ fraction.count
    guard fraction.count < 8, integer.count &+ fraction.count > 0, p[end] | 0x20 != UInt8(ascii: "e") else {
      return parseAnyLength(p, i)
    }
    let significand = integer.value &* integerPowerOfTen(fraction.count) &+ fraction.value
    let value = Double(Int64(bitPattern: significand)) / powerOfTen(fraction.count)
    return (negative ? -value : value, end)
  }

  /// The index after the number at `p[i]` when it has the common shape that
  /// ``parse(_:_:)`` converts without checks and at most 6 digits before the
  /// point (so it is certainly a finite plain decimal below 1e6 in
  /// magnitude, within ``GroundTruth/limitMeters`` in any unit), without
  /// converting it; nil otherwise, and the caller then uses ``parse(_:_:)``.
  /// For fields that must be valid, and within that limit, but whose value is
  /// not needed. Same precondition as ``parse(_:_:)``.
  @_transparent
  static func skipCommonShape(_ p: UnsafePointer<UInt8>, _ i: Int) -> Int? {
    let integerStart = p[i] == UInt8(ascii: "-") ? i &+ 1 : i
    let integerDigits = integerRun(at: p + integerStart).count
    let dot = integerStart &+ integerDigits
    guard integerDigits < 7, p[dot] == UInt8(ascii: ".") else { return nil }
    let fractionDigits = digitRun(at: p + (dot &+ 1)).count
    let end = dot &+ 1 &+ fractionDigits
    guard fractionDigits < 8, integerDigits &+ fractionDigits > 0, p[end] | 0x20 != UInt8(ascii: "e") else {
      return nil
    }
    return end
  }

  /// ``digitRun(at:)`` for an integer part: a single digit before the point,
  /// the usual case (metres, unit vectors), is read without the SWAR steps.
  @inline(__always)
  private static func integerRun(at p: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
    let digit = p[0] &- UInt8(ascii: "0")
    if digit < 10, p[1] == UInt8(ascii: ".") { return (UInt64(digit), 1) }
    return digitRun(at: p)
  }

  /// The value and length of the run of at most 7 decimal digits at `p`
  /// (count 8 means "8 or more", value then unspecified), from one 8-byte
  /// load: the first non-digit is found and the digits before it converted
  /// with SWAR arithmetic (Lemire, "Faster integer parsing", 2018; simdjson's
  /// `parse_eight_digits_unrolled`).
  @inline(__always)
  private static func digitRun(at p: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
    // Bytes minus "0": a digit byte is then 0...9. Borrows and carries only
    // reach the bytes after the first non-digit, which are not used.
    let t = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self).littleEndian &- 0x3030_3030_3030_3030
    let nonDigits = ((t &+ 0x7676_7676_7676_7676) | t) & 0x8080_8080_8080_8080
    let count = nonDigits.trailingZeroBitCount &>> 3  // 8 when all are digits
    // The digits, first one most significant, padded with leading zeros to
    // eight; two masked shifts so that 0 digits shift everything out.
    var v = (t &<< 8) &<< UInt64(truncatingIfNeeded: 56 &- 8 &* count)
    v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
    v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
    v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
    return (v, count)
  }

  /// ``parse(_:_:)`` for any length and with an exponent: at most 19 digits,
  /// a significand of at most 2⁵³ and a power of ten within ±22 (Clinger's
  /// conditions, checked); otherwise nil.
  @inline(never)
  static func parseAnyLength(_ p: UnsafePointer<UInt8>, _ i: Int) -> (value: Double, end: Int)? {
    var j = i
    let first = p[j]
    let negative = first == UInt8(ascii: "-")
    if negative || first == UInt8(ascii: "+") { j &+= 1 }
    var significand: UInt64 = 0
    let integerStart = j
    appendDigits(p, &j, &significand)
    var digits = j &- integerStart
    var exponent = 0
    if p[j] == UInt8(ascii: ".") {
      j &+= 1
      let fractionStart = j
      appendDigits(p, &j, &significand)
      let fractionDigits = j &- fractionStart
      exponent = -fractionDigits
      digits &+= fractionDigits
    }
    // More than 19 digits may have wrapped the significand; none is no number.
    guard digits > 0, digits <= 19 else { return nil }
    if p[j] | 0x20 == UInt8(ascii: "e") {
      j &+= 1
      let sign = p[j]
      let exponentNegative = sign == UInt8(ascii: "-")
      if exponentNegative || sign == UInt8(ascii: "+") { j &+= 1 }
      let exponentStart = j
      var written = 0
      while true {
        let digit = p[j] &- UInt8(ascii: "0")
        if digit >= 10 { break }
        written = written &* 10 &+ Int(digit)
        j &+= 1
      }
      // No digit is malformed; more than 4 could have wrapped (and are beyond ±22 anyway).
      guard j > exponentStart, j &- exponentStart <= 4 else { return nil }
      exponent &+= exponentNegative ? -written : written
    }
    guard significand <= 1 << 53 else { return nil }
    var value = Double(Int64(bitPattern: significand))
    if significand != 0 {
      // 0 is exact whatever the exponent (strtod gives ±0 for `0e400` too).
      if exponent < 0 {
        guard exponent >= -22 else { return nil }
        value /= powerOfTen(-exponent)
      } else if exponent > 0 {
        guard exponent <= 22 else { return nil }
        value *= powerOfTen(exponent)
      }
    }
    return (negative ? -value : value, j)
  }

  /// Appends the run of decimal digits at `p[j...]` to `significand`
  /// (wrapping past 19 digits, which the caller refuses) and moves `j` past
  /// it, eight at a time with ``digitRun(at:)``.
  @inline(__always)
  private static func appendDigits(_ p: UnsafePointer<UInt8>, _ j: inout Int, _ significand: inout UInt64) {
    while true {
      let run = digitRun(at: p + j)
      if run.count < 8 {
        significand = significand &* integerPowerOfTen(run.count) &+ run.value
        j &+= run.count
        return
      }
      // Eight digits: digitRun gives their count only; convert them here.
      var v = UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self).littleEndian &- 0x3030_3030_3030_3030
      v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
      v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
      v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
      significand = significand &* 100_000_000 &+ v
      j &+= 8
    }
  }

  /// 10ᵏ for k in 0...22, each exact in a Double.
  @inline(__always)
  static func powerOfTen(_ k: Int) -> Double { doublePowersOfTen[k] }

  /// 10ⁿ for n in 0...7, to append a run of n digits to the significand.
  @inline(__always)
  private static func integerPowerOfTen(_ n: Int) -> UInt64 { integerPowersOfTen[n] }
}

// Constant tables (statically initialised, so reading one is a load).
private let doublePowersOfTen: InlineArray<23, Double> = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
  1e20, 1e21, 1e22,
]
private let integerPowersOfTen: InlineArray<8, UInt64> = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
]
