// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

extension RangeFilterTests {
  /// Gates as set (no widening, no measured noise: sigma 0.065 m, q 0.5, gate
  /// 4), so that the numbers below follow from the Kalman recursion alone.
  static let stopConfiguration = RangeFilterConfiguration(adaptsMeasurementNoise: false, gatesOnEvidence: false)

  /// An object moving away at 2.5 m/s, one reading a second, from 0.5 m to
  /// 20.5 m (readings exact), then `last`. Returns the last update's outcome.
  static func runThenRead(_ filter: AnyRangeFilter, last: Double) -> UpdateOutcome {
    for k in 0...8 { _ = filter.update(0.5 + 2.5 * Double(k), Timestamp(microseconds: Int64(k) * 1_000_000)) }
    return filter.update(last, Timestamp(microseconds: 9_000_000))
  }

  /// Reference (numpy, the constant-velocity recursion written out: x0 = [0.5, 0],
  /// P0 = diag(0.065², 1.5²), F = [1 1; 0 1], Q = 0.5 [1/3 1/2; 1/2 1], R = 0.065²):
  /// after the eight moving readings the prediction for t = 9 s is 23.0 m with
  /// S = 0.34619 m², so a reading of 20.5 m (the object stopped) lies 4.249 sigmas
  /// short of it, beyond the gate of 4; against the state at t = 8 s with its rate
  /// set to 0 (P00 + R + q/3 = 0.17507 m²) it lies 0 sigmas off. Fused, the
  /// standard update gives 20.530510805 m.
  @Test("A stop at 1 Hz, 4.2 sigmas short of the constant-velocity prediction, is fused, not refused as an outlier",
        arguments: BackendKind.allCases)
  func stopAtLowRateFused(_ backend: BackendKind) {
    let filter = AnyRangeFilter(backend, Self.stopConfiguration)
    let outcome = Self.runThenRead(filter, last: 20.5)
    guard case .fused(let ratio) = outcome else {
      Issue.record("the stopped reading was not fused: \(outcome)")
      return
    }
    // The ratio is against the constant-velocity gate, which the reading failed: 4.249² / 4².
    #expect(abs(ratio - 4.248968188599762 * 4.248968188599762 / 16) < 1e-6)
    #expect(abs(filter.estimate().distanceMeters - 20.53051080462533) < 1e-9)
  }

  @Test("A long spike beyond the prediction is still refused at 1 Hz, and so is a short one beyond the stop",
        arguments: BackendKind.allCases)
  func spikesBeyondBothRefused(_ backend: BackendKind) {
    // 26 m: 3 m beyond the prediction of 23 m (5.1 sigmas), 5.5 m beyond the stop.
    let long = AnyRangeFilter(backend, Self.stopConfiguration)
    #expect(Self.isRejected(Self.runThenRead(long, last: 26)))
    // 18.5 m: 4.5 m short of the prediction (7.6 sigmas), 2 m short of the stop (4.8 sigmas of its 0.418 m).
    let short = AnyRangeFilter(backend, Self.stopConfiguration)
    #expect(Self.isRejected(Self.runThenRead(short, last: 18.5)))
  }

  /// Reference (numpy, the same recursion at 20 Hz from 1 m at 2.5 m/s, readings
  /// exact): after 100 readings the estimate is 13.375 m at 2.5 m/s; a reading
  /// 0.25 m short of it at the next update lies 4.51 sigmas short of the
  /// prediction and 3.26 sigmas from the stop, but the prediction moved only
  /// 0.125 m, under half the gate's reach (4 (v dt)² = 0.0625 m² against gate² S
  /// = 0.1107 m²): at high rates the gate alone decides.
  @Test("At 20 Hz a reading that only a stop would explain is refused: the prediction moved too little to tell",
        arguments: BackendKind.allCases)
  func noStopAtHighRate(_ backend: BackendKind) {
    let filter = AnyRangeFilter(backend, Self.stopConfiguration)
    for k in 0..<100 { _ = filter.update(1 + 2.5 * Double(k) * 0.05, Timestamp(microseconds: Int64(k) * 50_000)) }
    #expect(abs(filter.estimate().distanceMeters - 13.375) < 1e-9)
    #expect(Self.isRejected(filter.update(13.125, Timestamp(microseconds: 100 * 50_000))))
  }

  static func isRejected(_ outcome: UpdateOutcome) -> Bool {
    if case .rejected = outcome { true } else { false }
  }
}
