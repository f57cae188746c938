// SPDX-License-Identifier: Apache-2.0
/// The fixed-size path of ``SwiftKalmanBackend`` for six states: the 3-D
/// direction filter's shape (``DirectionFilter``, `x = [p v]`, n = 6).
///
/// The same equations as the general loops (see ``KalmanBackend``), written
/// for the structure of the matrices that filter uses, with the products by
/// their exact 1s and 0s left out:
///
/// - predict, when `F = [I b·I; 0 a·I]` (the direction filter's velocity
///   decay; b = dt and a = 1 for constant velocity): `F P Fᵀ` is block
///   additions and scalings, `P + b (Pvp + Ppv) + b² Pvv`, `a Pvv a` and so
///   on, instead of two 6 x 6 x 6 products. The sums are those of the loops
///   in the same order without their zero terms, so the result is the loops'
///   to the bit.
/// - a position measurement, k = 3 with `H = [I 0]`: `P Hᵀ` is the first three
///   columns of P and `S = Ppp + R`; S's 3 x 3 Cholesky factor is written
///   out. The Joseph form is computed as `M = (I - K H) P = P - K (H P)` and
///   `P = M (I - K H)ᵀ + K R Kᵀ = M + (K R - M Hᵀ) Kᵀ` (with `M Hᵀ` the first
///   three columns of M), upper triangle only, mirrored.
/// - any one-component measurement, k = 1 with a general row h (the range and
///   angle updates of the extended filter): `S` is a scalar and the Joseph
///   form is `M = P - K (hᵀ P)`, `P = M + (r K - M h) Kᵀ`.
///
/// Any other F or H takes the loops. The rounding differs from the loops'
/// only in the measurement update (reciprocals of the Cholesky diagonal
/// instead of divisions, the Joseph form's terms grouped as above, one
/// triangle instead of the mean of both), far inside the 1e-9 the tests hold
/// the backends to. Hosts only: Embedded builds keep the loops alone, for flash.
extension SwiftKalmanBackend {
  /// `x = F x`, `P = F P Fᵀ + Q`, P made exactly symmetric, for
  /// `F = [I b·I; 0 a·I]` (Bar-Shalom et al. 2001, eq. 5.2.3-5; F of
  /// `VelocityDecayModel`). Does not allocate.
  @inline(__always)
  func predictSixState() {
    let s = storage
    let b = s.F[3], a = s.F[21]
    // x = F x: p += b v, v = a v
    for i in 0..<3 {
      s.x[i] = s.x[i] + b * s.x[i + 3]
      s.x[i + 3] = a * s.x[i + 3]
    }
    // (F P)[i][j]: row i of P plus b times row i + 3 for a position row, a times row i for a velocity row.
    @inline(__always) func fp(_ i: Int, _ j: Int) -> Double {
      i < 3 ? s.P[i * 6 + j] + b * s.P[(i + 3) * 6 + j] : a * s.P[i * 6 + j]
    }
    // A = (F P) Fᵀ + Q: a position column adds b times column j + 3, a velocity column is scaled by a.
    for i in 0..<6 {
      for j in 0..<6 {
        let q = s.Q[i * 6 + j]
        s.A[i * 6 + j] = j < 3 ? (q + fp(i, j)) + fp(i, j + 3) * b : q + fp(i, j) * a
      }
    }
    // P = (A + Aᵀ) / 2, as KalmanStorage.symmetrizeCovariance
    for i in 0..<6 {
      s.P[i * 6 + i] = s.A[i * 6 + i]
      for j in (i + 1)..<6 {
        let mean = 0.5 * (s.A[i * 6 + j] + s.A[j * 6 + i])
        s.P[i * 6 + j] = mean
        s.P[j * 6 + i] = mean
      }
    }
  }

