// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The reported distance sigma: the filter's own variance plus the terms of
/// `ReportedRangeUncertainty`, each checked against its closed form.
@Suite("Reported distance sigma")
struct ReportedRangeUncertaintyTests {
  @Test("The device term is σ_b² + (σ_s d)², smaller once calibrated")
  func deviceVariance() {
    // Uncalibrated at 10 m: 0.15² + (0.015 · 10)² = 0.045 m².
    #expect(abs(ReportedRangeUncertainty.deviceVariance(distanceMeters: 10, isCalibrated: false) - 0.045) < 1e-15)
    // Calibrated at 10 m: 0.03² + (0.003 · 10)² = 0.0018 m².
    #expect(abs(ReportedRangeUncertainty.deviceVariance(distanceMeters: 10, isCalibrated: true) - 0.0018) < 1e-15)
    // NLOS: π b² with b = 0.3 m.
    #expect(abs(ReportedRangeUncertainty.nonLineOfSightVariance(probability: 0.5) - 0.045) < 1e-15)
  }

  @Test("A still object's sigma is the filter's, the NLOS term and the device term added in quadrature")
  func composition() {
    let tracker = ObjectTracker<SwiftKalmanBackend>(configuration: TrackerConfiguration(capacity: 1))
    for step in 0..<50 {
      let update = RangingUpdate(time: Timestamp(microseconds: Int64(step) * 100_000), distanceMeters: 2.0)
      guard case .accepted(_, let state, _, _) = tracker.update(object: 7, with: update) else {
        Issue.record("step \(step) rejected")
        return
      }
      let range = state.range
      let expected = (range.filterSigmaMeters * range.filterSigmaMeters + 0.09 * range.nonLineOfSightProbability
        + 0.15 * 0.15 + (0.015 * range.distanceMeters) * (0.015 * range.distanceMeters)).squareRoot()
      #expect(abs(range.sigmaMeters - expected) < 1e-12, "step \(step)")
      #expect(range.sigmaMeters > range.filterSigmaMeters)
    }
  }

  @Test("After a restart away from the old track, the sigma covers the jump for a second, then not")
  func restartDiscrepancy() {
    let tracker = ObjectTracker<SwiftKalmanBackend>(configuration: TrackerConfiguration(capacity: 1))
    var time: Int64 = 0
    func feed(_ distance: Double) -> RangeEstimate? {
      defer { time += 100_000 }
      let update = RangingUpdate(time: Timestamp(microseconds: time), distanceMeters: distance)
      guard case .accepted(_, let state, _, _) = tracker.update(object: 1, with: update) else { return nil }
      return state.range
    }
    for _ in 0..<40 { _ = feed(12) }
    // Readings of 5.5 m where the track predicted 12 m: rejected, then a restart at 5.5 m.
    var sinceRestart: [RangeEstimate] = []
    var restarted = false
    for _ in 0..<30 {
      guard let range = feed(5.5) else { Issue.record("rejected"); return }
      if !restarted && range.distanceMeters == 5.5 { restarted = true }
      if restarted { sinceRestart.append(range) }
    }
    #expect(restarted)
    // For the first second (10 updates at 10 Hz) the sigma is at least the 6.5 m disagreement.
    #expect(sinceRestart.prefix(10).allSatisfy { $0.sigmaMeters >= 6.5 }, "\(sinceRestart.prefix(10).map(\.sigmaMeters))")
    // Afterwards it is back to the filter's, NLOS and device terms: well under a metre.
    #expect(sinceRestart.dropFirst(11).allSatisfy { $0.sigmaMeters < 1 }, "\(sinceRestart.dropFirst(11).map(\.sigmaMeters))")
  }

  /// A still object at 2 m (10 Hz, exact readings, the configured R and the
  /// gates as set), then one reading of 3 m: it fails the gate, the state is
  /// the prediction p, and until the next fusion the unmodelled variance
  /// holds the even two-point mixture of p and the reading, (3 - p)²/4,
  /// beside the NLOS term (no restart and no undoable fusion here).
  @Test("A rejected reading adds a quarter of its squared innovation to the sigma until a reading is fused")
  func rejectedReading() {
    let filter = RangeFilter<SwiftKalmanBackend>(
      configuration: RangeFilterConfiguration(adaptsMeasurementNoise: false, gatesOnEvidence: false))
    func time(_ step: Int) -> Timestamp { Timestamp(microseconds: Int64(step) * 100_000) }
    func otherTerms() -> Double {
      ReportedRangeUncertainty.nonLineOfSightVariance(probability: filter.estimate.nonLineOfSightProbability)
    }
    for step in 0..<40 { filter.update(distanceMeters: 2, at: time(step)) }
    #expect(abs(filter.unmodelledVariance(at: time(39)) - otherTerms()) < 1e-15)
    let predicted = filter.estimate(at: time(40)).distanceMeters
    guard case .rejected = filter.update(distanceMeters: 3, at: time(40)) else {
      Issue.record("the 1 m step was not rejected")
      return
    }
    let y = 3 - predicted
    #expect(abs(filter.unmodelledVariance(at: time(40)) - otherTerms() - y * y / 4) < 1e-12)
    guard case .fused = filter.update(distanceMeters: 2, at: time(41)) else {
      Issue.record("the reading after it was not fused")
      return
    }
    #expect(abs(filter.unmodelledVariance(at: time(41)) - otherTerms()) < 1e-15)
  }
}
