// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

extension RangeFilterTests {
  struct LowRateJumpCase: Sendable, CustomTestStringConvertible {
    var backend: BackendKind
    var intervalMicroseconds: Int64
    var resetAfterSeconds: Double
    /// Updates from the jump to the restart, by the rule: resetAfterRejections (3), or the
    /// first rejection at least two in and resetAfterSeconds after the first.
    var expectedUpdates: Int
    var testDescription: String {
      "every \(Double(intervalMicroseconds) / 1e6) s, reset after \(resetAfterSeconds) s: \(expectedUpdates) updates, \(backend.testDescription)"
    }
    static let all = BackendKind.allCases.flatMap { b in
      [
        // 1 Hz: the second rejection comes 1 s after the first (>= 0.5 s).
        LowRateJumpCase(backend: b, intervalMicroseconds: 1_000_000, resetAfterSeconds: 0.5, expectedUpdates: 2),
        // 1 Hz with 2.5 s: the third rejection (2 s) comes first, by count.
        LowRateJumpCase(backend: b, intervalMicroseconds: 1_000_000, resetAfterSeconds: 2.5, expectedUpdates: 3),
        // 10 Hz: two rejections span 0.1 s, three 0.2 s; the count decides.
        LowRateJumpCase(backend: b, intervalMicroseconds: 100_000, resetAfterSeconds: 0.5, expectedUpdates: 3),
        // 0 s: any second rejection restarts.
        LowRateJumpCase(backend: b, intervalMicroseconds: 100_000, resetAfterSeconds: 0, expectedUpdates: 2),
      ]
    }
  }

  @Test("A lasting jump is followed after resetAfterRejections updates or two spanning resetAfterSeconds, whichever is first",
        arguments: LowRateJumpCase.all)
  func lowRateJumpFollowed(_ c: LowRateJumpCase) {
    // The count form is 3 by default; these cases set it explicitly to check the two forms together.
    let filter = AnyRangeFilter(
      c.backend, RangeFilterConfiguration(resetAfterRejections: 3, resetAfterSeconds: c.resetAfterSeconds))
    let outcomes = Self.stepFrom5To20(filter, intervalMicroseconds: c.intervalMicroseconds, limit: 5)
    #expect(outcomes.count == c.expectedUpdates, "outcomes \(outcomes)")
    #expect(outcomes.dropLast().allSatisfy { if case .rejected = $0 { true } else { false } }, "outcomes \(outcomes)")
    #expect(filter.estimate().distanceMeters == 20)
  }

  @Test("By default a lasting jump is followed at the third rejection or once two span 0.5 s, at 1, 10 and 100 Hz",
        arguments: BackendKind.allCases, [(Int64(1_000_000), 2), (100_000, 3), (10_000, 3)])
  func defaultJumpFollowedInTime(backend: BackendKind, rate: (intervalMicroseconds: Int64, expectedUpdates: Int)) {
    let filter = AnyRangeFilter(backend, RangeFilterConfiguration())
    // From the first rejection at t0, the restart comes at the third rejection in a row
    // (resetAfterRejections 3) or at the first one at or after t0 + 0.5 s, whichever is first:
    // the second at 1 Hz, the third at 10 and 100 Hz.
    let outcomes = Self.stepFrom5To20(filter, intervalMicroseconds: rate.intervalMicroseconds, limit: 60)
    #expect(outcomes.count == rate.expectedUpdates, "outcomes \(outcomes)")
    #expect(filter.estimate().distanceMeters == 20)
  }

  /// Feeds a still object at 5 m for 30 updates, then a lasting step to 20 m (outside the gate
  /// at every rate used, also against the variance the prediction gains over three uncorrected
  /// seconds at 1 Hz, where R is at least 0.15²: 4 sigma = 10.3 m), `intervalMicroseconds` apart, until the filter restarts
  /// after rejections or `limit` step updates. Returns the outcomes of the step updates.
  static func stepFrom5To20(_ filter: AnyRangeFilter, intervalMicroseconds: Int64, limit: Int) -> [UpdateOutcome] {
    var time: Int64 = 0
    for _ in 0..<30 {
      _ = filter.update(5, Timestamp(microseconds: time))
      time += intervalMicroseconds
    }
    var outcomes: [UpdateOutcome] = []
    for _ in 0..<limit {
      let outcome = filter.update(20, Timestamp(microseconds: time))
      time += intervalMicroseconds
      outcomes.append(outcome)
      if case .reset(.persistentRejection) = outcome { break }
    }
    return outcomes
  }

  /// One +3 m spike at update 30 of a still object at 5 m. It lies outside
  /// the long gate as set and is rejected, with the gates on evidence too:
  /// from 0.88 s between readings the gates are as set whether or not the
  /// readings have shown outliers (their pseudo-residuals measure motion as
  /// much as the device there), where before the spike was fused inside a
  /// gate twice as wide and undone by the next reading. The track never
  /// restarts and ends where it started.
  @Test("A single long spike at 1 Hz is rejected and never restarts the track", arguments: [false, true])
  func lowRateSpikeIgnored(gatesOnEvidence: Bool) {
    for backend in BackendKind.allCases {
      let filter = AnyRangeFilter(backend, RangeFilterConfiguration(gatesOnEvidence: gatesOnEvidence))
      var time: Int64 = 0
      for index in 0..<40 {
        let outcome = filter.update(index == 30 ? 8 : 5, Timestamp(microseconds: time))
        time += 1_000_000
        if index == 30 { #expect(outcome == .rejected(testRatio: outcome.testRatioForTest), "\(outcome)") }
        if case .reset = outcome { Issue.record("restarted at update \(index)") }
      }
      #expect(abs(filter.estimate().distanceMeters - 5) < 1e-9)
    }
  }
}

extension UpdateOutcome {
  /// The test ratio of a fused or rejected outcome (NaN otherwise), for comparisons in tests.
  fileprivate var testRatioForTest: Double {
    switch self {
    case .fused(let ratio), .rejected(let ratio): ratio
    default: .nan
    }
  }
}

extension RangeFilterTests {
  @Test("The measured noise sets R at 10 Hz; at 1 Hz, where it measures motion as well, R is at least the textbook's 0.15 m")
  func measurementSigmaFlooredAtLowRates() {
    // A device with 0.02 m of Gaussian jitter on an object walking between 2 and 6 m.
    func sigmas(interval: Double) -> [Double] {
      let stream = ReportedTrackTests.readings(
        interval: interval, count: 300, jitter: 0.02, lasting: (0, 0), spikes: { _ in false }, seed: 0x5_16A)
      let filter = RangeFilter<SwiftKalmanBackend>()
      return stream.map { reading in
        filter.update(distanceMeters: reading.distance, at: reading.time)
        return filter.measurementSigmaMeters
      }
    }
    let fast = sigmas(interval: 0.1).dropFirst(50).sorted()
    // At 10 Hz σ̂ is the device's jitter (0.02 m), well under the floor.
    #expect(fast[fast.count / 2] > 0.01 && fast[fast.count / 2] < 0.05, "median sigma at 10 Hz: \(fast[fast.count / 2])")
    let slow = sigmas(interval: 1).dropFirst(3)
    #expect(slow.allSatisfy { $0 >= 0.15 - 1e-12 }, "least sigma at 1 Hz: \(slow.min() ?? .nan)")
    // The floor binds: a 0.02 m device's σ̂ at 1 Hz is mostly below it.
    #expect(slow.filter { abs($0 - 0.15) < 1e-12 }.count > slow.count / 2)
  }
}
