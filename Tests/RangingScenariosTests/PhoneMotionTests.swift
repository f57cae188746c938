// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingFormats
@testable import RangingScenarios

@Suite("PhoneMotion")
struct PhoneMotionTests {
  @Test("turns: 45° left 0.5 s into the first turn, q = (cos 22.5°, 0, sin 22.5°, 0); 90° right at 13 s")
  func turnsClosedForm() {
    let q = PhoneMotion.turns.attitude(at: 3.5)
    let half = 22.5 * Double.pi / 180
    #expect(abs(q.w - cos(half)) < 1e-12 && abs(q.x) < 1e-12 && abs(q.y - sin(half)) < 1e-12 && abs(q.z) < 1e-12)
    let right = PhoneMotion.turns.attitude(at: 13)
    #expect(abs(right.w - cos(Double.pi / 4)) < 1e-12 && abs(right.y + sin(Double.pi / 4)) < 1e-12)
  }

  @Test("Every motion's attitude is a unit quaternion the engine accepts")
  func unit() {
    for motion in PhoneMotion.allCases {
      for k in 0..<2000 {
        let q = motion.attitude(at: Double(k) * 0.013)
        #expect(SampleValidation().rejection(of: q) == nil && abs(q.norm - 1) < 1e-12)
      }
    }
  }

  /// Every record of `text`, read back through a temporary file by the reader.
  static func records(_ text: String) throws -> [DatasetRecord] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("phone-motion-\(UUID()).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var reader = try RangingCSVReader(path: path)
    var records: [DatasetRecord] = []
    while let record = try reader.next() { records.append(record) }
    return records
  }

  /// Effects off: body blocking depends on where the object is relative to
  /// the phone, so with effects on a turn changes which updates it biases.
  @Test("With phone motion the noise is the same (effects off), and the truth is the still file's seen from the turned phone")
  func sameNoiseTurnedTruth() throws {
    var still = ScenarioGenerator(seed: 7, effects: try #require(MeasurementEffects(names: "none")))
    var turning = still
    turning.phoneMotion = .turns
    still.phoneMotion = nil
    let plain = try Self.records(still.csvText(.walkPast))
    let posed = try Self.records(turning.csvText(.walkPast))
    var measurements: [(seconds: Double, distance: Double?, truth: GroundTruth)] = []
    for record in plain {
      if case .measurement(_, _, let seconds, let update, let truth, _) = record {
        measurements.append((seconds, update.distanceMeters, truth))
      }
    }
    var index = 0, poses = 0
    for record in posed {
      switch record {
      case .pose: poses += 1
      case .measurement(_, _, let seconds, let update, let truth, _):
        let reference = measurements[index]
        index += 1
        #expect(seconds == reference.seconds && update.distanceMeters == reference.distance)
        // Closed form: turned left by ψ about +y, the phone sees (x cos ψ - z sin ψ, y, x sin ψ + z cos ψ).
        let psi = PhoneMotion.turns.angles(at: seconds).yaw
        let (x, y, z) = (reference.truth.x!, reference.truth.y!, reference.truth.z!)
        let expected = (x * cos(psi) - z * sin(psi), y, x * sin(psi) + z * cos(psi))
        // Both files round to 0.1 mm.
        #expect(abs(truth.x! - expected.0) < 2e-4 && abs(truth.y! - expected.1) < 2e-4 && abs(truth.z! - expected.2) < 2e-4)
      default: break
      }
    }
    #expect(index == measurements.count && poses > 0)
  }
}
