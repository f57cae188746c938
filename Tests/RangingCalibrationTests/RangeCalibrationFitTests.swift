// SPDX-License-Identifier: Apache-2.0
// The robust fits run on GSL: these tests run in builds with the package's GSL trait (the default).
#if GSL
import Testing

@testable import RangingCalibration

@Suite("RangeCalibrationFit")
struct RangeCalibrationFitTests {
  /// Rows of one object with truth.
  static func samples(
    measured: [Double], truth: [Double?], object: String = "tag", path: String = "fixture.csv"
  ) -> CalibrationSamples {
    CalibrationSamples(
      path: path,
      rows: zip(measured, truth).enumerated().map { index, pair in
        CalibrationSamples.Row(line: index + 2, object: object, measuredMeters: pair.0, trueMeters: pair.1)
      })
  }

  /// Noise-free readings of `measured = 1.02 · true + 0.15`, each true
  /// distance 1.0...5.0 m (step 0.1) read twice, 0.01 m long and 0.01 m
  /// short, plus 5 NLOS readings 2 m long. The pairs cancel in the weighted
  /// normal equations whatever their common weight, so the true line is the
  /// fixed point of the reweighting, and the outliers, 2 m / (4.685 · 0.0148 m)
  /// ≈ 29 sigmas out, get weight 0: offset 0.15 and scale 1.02 exactly.
  @Test("Bisquare regression recovers a noise-free line exactly and gives NLOS outliers weight 0")
  func closedForm() throws {
    var measured: [Double] = []
    var truth: [Double?] = []
    for step in 0...40 {
      let t = 1 + Double(step) / 10
      for sign in [1.0, -1.0] {
        measured.append(1.02 * t + 0.15 + sign * 0.01)
        truth.append(t)
      }
    }
    for t in [1.2, 2.0, 2.7, 3.3, 4.5] {
      measured.append(1.02 * t + 0.15 + 2)
      truth.append(t)
    }
    let fit = try RangeCalibrationFit.fit(Self.samples(measured: measured, truth: truth), model: .offsetScale)
    #expect(abs(fit.offsetMeters - 0.15) < 1e-9 && abs(fit.scale - 1.02) < 1e-9, "\(fit)")
    #expect(fit.rowsUsed == 87 && fit.rowsRejected == 5 && fit.rowsDownWeighted == 5)
    #expect(fit.trueDistanceMinMeters == 1 && fit.trueDistanceMaxMeters == 5)
    #expect(fit.converged && fit.flags == "--range-offset 0.150 --range-scale 1.0200 --band-offset 0")
  }

  struct ReferenceCase: Sendable, CustomTestStringConvertible {
    var name: String
    var truth: [Double]
    var measured: [Double]
    var offset: Double, offsetError: Double
    var scale: Double, scaleError: Double
    /// Largest ratio of our standard error to statsmodels' (see the generator).
    var errorRatioLimit: Double
    var testDescription: String { name }
  }

  static let regressionCases: [ReferenceCase] = [
    ReferenceCase(
      name: "8% outliers", truth: RangeCalibrationReference.Regression.trueMeters,
      measured: RangeCalibrationReference.Regression.measuredMeters,
      offset: RangeCalibrationReference.Regression.offsetMeters,
      offsetError: RangeCalibrationReference.Regression.offsetStandardErrorMeters,
      scale: RangeCalibrationReference.Regression.scale,
      scaleError: RangeCalibrationReference.Regression.scaleStandardError, errorRatioLimit: 2),
    ReferenceCase(
      name: "no outliers", truth: RangeCalibrationReference.CleanRegression.trueMeters,
      measured: RangeCalibrationReference.CleanRegression.measuredMeters,
      offset: RangeCalibrationReference.CleanRegression.offsetMeters,
      offsetError: RangeCalibrationReference.CleanRegression.offsetStandardErrorMeters,
      scale: RangeCalibrationReference.CleanRegression.scale,
      scaleError: RangeCalibrationReference.CleanRegression.scaleStandardError, errorRatioLimit: 1.05),
  ]

