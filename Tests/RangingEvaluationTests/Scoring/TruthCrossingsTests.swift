// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@testable import RangingEvaluation

@Suite("TruthCrossings")
struct TruthCrossingsTests {
  /// d(t) = 5 - t until 0.5 m at 4.5 s, 0.5 m until 6.5 s, then 0.5 + (t - 6.5) (1 m/s in and out).
  /// Closed form: outer (3 m) entered at 2.0 s, inner (1.5 m) at 3.5 s,
  /// inner left at 7.5 s, outer at 9.0 s.
  private func walk(step: Double, object: String = "a") -> [TruthRow] {
    stride(from: 0.0, through: 11.0, by: step).map { t in
      let d = t <= 4.5 ? 5 - t : (t <= 6.5 ? 0.5 : 0.5 + (t - 6.5))
      return TruthRow(time: Timestamp(seconds: t), object: object, measuredDistanceMeters: d, trueDistanceMeters: d)
    }
  }

  private func expected(_ object: String = "a") -> [ZoneCrossing] {
    [ZoneCrossing(time: Timestamp(seconds: 2.0), object: object, zone: "outer", kind: .enter),
     ZoneCrossing(time: Timestamp(seconds: 3.5), object: object, zone: "inner", kind: .enter),
     ZoneCrossing(time: Timestamp(seconds: 7.5), object: object, zone: "inner", kind: .exit),
     ZoneCrossing(time: Timestamp(seconds: 9.0), object: object, zone: "outer", kind: .exit)]
  }

  @Test("Constant speed from 5 m at 1 m/s crosses 3 m at t = 2 s and 1.5 m at 3.5 s, whatever the sampling",
        arguments: [0.1, 0.3, 0.25, 0.7])
  func closedForm(step: Double) {
    #expect(TruthCrossings.crossings(in: walk(step: step)) == expected())
  }

  @Test("Interleaved objects are followed separately")
  func interleaved() {
    let a = walk(step: 0.2, object: "a")
    let b = walk(step: 0.2, object: "b").map { row -> TruthRow in
      var row = row
      row.time = Timestamp(microseconds: row.time.microseconds + 100_000)  // b runs 0.1 s later
      return row
    }
    let rows = zip(a, b).flatMap { [$0, $1] }
    let crossings = TruthCrossings.crossings(in: rows)
    #expect(crossings.filter { $0.object == "a" } == expected("a"))
    let later = expected("b").map { c -> ZoneCrossing in
      var c = c
      c.time = Timestamp(microseconds: c.time.microseconds + 100_000)
      return c
    }
    #expect(crossings.filter { $0.object == "b" } == later)
    #expect(zip(crossings, crossings.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  @Test("An object first seen inside enters at its first row; standing exactly on r is outside")
  func startsOutside() {
    let rows = [
      TruthRow(time: Timestamp(seconds: 1), object: "a", measuredDistanceMeters: nil, trueDistanceMeters: 1.0),
      TruthRow(time: Timestamp(seconds: 2), object: "a", measuredDistanceMeters: nil, trueDistanceMeters: 1.5),
      TruthRow(time: Timestamp(seconds: 3), object: "a", measuredDistanceMeters: nil, trueDistanceMeters: 1.5),
    ]
    // At t = 1 already inside both zones: both entered at that row, outer first (approaching).
    // At t = 2, d = 1.5 >= 1.5: inner is left, interpolated to exactly t = 2.
    #expect(TruthCrossings.crossings(in: rows) == [
      ZoneCrossing(time: Timestamp(seconds: 1), object: "a", zone: "outer", kind: .enter),
      ZoneCrossing(time: Timestamp(seconds: 1), object: "a", zone: "inner", kind: .enter),
      ZoneCrossing(time: Timestamp(seconds: 2), object: "a", zone: "inner", kind: .exit),
    ])
  }

  @Test("Rows more than Int64.max µs apart interpolate without overflow: halfway is t = 0")
  func farApartRows() {
    // Issue 34: two valid times (±9.2e12 s) differ by more than Int64.max µs; t1 − t0 trapped.
    // a: 2 m at -4.7e18 µs, 1 m at 4.7e18 µs: 1.5 m is crossed halfway, at 0. b: 1 m at Int64.min,
    // 2 m at Int64.max: halfway is Int64.min + 2⁶³ = 0 too (2⁶⁴ − 1 rounds to 2⁶⁴ as a Double).
    let far: Int64 = 4_700_000_000_000_000_000
    let rows = [
      TruthRow(time: Timestamp(microseconds: -far), object: "a", measuredDistanceMeters: nil, trueDistanceMeters: 2),
      TruthRow(time: Timestamp(microseconds: far), object: "a", measuredDistanceMeters: nil, trueDistanceMeters: 1),
      TruthRow(time: Timestamp(microseconds: .min), object: "b", measuredDistanceMeters: nil, trueDistanceMeters: 1),
      TruthRow(time: Timestamp(microseconds: .max), object: "b", measuredDistanceMeters: nil, trueDistanceMeters: 2),
    ]
    // Sorted by time; a's and b's crossings at 0 keep row order.
    #expect(TruthCrossings.crossings(in: rows) == [
      ZoneCrossing(time: Timestamp(microseconds: .min), object: "b", zone: "outer", kind: .enter),
      ZoneCrossing(time: Timestamp(microseconds: .min), object: "b", zone: "inner", kind: .enter),
      ZoneCrossing(time: Timestamp(microseconds: -far), object: "a", zone: "outer", kind: .enter),
      ZoneCrossing(time: Timestamp(microseconds: 0), object: "a", zone: "inner", kind: .enter),
      ZoneCrossing(time: Timestamp(microseconds: 0), object: "b", zone: "inner", kind: .exit),
    ])
  }

  @Test("Custom zones are honoured by name and radius")
  func customZones() {
    let crossings = TruthCrossings.crossings(in: walk(step: 0.5), zones: [("near", 1.0)])
    // 5 - t = 1 at t = 4; 0.5 + (t - 6.5) = 1 at t = 7.
    #expect(crossings == [
      ZoneCrossing(time: Timestamp(seconds: 4), object: "a", zone: "near", kind: .enter),
      ZoneCrossing(time: Timestamp(seconds: 7), object: "a", zone: "near", kind: .exit),
    ])
  }
}
