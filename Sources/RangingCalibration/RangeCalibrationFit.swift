// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// A device's range error model fitted robustly from a recording: the values
/// for `RangingEngine/RangeCalibration` (`--range-offset`, `--range-scale`)
/// with their uncertainty.
///
/// The model is `measured = scale · true + offset`. Three fits:
///
/// - ``Model/offsetScale`` with truth: the regression of `measured` on
///   `true_distance` with Tukey's bisquare weights, which give NLOS
///   outliers (metres long) weight 0 (`RobustRegression`).
/// - ``Model/offset`` with truth: scale fixed at 1, the offset is the Huber
///   M-estimate of location of `measured - true_distance`.
/// - ``Model/offset`` at a known distance M (a static recording, no truth
///   needed): the Huber M-estimate of location of `measured - M`.
///
/// The Huber estimate (Huber, "Robust estimation of a location parameter",
/// Ann. Math. Statist. 35(1), 1964, tuning 1.345 for 95% Gaussian
/// efficiency) is the mean near the centre and the median in the tails; it
/// is convex, so unique. Its standard error is `sigma / √n` with GSL's
/// robust residual sigma, the covariance `sigma² (Xᵀ X)⁻¹` of the
/// intercept-only regression.
public struct RangeCalibrationFit: Sendable, Equatable, Codable {
  /// Which terms are fitted.
  public enum Model: String, Sendable, Codable, CaseIterable {
    /// The offset only; scale fixed at 1.
    case offset
    /// Offset and scale (needs truth that varies).
    case offsetScale = "offset-scale"
  }

  /// The terms fitted.
  public var model: Model
  /// The estimator, in words (`bisquare regression`, `Huber location`).
  public var method: String
  /// The object fitted, or nil for all rows.
  public var object: String?
  /// The static distance the recording was made at, or nil when truth was used.
  public var knownDistanceMeters: Double?
  /// `offset` in `measured = scale · true + offset`, metres.
  public var offsetMeters: Double
  /// The standard error of ``offsetMeters``, metres.
  public var offsetStandardErrorMeters: Double
  /// `scale` in the model (1 when not fitted).
  public var scale: Double
  /// The standard error of ``scale``, or nil when the scale was fixed at 1.
  public var scaleStandardError: Double?
  /// The correlation of the two estimates, or nil when the scale was fixed.
  public var offsetScaleCorrelation: Double?
  /// GSL's robust estimate of the residual standard deviation, metres: the
  /// spread of one reading about the model once outliers are discounted.
  public var residualSigmaMeters: Double
  /// Rows fitted.
  public var rowsUsed: Int
  /// Rows whose final weight is below 0.5 (a residual beyond about 2.5
  /// robust sigmas for either weighting), counted as outliers.
  public var rowsDownWeighted: Int
  /// Rows whose final weight is 0 (bisquare only: beyond 4.685 sigmas).
  public var rowsRejected: Int
  /// Smallest and largest true distance fitted, metres (nil at a known distance).
  public var trueDistanceMinMeters: Double?
  public var trueDistanceMaxMeters: Double?
  /// Iterations of reweighted least squares.
  public var iterations: Int
  /// False when GSL stopped at its iteration limit.
  public var converged: Bool

  /// Weight below which a row counts as down-weighted: bisquare
  /// `(1 - u²)² < 0.5` for `|u| > 0.54`, i.e. beyond 0.54 · 4.685 ≈ 2.5
  /// sigmas; Huber `1.345 / |u| < 0.5` beyond 2.7 sigmas.
  public static let outlierWeight = 0.5

  /// Fits `samples` (or one object's rows of it).
  ///
  /// - Parameters:
  ///   - samples: the recording.
  ///   - object: fit only this object's rows, or nil for all rows.
  ///   - model: the terms to fit; ``Model/offsetScale`` needs truth, so not
  ///     with `knownDistanceMeters`.
  ///   - knownDistanceMeters: the true distance of every row of a static
  ///     recording, metres, within `GroundTruth.distanceRangeMeters` (0 to
  ///     1e6), or nil to use each row's `true_distance`.
  /// - Throws: ``CalibrationError`` when the rows cannot give a fit, the
  ///   known distance is out of range or given with the scale to fit, or a
  ///   result would not be finite.
  /// - Complexity: O(iterations · rows).
  public static func fit(
    _ samples: CalibrationSamples, object: String? = nil, model: Model, knownDistanceMeters: Double? = nil
  ) throws(CalibrationError) -> RangeCalibrationFit {
    let fit = try unchecked(samples, object: object, model: model, knownDistanceMeters: knownDistanceMeters)
    if let (quantity, value) = fit.nonFiniteResult {
      throw CalibrationError(path: samples.path, kind: .nonFiniteResult(quantity: quantity, value: value))
    }
    return fit
  }

  /// The first result that is NaN or infinite, named as the table names it.
  /// Inputs in range (``CalibrationSamples``' reader rejects truth outside
  /// `GroundTruth`'s range) give none; rows built by a caller might.
  var nonFiniteResult: (quantity: String, value: Double)? {
    let results: [(String, Double?)] = [
      ("offset", offsetMeters), ("offset standard error", offsetStandardErrorMeters), ("scale", scale),
      ("scale standard error", scaleStandardError), ("correlation of offset and scale", offsetScaleCorrelation),
      ("residual robust sigma", residualSigmaMeters),
    ]
    for case let (name, value?) in results where !value.isFinite { return (name, value) }
    return nil
  }

