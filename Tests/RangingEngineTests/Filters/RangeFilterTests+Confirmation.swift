// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// A track has held once it has `confirmationCount` fusions and has lasted
/// `confirmationSeconds` since it (re)started: by default one fusion and
/// 0.25 s, which is the first fusion at 1 to 4 Hz and the fifth at 20 Hz.
/// Zones act on a fresh track from its first reading, on a restarted one
/// once it has held.
extension RangeFilterTests {
  struct ConfirmationCase: Sendable, CustomTestStringConvertible {
    var backend: BackendKind
    var intervalMicroseconds: Int64
    var count: Int
    var seconds: Double
    /// Fusions after the first measurement until confirmed, by the rule:
    /// max(count, ceil(seconds / interval)).
    var expectedFusions: Int
    var testDescription: String {
      "every \(Double(intervalMicroseconds) / 1e6) s, count \(count), \(seconds) s: \(expectedFusions), \(backend.testDescription)"
    }
    static let all = BackendKind.allCases.flatMap { b in
      [
        ConfirmationCase(backend: b, intervalMicroseconds: 1_000_000, count: 1, seconds: 0.25, expectedFusions: 1),
        ConfirmationCase(backend: b, intervalMicroseconds: 200_000, count: 1, seconds: 0.25, expectedFusions: 2),
        ConfirmationCase(backend: b, intervalMicroseconds: 50_000, count: 1, seconds: 0.25, expectedFusions: 5),
        ConfirmationCase(backend: b, intervalMicroseconds: 50_000, count: 2, seconds: 0, expectedFusions: 2),
        ConfirmationCase(backend: b, intervalMicroseconds: 1_000_000, count: 3, seconds: 0.25, expectedFusions: 3),
        ConfirmationCase(backend: b, intervalMicroseconds: 1_000_000, count: 0, seconds: 0, expectedFusions: 0),
      ]
    }
  }

  @Test("A track has held after confirmationCount fusions and confirmationSeconds, both", arguments: ConfirmationCase.all)
  func confirmedByCountAndTime(_ c: ConfirmationCase) {
    let filter = AnyRangeFilter(c.backend, RangeFilterConfiguration(confirmationCount: c.count, confirmationSeconds: c.seconds))
    var time: Int64 = 0
    _ = filter.update(3, Timestamp(microseconds: time))
    var fusions = 0
    while !filter.hasHeld() && fusions < 100 {
      time += c.intervalMicroseconds
      guard case .fused = filter.update(3, Timestamp(microseconds: time)) else { Issue.record("not fused"); return }
      fusions += 1
    }
    #expect(fusions == c.expectedFusions)
  }

  /// 3 m every 0.5 s, then 6 m from 5 s on: the gate rejects 6 m (4 sigma of a
  /// few centimetres), and the second rejection, 0.5 s after the first, restarts
  /// the track there (resetAfterSeconds 0.5).
  @Test("A fresh track is confirmed at its first reading; a restarted one only once it has held",
        arguments: BackendKind.allCases)
  func freshTracksAreConfirmedRestartsMustHold(backend: BackendKind) {
    let filter = AnyRangeFilter(backend, RangeFilterConfiguration(confirmationCount: 1, confirmationSeconds: 1))
    _ = filter.update(3, Timestamp(seconds: 0))
    #expect(filter.isConfirmed() && !filter.hasHeld())
    var t = 0.5
    while t < 5 {
      _ = filter.update(3, Timestamp(seconds: t))
      t += 0.5
    }
    #expect(filter.isConfirmed() && filter.hasHeld())
    guard case .rejected = filter.update(6, Timestamp(seconds: 5)) else { Issue.record("6 m not rejected"); return }
    guard case .reset = filter.update(6, Timestamp(seconds: 5.5)) else { Issue.record("no restart at 6 m"); return }
    #expect(!filter.isConfirmed() && !filter.hasHeld())
    _ = filter.update(6, Timestamp(seconds: 6))
    #expect(!filter.isConfirmed())  // one fusion, 0.5 s of the 1 s
    _ = filter.update(6, Timestamp(seconds: 6.5))
    #expect(filter.isConfirmed() && filter.hasHeld())
  }
}
