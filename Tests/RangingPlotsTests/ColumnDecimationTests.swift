// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingPlots

@Suite("ColumnDecimation")
struct ColumnDecimationTests {
  @Test("A rising sawtooth of ten points per column keeps each column's first and last point, in order")
  func sawtooth() {
    // Point i at x = i / 10, y = i mod 10: in column c the first point (y 0)
    // is the lowest and the last (y 9) the highest, so M4 keeps two a column.
    let line = (0..<1000).map { (x: Double($0) / 10, y: Double($0 % 10)) }
    let kept = ColumnDecimation.m4(line)
    #expect(kept.count == 200)
    #expect(kept.prefix(4).map { [$0.x, $0.y] } == [[0, 0], [0.9, 9], [1, 0], [1.9, 9]])
  }

  @Test("M4 of a sine keeps, in every column, the sine's own lowest and highest sample and draws them in order")
  func sineExtremes() {
    // 200 samples a column of y = sin(x / 7); the reference extremes are
    // taken from the samples column by column, not from the decimation.
    let line = (0..<40_000).map { i -> (x: Double, y: Double) in
      let x = Double(i) / 200
      return (x, sin(x / 7))
    }
    let kept = ColumnDecimation.m4(line)
    #expect(kept.count <= 4 * 200)
    #expect(zip(kept, kept.dropFirst()).allSatisfy { $0.x <= $1.x }, "points stay in drawing order")
    for column in 0..<200 {
      let samples = line[(column * 200)..<((column + 1) * 200)].map(\.y)
      let inColumn = kept.filter { $0.x.rounded(.down) == Double(column) }.map(\.y)
      #expect(inColumn.min() == samples.min() && inColumn.max() == samples.max(), "column \(column)")
      #expect(inColumn.first == samples.first && inColumn.last == samples.last, "column \(column)")
    }
  }

  @Test("A scatter becomes one entry per column with its lowest and highest y and its count")
  func scatter() {
    let points: [(x: Double, y: Double)] = [(0.2, 5), (0.7, 1), (0.9, 3), (2.5, 4), (1e300, 2)]
    let columns = ColumnDecimation.scatter(points)
    #expect(columns == [.init(x: 0.2, lowY: 1, highY: 5, count: 3), .init(x: 2.5, lowY: 4, highY: 4, count: 1),
                        .init(x: 1e300, lowY: 2, highY: 2, count: 1)])
  }

  @Test("Intervals closer than the gap merge; others stay apart")
  func merged() {
    let merged = ColumnDecimation.merged([(0, 1), (1.5, 3), (5, 6), (5.5, 5.7)])
    #expect(merged.map { [$0.left, $0.right] } == [[0, 3], [5, 6]])
  }
}