  /// ``fit(_:object:model:knownDistanceMeters:)`` before the check that every result is finite.
  private static func unchecked(
    _ samples: CalibrationSamples, object: String?, model: Model, knownDistanceMeters: Double?
  ) throws(CalibrationError) -> RangeCalibrationFit {
    func fail(_ kind: CalibrationError.Kind) -> CalibrationError { CalibrationError(path: samples.path, kind: kind) }
    if let object, !samples.contains(object: object) {
      throw fail(.unknownObject(object, available: samples.objects))
    }
    let rows = samples.rows(of: object)
    guard !rows.isEmpty else { throw fail(.noDistances(object: object)) }
    if let known = knownDistanceMeters {
      guard GroundTruth.distanceRangeMeters.contains(known) else { throw fail(.knownDistanceOutOfRange(meters: known)) }
      guard model == .offset else { throw fail(.knownDistanceFitsOffsetOnly) }
      let residuals = rows.map { $0.measuredMeters - known }
      var fit = try location(of: residuals, path: samples.path)
      fit.object = object
      fit.knownDistanceMeters = known
      return fit
    }
    let pairs = rows.compactMap { row in row.trueMeters.map { (measured: row.measuredMeters, truth: $0) } }
    guard let first = pairs.first else { throw fail(.noTruth(object: object, rowsWithDistance: rows.count)) }
    let truths = pairs.map(\.truth)
    let span = (min: truths.min() ?? first.truth, max: truths.max() ?? first.truth)
    var fit: RangeCalibrationFit
    switch model {
    case .offset:
      fit = try location(of: pairs.map { $0.measured - $0.truth }, path: samples.path)
    case .offsetScale:
      guard span.max > span.min else { throw fail(.constantTruth(meters: span.min)) }
      fit = try regression(pairs, path: samples.path)
    }
    fit.object = object
    fit.trueDistanceMinMeters = span.min
    fit.trueDistanceMaxMeters = span.max
    return fit
  }

  /// `measured = scale · true + offset` with bisquare weights.
  private static func regression(
    _ pairs: [(measured: Double, truth: Double)], path: String
  ) throws(CalibrationError) -> RangeCalibrationFit {
    // Row i of X is (1, true_i): c = (offset, scale).
    var design: [Double] = []
    design.reserveCapacity(2 * pairs.count)
    for pair in pairs { design += [1, pair.truth] }
    let result = RobustRegression.fit(
      design: design, columns: 2, observations: pairs.map(\.measured), weighting: .bisquare)
    let fit = try unwrap(result, path: path)
    let offsetError = fit.standardError(0)
    let scaleError = fit.standardError(1)
    return RangeCalibrationFit(
      model: .offsetScale, method: "bisquare regression", offsetMeters: fit.coefficients[0],
      offsetStandardErrorMeters: offsetError, scale: fit.coefficients[1], scaleStandardError: scaleError,
      // Undefined when a standard error is 0 (rows exactly on the line).
      offsetScaleCorrelation: offsetError * scaleError > 0 ? fit.covariance[1] / (offsetError * scaleError) : nil,
      fit: fit)
  }

  /// The Huber location of `residuals` as the offset, scale 1.
  private static func location(of residuals: [Double], path: String) throws(CalibrationError) -> RangeCalibrationFit {
    let result = RobustRegression.fit(
      design: [Double](repeating: 1, count: residuals.count), columns: 1, observations: residuals, weighting: .huber)
    var fit = try unwrap(result, path: path)
    // Every residual the same (truth equal to distance, or off by one constant): a perfect fit,
    // not a degenerate one. GSL's robust sigma is then 0 and its covariance 0/0 (NaN), which
    // would be refused below as a sign of wrong units; the exact answer is that residual, with
    // standard error 0.
    if let first = residuals.first, residuals.allSatisfy({ $0 == first }) {
      fit.coefficients = [first]
      fit.covariance = [0]
      fit.robustSigma = 0
      fit.weights = [Double](repeating: 1, count: residuals.count)
      fit.converged = true
    }
    return RangeCalibrationFit(
      model: .offset, method: "Huber location", offsetMeters: fit.coefficients[0],
      offsetStandardErrorMeters: fit.standardError(0), scale: 1, scaleStandardError: nil,
      offsetScaleCorrelation: nil, fit: fit)
  }

  private static func unwrap(
    _ result: Result<RobustRegression.Fit, RobustRegressionError>, path: String
  ) throws(CalibrationError) -> RobustRegression.Fit {
    switch result {
    case .success(let fit): return fit
    case .failure(.tooFewRows(let rows, let parameters)):
      throw CalibrationError(path: path, kind: .tooFewRows(rows: rows, needed: parameters + 1))
    case .failure(.failed(let status)):
      throw CalibrationError(path: path, kind: .fitFailed(status: status))
    case .failure(.unavailable):
      throw CalibrationError(path: path, kind: .needsGSL)
    }
  }

  private init(
    model: Model, method: String, offsetMeters: Double, offsetStandardErrorMeters: Double, scale: Double,
    scaleStandardError: Double?, offsetScaleCorrelation: Double?, fit: RobustRegression.Fit
  ) {
    self.model = model
    self.method = method
    self.offsetMeters = offsetMeters
    self.offsetStandardErrorMeters = offsetStandardErrorMeters
    self.scale = scale
    self.scaleStandardError = scaleStandardError
    self.offsetScaleCorrelation = offsetScaleCorrelation
    residualSigmaMeters = fit.robustSigma
    rowsUsed = fit.weights.count
    rowsDownWeighted = fit.weights.count { $0 < Self.outlierWeight }
    rowsRejected = fit.weights.count { $0 == 0 }
    iterations = fit.iterations
    converged = fit.converged
  }
}
