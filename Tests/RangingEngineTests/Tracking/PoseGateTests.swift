// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// Which poses ``PoseGate`` takes, against the rule written out by hand: a
/// valid attitude (finite, norm 1) not earlier than the latest pose taken.
@Suite("PoseGate")
struct PoseGateTests {
  static let level = Attitude(w: 1, x: 0, y: 0, z: 0)
  /// Norm 2: not a rotation.
  static let doubled = Attitude(w: 2, x: 0, y: 0, z: 0)
  static let notFinite = Attitude(w: .nan, x: 0, y: 0, z: 0)

  @Test("Poses in time order are taken, an earlier one is not, and a refused pose leaves the latest time")
  func order() {
    var gate = PoseGate()
    let validation = SampleValidation()
    #expect(gate.latestTime == nil)
    let steps: [(seconds: Double, pose: Attitude, expected: RejectionReason?, latest: Double)] = [
      (5, Self.level, nil, 5),  // the first valid pose, whatever its time
      (4, Self.level, .timeWentBackwards, 5),
      (5, Self.level, nil, 5),  // the same time again is not earlier
      (6, Self.notFinite, .nonFinitePose, 5),
      (7, Self.doubled, .poseNotUnit, 5),
      (5.5, Self.level, nil, 5.5),  // after 5, though before the refused 6 and 7
      (1, Self.notFinite, .nonFinitePose, 5.5),  // the attitude is checked before the time
      (5.499_999, Self.level, .timeWentBackwards, 5.5),
    ]
    for step in steps {
      #expect(gate.admit(step.pose, at: Timestamp(seconds: step.seconds), validation: validation) == step.expected,
              "\(step.seconds) s")
      #expect(gate.latestTime == Timestamp(seconds: step.latest), "\(step.seconds) s")
    }
  }
}
