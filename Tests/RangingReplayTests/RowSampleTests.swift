// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingReplay

/// The fixed-size sample behind the unit warnings (issue 34, item 12).
@Suite("RowSample")
struct RowSampleTests {
  @Test("Under its capacity it keeps every value, and its median is the middle one")
  func keepsEverythingWhenSmall() {
    var sample = RowSample()
    for line in 1...501 { sample.add(Double(502 - line), line: line) }
    #expect(sample.count == 501)
    #expect(sample.median == 251)
  }

  @Test("It never keeps more than its capacity, however many rows")
  func staysBounded() {
    var sample = RowSample()
    for line in 1...100_000 { sample.add(Double(line % 1000), line: line) }
    #expect(sample.count == RowSample.capacity)
    // Uniform over 0...999: the median of a uniform sample of 1,024 lies near 500.
    #expect(abs((sample.median ?? 0) - 500) < 60)
  }

  @Test("Samples of a split of the rows merge into the sample of all of them, in any order")
  func mergesExactly() {
    var whole = RowSample(), odd = RowSample(), even = RowSample()
    for line in 1...20_000 {
      let value = Double(line) * 0.5
      whole.add(value, line: line)
      if line % 2 == 0 { even.add(value, line: line) } else { odd.add(value, line: line) }
    }
    var merged = odd
    merged.merge(even)
    #expect(merged == whole)
    #expect(merged.median == whole.median)
  }
}
