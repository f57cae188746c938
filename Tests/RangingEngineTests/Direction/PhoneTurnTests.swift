// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

/// Issue 26's phone-turn case: a still object 2 m straight ahead while the
/// phone, held upright, turns 120° left and 60° back. The truth is closed
/// form: after a turn of ψ to the left (about +y) the object sits at
/// azimuth ψ in the phone frame, direction `(sin ψ, 0, -cos ψ)`, and the
/// attitude is `q = (cos ψ/2, 0, sin ψ/2, 0)`. Directions are measured only
/// inside the ±55° cone; every row past 55° is out of view.
struct PhoneTurn {
  /// Turn rate, degrees per second.
  var degreesPerSecond: Double
  /// Update rate of the distance and direction, Hz; poses come at 100 Hz.
  var rateHertz: Double
  /// Seconds still before the turn.
  static let stillSeconds = 2.0
  static let leftDegrees = 120.0
  static let backDegrees = 60.0

  var duration: Double { Self.stillSeconds + (Self.leftDegrees + Self.backDegrees) / degreesPerSecond }

  /// The turn to the left at `t`, radians: 0, up to 120°, back down to 60°.
  func turn(at t: Double) -> Double {
    let moving = max(0, t - Self.stillSeconds) * degreesPerSecond
    let degrees = moving <= Self.leftDegrees ? moving : Self.leftDegrees - min(moving - Self.leftDegrees, Self.backDegrees)
    return degrees * .pi / 180
  }

  struct Score {
    var outOfViewRows = 0
    var keptRows = 0
    var errorsDegrees: [Double] = []
    var keptFraction: Double { Double(keptRows) / Double(outOfViewRows) }
    var meanDegrees: Double { errorsDegrees.reduce(0, +) / Double(max(1, errorsDegrees.count)) }
    var maxDegrees: Double { errorsDegrees.max() ?? 0 }
  }

  /// Runs the case through a tracker; `withPose` feeds the attitude at 100 Hz.
  func run(withPose: Bool, seed: UInt64 = 26, unknownSigma: Double? = nil) -> Score {
    var random = SplitMix64(seed: seed)
    var direction = DirectionFilterConfiguration()
    if let unknownSigma { direction.unknownAngleSigmaRadians = unknownSigma }
    let tracker = ObjectTracker<SwiftKalmanBackend>(configuration: TrackerConfiguration(directionFilter: direction))
    var score = Score()
    let poseStep = 0.01, updateStep = 1 / rateHertz
    var nextUpdate = 0.0
    var t = 0.0
    while t <= duration + 1e-9 {
      let psi = turn(at: t)
      if withPose {
        _ = tracker.update(pose: Attitude(w: cos(psi / 2), x: 0, y: sin(psi / 2), z: 0), at: Timestamp(seconds: t))
      }
      if t + 1e-9 >= nextUpdate {
        nextUpdate += updateStep
        let truth = Direction(x: sin(psi), y: 0, z: -cos(psi))
        let inView = psi < 55 * .pi / 180
        // Measurement noise of Nearby Interaction's order: 3 cm, 2° per axis.
        let noise = 2 * Double.pi / 180
        let measured = inView
          ? Direction(
            x: truth.x + noise * random.normal(), y: noise * random.normal(), z: truth.z + noise * random.normal()
          ).normalized : nil
        let update = RangingUpdate(
          time: Timestamp(seconds: t), distanceMeters: 2 + 0.03 * random.normal(), direction: measured)
        guard case .accepted(_, let state, _, _) = tracker.update(object: 1, with: update) else {
          Issue.record("update rejected at \(t)")
          return score
        }
        if !inView {
          score.outOfViewRows += 1
          if state.directionState != .unknown, let d = state.direction {
            score.keptRows += 1
            let cosine = max(-1, min(1, d.x * truth.x + d.y * truth.y + d.z * truth.z))
            score.errorsDegrees.append(acos(cosine) * 180 / .pi)
          }
        }
      }
      t += poseStep
    }
    return score
  }
}

