/// The fixed-size path of ``SwiftKalmanBackend`` for two states and one
/// measurement component: the distance filter's shape (n = 2, k = 1).
///
/// The same equations as the general loops (see ``KalmanBackend``), written
/// out for 2 x 2 matrices so that every value lives in a register, and with
/// the products by the exact 1s and 0s of the constant-velocity F and of
/// H = [1 0] left out when the matrices have that shape (which changes no
/// bit of the result). What limits the speed is the chain of dependent
/// operations from one update's P to the next, which runs through memory
/// between the three calls; so each step reads the storage once and writes
/// it once, and ``correctTwoState()`` recomputes `P Hᵀ` and S from P rather
/// than reading what ``innovateTwoState(linear:)`` stored, which takes
/// innovate off that chain. This is what lets ``RangeFilter`` run near
/// ``ScalarRangeKernel`` (README, Performance).
///
/// One difference in rounding from the loops, far inside the 1e-9 the tests
/// hold the backends to: the gain is `P Hᵀ / S` (one division by S) instead
/// of two divisions by its Cholesky factor; with H = [1 0] the Joseph form is
/// also written with its zero terms removed.
extension SwiftKalmanBackend {
  /// `x = F x`, `P = F P Fᵀ + Q`, P made exactly symmetric. Does not allocate.
  @inlinable @inline(__always)
  func predictTwoState() {
    let s = storage
    let f00 = s.F[0], f01 = s.F[1], f10 = s.F[2], f11 = s.F[3]
    let x0 = s.x[0], x1 = s.x[1]
    let p00 = s.P[0], p01 = s.P[1], p10 = s.P[2], p11 = s.P[3]
    let q00 = s.Q[0], q01 = s.Q[1], q10 = s.Q[2], q11 = s.Q[3]
    let n00, n01, n10, n11: Double
    if f00 == 1 && f10 == 0 && f11 == 1 {
      // Constant velocity, F = [1 dt; 0 1]: A = F P = [p00 + dt p10, p01 + dt p11; p10, p11]
      let dt = f01
      let a00 = p00 + dt * p10, a01 = p01 + dt * p11
      n00 = q00 + a00 + a01 * dt
      n01 = q01 + a01
      n10 = q10 + p10 + p11 * dt
      n11 = q11 + p11
      s.x[0] = x0 + dt * x1
    } else {
      // A = F P, P = A Fᵀ + Q
      let a00 = f00 * p00 + f01 * p10, a01 = f00 * p01 + f01 * p11
      let a10 = f10 * p00 + f11 * p10, a11 = f10 * p01 + f11 * p11
      n00 = q00 + a00 * f00 + a01 * f01
      n01 = q01 + a00 * f10 + a01 * f11
      n10 = q10 + a10 * f00 + a11 * f01
      n11 = q11 + a10 * f10 + a11 * f11
      s.x[0] = f00 * x0 + f01 * x1
      s.x[1] = f10 * x0 + f11 * x1
    }
    // (P + Pᵀ) / 2 off the diagonal
    let mean = 0.5 * (n01 + n10)
    s.P[0] = n00; s.P[1] = mean; s.P[2] = mean; s.P[3] = n11
  }

  /// `y = z - H x` (when linear), `K = P Hᵀ`, `S = H P Hᵀ + R` replaced by its
  /// 1 x 1 Cholesky factor `L = sqrt(S)`, `w = y / L`; returns `w²`.
  /// Does not allocate.
  @inlinable @inline(__always)
  func innovateTwoState(linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    let h0 = s.H[0], h1 = s.H[1]
    let p00 = s.P[0], p01 = s.P[1], p10 = s.P[2], p11 = s.P[3]
    let y = linear ? s.z[0] - (h0 * s.x[0] + h1 * s.x[1]) : s.y[0]
    let k0 = p00 * h0 + p01 * h1
    let k1 = p10 * h0 + p11 * h1
    let innovationVariance = s.R[0] + h0 * k0 + h1 * k1
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
  /// P exactly symmetric. Does not allocate.
  @inlinable @inline(__always)
  func correctTwoState() {
    let s = storage
    let h0 = s.H[0], h1 = s.H[1], r = s.R[0], y = s.y[0]
    let p00 = s.P[0], p01 = s.P[1], p10 = s.P[2], p11 = s.P[3]
    if h0 == 1 && h1 == 0 {
      // P Hᵀ = [p00, p10], S = p00 + r, I - K H = [1-k0 0; -k1 1]
      let innovationVariance = r + p00
      let k0 = p00 / innovationVariance, k1 = p10 / innovationVariance
      let a = 1 - k0
      let new01 = a * (p01 - k1 * p00) + r * k0 * k1
      s.x[0] += k0 * y
      s.x[1] += k1 * y
      s.K[0] = k0; s.K[1] = k1
      s.P[0] = a * a * p00 + r * k0 * k0
      s.P[1] = new01; s.P[2] = new01
      s.P[3] = (k1 * p00 - 2 * p01) * k1 + p11 + r * k1 * k1
      return
    }
    // P Hᵀ and S as innovate computed them, then K = P Hᵀ / S
    let pht0 = p00 * h0 + p01 * h1, pht1 = p10 * h0 + p11 * h1
    let innovationVariance = r + h0 * pht0 + h1 * pht1
    let k0 = pht0 / innovationVariance, k1 = pht1 / innovationVariance
    s.x[0] += k0 * y
    s.x[1] += k1 * y
    s.K[0] = k0; s.K[1] = k1
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
    s.P[0] = n00; s.P[1] = mean; s.P[2] = mean; s.P[3] = n11
  }
}
