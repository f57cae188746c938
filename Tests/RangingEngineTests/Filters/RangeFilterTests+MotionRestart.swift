// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The restart after a run of rejections starts confirmed only when the run
/// was motion (`RejectionRun`): an onset within the rate limit's reach
/// (3 m/s by default) and a rate that kept within `plausibleRateChange`
/// (1 m/s) of the onset's. Noise-free measurements, so each case's numbers
/// follow from the rule by hand.
extension RangeFilterTests {
  struct MotionRestartCase: Sendable, CustomTestStringConvertible {
    var name: String
    var backend: BackendKind
    var intervalMicroseconds: Int64
    var stillDistance: Double
    /// The measurements after the still part, one per interval.
    var run: [Double]
    /// Whether the restart (at the last measurement of `run`) starts confirmed.
    var confirmedAtRestart: Bool
    /// Otherwise, the fusions it then takes: one at least 0.25 s after the restart.
    var fusionsToConfirm = 0
    var testDescription: String { "\(name), \(backend.testDescription)" }

    static let all = BackendKind.allCases.flatMap { b in
      [
        // 2 Hz, a person at 0.3 m starts to run away at 2.5 m/s: onset rate
        // (1.55 - 0.3) / 0.5 = 2.5 m/s <= 3, then (2.8 - 1.55) / 0.5 = 2.5 m/s,
        // 0 from the onset's: motion.
        MotionRestartCase(
          name: "2 Hz, a run away at 2.5 m/s", backend: b, intervalMicroseconds: 500_000, stillDistance: 0.3,
          run: [1.55, 2.8], confirmedAtRestart: true),
        // 2 Hz, a step onto a path 1.2 m longer that holds: onset 2.4 m/s (reachable),
        // then 0 m/s, 2.4 from the onset's: an NLOS level, not motion.
        MotionRestartCase(
          name: "2 Hz, a lasting step of +1.2 m", backend: b, intervalMicroseconds: 500_000, stillDistance: 3,
          run: [4.2, 4.2], confirmedAtRestart: false, fusionsToConfirm: 1),
        // 20 Hz, a step of +0.5 m that holds: onset (4.5 - 4) / 0.05 = 10 m/s, beyond
        // the 3 m/s limit: not motion, whatever follows.
        MotionRestartCase(
          name: "20 Hz, a lasting step of +0.5 m", backend: b, intervalMicroseconds: 50_000, stillDistance: 4,
          run: [4.5, 4.5, 4.5], confirmedAtRestart: false, fusionsToConfirm: 5),
        // 2 Hz, a step of +1.2 m, then +2 m more: onset 2.4 m/s (reachable),
        // then (6.2 - 4.2) / 0.5 = 4 m/s, 1.6 from the onset's: faster than a
        // walker's rate changes in half a second, not motion.
        MotionRestartCase(
          name: "2 Hz, a step of +1.2 m, then +2 m", backend: b, intervalMicroseconds: 500_000, stillDistance: 3,
          run: [4.2, 6.2], confirmedAtRestart: false, fusionsToConfirm: 1),
      ]
    }
  }

  @Test("A restart starts confirmed only after a run of rejections that was motion", arguments: MotionRestartCase.all)
  func restartConfirmedOnlyAfterMotion(_ c: MotionRestartCase) {
    let filter = AnyRangeFilter(c.backend, RangeFilterConfiguration())
    var time: Int64 = 0
    for _ in 0..<40 {
      _ = filter.update(c.stillDistance, Timestamp(microseconds: time))
      time += c.intervalMicroseconds
    }
    #expect(filter.isConfirmed())
    var outcomes: [UpdateOutcome] = []
    for distance in c.run {
      outcomes.append(filter.update(distance, Timestamp(microseconds: time)))
      time += c.intervalMicroseconds
    }
    // The setup: every measurement of the run is rejected and the last restarts the track.
    #expect(outcomes.dropLast().allSatisfy { if case .rejected = $0 { true } else { false } }, "\(outcomes)")
    #expect(outcomes.last == .reset(.persistentRejection), "\(outcomes)")
    #expect(filter.estimate().distanceMeters == c.run.last)
    #expect(filter.isConfirmed() == c.confirmedAtRestart)
    if !c.confirmedAtRestart {
      // Confirmed as a new track is: one fusion (confirmationCount) and 0.25 s
      // (confirmationSeconds) after the restart.
      for _ in 0..<c.fusionsToConfirm {
        #expect(!filter.isConfirmed())
        _ = filter.update(c.run.last!, Timestamp(microseconds: time))
        time += c.intervalMicroseconds
      }
      #expect(filter.isConfirmed())
    }
  }
}
