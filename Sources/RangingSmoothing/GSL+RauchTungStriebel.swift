// SPDX-License-Identifier: Apache-2.0
#if GSL
  @preconcurrency internal import CGSL
#endif
import RangingEngine

/// The Rauch-Tung-Striebel fixed-interval smoother (Rauch, Tung & Striebel,
/// "Maximum likelihood estimates of linear dynamic systems", AIAA Journal
/// 3(8), 1965) over one segment of the range filter's track, on GSL's BLAS
/// and Cholesky (docs/CONVENTIONS.md §4: GSL's storage is owned here, each
/// status becomes a `RauchTungStriebelError`, no GSL type leaves this file).
///
/// The model is the range filter's (`RangeFilter`, Bar-Shalom, Li &
/// Kirubarajan 2001, §6.2.2, CWNA): from the state at `t_k` to the state at
/// `t_{k+1}`, with `dt = t_{k+1} - t_k` seconds,
///
///     F_k = [1 dt; 0 1],  Q_k = q [dt³/3 dt²/2; dt²/2 dt]
///
/// Given the filtered posteriors `m_k, P_k` (k = 0...n-1), the backward pass
/// (Särkkä 2013, "Bayesian Filtering and Smoothing", §8.2, Theorem 8.2,
/// eq. 8.6) is, from `m^s_{n-1} = m_{n-1}`, `P^s_{n-1} = P_{n-1}` down to k = 0:
///
///     m⁻_{k+1} = F_k m_k                                  predicted mean
///     P⁻_{k+1} = F_k P_k F_kᵀ + Q_k                       predicted covariance
///     G_k      = P_k F_kᵀ (P⁻_{k+1})⁻¹                    smoother gain
///     m^s_k    = m_k + G_k (m^s_{k+1} - m⁻_{k+1})
///     P^s_k    = P_k + G_k (P^s_{k+1} - P⁻_{k+1}) G_kᵀ
///
/// A step whose measurement the live filter rejected is a posterior equal
/// to its prediction, and a step of `dt = 0` has `F = I`, `Q = 0`, so
/// `G = I`: both need nothing special. The live filter clamps its state
/// (distance ≥ 0, |rate| ≤ its limit) after each step; the prediction above
/// is the unclamped `F m_k`, which differs only where a clamp acted.
enum RauchTungStriebel {
  /// Whether this build can smooth: the pass runs on GSL, with the package's `GSL` trait.
  static var isAvailable: Bool {
    #if GSL
      true
    #else
      false
    #endif
  }

  /// Smooths one segment of filtered posteriors.
  ///
  /// Turns GSL's abort-on-error handler off, process-wide (host tools only).
  ///
  /// - Parameters:
  ///   - filtered: the live filter's posteriors, times not decreasing, each
  ///     covariance symmetric positive definite; at least one.
  ///   - q: the filter's acceleration spectral density, m²/s³, > 0.
  /// - Returns: the smoothed states at the same times (the last equals the
  ///   last filtered state), or why GSL refused (a predicted covariance that
  ///   is not positive definite); `RauchTungStriebelError.unavailable` in a
  ///   build without the GSL trait.
  /// - Complexity: O(n) time; allocates the n results.
  static func smooth(
    _ filtered: [RangeTrackPoint], accelerationSpectralDensity q: Double
  ) -> Result<[RangeTrackPoint], RauchTungStriebelError> {
    precondition(!filtered.isEmpty, "RauchTungStriebel.smooth: a segment has at least one state")
    #if GSL
      let workspace = RauchTungStriebelWorkspace()
      var smoothed = filtered
      workspace.load(mean: filtered[filtered.count - 1], into: .smoothed)
      for k in stride(from: filtered.count - 2, through: 0, by: -1) {
        let dt = filtered[k + 1].time.seconds(since: filtered[k].time)
        switch workspace.step(from: filtered[k], dt: dt, accelerationSpectralDensity: q) {
        case .success: smoothed[k] = workspace.smoothedPoint(at: filtered[k].time)
        case .failure(let error): return .failure(error)
        }
      }
      return .success(smoothed)
    #else
      return .failure(.unavailable)
    #endif
  }
}

