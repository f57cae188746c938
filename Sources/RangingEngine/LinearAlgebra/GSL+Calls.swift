// SPDX-License-Identifier: Apache-2.0
#if GSL
internal import CGSL

// One thin wrapper per GSL call the engine makes (the pattern of swift-system's
// Internals/Syscalls.swift): GSL's `int` status becomes a `LinearAlgebraError`
// right here, and no GSL type leaves this folder.

/// Turns GSL's default error handler (print, then `abort()`) off, process-wide,
/// so that a failing Cholesky returns a status instead of killing the process.
@usableFromInline
internal func gslDisableAbortOnError() {
  _ = gsl_set_error_handler_off()
}

@inline(__always)
internal func gslStatus(_ status: Int32) -> Result<Void, LinearAlgebraError> {
  switch status {
  case Int32(GSL_SUCCESS): .success(())
  case Int32(GSL_EDOM): .failure(.notPositiveDefinite)
  default: .failure(.failed(status: status))
  }
}

/// A `rows x cols` row-major view of memory the caller owns for the call.
///
/// The views are the structs GSL documents (`gsl_matrix`, `gsl_vector`:
/// sizes, stride, data, no block, not owner), filled in here as
/// `gsl_matrix_view_array` and `gsl_vector_view_array_with_stride` fill
/// them: those are calls into libgsl, several per step, and with the
/// six-state path's few cheap BLAS calls they were ~7% of a 3-D update
/// (callgrind).
@inline(__always)
internal func gslMatrix(_ data: UnsafeMutablePointer<Double>, _ rows: Int, _ cols: Int) -> gsl_matrix_view {
  assert(rows > 0 && cols > 0, "gslMatrix: empty view")
  return gsl_matrix_view(matrix: gsl_matrix(size1: rows, size2: cols, tda: cols, data: data, block: nil, owner: 0))
}

@inline(__always)
internal func gslVector(_ data: UnsafeMutablePointer<Double>, _ count: Int) -> gsl_vector_view {
  gslVector(data, count, stride: 1)
}

/// `count` elements `stride` apart (a column of a row-major matrix, say).
@inline(__always)
internal func gslVector(_ data: UnsafeMutablePointer<Double>, _ count: Int, stride: Int) -> gsl_vector_view {
  assert(count > 0 && stride > 0, "gslVector: empty view")
  return gsl_vector_view(vector: gsl_vector(size: count, stride: stride, data: data, block: nil, owner: 0))
}

/// `C = alpha op(A) op(B) + beta C` (gsl_blas_dgemm).
@inline(__always)
internal func gslGemm(
  transposeA: Bool, transposeB: Bool, alpha: Double,
  _ a: inout gsl_matrix_view, _ b: inout gsl_matrix_view, beta: Double, _ c: inout gsl_matrix_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(
    gsl_blas_dgemm(
      transposeA ? CblasTrans : CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans,
      alpha, &a.matrix, &b.matrix, beta, &c.matrix))
}

/// `y = alpha op(A) x + beta y` (gsl_blas_dgemv).
@inline(__always)
internal func gslGemv(
  alpha: Double, _ a: inout gsl_matrix_view, _ x: inout gsl_vector_view, beta: Double,
  _ y: inout gsl_vector_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_blas_dgemv(CblasNoTrans, alpha, &a.matrix, &x.vector, beta, &y.vector))
}

/// `y = alpha x + y` (gsl_blas_daxpy).
@inline(__always)
internal func gslAxpy(alpha: Double, _ x: inout gsl_vector_view, _ y: inout gsl_vector_view) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_blas_daxpy(alpha, &x.vector, &y.vector))
}

/// `A = alpha x yᵀ + A`, a rank-1 update (gsl_blas_dger).
@inline(__always)
internal func gslRankOneUpdate(
  alpha: Double, _ x: inout gsl_vector_view, _ y: inout gsl_vector_view, _ a: inout gsl_matrix_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_blas_dger(alpha, &x.vector, &y.vector, &a.matrix))
}

