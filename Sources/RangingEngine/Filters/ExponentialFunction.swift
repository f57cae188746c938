// SPDX-License-Identifier: Apache-2.0
/// `exp(x)` in plain Swift, to about 1e-8 relative, for the per-update NLOS
/// recursion: inlinable into the filter's loop (the core reaches the C
/// library only through an internal import, which `@inlinable` code cannot
/// use) and short enough to overlap the filter's own arithmetic. A
/// probability reported to two decimals needs nothing closer.
///
/// Range reduction and a Taylor polynomial (Muller, "Elementary Functions",
/// 3rd ed., 2016, §11.3): `x = k ln 2 + r` with `k = round(x / ln 2)` and
/// `|r| <= ln 2 / 2`, then `exp(r)` by its Taylor series to degree 7, whose
/// remainder is below `|r|^8 / 8! · e^|r| <= 1.1e-8 · exp(r)` (the worst
/// case r = -ln 2 / 2, where e^|r| / e^r = 2), evaluated in
/// Estrin's scheme (four levels of multiply-add instead of Horner's seven),
/// and `exp(x) = 2^k exp(r)`. `ln 2` is split in two (Cody and Waite 1980)
/// so that `k ln 2` is subtracted exactly. For `x` in -60...60; the caller clamps.
@usableFromInline
enum ExponentialFunction {
  /// High part of ln 2 (its first 32 bits), exact in `k · ln2High` for |k| < 2^20.
  @usableFromInline static let ln2High = 0.693147180369123816490
  /// ln 2 - ln2High.
  @usableFromInline static let ln2Low = 1.90821492927058770002e-10

  /// exp(x) for x in -60...60, to 1.1e-8 relative.
  @inlinable @inline(__always)
  static func exp(_ x: Double) -> Double {
    // k = round(x / ln 2) by adding and subtracting 1.5 · 2^52, which rounds to
    // the nearest integer in the current (nearest-even) mode without a libm call.
    let shifter = 6_755_399_441_055_744.0
    let k = (x * 1.4426950408889634074 + shifter) - shifter
    let r = (x - k * ln2High) - k * ln2Low
    // sum_{n=0}^{7} r^n / n! as (1 + r) + r²(1/2 + r/6) + r⁴((1/24 + r/120) + r²(1/720 + r/5040))
    let r2 = r * r
    let r4 = r2 * r2
    let low = (1 + r) + r2 * (0.5 + r * (1.0 / 6))
    let high = (1.0 / 24 + r * (1.0 / 120)) + r2 * (1.0 / 720 + r * (1.0 / 5040))
    let p = low + r4 * high
    // 2^k, |k| <= 87, is a normal Double: its biased exponent in bits 52...62.
    return p * Double(bitPattern: UInt64(truncatingIfNeeded: 1023 &+ Int64(k)) &<< 52)
  }
}
