// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// When the lost check is due, against values worked out from the rule
/// (``LostCheckClock``): due at the first time, then at the first time at
/// least 0.5 s past the previous check; an earlier time moves nothing.
@Suite("LostCheckClock")
struct LostCheckClockTests {
  /// A clock advanced by a timer every `tickMicroseconds`, from 0.
  struct TimerCase: Sendable, CustomTestStringConvertible {
    var tickMicroseconds: Int64
    /// Every how many ticks the check is due: the fewest ticks that span
    /// 0.5 s, ceil(500,000 / tick).
    var ticksPerCheck: Int
    var testDescription: String { "tick \(tickMicroseconds) µs: every \(ticksPerCheck)" }
  }

  @Test("A timer with a fixed tick runs the check every ceil(0.5 s / tick) ticks", arguments: [
    TimerCase(tickMicroseconds: 100_000, ticksPerCheck: 5),
    TimerCase(tickMicroseconds: 125_000, ticksPerCheck: 4),
    TimerCase(tickMicroseconds: 200_000, ticksPerCheck: 3),
    TimerCase(tickMicroseconds: 300_000, ticksPerCheck: 2),
    TimerCase(tickMicroseconds: 499_999, ticksPerCheck: 2),
    TimerCase(tickMicroseconds: 500_000, ticksPerCheck: 1),
    TimerCase(tickMicroseconds: 700_000, ticksPerCheck: 1),
  ])
  func fixedTick(_ c: TimerCase) {
    var clock = LostCheckClock()
    let ticks = 0..<(4 * c.ticksPerCheck + 1)
    let due = ticks.filter { clock.advance(to: Timestamp(microseconds: Int64($0) * c.tickMicroseconds)) }
    #expect(due == Array(stride(from: 0, to: ticks.upperBound, by: c.ticksPerCheck)))
    #expect(clock.time == Timestamp(microseconds: Int64(ticks.upperBound - 1) * c.tickMicroseconds))
  }

  @Test("Irregular times: the interval counts from the previous check, not from the previous time")
  func irregularTimes() {
    var clock = LostCheckClock()
    // 10.0 first: due. 10.4: 0.4 after the check. 11.3: 1.3 after: due (not at 10.5, which no row had).
    // 11.7: 0.4 after 11.3. 11.8: exactly 0.5 after: due. 12.299999: 0.499999 after 11.8. 12.3: due.
    let seconds = [10.0, 10.4, 11.3, 11.7, 11.8, 12.299_999, 12.3]
    let due = seconds.map { clock.advance(to: Timestamp(seconds: $0)) }
    #expect(due == [true, false, true, false, true, false, true])
  }

  @Test("An earlier time moves neither the clock nor the check; the same time again is not due")
  func earlierTimes() {
    var clock = LostCheckClock()
    #expect(clock.time == nil)
    // -3 is the first time (negative times are times too): due. -5 and -4 are before the clock:
    // had -5 been taken as a check, -4 would be 1 s past it and due. -3 again: 0 s past the check.
    // -2.6: 0.4 s past it. -2.5: 0.5 s past it, due.
    let steps: [(seconds: Double, due: Bool, clock: Double)] = [
      (-3, true, -3), (-5, false, -3), (-4, false, -3), (-3, false, -3), (-2.6, false, -2.6), (-2.5, true, -2.5),
    ]
    for step in steps {
      let due = clock.advance(to: Timestamp(seconds: step.seconds))
      #expect(due == step.due, "\(step.seconds) s")
      #expect(clock.time == Timestamp(seconds: step.clock), "\(step.seconds) s")
    }
  }

  @Test("Across the widest gap the check is due: 2⁶⁴ − 1 µs later, not 1 µs earlier")
  func widestGap() {
    // Issue 34: Int64.max − Int64.min wrapped to −1 µs, so a long gap looked like no time at all.
    var clock = LostCheckClock()
    let due = [Int64.min, .max].map { clock.advance(to: Timestamp(microseconds: $0)) }
    #expect(due == [true, true])
    #expect(clock.time == Timestamp(microseconds: .max))
  }

  @Test("The lost check runs every 0.5 s of clock time")
  func interval() {
    #expect(LostCheckClock.intervalSeconds == 0.5)
  }
}
