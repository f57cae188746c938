// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@Suite("RangeCalibration")
struct RangeCalibrationTests {
  struct Limits: Sendable, CustomTestStringConvertible {
    var offsetMeters: Double
    var scale: Double
    var expected: RangeCalibrationError?
    var testDescription: String { "offset \(offsetMeters), scale \(scale)" }
    static let all: [Limits] = [
      Limits(offsetMeters: 0, scale: 1, expected: nil),
      Limits(offsetMeters: 10, scale: 0.5, expected: nil),
      Limits(offsetMeters: -10, scale: 2, expected: nil),
      Limits(offsetMeters: 10.000001, scale: 1, expected: .offsetOutOfRange),
      Limits(offsetMeters: -10.000001, scale: 1, expected: .offsetOutOfRange),
      Limits(offsetMeters: .nan, scale: 1, expected: .offsetOutOfRange),
      Limits(offsetMeters: .infinity, scale: 1, expected: .offsetOutOfRange),
      Limits(offsetMeters: 0, scale: 0.4999, expected: .scaleOutOfRange),
      Limits(offsetMeters: 0, scale: 2.0001, expected: .scaleOutOfRange),
      Limits(offsetMeters: 0, scale: 0, expected: .scaleOutOfRange),
      Limits(offsetMeters: 0, scale: -1, expected: .scaleOutOfRange),
      Limits(offsetMeters: 0, scale: .nan, expected: .scaleOutOfRange),
      Limits(offsetMeters: 0, scale: 101, expected: .scaleOutOfRange),  // a percentage
    ]
  }

  @Test("The initialiser accepts offsets within ±10 m and scales in 0.5...2, and names the value it refuses",
        arguments: Limits.all)
  func limits(_ c: Limits) {
    #expect(RangeCalibration.validationError(offsetMeters: c.offsetMeters, scale: c.scale) == c.expected)
    do {
      let calibration = try RangeCalibration(offsetMeters: c.offsetMeters, scale: c.scale)
      #expect(c.expected == nil)
      #expect(calibration.offsetMeters == c.offsetMeters && calibration.scale == c.scale)
    } catch {
      #expect(error == c.expected)
    }
  }

  @Test("The default is the identity and returns every distance unchanged, bit for bit")
  func identity() {
    let calibration = RangeCalibration()
    #expect(calibration.isIdentity && calibration == TrackerConfiguration().rangeCalibration)
    for d in [0.0, 1e-300, 0.1, 1.5, 3.0000000000000004, 1e6] {
      #expect(calibration.corrected(d) == d)
    }
  }

  /// measured = 1.1 · true + 0.2, so true = (measured - 0.2) / 1.1:
  /// 2.4 -> 2, 0.2 -> 0, 1.311 -> 1.01; a reading below 0.2 would be negative and gives 0.
  @Test("A device reading 10% long plus 0.2 m is corrected by the inverse model, clamped at 0")
  func inverseModel() throws {
    let calibration = try RangeCalibration(offsetMeters: 0.2, scale: 1.1)
    #expect(abs(calibration.corrected(2.4) - 2) < 1e-15)
    #expect(calibration.corrected(0.2) == 0)
    #expect(abs(calibration.corrected(1.311) - 1.01) < 1e-14)
    #expect(calibration.corrected(0.1) == 0 && calibration.corrected(0) == 0)
    // A device reading short: offset -0.1 adds 0.1 m.
    #expect(abs(try RangeCalibration(offsetMeters: -0.1).corrected(0) - 0.1) < 1e-15)
  }

  /// Metamorphic: a tracker calibrated for `measured = s·true + b` and fed the
  /// readings of such a device gives the same states, step by step, as an
  /// uncalibrated tracker fed `(measured - b) / s`, direction included; only
  /// the reported sigma differs, by the smaller bias of a calibrated device.
  @Test("A calibrated tracker equals an uncalibrated one fed the corrected distances",
        arguments: BackendKind.allCases)
  func trackerAppliesCalibration(_ backend: BackendKind) throws {
    switch backend {
    #if GSL
      case .gsl: try compareTrackers(GSLKalmanBackend.self)
    #endif
    case .swift: try compareTrackers(SwiftKalmanBackend.self)
    }
  }

  private func compareTrackers<B: KalmanBackend>(_: B.Type) throws {
    let calibration = try RangeCalibration(offsetMeters: 0.21, scale: 1.02)
    let calibrated = ObjectTracker<B>(configuration: TrackerConfiguration(capacity: 2, rangeCalibration: calibration))
    let plain = ObjectTracker<B>(configuration: TrackerConfiguration(capacity: 2))
    let seed: UInt64 = 0xCA11_B8A7
    var random = SplitMix64(seed: seed)
    var distance = 2.5
    for step in 0..<400 {
      distance = max(0.05, distance + 0.02 * random.normal())
      let measured = 1.02 * distance + 0.21 + 0.03 * random.normal()
      let time = Timestamp(microseconds: Int64(step) * 50_000)
      let azimuth = 0.3 * random.uniform(-1, 1)
      let direction: Direction? = step % 7 == 3 ? nil : Direction(x: azimuth, y: 0, z: -(1 - azimuth * azimuth).squareRoot())
      let a = calibrated.update(object: 1, with: RangingUpdate(time: time, distanceMeters: measured, direction: direction))
      let b = plain.update(
        object: 1, with: RangingUpdate(time: time, distanceMeters: calibration.corrected(measured), direction: direction))
      guard case .accepted(_, let stateA, _, _) = a, case .accepted(_, let stateB, _, _) = b else {
        Issue.record("step \(step) rejected (seed \(seed))")
        return
      }
      #expect(stateA.range.distanceMeters == stateB.range.distanceMeters, "step \(step), seed \(seed)")
      #expect(stateA.range.filterSigmaMeters == stateB.range.filterSigmaMeters, "step \(step), seed \(seed)")
      // The reported sigma counts a calibrated device's bias as the smaller one (ReportedRangeUncertainty).
      #expect(stateA.range.sigmaMeters < stateB.range.sigmaMeters, "step \(step), seed \(seed)")
      #expect(stateA.direction?.x == stateB.direction?.x && stateA.directionState == stateB.directionState,
              "step \(step), seed \(seed)")
    }
  }
}
