// SPDX-License-Identifier: Apache-2.0
#if GSL
  @preconcurrency internal import CGSL
#endif

/// Robust linear regression through GSL's `gsl_multifit_robust`, one thin
/// wrapper (docs/CONVENTIONS.md §4): GSL's storage is allocated and freed here, its
/// status becomes a ``RobustRegressionError``, and no GSL type leaves this file.
///
/// The method (GSL manual, "Least-Squares Fitting", "Robust linear
/// regression"): iteratively reweighted least squares for the model
/// `y = X c`, starting from ordinary least squares. Each iteration scales the
/// residuals by `tune · sigma · √(1 - h_i)` (`h_i` the leverage, `sigma` the
/// MAD of the residuals without the p - 1 smallest, divided by 0.6745) and
/// weights each row by the weighting function of its scaled residual `u`:
/// bisquare `(1 - u²)²` for `|u| < 1`, else 0 (Beaton and Tukey, 1974), with
/// tune 4.685; Huber `min(1, 1/|u|)` (Huber, "Robust estimation of a location
/// parameter", Ann. Math. Statist. 35(1), 1964), with tune 1.345. Both tunings
/// give 95% efficiency for Gaussian errors. The covariance of `c` is
/// `sigma_final² (Xᵀ X)⁻¹`, where `sigma_final` combines the robust and the
/// ordinary residual sigma as DuMouchel and O'Brien ("Integrating a robust
/// option into a multiple regression computing environment", 1989) and
/// Street, Carroll and Ruppert ("A note on computing robust regression
/// estimates via iteratively reweighted least squares", The American
/// Statistician 42(2), 1988) describe.
enum RobustRegression {
  /// The weighting function.
  enum Weighting: Sendable {
    /// Tukey's bisquare (`gsl_multifit_robust_bisquare`): rows beyond 4.685
    /// sigmas get weight 0.
    case bisquare
    /// Huber's (`gsl_multifit_robust_huber`): convex, so the estimate is
    /// unique; no row gets weight 0.
    case huber
  }

  /// A fit of `y = X c`.
  struct Fit: Sendable {
    /// The coefficients `c`, one per column of `X`.
    var coefficients: [Double]
    /// Their covariance, row-major `p x p`.
    var covariance: [Double]
    /// The final weight of each row, 0...1.
    var weights: [Double]
    /// GSL's robust estimate of the residual standard deviation (`sigma_rob`).
    var robustSigma: Double
    /// The iterations made.
    var iterations: Int
    /// False when GSL stopped at its iteration limit (`GSL_EMAXITER`); the
    /// values are then those of the last iteration.
    var converged: Bool

    /// The standard error of coefficient `index`: the square root of its variance.
    func standardError(_ index: Int) -> Double {
      covariance[index * coefficients.count + index].squareRoot()
    }
  }

  /// Fits `y = X c`.
  ///
  /// Turns GSL's abort-on-error handler off, process-wide (host tools only).
  ///
  /// - Parameters:
  ///   - design: `X`, row-major `n x p`, finite.
  ///   - columns: p, at least 1.
  ///   - observations: `y`, n finite values; n must exceed p.
  ///   - weighting: the weighting function.
  /// - Returns: the fit, or why GSL refused; ``RobustRegressionError/unavailable``
  ///   in a build without the package's GSL trait.
  /// - Complexity: O(iterations · n · p²). Allocates O(n · p).
  static func fit(
    design: [Double], columns: Int, observations: [Double], weighting: Weighting
  ) -> Result<Fit, RobustRegressionError> {
    let n = observations.count
    precondition(columns >= 1 && design.count == n * columns, "RobustRegression: design must be n x p")
    guard n > columns else { return .failure(.tooFewRows(rows: n, parameters: columns)) }
    #if GSL
      return gslFit(design: design, columns: columns, observations: observations, weighting: weighting)
    #else
      return .failure(.unavailable)
    #endif
  }

  #if GSL
  private static func gslFit(
    design: [Double], columns: Int, observations: [Double], weighting: Weighting
  ) -> Result<Fit, RobustRegressionError> {
    let n = observations.count
    _ = gsl_set_error_handler_off()
    let type = weighting == .bisquare ? gsl_multifit_robust_bisquare : gsl_multifit_robust_huber
    let workspace = gsl_multifit_robust_alloc(type, n, columns)
    let x = gsl_matrix_alloc(n, columns), y = gsl_vector_alloc(n)
    let c = gsl_vector_alloc(columns), cov = gsl_matrix_alloc(columns, columns)
    defer {
      if let workspace { gsl_multifit_robust_free(workspace) }
      if let x { gsl_matrix_free(x) }
      if let y { gsl_vector_free(y) }
      if let c { gsl_vector_free(c) }
      if let cov { gsl_matrix_free(cov) }
    }
    // Out of memory (with the error handler off, GSL returns NULL): a refused fit, as GSL's own failures.
    guard let workspace, let x, let y, let c, let cov else { return .failure(.failed(status: Int32(GSL_ENOMEM))) }
    for row in 0..<n {
      gsl_vector_set(y, row, observations[row])
      for column in 0..<columns { gsl_matrix_set(x, row, column, design[row * columns + column]) }
    }
    let status = gsl_multifit_robust(x, y, c, cov, workspace)
    guard status == Int32(GSL_SUCCESS) || status == Int32(GSL_EMAXITER) else { return .failure(.failed(status: status)) }
    let stats = gsl_multifit_robust_statistics(workspace)
    return .success(Fit(
      coefficients: (0..<columns).map { gsl_vector_get(c, $0) },
      covariance: (0..<columns * columns).map { gsl_matrix_get(cov, $0 / columns, $0 % columns) },
      weights: (0..<n).map { gsl_vector_get(stats.weights, $0) },
      robustSigma: stats.sigma_rob, iterations: stats.numit, converged: status == Int32(GSL_SUCCESS)))
  }
  #endif
}

/// Why ``RobustRegression/fit(design:columns:observations:weighting:)`` gave no fit.
enum RobustRegressionError: Error, Equatable {
  /// No more rows than parameters: nothing is left to estimate the spread.
  case tooFewRows(rows: Int, parameters: Int)
  /// GSL returned this status (for example `GSL_EDOM` for a singular design).
  case failed(status: Int32)
  /// The package was built without its GSL trait, which the fit needs.
  case unavailable
}
