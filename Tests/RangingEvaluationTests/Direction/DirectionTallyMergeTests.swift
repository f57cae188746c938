// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEvaluation
import Testing

/// ``DirectionTally/merge(_:)``: files scored apart pool as if scored in one tally.
@Suite("DirectionTally merging")
struct DirectionTallyMergeTests {
  /// One object's rows: measured, predicted and unknown directions against
  /// true positions in and out of the field of view (seeded SplitMix64).
  static func rows(object: String, seed: UInt64, count: Int) -> [(DirectionSample, (x: Double, y: Double, z: Double))] {
    var state = seed
    func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    return (0..<count).map { index in
      let kind = next()
      let statePick: DirectionState = kind < 0.6 ? .measured : kind < 0.9 ? .predicted : .unknown
      let direction = statePick == .unknown ? nil : Direction(x: next() - 0.5, y: next() - 0.5, z: -1 + 0.2 * next())
      let truth = (x: 3 * (next() - 0.5), y: 3 * (next() - 0.5), z: next() < 0.8 ? -2.0 : 2.0)
      let sample = DirectionSample(
        time: Timestamp(microseconds: Int64(index) * 100_000), object: object, direction: direction, state: statePick)
      return (sample, truth)
    }
  }

  @Test("Two tallies merged report what one tally of all their rows reports")
  func mergeIsPooling() throws {
    let first = Self.rows(object: "a", seed: 1, count: 400)
    let second = Self.rows(object: "b", seed: 2, count: 300)
    var whole = DirectionTally(), a = DirectionTally(), b = DirectionTally()
    var gapA = DirectionTally.ObjectGap(), gapB = DirectionTally.ObjectGap()
    var wholeA = DirectionTally.ObjectGap(), wholeB = DirectionTally.ObjectGap()
    for (sample, truth) in first {
      a.add(sample, truePosition: truth, gap: &gapA)
      whole.add(sample, truePosition: truth, gap: &wholeA)
    }
    for (sample, truth) in second {
      b.add(sample, truePosition: truth, gap: &gapB)
      whole.add(sample, truePosition: truth, gap: &wholeB)
    }
    var merged = a
    merged.merge(b)
    #expect(whole.report.gaps > 0, "the rows open gaps")
    #expect(whole.report.outOfView != nil, "some rows are out of view")
    // The out-of-view mean is a sum of two files' sums instead of one running sum: equal to rounding.
    var report = merged.report, expected = whole.report
    let mean = try #require(report.outOfView?.meanDegrees), expectedMean = try #require(expected.outOfView?.meanDegrees)
    #expect(abs(mean - expectedMean) <= 1e-12 * expectedMean)
    report.outOfView?.meanDegrees = nil
    expected.outOfView?.meanDegrees = nil
    #expect(report == expected)
  }
}
