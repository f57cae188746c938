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

  /// Issue 38: the sample is a heap by hash. Whatever the order rows arrive in,
  /// it keeps exactly the `capacity` rows whose hashes are lowest, as sorting
  /// every hash and taking the first `capacity` gives.
  @Test("It keeps exactly the rows with the lowest hashes, whatever their order", arguments: [1, 2, 3, 4, 5])
  func keepsTheLowestHashes(seed: UInt64) {
    var state = seed
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      return RowSample.hash(Int(truncatingIfNeeded: state))
    }
    // Line numbers in a shuffled order, some repeated runs of ascending and descending lines among them.
    let count = 3_000 + Int(next() % 20_000)
    var lines = Array(1...count)
    for i in stride(from: lines.count - 1, to: 0, by: -1) { lines.swapAt(i, Int(next() % UInt64(i + 1))) }
    if seed == 4 { lines.sort() }
    if seed == 5 { lines.sort(by: >) }
    var sample = RowSample()
    for line in lines { sample.add(Double(line), line: line) }
    let expected = Array(lines.map { (RowSample.hash($0), Double($0)) }.sorted { $0.0 < $1.0 }.prefix(RowSample.capacity))
    let kept = sample.entries.map { ($0.hash, $0.value) }.sorted { $0.0 < $1.0 }
    #expect(kept.count == expected.count)
    #expect(kept.elementsEqual(expected) { $0.0 == $1.0 && $0.1 == $1.1 })
    let median = expected.map(\.1).sorted()[(expected.count - 1) / 2]
    #expect(sample.median == median)
  }
}