  /// The estimates agree with statsmodels RLM (TukeyBiweight 4.685) to 2% of a
  /// standard error. The standard errors: GSL's are never smaller, and at
  /// most `errorRatioLimit` times larger (5% without outliers; with 8%
  /// outliers GSL's sigma blends in the OLS sigma, see the generator).
  @Test("Bisquare regression agrees with statsmodels RLM", arguments: regressionCases)
  func regressionAgreesWithStatsmodels(_ c: ReferenceCase) throws {
    let fit = try RangeCalibrationFit.fit(Self.samples(measured: c.measured, truth: c.truth), model: .offsetScale)
    #expect(abs(fit.offsetMeters - c.offset) < 0.02 * c.offsetError, "\(fit.offsetMeters) vs \(c.offset)")
    #expect(abs(fit.scale - c.scale) < 0.02 * c.scaleError, "\(fit.scale) vs \(c.scale)")
    let offsetRatio = fit.offsetStandardErrorMeters / c.offsetError
    let scaleRatio = try #require(fit.scaleStandardError) / c.scaleError
    #expect(offsetRatio > 0.99 && offsetRatio < c.errorRatioLimit, "offset standard error ratio \(offsetRatio)")
    #expect(scaleRatio > 0.99 && scaleRatio < c.errorRatioLimit, "scale standard error ratio \(scaleRatio)")
    #expect(fit.model == .offsetScale && fit.converged)
  }

  /// The Huber location of measured - 3 m agrees with statsmodels RLM
  /// (HuberT 1.345 on a constant) to 2% of a standard error.
  @Test("At a known distance the offset is the Huber location, as statsmodels computes it",
        arguments: [false, true])
  func locationAgreesWithStatsmodels(_ clean: Bool) throws {
    typealias Reference = RangeCalibrationReference
    let measured = clean ? Reference.CleanLocation.measuredMeters : Reference.Location.measuredMeters
    let offset = clean ? Reference.CleanLocation.offsetMeters : Reference.Location.offsetMeters
    let error = clean ? Reference.CleanLocation.offsetStandardErrorMeters : Reference.Location.offsetStandardErrorMeters
    let samples = Self.samples(measured: measured, truth: measured.map { _ in nil })
    let fit = try RangeCalibrationFit.fit(
      samples, model: .offset, knownDistanceMeters: Reference.Location.knownDistanceMeters)
    #expect(abs(fit.offsetMeters - offset) < 0.02 * error, "\(fit.offsetMeters) vs \(offset)")
    let ratio = fit.offsetStandardErrorMeters / error
    #expect(ratio > 0.99 && ratio < (clean ? 1.05 : 2), "standard error ratio \(ratio)")
    #expect(fit.scale == 1 && fit.scaleStandardError == nil && fit.knownDistanceMeters == 3)
    #expect(fit.rowsRejected == 0, "Huber weights are never 0")
  }

  @Test("--fit offset with truth is the Huber location of measured - true, and --object fits one object's rows")
  func offsetWithTruthAndObjects() throws {
    // Object a reads 0.3 m long, object b 0.1 m short, each with ±0.01 pairs:
    // the Huber location of each object's symmetric residuals is its offset.
    var rows: [CalibrationSamples.Row] = []
    for step in 0..<20 {
      let t = 1 + Double(step) / 5
      let sign = step % 2 == 0 ? 1.0 : -1.0
      rows.append(.init(line: rows.count + 2, object: "a", measuredMeters: t + 0.3 + sign * 0.01, trueMeters: t))
      rows.append(.init(line: rows.count + 2, object: "b", measuredMeters: t - 0.1 + sign * 0.01, trueMeters: t))
    }
    let samples = CalibrationSamples(path: "two.csv", rows: rows)
    let a = try RangeCalibrationFit.fit(samples, object: "a", model: .offset)
    let b = try RangeCalibrationFit.fit(samples, object: "b", model: .offset)
    #expect(abs(a.offsetMeters - 0.3) < 1e-9 && abs(b.offsetMeters + 0.1) < 1e-9)
    #expect(a.rowsUsed == 20 && a.object == "a")
    #expect(b.flags == "--range-offset=-0.100 --band-offset 0", "a negative value joined with = so it is not read as an option")
    #expect(samples.objects == ["a", "b"])
  }

  /// Issue 34, item 9: the rows are grouped by object once (fitting every
  /// object rescanned all rows before); the groups are the rows in file order.
  @Test("Rows by object, in file order and first-appearance order, also after the rows change")
  func rowsByObject() {
    let names = ["c", "a", "c", "b", "a", "c"]
    var samples = CalibrationSamples(path: "mixed.csv", rows: names.enumerated().map { index, name in
      .init(line: index + 2, object: name, measuredMeters: Double(index), trueMeters: nil)
    })
    #expect(samples.objects == ["c", "a", "b"])
    #expect(samples.rows(of: "c").map(\.line) == [2, 4, 7])
    #expect(samples.rows(of: "a").map(\.line) == [3, 6])
    #expect(samples.rows(of: "z").isEmpty && !samples.contains(object: "z") && samples.contains(object: "b"))
    #expect(samples.rows(of: nil).count == 6)
    samples.rows.removeFirst()
    #expect(samples.objects == ["a", "c", "b"])
    #expect(samples.rows(of: "c").map(\.line) == [4, 7])
  }

