// SPDX-License-Identifier: Apache-2.0
#if GSL
internal import CGSL

/// Kalman steps through GSL: BLAS products (`gsl_blas_dgemm`, `gsl_blas_dgemv`,
/// `gsl_blas_dtrsv`, `gsl_blas_dtrsm`) and Cholesky (`gsl_linalg_cholesky_decomp1`),
/// over views of the storage this backend owns.
///
/// The host default. Every status is checked; GSL's abort-on-error handler is
/// switched off (a process-wide setting) when a backend is created.
/// Does not allocate after `init`: views are stack structs over owned memory.
/// The equations are those of ``KalmanBackend``, step for step as in
/// ``SwiftKalmanBackend``.
public final class GSLKalmanBackend: KalmanBackend {
  public let storage: KalmanStorage

  public init(stateCount: Int, measurementCapacity: Int) {
    gslDisableAbortOnError()
    storage = KalmanStorage(stateCount: stateCount, measurementCapacity: measurementCapacity)
  }

  deinit { storage.deallocate() }

  // Each step: the six-state path of GSLKalmanBackend+SixState.swift for
  // n = 6 when F (predict) or H (a position update) has its structure, or for
  // any one-component row; otherwise the general products below.
  public func predict() -> Result<Void, LinearAlgebraError> {
    let s = storage
    let n = s.stateCount
    if n == 6 && s.hasSixStateVelocityDecayTransition() { return predictSixState() }
    var f = gslMatrix(s.F, n, n), p = gslMatrix(s.P, n, n), a = gslMatrix(s.A, n, n)
    var x = gslVector(s.x, n), oldX = gslVector(s.B, n)
    // x = F x   (BLAS forbids aliasing, so the old x goes to scratch first)
    s.B.update(from: s.x, count: n)
    // P = F P Fᵀ + Q   (A = F P, then P = A Fᵀ + Q)
    let result = gslGemv(alpha: 1, &f, &oldX, beta: 0, &x)
      .flatMap { gslGemm(transposeA: false, transposeB: false, alpha: 1, &f, &p, beta: 0, &a) }
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        s.P.update(from: s.Q, count: n * n)
        return gslGemm(transposeA: false, transposeB: true, alpha: 1, &a, &f, beta: 1, &p)
      }
    s.symmetrizeCovariance()
    return result
  }

  public func innovate(measurementCount k: Int, linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    let n = s.stateCount
    precondition(k >= 1 && k <= s.measurementCapacity, "innovate: measurement count out of range")
    if n == 6 {
      if k == 3 && s.measuresSixStatePosition() { return innovateSixStatePosition(linear: linear) }
      if k == 1 { return innovateSixStateScalar(linear: linear) }
    }
    var h = gslMatrix(s.H, k, n), p = gslMatrix(s.P, n, n)
    var pht = gslMatrix(s.K, n, k), innovationCovariance = gslMatrix(s.S, k, k)
    var x = gslVector(s.x, n), y = gslVector(s.y, k), w = gslVector(s.w, k)
    var result: Result<Void, LinearAlgebraError> = .success(())
    if linear {
      // y = z - H x
      s.y.update(from: s.z, count: k)
      result = gslGemv(alpha: -1, &h, &x, beta: 1, &y)
    }
    return result
      // K = P Hᵀ
      .flatMap { gslGemm(transposeA: false, transposeB: true, alpha: 1, &p, &h, beta: 0, &pht) }
      // S = H (P Hᵀ) + R, then S = L Lᵀ in place
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        s.S.update(from: s.R, count: k * k)
        return gslGemm(transposeA: false, transposeB: false, alpha: 1, &h, &pht, beta: 1, &innovationCovariance)
      }
      .flatMap { gslCholesky(&innovationCovariance) }
      // w = L⁻¹ y; yᵀ S⁻¹ y = wᵀ w
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        s.w.update(from: s.y, count: k)
        return gslSolveLower(&innovationCovariance, &w)
      }
      .flatMap { gslSquaredNorm(&w) }
  }

  public func correct(measurementCount k: Int) -> Result<Void, LinearAlgebraError> {
    let s = storage
    let n = s.stateCount
    if n == 6 {
      if k == 3 && s.measuresSixStatePosition() { return correctSixStatePosition() }
      if k == 1 { return correctSixStateScalar() }
    }
    var l = gslMatrix(s.S, k, k), gain = gslMatrix(s.K, n, k), h = gslMatrix(s.H, k, n)
    var r = gslMatrix(s.R, k, k), p = gslMatrix(s.P, n, n)
    var a = gslMatrix(s.A, n, n), b = gslMatrix(s.B, n, n), kr = gslMatrix(s.B, n, k)
    var x = gslVector(s.x, n), y = gslVector(s.y, k)
    // K = (P Hᵀ) L⁻ᵀ L⁻¹ = P Hᵀ S⁻¹
    return gslSolveRightLower(transposeL: true, &l, &gain)
      .flatMap { gslSolveRightLower(transposeL: false, &l, &gain) }
      // x = x + K y
      .flatMap { gslGemv(alpha: 1, &gain, &y, beta: 1, &x) }
      // A = I - K H
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        gsl_matrix_set_identity(&a.matrix)
        return gslGemm(transposeA: false, transposeB: false, alpha: -1, &gain, &h, beta: 1, &a)
      }
      // P = (A P) Aᵀ
      .flatMap { gslGemm(transposeA: false, transposeB: false, alpha: 1, &a, &p, beta: 0, &b) }
      .flatMap { gslGemm(transposeA: false, transposeB: true, alpha: 1, &b, &a, beta: 0, &p) }
      // P = P + (K R) Kᵀ
      .flatMap { gslGemm(transposeA: false, transposeB: false, alpha: 1, &gain, &r, beta: 0, &kr) }
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        let status = gslGemm(transposeA: false, transposeB: true, alpha: 1, &kr, &gain, beta: 1, &p)
        s.symmetrizeCovariance()
        return status
      }
  }
}
#endif
