// SPDX-License-Identifier: Apache-2.0
/// `2^x` in plain Swift, to 3.5e-6 relative, for the per-update NLOS
/// recursion: inlinable into the filter's loop (the core reaches the C
/// library only through an internal import, which `@inlinable` code cannot
/// use) and short, because it runs on every distance update. A probability
/// reported to two decimals needs nothing closer.
///
/// Base 2 rather than e because the reduction is then shorter: the caller
/// folds log2(e) into a constant it multiplies by anyway, and `x = k + f`
/// needs no multiplication by ln 2 (two fewer dependent operations than
/// `exp`'s `x = k ln 2 + r`).
///
/// Range reduction and a Taylor polynomial (Muller, "Elementary Functions",
/// 3rd ed., 2016, §11.3): `k = round(x)`, `f = x - k` with `|f| <= 1/2`
/// (exact), then `2^f = exp(f ln 2)` by the Taylor series of exp to degree 5
/// in `r = f ln 2`, whose remainder is below `|r|^6 / 6! · e^|r| <= 3.4e-6 ·
/// 2^f` (the worst case f = -1/2, where e^|r| / e^r = 2), evaluated in
/// Estrin's scheme (three levels of multiply-add instead of Horner's five),
/// and `2^x = 2^k 2^f`. For `x` in -87...87; the caller clamps.
@usableFromInline
enum ExponentialFunction {
  /// The Taylor coefficients of `2^f` in `f`: (ln 2)^n / n!.
  @inlinable static var c1: Double { 0.6931471805599453 }
  @inlinable static var c2: Double { 0.2402265069591007 }
  @inlinable static var c3: Double { 0.055504108664821576 }
  @inlinable static var c4: Double { 0.009618129107628477 }
  @inlinable static var c5: Double { 0.0013333558146428441 }

  /// 2^x for x in -87...87, to 3.5e-6 relative.
  @inlinable @inline(__always)
  static func exp2(_ x: Double) -> Double {
    // k = round(x) by adding and subtracting 1.5 · 2^52, which rounds to the
    // nearest integer in the current (nearest-even) mode without a libm call.
    let shifter = 6_755_399_441_055_744.0
    let shifted = x + shifter
    let f = x - (shifted - shifter)
    // sum_{n=0}^{5} c_n f^n as (1 + c1 f) + f²(c2 + c3 f) + f⁴(c4 + c5 f)
    let f2 = f * f
    let low = (1 + f * c1) + f2 * (c2 + f * c3)
    let p = low + (f2 * f2) * (c4 + f * c5)
    // 2^k, |k| <= 87, is a normal Double: its biased exponent in bits 52...62. The
    // shifted sum holds k in its low bits (two's complement), so no conversion is needed.
    return p * Double(bitPattern: (shifted.bitPattern &+ 1023) &<< 52)
  }
}
