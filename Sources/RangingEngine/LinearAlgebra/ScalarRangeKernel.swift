// SPDX-License-Identifier: Apache-2.0
/// The distance filter's steady-state arithmetic in five scalars: the speed
/// limit that ``RangeFilter`` is measured against.
///
/// It does, per measurement, exactly the work of a confirmed
/// ``RangeFilter`` whose measurement passes the gate: the CWNA time update,
/// the innovation and its variance, the one-sided gate's test ratio, the
/// gain, the state update, the Joseph-form covariance update and the d >= 0
/// projection (equations in ``RangeFilter`` and ``KalmanBackend``). It keeps
/// no storage, calls no backend and does none of the filter's bookkeeping
/// (pre-filter, rejection runs, resets, confirmation, health), so it is what
/// hand-written code for this one model costs. Benchmarks and `rangectl bench`
/// report every filter as a ratio to it, measured in the same run, so the
/// numbers carry over between machines.
///
/// With measurements that pass the gate it gives the same state as
/// ``RangeFilter`` to rounding (about 1e-15 relative); the benchmarks check
/// that, so a benchmark that measured nothing fails.
///
/// Not a filter to use: a measurement outside the gate is only not fused.
/// So it is not public API: `rangectl bench` and `Benchmarks/` reach it
/// through `@_spi(Benchmarking) import RangingEngine`.
@frozen @_spi(Benchmarking)
public struct ScalarRangeKernel: Sendable {
  /// Distance d, metres.
  public var distanceMeters: Double
  /// Rate v, m/s.
  public var rateMetersPerSecond: Double
  /// Covariance of (d, v): P00 (m²), P01 (m²/s), P11 (m²/s²).
  public var p00, p01, p11: Double
  @usableFromInline let q: Double
  @usableFromInline let measurementVariance: Double
  @usableFromInline let longGateSquared: Double
  @usableFromInline let shortGateSquared: Double

  /// Starts at `distanceMeters` as ``RangeFilter`` does: x = [d, 0], P = diag(r², v0²).
  @inlinable
  public init(configuration: RangeFilterConfiguration, distanceMeters: Double) {
    let r = configuration.measurementSigmaMeters
    let v0 = configuration.initialRateSigmaMetersPerSecond
    self.distanceMeters = distanceMeters
    rateMetersPerSecond = 0
    p00 = r * r
    p01 = 0
    p11 = v0 * v0
    q = configuration.accelerationSpectralDensity
    measurementVariance = r * r
    longGateSquared = configuration.gateSigmas * configuration.gateSigmas
    shortGateSquared = configuration.shortGateSigmas * configuration.shortGateSigmas
  }

  /// Predicts `dtSeconds` ahead and fuses `measured` when it passes the gate.
  ///
  /// - Returns: the test ratio `y² / (gate² S)`; the measurement was fused when it is <= 1.
  /// - Complexity: O(1). Does not allocate. Always inlined, so that every
  ///   harness measures the same loop (a call would make the limit look lower).
  @inlinable @inline(__always)
  public mutating func update(distanceMeters measured: Double, dtSeconds dt: Double) -> Double {
    if dt > 0 {
      // x = F x, P = F P Fᵀ + Q (ConstantVelocityModel)
      let noise = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
      distanceMeters += dt * rateMetersPerSecond
      let a01 = p01 + dt * p11  // (F P)[0][1]
      p00 = (p00 + dt * p01) + dt * a01 + noise.q00
      p01 = a01 + noise.q01
      p11 = p11 + noise.q11
      project()
    }
    // y = z - d,  S = P00 + r²
    let y = measured - distanceMeters
    let s = p00 + measurementVariance
    let ratio = y * y / ((y < 0 ? shortGateSquared : longGateSquared) * s)
    guard ratio <= 1 else { return ratio }
    // K = P Hᵀ / S
    let k0 = p00 / s
    let k1 = p01 / s
    distanceMeters += k0 * y
    rateMetersPerSecond += k1 * y
    // P = (I - K H) P (I - K H)ᵀ + K R Kᵀ
    let a = 1 - k0
    let r = measurementVariance
    let new00 = a * a * p00 + r * k0 * k0
    let new01 = a * (p01 - k1 * p00) + r * k0 * k1
    let new11 = (k1 * p00 - 2 * p01) * k1 + p11 + r * k1 * k1
    p00 = new00
    p01 = new01
    p11 = new11
    project()
    return ratio
  }

  /// d >= 0: a negative distance is projected to 0 with a rate that does not approach.
  @inlinable
  mutating func project() {
    if distanceMeters < 0 {
      distanceMeters = 0
      rateMetersPerSecond = max(rateMetersPerSecond, 0)
    }
  }
}