  /// For `H = [I 0]`: `y = z - p` (when linear), `K = P Hᵀ` (the first three
  /// columns of P), `S = Ppp + R` replaced by its lower Cholesky factor L,
  /// `w = L⁻¹ y`; returns `|w|² = yᵀ S⁻¹ y`. The operations and their order
  /// are the loops'. Does not allocate.
  @inline(__always)
  func innovateSixStatePosition(linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    if linear {
      for i in 0..<3 { s.y[i] = s.z[i] - s.x[i] }
    }
    for i in 0..<6 {
      for j in 0..<3 { s.K[i * 3 + j] = s.P[i * 6 + j] }
    }
    let s00 = s.R[0] + s.P[0], s01 = s.R[1] + s.P[1], s02 = s.R[2] + s.P[2]
    let s10 = s.R[3] + s.P[6], s11 = s.R[4] + s.P[7], s12 = s.R[5] + s.P[8]
    let s20 = s.R[6] + s.P[12], s21 = s.R[7] + s.P[13], s22 = s.R[8] + s.P[14]
    // S = L Lᵀ (Cholesky-Banachiewicz, Golub & Van Loan, 4th ed., Alg. 4.2.1),
    // written so that NaN fails, as in the loops.
    let d0 = s00
    guard d0 > 0 else { return .failure(.notPositiveDefinite) }
    let l00 = d0.squareRoot()
    let l10 = s10 / l00, l20 = s20 / l00
    let d1 = s11 - l10 * l10
    guard d1 > 0 else { return .failure(.notPositiveDefinite) }
    let l11 = d1.squareRoot()
    let l21 = (s21 - l20 * l10) / l11
    let d2 = (s22 - l20 * l20) - l21 * l21
    guard d2 > 0 else { return .failure(.notPositiveDefinite) }
    let l22 = d2.squareRoot()
    // The upper triangle keeps S, as in the loops.
    s.S[0] = l00; s.S[1] = s01; s.S[2] = s02
    s.S[3] = l10; s.S[4] = l11; s.S[5] = s12
    s.S[6] = l20; s.S[7] = l21; s.S[8] = l22
    // w = L⁻¹ y
    let w0 = s.y[0] / l00
    let w1 = (s.y[1] - l10 * w0) / l11
    let w2 = ((s.y[2] - l20 * w0) - l21 * w1) / l22
    s.w[0] = w0; s.w[1] = w1; s.w[2] = w2
    return .success(w0 * w0 + w1 * w1 + w2 * w2)
  }

  /// For `H = [I 0]`, after innovate: `K = P Hᵀ S⁻¹`, `x = x + K y`,
  /// `P = (I - K H) P (I - K H)ᵀ + K R Kᵀ` (Joseph form, Bar-Shalom et al.
  /// 2001, eq. 5.2.3-18), P exactly symmetric. Does not allocate.
  @inline(__always)
  func correctSixStatePosition() {
    let s = storage
    let l00 = s.S[0], l10 = s.S[3], l11 = s.S[4], l20 = s.S[6], l21 = s.S[7], l22 = s.S[8]
    let r00 = 1 / l00, r11 = 1 / l11, r22 = 1 / l22
    let y0 = s.y[0], y1 = s.y[1], y2 = s.y[2]
    // Each row k of K solves L Lᵀ kᵀ = (row of P Hᵀ)ᵀ: forward, then backward
    // substitution. Then x = x + K y.
    for i in 0..<6 {
      let row = s.K + i * 3
      let u0 = row[0] * r00
      let u1 = (row[1] - l10 * u0) * r11
      let u2 = ((row[2] - l20 * u0) - l21 * u1) * r22
      let k2 = u2 * r22
      let k1 = (u1 - l21 * k2) * r11
      let k0 = ((u0 - l10 * k1) - l20 * k2) * r00
      row[0] = k0; row[1] = k1; row[2] = k2
      s.x[i] += k0 * y0 + k1 * y1 + k2 * y2
    }
    // A = M = P - K (H P), H P being the first three rows of P.
    for i in 0..<6 {
      let k0 = s.K[i * 3], k1 = s.K[i * 3 + 1], k2 = s.K[i * 3 + 2]
      for j in 0..<6 {
        s.A[i * 6 + j] = s.P[i * 6 + j] - (k0 * s.P[j] + k1 * s.P[6 + j] + k2 * s.P[12 + j])
      }
    }
    // B = G = K R - M Hᵀ (6 x 3, row stride 3), M Hᵀ being the first three columns of M.
    for i in 0..<6 {
      let k0 = s.K[i * 3], k1 = s.K[i * 3 + 1], k2 = s.K[i * 3 + 2]
      for a in 0..<3 {
        s.B[i * 3 + a] = (k0 * s.R[a] + k1 * s.R[3 + a] + k2 * s.R[6 + a]) - s.A[i * 6 + a]
      }
    }
    // P = M + G Kᵀ on and above the diagonal, mirrored below.
    for i in 0..<6 {
      let g0 = s.B[i * 3], g1 = s.B[i * 3 + 1], g2 = s.B[i * 3 + 2]
      for j in i..<6 {
        let value = s.A[i * 6 + j] + (g0 * s.K[j * 3] + g1 * s.K[j * 3 + 1] + g2 * s.K[j * 3 + 2])
        s.P[i * 6 + j] = value
        s.P[j * 6 + i] = value
      }
    }
  }

