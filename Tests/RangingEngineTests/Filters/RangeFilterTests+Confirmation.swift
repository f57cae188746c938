// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// A new track is confirmed once it has `confirmationCount` fusions and has
/// lasted `confirmationSeconds`: by default one fusion and 0.25 s, which is
/// the first fusion at 1 to 4 Hz and the fifth at 20 Hz.
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

  @Test("A new track is confirmed after confirmationCount fusions and confirmationSeconds, both", arguments: ConfirmationCase.all)
  func confirmedByCountAndTime(_ c: ConfirmationCase) {
    let filter = AnyRangeFilter(c.backend, RangeFilterConfiguration(confirmationCount: c.count, confirmationSeconds: c.seconds))
    var time: Int64 = 0
    _ = filter.update(3, Timestamp(microseconds: time))
    var fusions = 0
    while !filter.isConfirmed() && fusions < 100 {
      time += c.intervalMicroseconds
      guard case .fused = filter.update(3, Timestamp(microseconds: time)) else { Issue.record("not fused"); return }
      fusions += 1
    }
    #expect(fusions == c.expectedFusions)
  }
}
