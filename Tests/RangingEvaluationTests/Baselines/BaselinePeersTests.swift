// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingEvaluation
@testable import RangingFormats

/// Runs `method` over the reference rows (a nil distance is a life-cycle row).
private func runReference(_ method: BaselineMethod) -> BaselineDetector {
  var detector = BaselineDetector(method: method, zones: [("inner", 1.5), ("outer", 3)])
  for (micros, distance) in BaselinePeersReference.rows {
    if let distance {
      detector.update(object: "a", time: Timestamp(microseconds: micros), distanceMeters: distance)
    } else {
      detector.restart(object: "a")
    }
  }
  return detector
}

/// `(µs, zone, kind)` of each crossing, for comparison with the reference tuples.
private func tuples(_ crossings: [ZoneCrossing]) -> [String] {
  crossings.map { "\($0.time.microseconds) \($0.zone) \($0.kind.rawValue)" }
}

private func tuples(_ reference: [(Int64, String, CrossingKind)]) -> [String] {
  reference.map { "\($0.0) \($0.1) \($0.2.rawValue)" }
}

/// `zone kind @ t` for readable comparisons.
private func summary(_ crossings: [ZoneCrossing]) -> [String] {
  crossings.map { "\($0.zone) \($0.kind.rawValue) @ \($0.time.seconds)" }
}

/// Feeds `distances` for object `a`, one per second from t = 0.
private func feed(_ detector: inout BaselineDetector, _ distances: [Double]) {
  for (index, distance) in distances.enumerated() {
    detector.update(object: "a", time: Timestamp(seconds: Double(index)), distanceMeters: distance)
  }
}

@Suite("Baseline peers: cv-kalman and median3")
struct BaselinePeersTests {
  @Test("cv-kalman matches FilterPy's Kalman filter to 1e-9 on every row, through dt = 0 and a restart")
  func kalmanMatchesFilterPy() throws {
    let detector = runReference(.constantVelocityKalman(.textbook))
    let filtered = detector.distances.map(\.distanceMeters)
    try #require(filtered.count == BaselinePeersReference.kalmanDistances.count)
    for (index, (swift, reference)) in zip(filtered, BaselinePeersReference.kalmanDistances).enumerated() {
      #expect(abs(swift - reference) <= 1e-9, "row \(index): \(swift) vs FilterPy \(reference)")
    }
    #expect(tuples(detector.crossings) == tuples(BaselinePeersReference.kalmanCrossings))
  }

  @Test("median3 matches numpy.median of the last three distances, and its crossings")
  func medianMatchesNumPy() throws {
    let detector = runReference(.movingMedian(count: 3))
    let filtered = detector.distances.map(\.distanceMeters)
    try #require(filtered.count == BaselinePeersReference.medianDistances.count)
    for (index, (swift, reference)) in zip(filtered, BaselinePeersReference.medianDistances).enumerated() {
      #expect(abs(swift - reference) <= 1e-12, "row \(index): \(swift) vs NumPy \(reference)")
    }
    #expect(tuples(detector.crossings) == tuples(BaselinePeersReference.medianCrossings))
  }

  @Test("median3 in closed form: one value, the mean of two, then the median of the last three; a restart empties it")
  func medianClosedForm() {
    var detector = BaselineDetector(method: .movingMedian(count: 3), zones: [("inner", 1.5)])
    // d: 4, 2, 9, 1, 5, 5 -> s: 4, (4+2)/2 = 3, med(4,2,9) = 4, med(2,9,1) = 2, med(9,1,5) = 5, med(1,5,5) = 5.
    feed(&detector, [4, 2, 9, 1, 5, 5])
    #expect(detector.distances.map(\.distanceMeters) == [4, 3, 4, 2, 5, 5])
    // After a restart: 7 alone, then (7+1)/2 = 4.
    detector.restart(object: "a")
    detector.update(object: "a", time: Timestamp(seconds: 6), distanceMeters: 7)
    detector.update(object: "a", time: Timestamp(seconds: 7), distanceMeters: 1)
    #expect(detector.distances.map(\.distanceMeters).suffix(2) == [7, 4])
    // A single outlier inside the window does not move the median across 1.5 m.
    var spike = BaselineDetector(method: .movingMedian(count: 3), zones: [("inner", 1.5)])
    feed(&spike, [2, 2, 0.3, 2, 2])
    #expect(spike.crossings.isEmpty && spike.distances.map(\.distanceMeters) == [2, 2, 2, 2, 2])
  }

  @Test("cv-kalman starts at the first distance and re-initialises there after a life-cycle row")
  func kalmanInitialisation() {
    var detector = BaselineDetector(method: .constantVelocityKalman(.textbook), zones: [("inner", 1.5)])
    feed(&detector, [4, 3.5])
    // Second update at dt = 1 from P0 = diag(R, 1): P⁻00 = R + dt² · 1 + q dt³/3 = 0.0225 + 1 + 0.1,
    // the prior is 4 (zero rate), K0 = P⁻00 / (P⁻00 + R) = 1.1225 / 1.145, s = 4 - 0.5 K0.
    #expect(detector.distances[0].distanceMeters == 4)
    #expect(abs(detector.distances[1].distanceMeters - (4 - 0.5 * 1.1225 / 1.145)) < 1e-12)
    detector.restart(object: "a")
    detector.update(object: "a", time: Timestamp(seconds: 5), distanceMeters: 1)
    // Fresh: x = [1, 0], not the old track; 1 < 1.5 enters at once.
    #expect(detector.distances[2].distanceMeters == 1)
    #expect(summary(detector.crossings) == ["inner enter @ 5.0"])
  }

