// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@testable import RangingEvaluation

@Suite("DistanceErrorComparison")
struct DistanceErrorTests {
  /// True distance 2.0 m at t = 1...4; measured 2.3, 1.6, 2.0, 2.1; filtered 2.1, 1.8, 2.2, 2.0.
  /// Filtered errors 0.1, -0.2, 0.2, 0.0:
  ///   RMSE = √((0.01 + 0.04 + 0.04 + 0)/4) = √0.0225 = 0.15, MAE = 0.5/4 = 0.125,
  ///   |e| sorted 0, 0.1, 0.2, 0.2: p95 δ = 3·0.95 = 2.85 -> 0.2.
  /// Raw errors 0.3, -0.4, 0.0, 0.1:
  ///   RMSE = √(0.26/4) = √0.065 ≈ 0.254951, MAE = 0.8/4 = 0.2,
  ///   |e| sorted 0, 0.1, 0.3, 0.4: p95 = 0.3 + 0.85·0.1 = 0.385.
  @Test("RMSE, MAE and p95 on a hand example, filtered and raw on the same rows")
  func handExample() {
    let measured = [2.3, 1.6, 2.0, 2.1]
    let truth = (0..<4).map {
      TruthRow(time: Timestamp(seconds: Double($0 + 1)), object: "a", measuredDistanceMeters: measured[$0], trueDistanceMeters: 2.0)
    }
    var filtered = zip([1.0, 2.0003, 3.0, 4.0], [2.1, 1.8, 2.2, 2.0]).map {  // 2.0003: within 0.5 ms
      FilteredDistanceRow(time: Timestamp(seconds: $0), object: "a", distanceMeters: $1)
    }
    filtered.append(FilteredDistanceRow(time: Timestamp(seconds: 5), object: "a", distanceMeters: 2))  // no truth row
    filtered.append(FilteredDistanceRow(time: Timestamp(seconds: 1), object: "b", distanceMeters: 2))  // unknown object
    let comparison = DistanceErrorComparison(filtered: filtered, truth: truth.reversed())
    #expect(comparison.rows == 4 && comparison.unpairedFilteredRows == 2)
    #expect(abs(comparison.filtered.rmseMeters! - 0.15) < 1e-12)
    #expect(abs(comparison.filtered.maeMeters! - 0.125) < 1e-12)
    #expect(abs(comparison.filtered.p95AbsoluteErrorMeters! - 0.2) < 1e-12)
    #expect(abs(comparison.raw.rmseMeters! - 0.065.squareRoot()) < 1e-12)
    #expect(abs(comparison.raw.maeMeters! - 0.2) < 1e-12)
    #expect(abs(comparison.raw.p95AbsoluteErrorMeters! - 0.385) < 1e-12)
  }

  @Test("A row 1 ms away is not paired with the default 0.5 ms tolerance")
  func timeTolerance() {
    let truth = [TruthRow(time: Timestamp(seconds: 1), object: "a", measuredDistanceMeters: 1, trueDistanceMeters: 1)]
    let filtered = [FilteredDistanceRow(time: Timestamp(seconds: 1.001), object: "a", distanceMeters: 1)]
    #expect(DistanceErrorComparison(filtered: filtered, truth: truth).rows == 0)
    #expect(DistanceErrorComparison(filtered: filtered, truth: truth, timeToleranceSeconds: 0.002).rows == 1)
  }

  @Test("Rows more than Int64.max µs apart are compared without overflow: nearest and tolerance hold")
  func farApartTimes() {
    // Issue 34: two valid times (±9.2e12 s) differ by up to 1.84e19 µs; |Δt| in Int64 trapped.
    let far: Int64 = 4_700_000_000_000_000_000
    let truth = [
      TruthRow(time: Timestamp(microseconds: -far), object: "a", measuredDistanceMeters: 1, trueDistanceMeters: 1),
      TruthRow(time: Timestamp(microseconds: far), object: "a", measuredDistanceMeters: 2, trueDistanceMeters: 2),
      TruthRow(time: Timestamp(microseconds: -far), object: "b", measuredDistanceMeters: 1, trueDistanceMeters: 1),
    ]
    let filtered = [
      // 200 µs after a's late row, 9.4e18 µs after its early one: paired with the late one (error 0).
      FilteredDistanceRow(time: Timestamp(microseconds: far + 200), object: "a", distanceMeters: 2),
      // b's only truth row is 9.4e18 µs earlier: unpaired.
      FilteredDistanceRow(time: Timestamp(microseconds: far), object: "b", distanceMeters: 1),
    ]
    let comparison = DistanceErrorComparison(filtered: filtered, truth: truth)
    #expect(comparison.rows == 1 && comparison.unpairedFilteredRows == 1)
    #expect(comparison.filtered.maeMeters == 0)
  }

  @Test("No errors gives count 0 and no statistics")
  func empty() {
    let statistics = ErrorStatistics(errors: [])
    #expect(statistics.count == 0 && statistics.rmseMeters == nil && statistics.p95AbsoluteErrorMeters == nil)
  }
}
