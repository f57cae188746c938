// SPDX-License-Identifier: Apache-2.0
/// The process noise of the two-state constant-velocity model for a step of
/// `dt` seconds (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2, CWNA,
/// eq. 6.2.2-12):
///
///     Q = q [dt³/3 dt²/2; dt²/2 dt]
///
/// One place for every path that forms it (the storage's model, the
/// fixed-size step, the filter's extrapolated variance), so that they round
/// alike. `q / 3` is formed apart from dt: a division by 3 after dt³ would
/// sit on the path from each update's time to its innovation variance
/// (docs/PERFORMANCE.md).
@frozen @usableFromInline
struct ConstantVelocityNoise {
  @usableFromInline let q00, q01, q11: Double

  @inlinable @inline(__always)
  init(dt: Double, q: Double) {
    let dt2 = dt * dt
    q00 = (q / 3) * (dt2 * dt)
    q01 = (q / 2) * dt2
    q11 = q * dt
  }
}