/// In-place Cholesky factorisation; the lower triangle becomes L with A = L Lᵀ
/// (gsl_linalg_cholesky_decomp1). GSL_EDOM when A is not positive definite.
@inline(__always)
internal func gslCholesky(_ a: inout gsl_matrix_view) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_linalg_cholesky_decomp1(&a.matrix))
}

/// `x = L⁻¹ x` for lower-triangular L (gsl_blas_dtrsv).
@inline(__always)
internal func gslSolveLower(_ l: inout gsl_matrix_view, _ x: inout gsl_vector_view) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_blas_dtrsv(CblasLower, CblasNoTrans, CblasNonUnit, &l.matrix, &x.vector))
}

/// `B = B op(L)⁻¹` for lower-triangular L, L on the right (gsl_blas_dtrsm).
@inline(__always)
internal func gslSolveRightLower(
  transposeL: Bool, _ l: inout gsl_matrix_view, _ b: inout gsl_matrix_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(
    gsl_blas_dtrsm(
      CblasRight, CblasLower, transposeL ? CblasTrans : CblasNoTrans, CblasNonUnit, 1,
      &l.matrix, &b.matrix))
}

/// `B = op(L)⁻¹ B` for lower-triangular L, L on the left (gsl_blas_dtrsm).
@inline(__always)
internal func gslSolveLeftLower(
  transposeL: Bool, _ l: inout gsl_matrix_view, _ b: inout gsl_matrix_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(
    gsl_blas_dtrsm(
      CblasLeft, CblasLower, transposeL ? CblasTrans : CblasNoTrans, CblasNonUnit, 1,
      &l.matrix, &b.matrix))
}

/// `xᵀ x` (gsl_blas_ddot of a vector with itself).
@inline(__always)
internal func gslSquaredNorm(_ x: inout gsl_vector_view) -> Result<Double, LinearAlgebraError> {
  var result = 0.0
  let status = withUnsafePointer(to: &x.vector) { v in gsl_blas_ddot(v, v, &result) }
  return gslStatus(status).map { result }
}

/// `y = alpha x + beta y` (gsl_vector_axpby).
@inline(__always)
internal func gslAxpby(
  alpha: Double, _ x: inout gsl_vector_view, beta: Double, _ y: inout gsl_vector_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_vector_axpby(alpha, &x.vector, beta, &y.vector))
}

/// `x = alpha x` (gsl_blas_dscal, which has no status).
@inline(__always)
internal func gslScale(alpha: Double, _ x: inout gsl_vector_view) {
  gsl_blas_dscal(alpha, &x.vector)
}

/// `xᵀ y` (gsl_blas_ddot).
@inline(__always)
internal func gslDot(_ x: inout gsl_vector_view, _ y: inout gsl_vector_view) -> Result<Double, LinearAlgebraError> {
  var result = 0.0
  let status = gsl_blas_ddot(&x.vector, &y.vector, &result)
  return gslStatus(status).map { result }
}

/// `C = alpha (Aᵀ B + Bᵀ A) + beta C` on the upper triangle of C only, for
/// A and B of k rows and n columns; the strict lower triangle is left as it
/// was (gsl_blas_dsyr2k, transposed form).
@inline(__always)
internal func gslSymmetricRank2kUpdateUpperTransposed(
  alpha: Double, _ a: inout gsl_matrix_view, _ b: inout gsl_matrix_view, beta: Double, _ c: inout gsl_matrix_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_blas_dsyr2k(CblasUpper, CblasTrans, alpha, &a.matrix, &b.matrix, beta, &c.matrix))
}

/// `A = alpha (x yᵀ + y xᵀ) + A` on the upper triangle of A only; the strict
/// lower triangle is left as it was (gsl_blas_dsyr2).
@inline(__always)
internal func gslSymmetricRank2UpdateUpper(
  alpha: Double, _ x: inout gsl_vector_view, _ y: inout gsl_vector_view, _ a: inout gsl_matrix_view
) -> Result<Void, LinearAlgebraError> {
  gslStatus(gsl_blas_dsyr2(CblasUpper, alpha, &x.vector, &y.vector, &a.matrix))
}
#endif
