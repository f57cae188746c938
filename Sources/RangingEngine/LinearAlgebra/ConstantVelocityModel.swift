// SPDX-License-Identifier: Apache-2.0
/// The distance filter's motion model, defined once: the two-state
/// constant-velocity model with continuous white noise acceleration (CWNA;
/// Bar-Shalom, Li & Kirubarajan 2001, §6.2.2, eq. 6.2.2-12) over a step of
/// `dt` seconds, state `x = [d, v]` (metres, m/s):
///
///     F = [1 dt; 0 1],  Q = q [dt³/3 dt²/2; dt²/2 dt],  H = [1 0]
///
/// Every path that forms F, Q or H takes them from here: both Kalman
/// backends (``KalmanStorage/writeConstantVelocityModel(dt:accelerationSpectralDensity:)``
/// and the fused two-state step), ``RangeFilter``'s extrapolated variance,
/// the Rauch-Tung-Striebel smoother, the evaluation's textbook peer and the
/// benchmarks' scalar yardstick. So they round alike, and a change to the
/// model is made once.
///
/// `q / 3` is formed apart from `dt`: a division by 3 after `dt³` would sit
/// on the path from each update's time to its innovation variance
/// (docs/PERFORMANCE.md).
@frozen
public struct ConstantVelocityModel: Sendable {
  /// The step, seconds: F's upper-right entry.
  public let dt: Double
  /// Q's entries: position variance (m²), position-rate covariance (m²/s), rate variance (m²/s²).
  public let q00, q01, q11: Double

  /// The model over `dt` seconds with acceleration spectral density `q` (m²/s³).
  @inlinable @inline(__always)
  public init(dt: Double, accelerationSpectralDensity q: Double) {
    self.dt = dt
    let dt2 = dt * dt
    q00 = (q / 3) * (dt2 * dt)
    q01 = (q / 2) * dt2
    q11 = q * dt
  }

  /// Writes F, 2 x 2 row-major, at `f`.
  @inlinable @inline(__always)
  public func writeTransition(to f: UnsafeMutablePointer<Double>) {
    f[0] = 1; f[1] = dt; f[2] = 0; f[3] = 1
  }

  /// Writes Q, 2 x 2 row-major, at `noise`.
  @inlinable @inline(__always)
  public func writeProcessNoise(to noise: UnsafeMutablePointer<Double>) {
    noise[0] = q00; noise[1] = q01
    noise[2] = q01; noise[3] = q11
  }

  /// Writes H = [1 0] (the distance is measured) at `h`.
  @inlinable @inline(__always)
  public static func writeMeasurementRow(to h: UnsafeMutablePointer<Double>) {
    h[0] = 1; h[1] = 0
  }
}
