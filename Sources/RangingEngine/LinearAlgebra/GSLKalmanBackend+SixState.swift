// SPDX-License-Identifier: Apache-2.0
#if GSL
internal import CGSL

/// The six-state path of ``GSLKalmanBackend``: the 3-D direction filter's
/// shape (``DirectionFilter``, `x = [p v]`, n = 6), with the products by the
/// exact 1s and 0s of its F and H left out and GSL called for the arithmetic
/// that is left (the structure of `SwiftKalmanBackend+SixState.swift`).
///
/// The general steps make 17 BLAS calls per position update, most of them
/// `dgemm` on products in which F or H contributes only 1s and 0s, and at
/// this size gslcblas's per-call setup is much of each call's cost (~20,800
/// instructions per 3-D position update in all, ~13,000 of them in `dgemm`,
/// measured with callgrind). Here:
///
/// - predict, when `F = [I b·I; 0 a·I]` (the direction filter's velocity
///   decay; b = dt, a = 1 for constant velocity): `F P` adds b times the
///   velocity rows of P to its position rows, two runs of 18 contiguous
///   doubles, so one `daxpy`, and scales the velocity rows by a (`dscal`);
///   `(F P) Fᵀ` adds b times the velocity columns to the position columns,
///   three strided `daxpy`, and scales the velocity columns, three `dscal`;
///   Q is one more `daxpy`. The scalings are left out when a = 1. These are
///   the operations the general step's two `dgemm` perform, without their
///   products by 0 and 1 and in the same order, so the predicted x and P are
///   the general step's to the bit.
/// - a position measurement, k = 3 with `H = [I 0]`: `P Hᵀ` is the first
///   three columns of P and `H P Hᵀ` its leading 3 x 3 block, so a copy and
///   nine additions replace two `dgemm` (again the general step's values to
///   the bit); the Cholesky factorisation and the triangular solves stay
///   GSL's. The Joseph form (Bar-Shalom, Li & Kirubarajan 2001,
///   eq. 5.2.3-18) is expanded with `C = P Hᵀ` and `S = H P Hᵀ + R`:
///   `(I - K H) P (I - K H)ᵀ + K R Kᵀ = P - K Cᵀ - C Kᵀ + K S Kᵀ
///   = P + K Tᵀ + T Kᵀ` with `T = ½ K S - C`. That is one `dgemm` for T and
///   one symmetric rank-2k update (`dsyr2k`) of the upper triangle, mirrored,
///   in place of `set_identity` and five `dgemm` (all on 3 x 6 transposes,
///   which gslcblas handles faster; see ``correctSixStatePosition()``). The expansion holds for any
///   gain, so an error in K still enters P only to second order; unlike the
///   product form it is not a sum of two positive semi-definite terms (the
///   same trade as the Swift six-state path's `M + G Kᵀ`).
/// - any one-component measurement, k = 1 with any row h (the range and
///   angle rows of the extended filter): `P h` is one `dgemv` and `hᵀ P h`
///   one `ddot`, S a scalar whose Cholesky factor is its square root, and
///   the Joseph form the k = 3 one with scalars, `t = ½ S K - P h` by
///   `axpby` and one symmetric rank-2 update (`dsyr2`).
///
/// Copies, the 3 x 3 addition and the mirroring of a triangle are Swift
/// loops (see the `KalmanStorage` extension below). Any other F or H takes
/// the general steps. Does not allocate: every view is a stack struct over
/// the storage.
extension GSLKalmanBackend {
  /// `x = F x`, `P = F P Fᵀ + Q` (Bar-Shalom et al. 2001, eq. 5.2.3-5; F and
  /// Q of `VelocityDecayModel`), for `F = [I b·I; 0 a·I]`, then P made
  /// exactly symmetric, `(P + Pᵀ) / 2`, as in the general ``predict()``.
  func predictSixState() -> Result<Void, LinearAlgebraError> {
    let s = storage
    let b = s.F[3], a = s.F[21]
    var position = gslVector(s.x, 3), velocity = gslVector(s.x + 3, 3)
    // Rows 0..<3 and rows 3..<6 of the row-major 6 x 6 P: 18 contiguous doubles each.
    var positionRows = gslVector(s.P, 18), velocityRows = gslVector(s.P + 18, 18)
    // Columns j and j + 3 of P (stride 6), for j in 0..<3.
    var column0 = gslVector(s.P, 6, stride: 6), column3 = gslVector(s.P + 3, 6, stride: 6)
    var column1 = gslVector(s.P + 1, 6, stride: 6), column4 = gslVector(s.P + 4, 6, stride: 6)
    var column2 = gslVector(s.P + 2, 6, stride: 6), column5 = gslVector(s.P + 5, 6, stride: 6)
    var p = gslVector(s.P, 36), q = gslVector(s.Q, 36)
    let decays = a != 1
    // x = F x: p = p + b v, then v = a v
    let result = gslAxpy(alpha: b, &velocity, &position)
      .map { if decays { gslScale(alpha: a, &velocity) } }
      // P = F P: position rows += b · velocity rows, then velocity rows ·= a
      .flatMap { gslAxpy(alpha: b, &velocityRows, &positionRows) }
      .map { if decays { gslScale(alpha: a, &velocityRows) } }
      // P = (F P) Fᵀ: position columns += b · velocity columns, then velocity columns ·= a
      .flatMap { gslAxpy(alpha: b, &column3, &column0) }
      .flatMap { gslAxpy(alpha: b, &column4, &column1) }
      .flatMap { gslAxpy(alpha: b, &column5, &column2) }
      .map {
        if decays {
          gslScale(alpha: a, &column3)
          gslScale(alpha: a, &column4)
          gslScale(alpha: a, &column5)
        }
      }
      // P = F P Fᵀ + Q
      .flatMap { gslAxpy(alpha: 1, &q, &p) }
    s.symmetrizeSixStateCovariance()
    return result
  }

