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
  /// The state and its covariance (``ScalarConstantVelocity``: the model's arithmetic).
  public var state: ScalarConstantVelocity
  /// Distance d, metres.
  @inlinable public var distanceMeters: Double { state.distanceMeters }
  /// Rate v, m/s.
  @inlinable public var rateMetersPerSecond: Double { state.rateMetersPerSecond }
  /// Covariance of (d, v): P00 (m²), P01 (m²/s), P11 (m²/s²).
  @inlinable public var p00: Double { state.p00 }
  @inlinable public var p01: Double { state.p01 }
  @inlinable public var p11: Double { state.p11 }
  @usableFromInline let q: Double
  @usableFromInline let measurementVariance: Double
  @usableFromInline let longGateSquared: Double
  @usableFromInline let shortGateSquared: Double

  /// Starts at `distanceMeters` as ``RangeFilter`` does: x = [d, 0], P = diag(r², v0²).
  @inlinable
  public init(configuration: RangeFilterConfiguration, distanceMeters: Double) {
    let r = configuration.measurementSigmaMeters
    let v0 = configuration.initialRateSigmaMetersPerSecond
    state = ScalarConstantVelocity(distanceMeters: distanceMeters, distanceVariance: r * r, rateVariance: v0 * v0)
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
      state.predict(dt: dt, accelerationSpectralDensity: q)
      NonNegativeDistance.project(&state.distanceMeters, &state.rateMetersPerSecond)
    }
    // y = z - d,  S = P00 + r²
    let y = measured - state.distanceMeters
    let s = state.p00 + measurementVariance
    let ratio = y * y / ((y < 0 ? shortGateSquared : longGateSquared) * s)
    guard ratio <= 1 else { return ratio }
    state.fuse(innovation: y, measurementVariance: measurementVariance)
    NonNegativeDistance.project(&state.distanceMeters, &state.rateMetersPerSecond)
    return ratio
  }
}
