// SPDX-License-Identifier: Apache-2.0
/// The fixed-size path of ``SwiftKalmanBackend`` for two states and one
/// measurement component: the distance filter's shape (n = 2, k = 1).
///
/// The same equations as the general loops (see ``KalmanBackend``), written
/// out for 2 x 2 matrices so that every value lives in a register, and with
/// the products by the exact 1s and 0s of the constant-velocity F and of
/// H = [1 0] left out when the matrices have that shape (which changes no
/// bit of the result). What limits the speed is the chain of dependent
/// operations from one update's P to the next; a store and a reload of P on
/// that chain between two calls costs about as much as the arithmetic. So
/// the steps are written as functions of values (``TwoStateEstimate``), and
/// ``scalarMeasurementStep(timeUpdate:constrain:accept:)`` runs
/// predict, innovate and correct on registers, reading the storage once and
/// writing it once. This is what lets ``RangeFilter`` run near
/// `ScalarRangeKernel`, its benchmark yardstick (docs/PERFORMANCE.md).
///
/// Two differences in rounding from the loops, far inside the 1e-9 the tests
/// hold the backends to: the gain is `P Hᵀ / S` (one division by S) instead
/// of two divisions by its Cholesky factor; and with H = [1 0] the covariance
/// update is `P - K S Kᵀ`, which for this gain is `[r k0, r k1; r k1,
/// p11 - k1 p10]`, instead of the Joseph form. Both are exact for the optimal
/// gain; the short form keeps P positive definite (its determinant is `r / S`
/// times P's) and takes two dependent operations off each element's path from
/// one update's P to the next (docs/PERFORMANCE.md). It loses digits only in
/// `p11 - k1 p10` when distance and rate are almost fully correlated: at most
/// 4e-4 relative over the whole range of configuration limits (q 1e-6, sigma
/// 1e-4 m and an initial rate sigma of 1000 m/s, one second after the start),
/// far from a sign change.
@frozen @usableFromInline
struct TwoStateEstimate {
  @usableFromInline var x0, x1: Double
  @usableFromInline var p00, p01, p10, p11: Double

  @inlinable @inline(__always)
  init(_ s: KalmanStorage) {
    x0 = s.x[0]; x1 = s.x[1]
    p00 = s.P[0]; p01 = s.P[1]; p10 = s.P[2]; p11 = s.P[3]
  }

  @inlinable @inline(__always)
  func store(to s: KalmanStorage) {
    s.x[0] = x0; s.x[1] = x1
    s.P[0] = p00; s.P[1] = p01; s.P[2] = p10; s.P[3] = p11
  }

  /// The estimate with P read as symmetric: its upper triangle only.
  @inlinable @inline(__always)
  init(symmetric s: KalmanStorage) {
    x0 = s.x[0]; x1 = s.x[1]
    p00 = s.P[0]; p01 = s.P[1]; p10 = p01; p11 = s.P[3]
  }

  /// `x = F x`, `P = F P Fᵀ + Q` for F = [1 dt; 0 1] and a symmetric P and Q,
  /// from the upper triangle: the lower one would be the same products in
  /// another order, so this skips the symmetrising mean that the general
  /// ``predict(f00:f01:f10:f11:q00:q01:q10:q11:)`` needs, which is on the
  /// chain from one update's P to the next.
  ///
  /// Not ``ScalarConstantVelocity/predict(dt:accelerationSpectralDensity:)``,
  /// the one home of this step: P00 is summed here as
  /// `Q00 + (P00 + dt P01) + A01 dt`, there as `(P00 + dt P01) + dt A01 + Q00`,
  /// and here the d >= 0 projection is the caller's; one order for both would
  /// move the last bit of either the filtered track or the zones' distance.
  @inlinable @inline(__always)
  mutating func predictConstantVelocity(dt: Double, q00: Double, q01: Double, q11: Double) {
    let a01 = p01 + dt * p11  // (F P)[0][1]
    p00 = q00 + (p00 + dt * p01) + a01 * dt
    p01 = q01 + a01
    p10 = p01
    p11 = q11 + p11
    x0 = x0 + dt * x1
  }