  /// For `H = [I 0]`: `y = z - p` (when linear), `K = P Hᵀ` (the first three
  /// columns of P), `S = H P Hᵀ + R = Ppp + R`, replaced by its lower
  /// Cholesky factor L (above the diagonal S is kept), `w = L⁻¹ y`; returns
  /// `|w|² = yᵀ S⁻¹ y`.
  func innovateSixStatePosition(linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    var innovationCovariance = gslMatrix(s.S, 3, 3), w = gslVector(s.w, 3)
    if linear {
      // y = z - H x
      for i in 0..<3 { s.y[i] = s.z[i] - s.x[i] }
    }
    // K = P Hᵀ: a copy (see copyPositionColumns)
    s.copyPositionColumns(to: s.K)
    // S = R + H P Hᵀ, then S = L Lᵀ in place
    s.writeInnovationCovariance(to: s.S)
    return gslCholesky(&innovationCovariance)
      // w = L⁻¹ y; yᵀ S⁻¹ y = wᵀ w
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        s.w.update(from: s.y, count: 3)
        return gslSolveLower(&innovationCovariance, &w)
      }
      .flatMap { gslSquaredNorm(&w) }
  }

  /// For `H = [I 0]`, after ``innovateSixStatePosition(linear:)``:
  /// `K = P Hᵀ S⁻¹`, `x = x + K y`, and the Joseph form
  /// `P = (I - K H) P (I - K H)ᵀ + K R Kᵀ` (eq. 5.2.3-18) as
  /// `P + K Tᵀ + T Kᵀ`, `T = ½ K S - P Hᵀ` (see the type's notes); P exactly
  /// symmetric.
  ///
  /// Works on the 3 x 6 transposes, `Kᵀ = S⁻¹ (P Hᵀ)ᵀ` and
  /// `Tᵀ = ½ S Kᵀ - (P Hᵀ)ᵀ`: at this size gslcblas's two left-side solves
  /// and its transposed `dsyr2k` cost ~1,100 and ~1,150 instructions against
  /// ~1,700 and ~1,350 on the 6 x 3 matrices, and the product by S is a
  /// `dgemm` (~780; `dsymm` ~1,040), measured with callgrind.
  func correctSixStatePosition() -> Result<Void, LinearAlgebraError> {
    let s = storage
    // A holds Kᵀ (3 x 6, row stride 6) in its first half, Tᵀ in its second;
    // B holds S (3 x 3).
    let gainT = s.A, tT = s.A + 18
    var l = gslMatrix(s.S, 3, 3), innovationCovariance = gslMatrix(s.B, 3, 3), p = gslMatrix(s.P, 6, 6)
    var gainTransposed = gslMatrix(gainT, 3, 6), tTransposed = gslMatrix(tT, 3, 6)
    var gain = gslMatrix(s.K, 6, 3), x = gslVector(s.x, 6), y = gslVector(s.y, 3)
    // Kᵀ = Tᵀ = (P Hᵀ)ᵀ, from the P Hᵀ that innovate left in K.
    for i in 0..<6 {
      for j in 0..<3 {
        gainT[j * 6 + i] = s.K[i * 3 + j]
        tT[j * 6 + i] = s.K[i * 3 + j]
      }
    }
    // S = R + Ppp again (the factorisation overwrote the diagonal of S with
    // L's); the same additions as in innovate, so the same S.
    s.writeInnovationCovariance(to: s.B)
    // Kᵀ = L⁻ᵀ L⁻¹ (P Hᵀ)ᵀ = S⁻¹ (P Hᵀ)ᵀ
    return gslSolveLeftLower(transposeL: false, &l, &gainTransposed)
      .flatMap { gslSolveLeftLower(transposeL: true, &l, &gainTransposed) }
      // K, the gain as the storage keeps it (6 x 3); x = x + K y
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        for i in 0..<6 {
          for j in 0..<3 { s.K[i * 3 + j] = gainT[j * 6 + i] }
        }
        return gslGemv(alpha: 1, &gain, &y, beta: 1, &x)
      }
      // Tᵀ = ½ S Kᵀ - (P Hᵀ)ᵀ
      .flatMap {
        gslGemm(transposeA: false, transposeB: false, alpha: 0.5, &innovationCovariance, &gainTransposed, beta: -1, &tTransposed)
      }
      // P = P + K Tᵀ + T Kᵀ on and above the diagonal, mirrored below
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        let status = gslSymmetricRank2kUpdateUpperTransposed(alpha: 1, &gainTransposed, &tTransposed, beta: 1, &p)
        s.mirrorUpperCovariance()
        return status
      }
  }

  /// For one measurement component with any row h: `y = z - h x` (when
  /// linear), `K = P h`, `S = hᵀ P h + r`, replaced by `L = sqrt(S)`,
  /// `w = y / L`; returns `w²`.
  func innovateSixStateScalar(linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    var p = gslMatrix(s.P, 6, 6)
    var h = gslVector(s.H, 6), x = gslVector(s.x, 6), pht = gslVector(s.K, 6)
    var result: Result<Void, LinearAlgebraError> = .success(())
    if linear {
      // y = z - h x
      result = gslDot(&h, &x).map { hx in s.y[0] = s.z[0] - hx }
    }
    return result
      // K = P h
      .flatMap { gslGemv(alpha: 1, &p, &h, beta: 0, &pht) }
      // S = hᵀ (P h) + r
      .flatMap { gslDot(&h, &pht) }
      .flatMap { hph -> Result<Double, LinearAlgebraError> in
        let innovationVariance = s.R[0] + hph
        // The 1 x 1 Cholesky factorisation, written so that NaN fails.
        guard innovationVariance > 0 else { return .failure(.notPositiveDefinite) }
        let factor = innovationVariance.squareRoot()
        let w = s.y[0] / factor
        s.S[0] = factor
        s.w[0] = w
        return .success(w * w)
      }
  }

  /// For one measurement component, after ``innovateSixStateScalar(linear:)``:
  /// `K = P h / S`, `x = x + K y`, and the Joseph form (eq. 5.2.3-18)
  /// `P = (I - K hᵀ) P (I - K hᵀ)ᵀ + K r Kᵀ = P + K tᵀ + t Kᵀ`,
  /// `t = ½ S K - P h`; P exactly symmetric.
  func correctSixStateScalar() -> Result<Void, LinearAlgebraError> {
    let s = storage
    var gain = gslVector(s.K, 6), t = gslVector(s.B, 6), x = gslVector(s.x, 6), h = gslVector(s.H, 6)
    var p = gslMatrix(s.P, 6, 6)
    // t = P h, kept: K is about to become the gain.
    s.B.update(from: s.K, count: 6)
    // S = hᵀ (P h) + r again (S holds its square root now), the same sum as
    // in innovate, so the same S.
    var innovationVariance = 0.0
    return gslDot(&h, &t)
      .flatMap { hph -> Result<Void, LinearAlgebraError> in
        innovationVariance = s.R[0] + hph
        // K = P h / S
        gslScale(alpha: 1 / innovationVariance, &gain)
        // x = x + K y
        return gslAxpy(alpha: s.y[0], &gain, &x)
      }
      // t = ½ S K - P h
      .flatMap { gslAxpby(alpha: 0.5 * innovationVariance, &gain, beta: -1, &t) }
      // P = P + K tᵀ + t Kᵀ on and above the diagonal, mirrored below
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        let status = gslSymmetricRank2UpdateUpper(alpha: 1, &gain, &t, &p)
        s.mirrorUpperCovariance()
        return status
      }
  }
}