  /// For one measurement component with any row h: `y = z - h x` (when
  /// linear), `K = P h`, `S = hᵀ P h + r`, replaced by `L = sqrt(S)`,
  /// `w = y / L`; returns `w²`. The operations and their order are the loops'.
  /// Does not allocate.
  @inline(__always)
  func innovateSixStateScalar(linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    if linear {
      var hx = 0.0
      for j in 0..<6 { hx += s.H[j] * s.x[j] }
      s.y[0] = s.z[0] - hx
    }
    var innovationVariance = s.R[0]
    for i in 0..<6 {
      var sum = 0.0
      for l in 0..<6 { sum += s.P[i * 6 + l] * s.H[l] }
      s.K[i] = sum
    }
    for l in 0..<6 { innovationVariance += s.H[l] * s.K[l] }
    // Written so that NaN fails, as in the loops.
    guard innovationVariance > 0 else { return .failure(.notPositiveDefinite) }
    let l = innovationVariance.squareRoot()
    let w = s.y[0] / l
    s.S[0] = l
    s.w[0] = w
    return .success(w * w)
  }

  /// For one measurement component, after innovate: `K = P h / S`,
  /// `x = x + K y`, `P = (I - K hᵀ) P (I - K hᵀ)ᵀ + K r Kᵀ` (Joseph form,
  /// Bar-Shalom et al. 2001, eq. 5.2.3-18), P exactly symmetric.
  /// Does not allocate.
  @inline(__always)
  func correctSixStateScalar() {
    let s = storage
    let l = s.S[0], r = s.R[0], y = s.y[0]
    let inverseVariance = 1 / (l * l)
    for i in 0..<6 {
      let k = s.K[i] * inverseVariance
      s.K[i] = k
      s.x[i] += k * y
    }
    // B[0..<6] = hᵀ P
    for j in 0..<6 {
      var sum = 0.0
      for l in 0..<6 { sum += s.H[l] * s.P[l * 6 + j] }
      s.B[j] = sum
    }
    // A = M = P - K (hᵀ P)
    for i in 0..<6 {
      for j in 0..<6 { s.A[i * 6 + j] = s.P[i * 6 + j] - s.K[i] * s.B[j] }
    }
    // B[0..<6] = g = r K - M h
    for i in 0..<6 {
      var mh = 0.0
      for l in 0..<6 { mh += s.A[i * 6 + l] * s.H[l] }
      s.B[i] = r * s.K[i] - mh
    }
    // P = M + g Kᵀ on and above the diagonal, mirrored below.
    for i in 0..<6 {
      for j in i..<6 {
        let value = s.A[i * 6 + j] + s.B[i] * s.K[j]
        s.P[i * 6 + j] = value
        s.P[j * 6 + i] = value
      }
    }
  }
}