  /// `x = F x`, `P = F P Fᵀ + Q`, P made exactly symmetric. For any F the
  /// storage holds (the general backend's contract), so not the
  /// constant-velocity step of ``ScalarConstantVelocity``, which knows F.
  @inlinable @inline(__always)
  mutating func predict(f00: Double, f01: Double, f10: Double, f11: Double,
                        q00: Double, q01: Double, q10: Double, q11: Double) {
    let n00, n01, n10, n11: Double
    if f00 == 1 && f10 == 0 && f11 == 1 {
      // Constant velocity, F = [1 dt; 0 1]: A = F P = [p00 + dt p10, p01 + dt p11; p10, p11]
      let dt = f01
      let a00 = p00 + dt * p10, a01 = p01 + dt * p11
      n00 = q00 + a00 + a01 * dt
      n01 = q01 + a01
      n10 = q10 + p10 + p11 * dt
      n11 = q11 + p11
      x0 = x0 + dt * x1
    } else {
      // A = F P, P = A Fᵀ + Q
      let a00 = f00 * p00 + f01 * p10, a01 = f00 * p01 + f01 * p11
      let a10 = f10 * p00 + f11 * p10, a11 = f10 * p01 + f11 * p11
      n00 = q00 + a00 * f00 + a01 * f01
      n01 = q01 + a00 * f10 + a01 * f11
      n10 = q10 + a10 * f00 + a11 * f01
      n11 = q11 + a10 * f10 + a11 * f11
      let old0 = x0
      x0 = f00 * old0 + f01 * x1
      x1 = f10 * old0 + f11 * x1
    }
    // (P + Pᵀ) / 2 off the diagonal
    let mean = 0.5 * (n01 + n10)
    p00 = n00; p01 = mean; p10 = mean; p11 = n11
  }

  /// `P Hᵀ` and `S = H P Hᵀ + R`.
  @inlinable @inline(__always)
  func innovationCovariance(h0: Double, h1: Double, r: Double) -> (pht0: Double, pht1: Double, s: Double) {
    let pht0 = p00 * h0 + p01 * h1, pht1 = p10 * h0 + p11 * h1
    return (pht0, pht1, r + h0 * pht0 + h1 * pht1)
  }

  /// `K = P Hᵀ / S`, `x = x + K y`, `P = (I - K H) P (I - K H)ᵀ + K R Kᵀ`
  /// (for H = [1 0] the equal `P - K S Kᵀ`, see the type), P exactly
  /// symmetric. Returns K.
  @inlinable @inline(__always)
  mutating func correct(y: Double, h0: Double, h1: Double, r: Double) -> (k0: Double, k1: Double) {
    if h0 == 1 && h1 == 0 {
      // P Hᵀ = [p00, p10], S = p00 + r; P - K S Kᵀ with K = [p00, p10] / S:
      // p00 - p00²/S = r k0, p01 - p00 p10/S = r k1, p11 - p10²/S = p11 - k1 p10
      return ScalarConstantVelocity.fuseShortForm(
        innovation: y, measurementVariance: r, x0: &x0, x1: &x1, p00: &p00, p01: &p01, p10: &p10, p11: &p11)
    }
    // Any other H: the general Joseph form, on the 2 x 2 matrices (ScalarConstantVelocity
    // states it for H = [1 0] only).
    let (pht0, pht1, innovationVariance) = innovationCovariance(h0: h0, h1: h1, r: r)
    let k0 = pht0 / innovationVariance, k1 = pht1 / innovationVariance
    x0 += k0 * y
    x1 += k1 * y
    // A = I - K H, B = A P, P = B Aᵀ + K R Kᵀ
    let a00 = 1 - k0 * h0, a01 = -k0 * h1, a10 = -k1 * h0, a11 = 1 - k1 * h1
    let b00 = a00 * p00 + a01 * p10, b01 = a00 * p01 + a01 * p11
    let b10 = a10 * p00 + a11 * p10, b11 = a10 * p01 + a11 * p11
    let kr0 = k0 * r, kr1 = k1 * r
    let n00 = b00 * a00 + b01 * a01 + kr0 * k0
    let n01 = b00 * a10 + b01 * a11 + kr0 * k1
    let n10 = b10 * a00 + b11 * a01 + kr1 * k0
    let n11 = b10 * a10 + b11 * a11 + kr1 * k1
    let mean = 0.5 * (n01 + n10)
    p00 = n00; p01 = mean; p10 = mean; p11 = n11
    return (k0, k1)
  }
}

