// SPDX-License-Identifier: Apache-2.0
/// `exp(x)` in plain Swift, to 3.5e-6 relative, for the per-update NLOS
/// recursion: inlinable into the filter's loop (the core reaches the C
/// library only through an internal import, which `@inlinable` code cannot
/// use) and short, because it runs on every distance update. A probability
/// reported to two decimals needs nothing closer.
///
/// Range reduction and a Taylor polynomial (Muller, "Elementary Functions",
/// 3rd ed., 2016, §11.3): `x = k ln 2 + r` with `k = round(x / ln 2)` and
/// `|r| <= ln 2 / 2`, then `exp(r)` by its Taylor series to degree 5, whose
/// remainder is below `|r|^6 / 6! · e^|r| <= 3.4e-6 · exp(r)` (the worst
/// case r = -ln 2 / 2, where e^|r| / e^r = 2), evaluated in Estrin's scheme
/// (three levels of multiply-add instead of Horner's five), and
/// `exp(x) = 2^k exp(r)`. `k ln 2` is subtracted with `ln 2` rounded to a
/// Double: for |k| <= 87 that costs at most 87 · 2^-54 ≈ 5e-15 in `r`,
/// nothing next to the polynomial's error. For `x` in -60...60; the caller clamps.
@usableFromInline
enum ExponentialFunction {
  /// exp(x) for x in -60...60, to 3.5e-6 relative.
  @inlinable @inline(__always)
  static func exp(_ x: Double) -> Double {
    // k = round(x / ln 2) by adding and subtracting 1.5 · 2^52, which rounds to
    // the nearest integer in the current (nearest-even) mode without a libm call.
    let shifter = 6_755_399_441_055_744.0
    let shifted = x * 1.4426950408889634074 + shifter
    let k = shifted - shifter
    let r = x - k * 0.6931471805599453094
    // sum_{n=0}^{5} r^n / n! as (1 + r) + r²(1/2 + r/6) + r⁴(1/24 + r/120)
    let r2 = r * r
    let low = (1 + r) + r2 * (0.5 + r * (1.0 / 6))
    let p = low + (r2 * r2) * (1.0 / 24 + r * (1.0 / 120))
    // 2^k, |k| <= 87, is a normal Double: its biased exponent in bits 52...62. The
    // shifted sum holds k in its low bits (two's complement), so no conversion is needed.
    return p * Double(bitPattern: (shifted.bitPattern &+ 1023) &<< 52)
  }
}
