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
/// with no constraint on the state: a caller that keeps d >= 0 projects
/// after each (`ScalarRangeKernel`, as ``RangeFilter`` does), and
/// ``ZoneDecisionSmoother`` does not. The one home of this arithmetic for
/// the two filters that keep their state in scalars: `ScalarRangeKernel`
/// (the benchmarks' yardstick) and ``ZoneDecisionSmoother`` (the zones' distance). ``RangeFilter`` runs the
/// same model through its backend (`KalmanBackend`), to which the tests hold
/// it.
///
/// Its two other forms live here too, each shared by every place that uses
/// it: the predicted distance variance summed as `P00 + 2 dt P01 + dt² P11 +
/// Q00` (``predictedDistanceVariance(p00:p01:p11:dt:q:)``) and the short-form
/// update `P - K S Kᵀ` (``fuseShortForm(innovation:measurementVariance:x0:x1:p00:p01:p10:p11:)``).
/// The places that keep a form of their own say why next to it: the Swift
/// backend's predict (`TwoStateEstimate`) sums P00 in another order, so
/// sharing either order would move the last bit of the replay's filtered
/// track or of the zones' distance; the general 2 x 2 loops take any F and H;
/// GSL's time updates (the backend, the offline smoother) are matrix calls.
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
  }

  /// The variance of the distance predicted `dt` seconds ahead of a state with
  /// covariance [p00 p01; p01 p11] (CWNA): `(F P Fᵀ + Q)₀₀ = P00 + 2 dt P01 +
  /// dt² P11 + q dt³/3`, summed in that order; ``RangeFilter`` (its
  /// predicted estimate, and its gate before a fusion is undone) and the peer
  /// baseline's time update (`ConstantVelocityKalman`) take it from here.
  @inlinable
  public static func predictedDistanceVariance(p00: Double, p01: Double, p11: Double, dt: Double, q: Double) -> Double {
    p00 + 2 * dt * p01 + dt * dt * p11 + ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q).q00
  }

  /// The measurement update with H = [1 0] in its short form: `S = r + P00`,
  /// `K = [P00, P10] / S`, `x = x + K y` and `P = P - K S Kᵀ`, which for this
  /// gain is `[r k0, r k1; r k1, P11 - k1 P10]`, P left exactly symmetric.
  /// Equal to the Joseph form of ``fuse(innovation:measurementVariance:)`` in
  /// exact arithmetic (the gain is optimal), and keeps P positive definite;
  /// the Swift backend's step (`TwoStateEstimate`, where docs/PERFORMANCE.md
  /// says why it is the fast one) and the peer baseline
  /// (`ConstantVelocityKalman`) run it. No projection: the callers constrain.
  ///
  /// - Returns: the gain K.
  @inlinable @inline(__always)
  public static func fuseShortForm(
    innovation y: Double, measurementVariance r: Double, x0: inout Double, x1: inout Double,
    p00: inout Double, p01: inout Double, p10: inout Double, p11: inout Double
  ) -> (k0: Double, k1: Double) {
    let innovationVariance = r + p00
    let k0 = p00 / innovationVariance, k1 = p10 / innovationVariance
    x0 += k0 * y
    x1 += k1 * y
    let new01 = r * k1
    let new11 = p11 - k1 * p10
    p00 = r * k0
    p01 = new01
    p10 = new01
    p11 = new11
    return (k0, k1)
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
  }
}
