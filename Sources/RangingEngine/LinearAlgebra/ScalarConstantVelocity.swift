// SPDX-License-Identifier: Apache-2.0
/// The constant-velocity model on (distance, rate) in five scalars: its time
/// update and its Joseph-form measurement update, with no storage, gate or
/// bookkeeping of its own.
///
/// Model (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2, CWNA; Q from
/// ``ConstantVelocityModel``): for a step of `dt` seconds
///
///     x = F x,  P = F P Fᵀ + Q,   F = [1 dt; 0 1]
///     y = z - d,  S = P00 + r²,  K = P Hᵀ / S,  H = [1 0]
///     x = x + K y,  P = (I - K H) P (I - K H)ᵀ + K r² Kᵀ   (Joseph form)
///
/// and after each, d >= 0 (`NonNegativeDistance`). The one home of this
/// arithmetic for the two filters that keep their state in scalars:
/// `ScalarRangeKernel` (the benchmarks' yardstick) and
/// ``ZoneDecisionSmoother`` (the zones' distance). ``RangeFilter`` runs the
/// same model through its backend (`KalmanBackend`), to which the tests hold
/// it.
///
/// - Complexity: O(1) per call. Does not allocate.
@frozen
public struct ScalarConstantVelocity: Sendable {
  /// Distance d, metres.
  public var distanceMeters: Double
  /// Rate v, m/s.
  public var rateMetersPerSecond: Double
  /// Covariance of (d, v): P00 (m²), P01 (m²/s), P11 (m²/s²).
  public var p00, p01, p11: Double

  /// x = [d, 0], P = diag(`distanceVariance`, `rateVariance`).
  @inlinable
  public init(distanceMeters: Double, distanceVariance: Double, rateVariance: Double) {
    self.distanceMeters = distanceMeters
    rateMetersPerSecond = 0
    p00 = distanceVariance
    p01 = 0
    p11 = rateVariance
  }

  /// Time update over `dt` seconds with acceleration spectral density `q`.
  @inlinable @inline(__always)
  public mutating func predict(dt: Double, accelerationSpectralDensity q: Double) {
    let noise = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
    distanceMeters += dt * rateMetersPerSecond
    let a01 = p01 + dt * p11  // (F P)[0][1]
    p00 = (p00 + dt * p01) + dt * a01 + noise.q00
    p01 = a01 + noise.q01
    p11 = p11 + noise.q11
    NonNegativeDistance.project(&distanceMeters, &rateMetersPerSecond)
  }

  /// Measurement update with innovation `y = z - d` and measurement variance `r`.
  @inlinable @inline(__always)
  public mutating func fuse(innovation y: Double, measurementVariance r: Double) {
    let s = p00 + r
    let k0 = p00 / s
    let k1 = p01 / s
    distanceMeters += k0 * y
    rateMetersPerSecond += k1 * y
    let a = 1 - k0
    let new00 = a * a * p00 + r * k0 * k0
    let new01 = a * (p01 - k1 * p00) + r * k0 * k1
    let new11 = (k1 * p00 - 2 * p01) * k1 + p11 + r * k1 * k1
    p00 = new00
    p01 = new01
    p11 = new11
    NonNegativeDistance.project(&distanceMeters, &rateMetersPerSecond)
  }
}