extension RauchTungStriebel {
  /// The state `point` predicted to `time` with the same model, as the live
  /// filter predicts through a measurement its gate rejects:
  /// `m⁻ = F m`, `P⁻ = F P Fᵀ + Q` (Särkkä 2013, eq. 4.20).
  ///
  /// - Parameters:
  ///   - point: a state with a symmetric covariance.
  ///   - time: not earlier than `point.time`.
  ///   - q: the filter's acceleration spectral density, m²/s³, > 0.
  /// - Returns: the prediction; `RauchTungStriebelError.unavailable` without the GSL trait.
  static func predict(
    _ point: RangeTrackPoint, to time: Timestamp, accelerationSpectralDensity q: Double
  ) -> Result<RangeTrackPoint, RauchTungStriebelError> {
    precondition(time >= point.time, "RauchTungStriebel.predict: time goes back")
    #if GSL
      let workspace = RauchTungStriebelWorkspace()
      return workspace.predict(from: point, dt: time.seconds(since: point.time), accelerationSpectralDensity: q)
        .map { workspace.predictedPoint(at: time) }
    #else
      return .failure(.unavailable)
    #endif
  }
}

/// Why `RauchTungStriebel.smooth(_:accelerationSpectralDensity:)` gave no smoothed segment.
enum RauchTungStriebelError: Error, Equatable {
  /// A predicted covariance was not positive definite (`GSL_EDOM` from the Cholesky factorisation).
  case notPositiveDefinite
  /// GSL returned this status.
  case failed(status: Int32)
  /// The package was built without its GSL trait, which the pass needs.
  case unavailable
}

