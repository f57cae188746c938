// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@Suite("DirectionFilter in the world frame")
struct DirectionFilterWorldFrameTests {
  static let ahead = Direction(x: 0, y: 0, z: -1)

  static func turnedLeft(_ degrees: Double) -> RotationMatrix {
    let half = degrees * .pi / 360
    return RotationMatrix(Attitude(w: cos(half), x: 0, y: sin(half), z: 0))
  }

  @Test("A track started without a pose enters the world frame on its first pose: the object 2 m ahead then reads 90° right", arguments: BackendKind.allCases)
  func entersWorldFrame(backend: BackendKind) {
    let filter = AnyDirectionFilter(backend, DirectionFilterConfiguration())
    filter.update(RangingUpdate(time: Timestamp(seconds: 0), distanceMeters: 2, direction: Self.ahead))
    #expect(!filter.isWorldFrame)
    // First pose: the phone has not turned yet (the world frame is the phone's now).
    filter.update(RangingUpdate(time: Timestamp(seconds: 0.05), distanceMeters: 2), attitude: Self.turnedLeft(0))
    #expect(filter.isWorldFrame)
    // The phone turns 90° left; only the distance is measured (out of view).
    let estimate = filter.update(RangingUpdate(time: Timestamp(seconds: 0.1), distanceMeters: 2), attitude: Self.turnedLeft(90))
    let d = estimate.direction
    #expect(estimate.state == .predicted)
    #expect(d.map { abs($0.x - 1) < 1e-3 && abs($0.y) < 1e-3 && abs($0.z) < 1e-3 } == true, "\(String(describing: d))")
  }

  @Test("Entering the world frame is a change of coordinates: symmetric P, the same trace, the same phone-frame position", arguments: BackendKind.allCases)
  func rotationKeepsCovarianceInvariants(backend: BackendKind) {
    // The field-of-view evidence, which the world frame does not use, given no weight in both.
    let configuration = DirectionFilterConfiguration(fieldOfViewEdgeSigmaRadians: 1e6)
    let filter = AnyDirectionFilter(backend, configuration)
    let u = Direction(x: 0.6, y: 0, z: -0.8)
    filter.update(RangingUpdate(time: Timestamp(seconds: 0), distanceMeters: 3, direction: u))
    filter.update(RangingUpdate(time: Timestamp(seconds: 0.1), distanceMeters: 3, direction: u))
    // Predict to 0.2 s in the phone frame, then compare against the same filter entering the world frame at 0.2 s.
    let reference = AnyDirectionFilter(backend, configuration)
    reference.update(RangingUpdate(time: Timestamp(seconds: 0), distanceMeters: 3, direction: u))
    reference.update(RangingUpdate(time: Timestamp(seconds: 0.1), distanceMeters: 3, direction: u))
    let m = RotationMatrix(Attitude(w: 0.5, x: 0.5, y: 0.5, z: 0.5))  // 120° about (1, 1, 1)/√3
    filter.update(RangingUpdate(time: Timestamp(seconds: 0.2), distanceMeters: 3), attitude: m)
    reference.update(RangingUpdate(time: Timestamp(seconds: 0.2), distanceMeters: 3))
    var trace = 0.0, referenceTrace = 0.0
    for i in 0..<6 {
      trace += filter.covariance(i, i)
      referenceTrace += reference.covariance(i, i)
      for j in 0..<6 { #expect(abs(filter.covariance(i, j) - filter.covariance(j, i)) < 1e-12) }
    }
    #expect(abs(trace - referenceTrace) < 1e-9 * referenceTrace)
    // The reported direction is the phone-frame one in both.
    let p = filter.position, r = reference.position
    #expect(abs(p.x - r.x) < 1e-9 && abs(p.y - r.y) < 1e-9 && abs(p.z - r.z) < 1e-9)
  }
}
