// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@Suite("Attitude and RotationMatrix")
struct AttitudeTests {
  /// Rotation by θ about a unit axis, by Rodrigues' formula
  /// `v' = v cos θ + (a × v) sin θ + a (a · v)(1 - cos θ)`: an independent
  /// closed form for `q v q*` with `q = (cos θ/2, sin θ/2 · a)`.
  static func rodrigues(_ v: (Double, Double, Double), axis a: (Double, Double, Double), angle: Double)
    -> (Double, Double, Double)
  {
    let c = cos(angle), s = sin(angle)
    let cross = (a.1 * v.2 - a.2 * v.1, a.2 * v.0 - a.0 * v.2, a.0 * v.1 - a.1 * v.0)
    let dot = a.0 * v.0 + a.1 * v.1 + a.2 * v.2
    return (
      v.0 * c + cross.0 * s + a.0 * dot * (1 - c), v.1 * c + cross.1 * s + a.1 * dot * (1 - c),
      v.2 * c + cross.2 * s + a.2 * dot * (1 - c)
    )
  }

  @Test("The worked example: a 90° turn left puts the camera axis at world -x and an object 2 m ahead at phone +x")
  func workedExample() {
    let m = RotationMatrix(Attitude(w: cos(.pi / 4), x: 0, y: sin(.pi / 4), z: 0))
    let axis = m.toWorld(0, 0, -1)
    #expect(abs(axis.x + 1) < 1e-15 && abs(axis.y) < 1e-15 && abs(axis.z) < 1e-15)
    let object = m.toPhone(0, 0, -2)
    #expect(abs(object.x - 2) < 1e-15 && abs(object.y) < 1e-15 && abs(object.z) < 1e-15)
  }

  @Test("M v equals Rodrigues' rotation for random axes, angles and vectors; Mᵀ undoes it")
  func matchesRodrigues() {
    var random = SplitMix64(seed: 2601)
    for _ in 0..<200 {
      var a = (random.normal(), random.normal(), random.normal())
      let n = (a.0 * a.0 + a.1 * a.1 + a.2 * a.2).squareRoot()
      a = (a.0 / n, a.1 / n, a.2 / n)
      let angle = random.uniform(-.pi, .pi)
      let v = (random.normal(), random.normal(), random.normal())
      // A norm within the tolerance, to check the normalisation too.
      let scale = 1 + random.uniform(-0.01, 0.01)
      let q = Attitude(
        w: scale * cos(angle / 2), x: scale * sin(angle / 2) * a.0, y: scale * sin(angle / 2) * a.1,
        z: scale * sin(angle / 2) * a.2)
      let m = RotationMatrix(q)
      let expected = Self.rodrigues(v, axis: a, angle: angle)
      let world = m.toWorld(v.0, v.1, v.2)
      #expect(abs(world.x - expected.0) < 1e-12 && abs(world.y - expected.1) < 1e-12 && abs(world.z - expected.2) < 1e-12)
      let back = m.toPhone(world.x, world.y, world.z)
      #expect(abs(back.x - v.0) < 1e-12 && abs(back.y - v.1) < 1e-12 && abs(back.z - v.2) < 1e-12)
      // q and -q are the same rotation.
      let negated = RotationMatrix(Attitude(w: -q.w, x: -q.x, y: -q.y, z: -q.z))
      #expect(negated == m)
    }
  }

  struct PoseCase: Sendable, CustomTestStringConvertible {
    var attitude: Attitude
    var expected: RejectionReason?
    var testDescription: String {
      "(\(attitude.w), \(attitude.x), \(attitude.y), \(attitude.z)): \(expected.map { "\($0.name)" } ?? "accepted")"
    }
  }

  @Test("Poses that are not finite or whose norm is not within 0.01 of 1 are rejected with their reason", arguments: [
    PoseCase(attitude: .identity, expected: nil),
    PoseCase(attitude: Attitude(w: 0.7071068, x: 0, y: 0.7071068, z: 0), expected: nil),
    PoseCase(attitude: Attitude(w: 1.0099, x: 0, y: 0, z: 0), expected: nil),
    PoseCase(attitude: Attitude(w: 0, x: 0, y: 0, z: -0.991), expected: nil),
    PoseCase(attitude: Attitude(w: 1.0101, x: 0, y: 0, z: 0), expected: .poseNotUnit),
    PoseCase(attitude: Attitude(w: 0, x: 0, y: 0, z: 0), expected: .poseNotUnit),
    PoseCase(attitude: Attitude(w: 10, x: 20, y: 30, z: 0), expected: .poseNotUnit),
    PoseCase(attitude: Attitude(w: .nan, x: 0, y: 0, z: 0), expected: .nonFinitePose),
    PoseCase(attitude: Attitude(w: 1, x: 0, y: -.infinity, z: 0), expected: .nonFinitePose),
    PoseCase(attitude: Attitude(w: 1, x: .greatestFiniteMagnitude, y: 0, z: 0), expected: .poseNotUnit),
  ])
  func validation(_ c: PoseCase) {
    #expect(SampleValidation().rejection(of: c.attitude) == c.expected)
  }

  @Test("The tracker rejects a bad pose or one earlier than the last, and keeps the last good one")
  func trackerPoseOrder() {
    let tracker = ObjectTracker<SwiftKalmanBackend>()
    #expect(tracker.update(pose: .identity, at: Timestamp(seconds: 1)) == nil)
    #expect(tracker.update(pose: .identity, at: Timestamp(seconds: 0.5)) == .timeWentBackwards)
    #expect(tracker.update(pose: Attitude(w: .nan, x: 0, y: 0, z: 0), at: Timestamp(seconds: 2)) == .nonFinitePose)
    #expect(tracker.lastPoseTime == Timestamp(seconds: 1))
    #expect(tracker.update(pose: .identity, at: Timestamp(seconds: 1)) == nil)
  }
}
