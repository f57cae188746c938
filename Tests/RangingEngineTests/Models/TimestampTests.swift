// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// Differences of two times, against values worked out by hand: two `Int64`
/// microsecond times can lie up to 2⁶⁴ − 1 µs apart, which an `Int64`
/// difference cannot hold (issue 34: a 9.4e12 s gap wrapped to a negative
/// one, so time went backwards, nothing was lost, NLOS went negative).
@Suite("Timestamp")
struct TimestampTests {
  struct Gap: Sendable, CustomTestStringConvertible {
    var later: Int64
    var earlier: Int64
    /// later − earlier, seconds, as the nearest `Double` to the exact decimal.
    var seconds: Double
    /// |later − earlier|, microseconds, exact.
    var apart: UInt64
    var testDescription: String { "\(later) − \(earlier) µs" }
  }

  static let gaps: [Gap] = [
    Gap(later: 0, earlier: 0, seconds: 0, apart: 0),
    Gap(later: 1, earlier: 0, seconds: 1e-6, apart: 1),
    Gap(later: 0, earlier: 1, seconds: -1e-6, apart: 1),
    Gap(later: 1_700_000_000_250_000, earlier: 1_700_000_000_000_000, seconds: 0.25, apart: 250_000),
    // Both rows of issue 34's reproducer, within the readers' ±9.2e12 s: 9.4e12 s apart.
    Gap(later: 4_700_000_000_000_000_000, earlier: -4_700_000_000_000_000_000, seconds: 9.4e12,
        apart: 9_400_000_000_000_000_000),
    Gap(later: -4_700_000_000_000_000_000, earlier: 4_700_000_000_000_000_000, seconds: -9.4e12,
        apart: 9_400_000_000_000_000_000),
    // The C API's widest: 2⁶⁴ − 1 µs.
    Gap(later: .max, earlier: .min, seconds: 18_446_744_073_709.551615, apart: .max),
    Gap(later: .min, earlier: .max, seconds: -18_446_744_073_709.551615, apart: .max),
    // Exactly 2⁶³ µs, one past Int64.max.
    Gap(later: 0, earlier: .min, seconds: 9_223_372_036_854.775808, apart: 1 << 63),
    Gap(later: .max, earlier: .max - 1, seconds: 1e-6, apart: 1),
    Gap(later: .min, earlier: .min + 1, seconds: -1e-6, apart: 1),
  ]

  @Test("seconds(since:) has the sign and size of the true difference, for any two times", arguments: gaps)
  func secondsSince(_ gap: Gap) {
    let seconds = Timestamp(microseconds: gap.later).seconds(since: Timestamp(microseconds: gap.earlier))
    // One rounding of the exact count to Double, one division by 10⁶: within an ulp or two.
    #expect(abs(seconds - gap.seconds) <= 2 * gap.seconds.magnitude.ulp)
    #expect(seconds.sign == gap.seconds.sign || gap.seconds == 0)
  }

  @Test("microsecondsApart(from:) is exact and symmetric, up to 2⁶⁴ − 1 µs", arguments: gaps)
  func microsecondsApart(_ gap: Gap) {
    let later = Timestamp(microseconds: gap.later), earlier = Timestamp(microseconds: gap.earlier)
    #expect(later.microsecondsApart(from: earlier) == gap.apart)
    #expect(earlier.microsecondsApart(from: later) == gap.apart)
  }
}
