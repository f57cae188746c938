// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

extension RangeFilterTests {
  /// The defaults with the measurement sigma held at its configured value and
  /// the gates as set on every measurement: the closed-form and reference
  /// tests check the Kalman algebra for a known `R` and gate
  /// (MeasurementNoiseEstimatorTests checks how `R` is measured,
  /// OutlierEvidenceTests when the gate is as set).
  static let fixedNoise = RangeFilterConfiguration(adaptsMeasurementNoise: false, gatesOnEvidence: false)

  /// A still object at 5 m measured every second, with `reading` at update 30 and 5 m at update 31.
  static func stillWithOutlier<B: KalmanBackend>(_: B.Type, reading: Double) -> (RangeFilter<B>, [UpdateOutcome], FilterHealth) {
    let filter = RangeFilter<B>(configuration: Self.fixedNoise)
    var outcomes: [UpdateOutcome] = []
    for index in 0...31 {
      let distance = index == 30 ? reading : 5
      outcomes.append(filter.update(distanceMeters: distance, at: Timestamp(microseconds: Int64(index) * 1_000_000)))
    }
    return (filter, outcomes, filter.health)
  }

  @Test("At 1 Hz a long outlier inside the gate is undone by the next measurement: the state is the one that never saw it",
        arguments: BackendKind.allCases)
  func outlierUndone(_ backend: BackendKind) {
    func check<B: KalmanBackend>(_ type: B.Type) {
      let (filter, outcomes, health) = Self.stillWithOutlier(type, reading: 7)
      // The outlier passes the 4-sigma gate (2.3 m wide at 1 Hz) with a test ratio above 0.25...
      guard case .fused(let ratio) = outcomes[30] else { Issue.record("outlier not fused: \(outcomes[30])"); return }
      #expect(ratio > RangeFilter<B>.undoTestRatio)
      // ...and the next measurement is fused after undoing it.
      guard case .fused = outcomes[31] else { Issue.record("next not fused: \(outcomes[31])"); return }
      #expect(health.contains(.undidPreviousFusion))
      // The same updates without the outlier: one step of 2 s from update 29.
      Self.expectSameState(filter, asOneThatSaw: [Double](repeating: 5, count: 32), at: [Int](0...29) + [31])
    }
    Self.on(backend) { check($0) }
  }

  @Test("A small innovation is never undone, and a rejection that the older state does not explain stays a rejection")
  func undoOnlyWhenExplained() {
    // 5.3 m: fused with a test ratio below 0.25 (0.3 m against a 2.3 m gate), so nothing to undo.
    let (_, small, smallHealth) = Self.stillWithOutlier(SwiftKalmanBackend.self, reading: 5.3)
    guard case .fused(let ratio) = small[30] else { Issue.record("\(small[30])"); return }
    #expect(ratio < RangeFilter<SwiftKalmanBackend>.undoTestRatio)
    #expect(!smallHealth.contains(.undidPreviousFusion))
    // A fused outlier followed by a reading that fits neither state (20 m): rejected, not undone.
    let filter = RangeFilter<SwiftKalmanBackend>(configuration: Self.fixedNoise)
    for index in 0..<30 { _ = filter.update(distanceMeters: 5, at: Timestamp(microseconds: Int64(index) * 1_000_000)) }
    guard case .fused = filter.update(distanceMeters: 7, at: Timestamp(microseconds: 30_000_000)) else {
      Issue.record("outlier not fused"); return
    }
    guard case .rejected = filter.update(distanceMeters: 20, at: Timestamp(microseconds: 31_000_000)) else {
      Issue.record("20 m not rejected"); return
    }
    #expect(!filter.health.contains(.undidPreviousFusion))
  }
}