  /// `--peer-sigma 1e-170`: sigma² underflows to 0, and two readings at one time divided 0 by 0
  /// (issue 58, item 3). The exact filter's answer, in closed form: readings at one time with equal
  /// variances (P0's P00 is R, as is the posterior's after a reading far more certain than its prior)
  /// average; after a step in time the prior is far wider than R, so a reading is taken as it is.
  @Test("cv-kalman with a sigma whose square underflows averages readings at one time, finite throughout",
        arguments: [1e-170, 1e-160, 1e-300, 1e-10])
  func kalmanTinySigma(sigma: Double) {
    var parameters = ConstantVelocityKalman.Parameters.textbook
    parameters.measurementSigmaMeters = sigma
    var filter = ConstantVelocityKalman(distanceMeters: 2, time: Timestamp(microseconds: 0), parameters: parameters)
    // Three readings at t = 0: the mean of the first two, then of all three.
    #expect(filter.update(time: Timestamp(microseconds: 0), distanceMeters: 3) == 2.5)
    #expect(abs(filter.update(time: Timestamp(microseconds: 0), distanceMeters: 4) - 3) < 1e-12)
    // One second on: the reading itself, then the mean with a second reading at that time.
    #expect(abs(filter.update(time: Timestamp(seconds: 1), distanceMeters: 5) - 5) < 1e-12)
    #expect(abs(filter.update(time: Timestamp(seconds: 1), distanceMeters: 6) - 5.5) < 1e-12)
    let (dd, dv, vv) = filter.covariance
    #expect(dd.isFinite && dv.isFinite && vv.isFinite && filter.velocityMetersPerSecond.isFinite)
    #expect(dd > 0)
  }

  // The band, s in [r, r + 0.15] after an enter, is where plain thresholds chatter.
  // Signal: r + 0.075 + 0.07 sin(k) stays within [r + 0.005, r + 0.145].
  @Test("A signal oscillating inside [r, r + 0.15] never toggles the peers' hysteresis; plain thresholds exit",
        arguments: [BaselineMethod.movingMedian(count: 1), .movingMedian(count: 3)])
  func bandNeverToggles(method: BaselineMethod) {
    let r = 1.5
    let inBand = (0..<200).map { r + 0.075 + 0.07 * sin(Double($0)) }
    #expect(inBand.allSatisfy { $0 >= r && $0 <= r + 0.15 })
    var detector = BaselineDetector(method: method, zones: [("inner", r)])
    feed(&detector, [1.0, 1.0, 1.0] + inBand)
    // A median of values in the band is in the band (it lies between their least and greatest).
    #expect(detector.distances.dropFirst(5).allSatisfy { $0.distanceMeters >= r && $0.distanceMeters <= r + 0.15 })
    #expect(summary(detector.crossings) == ["inner enter @ 0.0"])
    // The same signal through plain thresholds exits at once.
    var plain = BaselineDetector(method: .raw, zones: [("inner", r)])
    feed(&plain, [1.0, 1.0, 1.0] + inBand)
    #expect(summary(plain.crossings) == ["inner enter @ 0.0", "inner exit @ 3.0"])
  }

  @Test("The threshold rules: plain exits at r, hysteresis only beyond r + band")
  func thresholdRules() {
    let plain = ZoneThresholdRule.plain
    let band = ZoneThresholdRule.hysteresis(bandMeters: 0.15)
    #expect(plain.enters(1.49, radiusMeters: 1.5) && !plain.enters(1.5, radiusMeters: 1.5))
    #expect(plain.exits(1.5, radiusMeters: 1.5) && !plain.exits(1.49, radiusMeters: 1.5))
    #expect(band.enters(1.49, radiusMeters: 1.5) && !band.enters(1.5, radiusMeters: 1.5))
    #expect(!band.exits(1.5, radiusMeters: 1.5) && !band.exits(1.65, radiusMeters: 1.5))
    #expect(band.exits(1.6500001, radiusMeters: 1.5))
    #expect(BaselineMethod.raw.thresholdRule == .plain && BaselineMethod.exponentialAverage(alpha: 0.3).thresholdRule == .plain)
    #expect(BaselineMethod.constantVelocityKalman(.textbook).thresholdRule == band)
    #expect(BaselineMethod.movingMedian(count: 3).thresholdRule == band)
  }

  @Test("rangectl evaluate's baselines are raw, ema, cv-kalman and median3, in that order")
  func standardBaselines() {
    #expect(BaselineMethod.standard.map(\.name) == ["raw", "ema", "cv-kalman", "median3"])
  }
}