extension SwiftKalmanBackend {
  /// `x = F x`, `P = F P Fᵀ + Q`, P made exactly symmetric. Does not allocate.
  @inlinable @inline(__always)
  func predictTwoState() {
    let s = storage
    var estimate = TwoStateEstimate(s)
    estimate.predict(f00: s.F[0], f01: s.F[1], f10: s.F[2], f11: s.F[3],
                     q00: s.Q[0], q01: s.Q[1], q10: s.Q[2], q11: s.Q[3])
    estimate.store(to: s)
  }

  /// `y = z - H x` (when linear), `K = P Hᵀ`, `S = H P Hᵀ + R` replaced by its
  /// 1 x 1 Cholesky factor `L = sqrt(S)`, `w = y / L`; returns `w²`.
  /// Does not allocate.
  @inlinable @inline(__always)
  func innovateTwoState(linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    let estimate = TwoStateEstimate(s)
    let h0 = s.H[0], h1 = s.H[1]
    let y = linear ? s.z[0] - (h0 * estimate.x0 + h1 * estimate.x1) : s.y[0]
    let (k0, k1, innovationVariance) = estimate.innovationCovariance(h0: h0, h1: h1, r: s.R[0])
    // Written so that NaN fails, as in the loops.
    guard innovationVariance > 0 else { return .failure(.notPositiveDefinite) }
    let l = innovationVariance.squareRoot()
    let w = y / l
    s.y[0] = y
    s.K[0] = k0; s.K[1] = k1
    s.S[0] = l
    s.w[0] = w
    return .success(w * w)
  }

  /// `K = P Hᵀ / S`, `x = x + K y`, `P = (I - K H) P (I - K H)ᵀ + K R Kᵀ`,
  /// P exactly symmetric. Recomputes `P Hᵀ` and S from P rather than reading
  /// what ``innovateTwoState(linear:)`` stored, which takes innovate off the
  /// chain from P to P. Does not allocate.
  @inlinable @inline(__always)
  func correctTwoState() {
    let s = storage
    var estimate = TwoStateEstimate(s)
    let (k0, k1) = estimate.correct(y: s.y[0], h0: s.H[0], h1: s.H[1], r: s.R[0])
    estimate.store(to: s)
    s.K[0] = k0; s.K[1] = k1
  }

  /// ``KalmanBackend/constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)``
  /// in one pass on registers: x and P are read once and written once,
  /// F = [1 dt; 0 1] and H = [1 0] are used as known instead of read and
  /// tested, and P is taken as the symmetric matrix every step leaves.
  @inlinable @inline(__always)
  public func constantVelocityStep(
    dt: Double, accelerationSpectralDensity q: Double, measurement z: Double,
    constrain: (_ distance: inout Double, _ rate: inout Double) -> Void,
    accept: (_ innovation: Double, _ innovationVariance: Double) -> Bool
  ) -> ConstantVelocityStepOutcome {
    let s = storage
    precondition(s.stateCount == 2, "constantVelocityStep: two states only")
    // Every step leaves P exactly symmetric, so its upper triangle is all of it.
    var estimate = TwoStateEstimate(symmetric: s)
    if dt > 0 {
      let noise = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
      estimate.predictConstantVelocity(dt: dt, q00: noise.q00, q01: noise.q01, q11: noise.q11)
    }
    constrain(&estimate.x0, &estimate.x1)
    let r = s.R[0]
    // y = z - H x, S = H P Hᵀ + R with H = [1 0]
    let y = z - estimate.x0
    let innovationVariance = r + estimate.p00
    // Written so that NaN fails, as in the loops.
    guard innovationVariance > 0 else {
      estimate.store(to: s)
      return ConstantVelocityStepOutcome(predictionFailed: false, measurement: .numericalFailure)
    }
    guard accept(y, innovationVariance) else {
      estimate.store(to: s)
      return ConstantVelocityStepOutcome(predictionFailed: false, measurement: .rejected)
    }
    _ = estimate.correct(y: y, h0: 1, h1: 0, r: r)
    constrain(&estimate.x0, &estimate.x1)
    estimate.store(to: s)
    return ConstantVelocityStepOutcome(predictionFailed: false, measurement: .fused)
  }
}
