// SPDX-License-Identifier: Apache-2.0
/// The distance filter's second state constraint: a person carrying a tag
/// does not approach or leave faster than ``RangeFilterConfiguration/maximumRateMetersPerSecond``.
///
/// At low update rates one outlier that passes the gate can set the rate to
/// several metres per second, and every prediction after it, above all across
/// a gap or a run of rejections, flies off with it: at 1 Hz that made the
/// filtered distance worse than the raw measurements (Tuning.md, "A physical
/// limit on the rate"). Clamping the rate after every time update and every
/// correction is the same estimate projection as ``NonNegativeDistance``
/// (Simon 2010, §2.3), onto |v| <= limit.
@usableFromInline
enum RateLimit {
  /// Clamps `rate` into `-limit...limit` (an infinite limit leaves it as it is).
  @inlinable @inline(__always)
  static func clamp(_ rate: inout Double, to limit: Double) {
    rate = min(max(rate, -limit), limit)
  }
}
