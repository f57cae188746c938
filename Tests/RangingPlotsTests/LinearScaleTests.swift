// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingPlots

@Suite("LinearScale")
struct LinearScaleTests {
  @Test("Maps the domain affinely onto the range, also upside down for a vertical axis")
  func mapping() {
    let x = LinearScale(domain: (0, 10), range: (100, 200))
    // 100 + (2.5 - 0) / 10 · 100 = 125; outside the domain extrapolates: -1 -> 90.
    #expect(x(2.5) == 125 && x(0) == 100 && x(10) == 200 && x(-1) == 90)
    let y = LinearScale(domain: (0, 5), range: (480, 72))
    // 480 + 1.25 / 5 · (72 - 480) = 480 - 102 = 378.
    #expect(y(1.25) == 378 && y(5) == 72)
  }

  @Test("Nice steps are 1, 2 or 5 times a power of ten (Heckbert's thresholds 1.5, 3, 7)")
  func niceSteps() {
    // span / count = 1.4 -> 1;  0.45 -> 0.5;  3.7 -> 5;  0.7 (= 7 · 0.1, not below 7) -> 1;  25 -> 20;  0.0029 -> 0.002.
    #expect(LinearScale.niceStep(span: 8.4, count: 6) == 1)
    #expect(LinearScale.niceStep(span: 1.8, count: 4) == 0.5)
    #expect(LinearScale.niceStep(span: 37, count: 10) == 5)
    #expect(LinearScale.niceStep(span: 4.2, count: 6) == 1)
    #expect(LinearScale.niceStep(span: 250, count: 10) == 20)
    #expect(abs(LinearScale.niceStep(span: 0.029, count: 10) - 0.002) < 1e-15)
  }

  @Test("Ticks are the multiples of the step inside the domain, whichever way round it is")
  func ticks() {
    // 0.3...2.1, about 4 intervals: step 0.5 -> 0.5, 1, 1.5, 2.
    #expect(LinearScale(domain: (0.3, 2.1), range: (0, 1)).ticks(approximateCount: 4) == [0.5, 1, 1.5, 2])
    // A domain given high to low gives the same ticks, and ends count: 0...3, step 1.
    #expect(LinearScale(domain: (3, 0), range: (0, 1)).ticks(approximateCount: 3) == [0, 1, 2, 3])
    // Negative values, and 0 written as 0, not -0.
    let ticks = LinearScale(domain: (-30, 30), range: (0, 1)).ticks(approximateCount: 6)
    #expect(ticks == [-30, -20, -10, 0, 10, 20, 30] && ticks[3].sign == .plus)
    #expect(LinearScale.ceiling(4.2, toMultipleOf: 1) == 5 && LinearScale.ceiling(4, toMultipleOf: 0.5) == 4)
  }
}
