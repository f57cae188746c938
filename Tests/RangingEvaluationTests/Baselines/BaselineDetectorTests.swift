// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingEvaluation

/// `zone kind @ t` for readable comparisons.
private func summary(_ crossings: [ZoneCrossing]) -> [String] {
  crossings.map { "\($0.zone) \($0.kind.rawValue) @ \($0.time.seconds)" }
}

/// Feeds `distances` to `detector` for object `a`, one per second from t = 0.
private func feed(_ detector: inout BaselineDetector, _ distances: [Double], object: String = "a", from start: Double = 0) {
  for (index, distance) in distances.enumerated() {
    detector.update(object: object, time: Timestamp(seconds: start + Double(index)), distanceMeters: distance)
  }
}

@Suite("BaselineDetector")
struct BaselineDetectorTests {
  @Test("Raw: plain thresholds on each measured distance, exits before enters, inner and outer in docs/FORMATS.md order")
  func rawThresholds() {
    var detector = BaselineDetector(method: .raw, zones: [("inner", 1.5), ("outer", 3)])
    // t=0 4.0: outside both.            t=1 2.9 < 3: outer enter.
    // t=2 3.1 >= 3: outer exit.          t=3 1.4: outer enter, then inner enter (approaching: outer first).
    // t=4 1.6 >= 1.5: inner exit.        t=5 1.49 < 1.5: inner enter.
    // t=6 3.0 (= r counts as outside): inner exit, then outer exit (leaving: inner first).
    // t=7 0.5: outer enter, inner enter.
    feed(&detector, [4, 2.9, 3.1, 1.4, 1.6, 1.49, 3.0, 0.5])
    #expect(summary(detector.crossings) == [
      "outer enter @ 1.0", "outer exit @ 2.0", "outer enter @ 3.0", "inner enter @ 3.0", "inner exit @ 4.0",
      "inner enter @ 5.0", "inner exit @ 6.0", "outer exit @ 6.0", "outer enter @ 7.0", "inner enter @ 7.0",
    ])
    #expect(detector.distances.map(\.distanceMeters) == [4, 2.9, 3.1, 1.4, 1.6, 1.49, 3.0, 0.5])
  }

  @Test("EMA with alpha 0.5 on a step 4 m -> 1 m -> 4 m: events follow the average, not the step")
  func emaStep() {
    var detector = BaselineDetector(method: .exponentialAverage(alpha: 0.5), zones: [("inner", 1.5), ("outer", 3)])
    // s_1 = 4; s_k = (d_k + s_(k-1)) / 2, exact in binary:
    //   d: 4    1    1     1      1       1         4          4
    //   s: 4    2.5  1.75  1.375  1.1875  1.09375   2.546875   3.2734375
    // outer enter at t=1 (2.5 < 3), inner enter at t=3 (1.375 < 1.5), not at t=1 when the step happened;
    // inner exit at t=6 (2.546875 >= 1.5), outer exit at t=7 (3.2734375 >= 3).
    feed(&detector, [4, 1, 1, 1, 1, 1, 4, 4])
    #expect(detector.distances.map(\.distanceMeters) == [4, 2.5, 1.75, 1.375, 1.1875, 1.09375, 2.546875, 3.2734375])
    #expect(summary(detector.crossings) == ["outer enter @ 1.0", "inner enter @ 3.0", "inner exit @ 6.0", "outer exit @ 7.0"])
  }

  @Test("EMA with alpha 1 is the raw detector")
  func emaAlphaOne() {
    let distances = [4, 2.9, 3.1, 1.4, 1.6, 1.49, 3.0, 0.5, 2, 1.2]
    var raw = BaselineDetector(method: .raw)
    var ema = BaselineDetector(method: .exponentialAverage(alpha: 1))
    feed(&raw, distances)
    feed(&ema, distances)
    #expect(raw.crossings == ema.crossings && raw.distances == ema.distances)
  }

  @Test("A life-cycle row restarts the average but leaves zone state alone")
  func restart() {
    var detector = BaselineDetector(method: .exponentialAverage(alpha: 0.5), zones: [("inner", 1.5), ("outer", 3)])
    // 4, then 2: s = 3, not < 3, so nothing. Restart; 1: s = 1 (fresh), enters both at t=2.
    feed(&detector, [4, 2])
    detector.restart(object: "a")
    detector.update(object: "a", time: Timestamp(seconds: 2), distanceMeters: 1)
    #expect(summary(detector.crossings) == ["outer enter @ 2.0", "inner enter @ 2.0"])
    // Another restart while inside: no exit; 1.4 starts the average again, still inside: nothing.
    detector.restart(object: "a")
    detector.update(object: "a", time: Timestamp(seconds: 3), distanceMeters: 1.4)
    #expect(detector.crossings.count == 2)
    #expect(detector.distances.map(\.distanceMeters) == [4, 3, 1, 1.4])
  }

  @Test("Objects are independent, and an update earlier than the object's last is skipped and counted")
  func objectsAndOrder() {
    var detector = BaselineDetector(method: .raw, zones: [("inner", 1.5)])
    detector.update(object: "a", time: Timestamp(seconds: 0), distanceMeters: 1)  // a enters
    detector.update(object: "b", time: Timestamp(seconds: 0.5), distanceMeters: 2)  // b outside
    detector.update(object: "a", time: Timestamp(seconds: -1), distanceMeters: 2)  // earlier than a's last: skipped
    detector.update(object: "b", time: Timestamp(seconds: 1), distanceMeters: 1)  // b enters
    #expect(summary(detector.crossings) == ["inner enter @ 0.0", "inner enter @ 1.0"])
    #expect(detector.crossings.map(\.object) == ["a", "b"])
    #expect(detector.skippedOutOfOrder == 1 && detector.distances.count == 3)
  }

  @Test("From a file: rows without distance and rejected rows are skipped, life-cycle rows restart the average")
  func fromFile() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID()).csv").path
    try """
      t,object,distance,dir_x,dir_y,dir_z,event
      0,a,4,,,,
      1,a,,0,0,-1,
      2,a,2,,,,
      3,a,oops,,,,
      4,a,,,,,suspended
      5,a,1,,,,

      """.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let detectors = try BaselineDetector.run([.raw, .exponentialAverage(alpha: 0.5)],
                                             zones: [("inner", 1.5), ("outer", 3)], datasetPath: path)
    // raw: 4, 2 (outer enter @ 2), 1 (inner enter @ 5).
    #expect(summary(detectors[0].crossings) == ["outer enter @ 2.0", "inner enter @ 5.0"])
    // ema 0.5: 4, 3 (not < 3), restart, 1: both enter @ 5.
    #expect(detectors[1].distances.map(\.distanceMeters) == [4, 3, 1])
    #expect(summary(detectors[1].crossings) == ["outer enter @ 5.0", "inner enter @ 5.0"])
  }

  @Test("Scored by the Evaluator: raw noise on a boundary chatters, counted as false events")
  func chatterScored() {
    // True distance 1.45 m throughout: one truth event (inner enter at t=0).
    // Measured: 1.45, 1.55, 1.45, 1.55, 1.45 -> raw: enter @0, exit @1, enter @2, exit @3, enter @4.
    let measured = [1.45, 1.55, 1.45, 1.55, 1.45]
    let truth = measured.indices.map {
      TruthRow(time: Timestamp(seconds: Double($0)), object: "a", measuredDistanceMeters: measured[$0],
               trueDistanceMeters: 1.45)
    }
    var detector = BaselineDetector(method: .raw, zones: [("inner", 1.5)])
    feed(&detector, measured)
    let run = Evaluator(zones: [("inner", 1.5)]).evaluate(
      name: "stand", truth: truth, engineEvents: detector.crossings, filtered: detector.distances)
    #expect(run.events.truthCount == 1 && run.events.engineCount == 5)
    #expect(run.events.matched == 1 && run.events.falseEvents == 4)
    // Errors 0, 0.1, 0, 0.1, 0: RMSE = sqrt(0.02 / 5) = sqrt(0.004).
    #expect(abs(run.distance!.filtered.rmseMeters! - 0.004.squareRoot()) < 1e-12)
  }
}