extension RangeFilterTests {
  @Test("At 1 Hz a burst of two long readings is undone twice: the state is the one that never saw either",
        arguments: BackendKind.allCases)
  func twoReadingBurstUndone(_ backend: BackendKind) {
    // Still at 5 m every second, two long readings (7.3 and 6.6 m, an NLOS burst),
    // then 3.5 m: the object walked in meanwhile. Found by searching the FilterPy
    // reference (scripts/reference/range_filter_reference.py) for a double undo.
    let readings = [Double](repeating: 5, count: 30) + [7.3, 6.6, 3.5]
    func check<B: KalmanBackend>(_ type: B.Type) {
      let (filter, outcomes, undoneAt) = Self.feedOneHertz(type, readings)
      let undone = undoneAt.filter { $0 >= 30 }.count
      // 7.3 is fused; 6.6 is fused after undoing it; 3.5 after undoing 6.6.
      guard case .fused = outcomes[30], case .fused = outcomes[31], case .fused = outcomes[32] else {
        Issue.record("outcomes \(outcomes.suffix(3))"); return
      }
      #expect(undone == 2)
      // The same readings without the burst: one step of 3 s from update 29.
      Self.expectSameState(filter, asOneThatSaw: readings, at: [Int](0...29) + [32])
    }
    Self.on(backend) { check($0) }
  }

  /// Feeds `readings[i]` at second `i` to a new filter with ``fixedNoise``;
  /// returns it, each update's outcome and the updates that undid a fusion.
  static func feedOneHertz<B: KalmanBackend>(
    _: B.Type, _ readings: [Double]
  ) -> (RangeFilter<B>, [UpdateOutcome], undoneAt: [Int]) {
    let filter = RangeFilter<B>(configuration: Self.fixedNoise)
    var outcomes: [UpdateOutcome] = []
    var undoneAt: [Int] = []
    for (index, z) in readings.enumerated() {
      outcomes.append(filter.update(distanceMeters: z, at: Timestamp(microseconds: Int64(index) * 1_000_000)))
      if filter.health.contains(.undidPreviousFusion) { undoneAt.append(index) }
    }
    return (filter, outcomes, undoneAt)
  }

  /// Expects `filter`'s estimate to equal, to 1e-12, that of a new filter fed
  /// `readings[i]` at second `i` for each `i` of `indices` only.
  static func expectSameState<B: KalmanBackend>(_ filter: RangeFilter<B>, asOneThatSaw readings: [Double], at indices: [Int]) {
    let reference = RangeFilter<B>(configuration: Self.fixedNoise)
    for index in indices {
      _ = reference.update(distanceMeters: readings[index], at: Timestamp(microseconds: Int64(index) * 1_000_000))
    }
    #expect(abs(filter.estimate.distanceMeters - reference.estimate.distanceMeters) <= 1e-12)
    #expect(abs(filter.estimate.rateMetersPerSecond - reference.estimate.rateMetersPerSecond) <= 1e-12)
    #expect(abs(filter.estimate.sigmaMeters - reference.estimate.sigmaMeters) <= 1e-12)
  }

  /// Runs a generic check on the backend `kind` names.
  static func on(_ kind: BackendKind, _ check: (any KalmanBackend.Type) -> Void) {
    switch kind {
    #if GSL
      case .gsl: check(GSLKalmanBackend.self)
    #endif
    case .swift: check(SwiftKalmanBackend.self)
    }
  }
}

extension RangeFilterTests {
  @Test("At 1 Hz two long readings that agree both fuse, and the true reading after them is fused from the state before both",
        arguments: BackendKind.allCases)
  func twoAgreeingLongReadingsUndone(_ backend: BackendKind) {
    // Still at 5 m every second, then 6.8 and 7.5 m (an NLOS burst whose second
    // reading agrees with the rate the first one set), then 5 m. Against the state
    // between the two, the 5 m reading is rejected; against the state before both,
    // it passes. Found with the FilterPy reference (scripts/reference/range_filter_reference.py,
    // test ratios 0.585 and 0.375: both fusions may be undone).
    let readings = [Double](repeating: 5, count: 30) + [6.8, 7.5, 5]
    func check<B: KalmanBackend>(_ type: B.Type) {
      let (filter, outcomes, undoneAt) = Self.feedOneHertz(type, readings)
      guard case .fused(let first) = outcomes[30], case .fused(let second) = outcomes[31], case .fused = outcomes[32] else {
        Issue.record("outcomes \(outcomes.suffix(3))"); return
      }
      // Both long readings fused with a test ratio above 0.25, neither by an undo...
      #expect(first > RangeFilter<B>.undoTestRatio && second > RangeFilter<B>.undoTestRatio)
      // ...and the 5 m reading by one undo that went back over both.
      #expect(undoneAt == [32])
      Self.expectSameState(filter, asOneThatSaw: readings, at: [Int](0...29) + [32])
    }
    Self.on(backend) { check($0) }
  }
}