// Data movement and 3 x 3 additions of the six-state path, in Swift: no
// arithmetic to speak of, and through GSL each costs a call that is far
// dearer than the work (gsl_matrix_memcpy copies row by row through
// gsl_blas_dcopy, ~670 instructions for 6 x 3; gsl_matrix_transpose_tricpy
// ~950 for the 6 x 6 mirror; gsl_matrix_add ~200 for 3 x 3, measured with
// callgrind on GSL 2.7).
extension KalmanStorage {
  /// `dest = P Hᵀ` for `H = [I 0]`: the first three columns of P, as a dense
  /// 6 x 3 matrix (row stride 3).
  @inline(__always)
  func copyPositionColumns(to dest: UnsafeMutablePointer<Double>) {
    for i in 0..<6 {
      for j in 0..<3 { dest[i * 3 + j] = P[i * 6 + j] }
    }
  }

  /// `dest = R + H P Hᵀ` for `H = [I 0]`: R plus the leading 3 x 3 block of
  /// P, as a dense 3 x 3 matrix (row stride 3). The sums the general step's
  /// `dgemm` forms (R, then plus 1 · P), so the same values.
  @inline(__always)
  func writeInnovationCovariance(to dest: UnsafeMutablePointer<Double>) {
    for i in 0..<3 {
      for j in 0..<3 { dest[i * 3 + j] = R[i * 3 + j] + P[i * 6 + j] }
    }
  }

  /// ``symmetrizeCovariance()`` for n = 6, with the size a constant so that
  /// the loops unroll: the same means, so the same P.
  @inline(__always)
  func symmetrizeSixStateCovariance() {
    for i in 0..<6 {
      for j in (i + 1)..<6 {
        let mean = 0.5 * (P[i * 6 + j] + P[j * 6 + i])
        P[i * 6 + j] = mean
        P[j * 6 + i] = mean
      }
    }
  }

  /// Copies P's upper triangle onto its lower one (a symmetric BLAS update
  /// wrote only the upper one), leaving P exactly symmetric.
  @inline(__always)
  func mirrorUpperCovariance() {
    for i in 0..<6 {
      for j in (i + 1)..<6 { P[j * 6 + i] = P[i * 6 + j] }
    }
  }
}
#endif