  struct FailureCase: Sendable, CustomTestStringConvertible {
    var name: String
    var rows: [CalibrationSamples.Row]
    var object: String?
    var model: RangeCalibrationFit.Model
    var knownDistance: Double?
    var expected: CalibrationError.Kind
    var message: String
    var testDescription: String { name }
  }

  static let failures: [FailureCase] = {
    func row(_ measured: Double, _ truth: Double?, _ object: String = "tag") -> CalibrationSamples.Row {
      CalibrationSamples.Row(line: 2, object: object, measuredMeters: measured, trueMeters: truth)
    }
    return [
      FailureCase(
        name: "no truth", rows: [row(1, nil), row(2, nil)], model: .offsetScale,
        expected: .noTruth(object: nil, rowsWithDistance: 2),
        message: "f.csv: no measurement rows with both 'distance' and 'true_distance' (2 rows have a distance); "
          + "for a static recording give --known-distance M"),
      FailureCase(
        name: "constant truth", rows: [row(5.1, 5), row(5.2, 5), row(5.0, 5)], model: .offsetScale,
        expected: .constantTruth(meters: 5),
        message: "f.csv: 'true_distance' is 5.0 m on every row: the scale cannot be fitted; use --fit offset"),
      FailureCase(
        name: "unknown object", rows: [row(1, 1, "a"), row(2, 2, "b")], object: "c", model: .offset,
        expected: .unknownObject("c", available: ["a", "b"]),
        message: "f.csv: no measurement rows for object 'c'; the file has 'a', 'b'"),
      FailureCase(
        name: "no distances", rows: [], model: .offset, knownDistance: 2, expected: .noDistances(object: nil),
        message: "f.csv: no measurement rows with a 'distance'"),
      FailureCase(
        name: "two rows for two parameters", rows: [row(1, 1), row(2, 2)], model: .offsetScale,
        expected: .tooFewRows(rows: 2, needed: 3), message: "f.csv: 2 usable rows, the fit needs at least 3"),
      FailureCase(
        name: "a known distance beyond the range of true_distance", rows: [row(1, nil), row(2, nil)], model: .offset,
        knownDistance: 1e308, expected: .knownDistanceOutOfRange(meters: 1e308),
        message: "f.csv: the known distance 1e+308 m is outside 0 to 1e6 m, the range of true_distance"),
      FailureCase(
        name: "a known distance with the scale to fit", rows: [row(2.1, nil), row(2.2, nil), row(2.0, nil)],
        model: .offsetScale, knownDistance: 2, expected: .knownDistanceFitsOffsetOnly,
        message: "f.csv: a known distance fits the offset only: the scale needs truth at several distances; fit the offset"),
    ]
  }()

  @Test("A fit whose result would not be finite throws, naming the quantity, instead of returning it")
  func nonFiniteResult() throws {
    // Truth the reader would reject (beyond 1e6 m), given directly: residuals
    // near 1e200 m have a variance near 1e400 m², beyond Double, so the
    // standard error (sigma² (Xᵀ X)⁻¹, square-rooted) cannot be a number.
    let rows = [1e200, 2e200, 3e200, 4e200].enumerated().map { index, truth in
      CalibrationSamples.Row(line: index + 2, object: "tag", measuredMeters: Double(index + 1), trueMeters: truth)
    }
    let samples = CalibrationSamples(path: "f.csv", rows: rows)
    do {
      let fit = try RangeCalibrationFit.fit(samples, model: .offset)
      Issue.record("a fit came back: \(fit)")
    } catch {
      guard case .nonFiniteResult(let quantity, let value) = error.kind else {
        Issue.record("another error: \(error)")
        return
      }
      #expect(!value.isFinite)
      #expect(error.description.hasPrefix("f.csv: the fit's \(quantity) is not finite ("))
    }
  }

  @Test("Rows that cannot give the fit throw an error naming the file and what to do", arguments: failures)
  func refusals(_ c: FailureCase) {
    let samples = CalibrationSamples(path: "f.csv", rows: c.rows)
    #expect(throws: CalibrationError(path: "f.csv", kind: c.expected)) {
      try RangeCalibrationFit.fit(samples, object: c.object, model: c.model, knownDistanceMeters: c.knownDistance)
    }
    #expect(CalibrationError(path: "f.csv", kind: c.expected).description == c.message)
  }
}
#endif