@Suite("Phone turn with and without pose")
struct PhoneTurnTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var degreesPerSecond: Double
    var rateHertz: Double
    var testDescription: String { "\(Int(degreesPerSecond))°/s at \(Int(rateHertz)) Hz" }
  }

  /// Every turn rate from slow (30°/s: 120° left in 4 s, 60° back in 2 s,
  /// out of view for 4.2 s) to brisk (90°/s: out of view for 1.4 s), at
  /// every update rate from 5 to 20 Hz.
  static let cases = [5.0, 10.0, 20.0].flatMap { rate in
    [30.0, 45.0, 60.0, 90.0].map { Case(degreesPerSecond: $0, rateHertz: rate) }
  }
  static let seeds = UInt64(1)...8

  @Test(
    "With pose, at least 90 % of the out-of-view rows keep a direction, mean error at most 5°, max at most 10°, each of eight seeds",
    arguments: cases)
  func withPose(_ c: Case) {
    for seed in Self.seeds {
      let score = PhoneTurn(degreesPerSecond: c.degreesPerSecond, rateHertz: c.rateHertz).run(withPose: true, seed: seed)
      #expect(score.outOfViewRows > 0)
      #expect(score.keptFraction >= 0.9, "seed \(seed): kept \(score.keptRows) of \(score.outOfViewRows)")
      #expect(score.meanDegrees <= 5, "seed \(seed)")
      #expect(score.maxDegrees <= 10, "seed \(seed)")
    }
  }

  @Test("With pose, the out-of-view error is at most half of that without", arguments: cases)
  func poseHalvesTheError(_ c: Case) {
    let turn = PhoneTurn(degreesPerSecond: c.degreesPerSecond, rateHertz: c.rateHertz)
    for seed in Self.seeds {
      let with = turn.run(withPose: true, seed: seed), without = turn.run(withPose: false, seed: seed)
      #expect(
        with.meanDegrees <= without.meanDegrees / 2, "seed \(seed): with \(with.meanDegrees)°, without \(without.meanDegrees)°")
    }
  }

  /// The figures of Tuning.md, "Direction: pose", seeds 1-8 pooled, printed
  /// for that table and held to it: with pose every out-of-view row keeps a
  /// direction, mean at most 2° and max at most 4° (the table: 0.6-1.6° and
  /// 1.2-3.6°) at every turn rate up to 120°/s; without pose the mean is
  /// over 10° (the table: 11.3-28.1°), the error the pose takes away.
  @Test("Turns of 30-120°/s at 5-20 Hz: with pose every out-of-view row is kept within 4° (mean 2°), without pose the mean is over 10°")
  func sweep() {
    for rate in [5.0, 10.0, 20.0] {
      for speed in [30.0, 45.0, 60.0, 90.0, 120.0] {
        var line = "phone turn \(Int(speed))°/s at \(Int(rate)) Hz (seeds 1-8 pooled):"
        for pose in [false, true] {
          var rows = 0, kept = 0
          var errors: [Double] = []
          for seed in UInt64(1)...8 {
            let s = PhoneTurn(degreesPerSecond: speed, rateHertz: rate).run(withPose: pose, seed: seed)
            rows += s.outOfViewRows; kept += s.keptRows; errors += s.errorsDegrees
          }
          let mean = errors.reduce(0, +) / Double(max(1, errors.count))
          line += String(
            format: " %@ pose kept %d/%d (%.0f %%), mean %.1f°, max %.1f°;", pose ? "with" : "without", kept, rows,
            100 * Double(kept) / Double(rows), mean, errors.max() ?? 0)
          #expect(rows > 0)
          if pose {
            #expect(kept == rows && mean <= 2 && (errors.max() ?? 0) <= 4, "\(line)")
          } else {
            #expect(mean > 10, "\(line)")
          }
        }
        print(line)
      }
    }
  }
}