#if GSL
  /// The storage of one backward pass: 2 x 2 matrices and 2-vectors in one
  /// owned buffer, with GSL views built over it once (GSL's workspace
  /// pattern; docs/CONVENTIONS.md §4). One pass, one thread.
  private final class RauchTungStriebelWorkspace {
    /// The matrices, each 4 doubles, row-major.
    enum Matrix: Int, CaseIterable {
      case transition, processNoise, filtered, predicted, transitionTimesFiltered, predictedInverse, gain
      case smoothed, smoothedMinusPredicted, gainTimesDifference
    }
    /// The vectors, each 2 doubles.
    enum Vector: Int, CaseIterable { case filtered, predicted, smoothed, smoothedMinusPredicted }

    private let buffer: UnsafeMutableBufferPointer<Double>
    // Views are plain structs over `buffer` (sizes, stride, data pointer): GSL
    // writes through their data pointer and never into the structs, so each
    // call gets a copy.
    private let matrices: [gsl_matrix_view]
    private let vectors: [gsl_vector_view]

    init() {
      _ = gsl_set_error_handler_off()
      let vectorBase = 4 * Matrix.allCases.count
      buffer = .allocate(capacity: vectorBase + 2 * Vector.allCases.count)
      buffer.initialize(repeating: 0)
      let base = buffer.baseAddress!
      matrices = Matrix.allCases.map { gsl_matrix_view_array(base + 4 * $0.rawValue, 2, 2) }
      vectors = Vector.allCases.map { gsl_vector_view_array(base + vectorBase + 2 * $0.rawValue, 2) }
    }

    deinit { buffer.deallocate() }

    private func matrixData(_ m: Matrix) -> UnsafeMutablePointer<Double> { matrices[m.rawValue].matrix.data }
    private func vectorData(_ v: Vector) -> UnsafeMutablePointer<Double> { vectors[v.rawValue].vector.data }

    /// Writes `point`'s mean and covariance into the vector and matrix of `slot` (`.filtered` or `.smoothed`).
    func load(mean point: RangeTrackPoint, into slot: Vector) {
      let m = vectorData(slot)
      m[0] = point.distanceMeters
      m[1] = point.rateMetersPerSecond
      let p = matrixData(slot == .smoothed ? .smoothed : .filtered)
      let c = point.covariance
      p[0] = c.distanceVarianceMetersSquared
      p[1] = c.distanceRateCovarianceMetersSquaredPerSecond
      p[2] = c.distanceRateCovarianceMetersSquaredPerSecond
      p[3] = c.rateVarianceMetersSquaredPerSecondSquared
    }

    /// The smoothed state now in the workspace, at `time`.
    func smoothedPoint(at time: Timestamp) -> RangeTrackPoint {
      point(.smoothed, .smoothed, at: time)
    }

    private func point(_ mean: Vector, _ covariance: Matrix, at time: Timestamp) -> RangeTrackPoint {
      let m = vectorData(mean), p = matrixData(covariance)
      return RangeTrackPoint(
        time: time, distanceMeters: m[0], rateMetersPerSecond: m[1],
        covariance: RangeCovariance(
          distanceVarianceMetersSquared: p[0], distanceRateCovarianceMetersSquaredPerSecond: p[1],
          rateVarianceMetersSquaredPerSecondSquared: p[3]))
    }

    /// One backward step (eq. 8.6): from `m^s_{k+1}, P^s_{k+1}` in the
    /// `.smoothed` slots and the filtered state `point` at `t_k`, leaves
    /// `m^s_k, P^s_k` in the `.smoothed` slots.
    func step(from point: RangeTrackPoint, dt: Double, accelerationSpectralDensity q: Double)
      -> Result<Void, RauchTungStriebelError>
    {
      predict(from: point, dt: dt, accelerationSpectralDensity: q)
        // (P⁻)⁻¹ through its Cholesky factor; fails when P⁻ is not positive definite
        .flatMap { copy(.predicted, to: .predictedInverse) }
        .flatMap { choleskyInvert(.predictedInverse) }
        // G = P_k Fᵀ (P⁻)⁻¹ = Aᵀ (P⁻)⁻¹   (P_k symmetric)
        .flatMap { gemm(.transitionTimesFiltered, .predictedInverse, transposeA: true, into: .gain) }
        // m^s_k = m_k + G (m^s_{k+1} - m⁻)
        .flatMap { copyVector(.smoothed, to: .smoothedMinusPredicted) }
        .flatMap { subtractVector(.predicted, from: .smoothedMinusPredicted) }
        .flatMap { gemv(alpha: 1, .gain, .smoothedMinusPredicted, beta: 1, .filtered) }
        .flatMap { copyVector(.filtered, to: .smoothed) }
        // P^s_k = P_k + G (P^s_{k+1} - P⁻) Gᵀ
        .flatMap { copy(.smoothed, to: .smoothedMinusPredicted) }
        .flatMap { subtract(.predicted, from: .smoothedMinusPredicted) }
        .flatMap { gemm(.gain, .smoothedMinusPredicted, into: .gainTimesDifference) }
        .flatMap { gemm(.gainTimesDifference, .gain, transposeB: true, beta: 1, into: .filtered) }
        .flatMap { copy(.filtered, to: .smoothed) }
        .map { symmetrize(.smoothed) }
    }

    /// The time update (Särkkä 2013, eq. 4.20): from `point` (`m_k, P_k`) over
    /// `dt` seconds, leaves `m⁻ = F m_k` and `P⁻ = F P_k Fᵀ + Q` in the
    /// `.predicted` slots and `A = F P_k` in `.transitionTimesFiltered`.
    /// GSL's matrix form of the constant-velocity time update whose scalar
    /// form is `ScalarConstantVelocity.predict` in RangingEngine: the smoother
    /// keeps `A` for its gain (eq. 8.6) and the matrices in GSL's workspace,
    /// and GSL's products round in their own order, so it cannot call the
    /// scalar one; F and Q come from the same model (`ConstantVelocityModel`).
    func predict(from point: RangeTrackPoint, dt: Double, accelerationSpectralDensity q: Double)
      -> Result<Void, RauchTungStriebelError>
    {
      load(mean: point, into: .filtered)
      let f = matrixData(.transition), noise = matrixData(.processNoise)
      let model = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
      model.writeTransition(to: f)
      model.writeProcessNoise(to: noise)
      return
        // m⁻ = F m_k
        gemv(alpha: 1, .transition, .filtered, beta: 0, .predicted)
        // A = F P_k, then P⁻ = A Fᵀ + Q
        .flatMap { gemm(.transition, .filtered, into: .transitionTimesFiltered) }
        .flatMap { copy(.processNoise, to: .predicted) }
        .flatMap { gemm(.transitionTimesFiltered, .transition, transposeB: true, beta: 1, into: .predicted) }
    }

    /// The predicted state now in the workspace, at `time`.
    func predictedPoint(at time: Timestamp) -> RangeTrackPoint {
      point(.predicted, .predicted, at: time)
    }

    /// Rounding leaves the off-diagonal entries a few ulps apart; the covariance is symmetric.
    private func symmetrize(_ m: Matrix) {
      let p = matrixData(m)
      let offDiagonal = (p[1] + p[2]) / 2
      p[1] = offDiagonal
      p[2] = offDiagonal
    }

    /// `C = op(A) op(B) + beta C` (gsl_blas_dgemm).
    private func gemm(
      _ a: Matrix, _ b: Matrix, transposeA: Bool = false, transposeB: Bool = false, beta: Double = 0,
      into c: Matrix
    ) -> Result<Void, RauchTungStriebelError> {
      var left = matrices[a.rawValue], right = matrices[b.rawValue], result = matrices[c.rawValue]
      return status(gsl_blas_dgemm(
        transposeA ? CblasTrans : CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans, 1, &left.matrix,
        &right.matrix, beta, &result.matrix))
    }

    /// `y = alpha A x + beta y` (gsl_blas_dgemv).
    private func gemv(alpha: Double, _ a: Matrix, _ x: Vector, beta: Double, _ y: Vector)
      -> Result<Void, RauchTungStriebelError>
    {
      var matrix = matrices[a.rawValue], vector = vectors[x.rawValue], result = vectors[y.rawValue]
      return status(gsl_blas_dgemv(CblasNoTrans, alpha, &matrix.matrix, &vector.vector, beta, &result.vector))
    }

    /// `destination = source` (gsl_matrix_memcpy).
    private func copy(_ source: Matrix, to destination: Matrix) -> Result<Void, RauchTungStriebelError> {
      var from = matrices[source.rawValue], to = matrices[destination.rawValue]
      return status(gsl_matrix_memcpy(&to.matrix, &from.matrix))
    }

    /// `destination = destination - subtrahend` (gsl_matrix_sub).
    private func subtract(_ subtrahend: Matrix, from destination: Matrix) -> Result<Void, RauchTungStriebelError> {
      var b = matrices[subtrahend.rawValue], a = matrices[destination.rawValue]
      return status(gsl_matrix_sub(&a.matrix, &b.matrix))
    }

    /// `m = m⁻¹` for symmetric positive definite `m`, through its Cholesky factor
    /// (gsl_linalg_cholesky_decomp1, then gsl_linalg_cholesky_invert).
    private func choleskyInvert(_ m: Matrix) -> Result<Void, RauchTungStriebelError> {
      var a = matrices[m.rawValue]
      return status(gsl_linalg_cholesky_decomp1(&a.matrix)).flatMap { status(gsl_linalg_cholesky_invert(&a.matrix)) }
    }

    /// `destination = source` (gsl_vector_memcpy).
    private func copyVector(_ source: Vector, to destination: Vector) -> Result<Void, RauchTungStriebelError> {
      var from = vectors[source.rawValue], to = vectors[destination.rawValue]
      return status(gsl_vector_memcpy(&to.vector, &from.vector))
    }

    /// `destination = destination - subtrahend` (gsl_vector_sub).
    private func subtractVector(_ subtrahend: Vector, from destination: Vector) -> Result<Void, RauchTungStriebelError> {
      var b = vectors[subtrahend.rawValue], a = vectors[destination.rawValue]
      return status(gsl_vector_sub(&a.vector, &b.vector))
    }

    /// GSL's status as a result, right where the call returns it.
    private func status(_ code: Int32) -> Result<Void, RauchTungStriebelError> {
      switch code {
      case Int32(GSL_SUCCESS): .success(())
      case Int32(GSL_EDOM): .failure(.notPositiveDefinite)
      default: .failure(.failed(status: code))
      }
    }
  }
#endif
