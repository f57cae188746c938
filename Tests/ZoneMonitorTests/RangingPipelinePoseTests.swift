// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing
import ZoneMonitor

@Suite("RangingPipeline with pose")
struct RangingPipelinePoseTests {
  @Test("A pose moves no zone and no clock; the next update reports the direction in the turned phone's frame")
  func poseThroughThePipeline() {
    let pipeline = RangingPipeline<SwiftKalmanBackend>()
    var events: [ZoneEvent] = []
    for step in 0..<10 {
      let t = Timestamp(seconds: Double(step) * 0.1)
      #expect(pipeline.process(pose: .identity, at: t) == nil)
      pipeline.process(
        object: 1, update: RangingUpdate(time: t, distanceMeters: 2, direction: Direction(x: 0, y: 0, z: -1))
      ) { events.append($0) }
    }
    let clock = pipeline.clock
    let countBefore = events.count
    // 90° left about +y: q = (cos 45°, 0, sin 45°, 0); the object 2 m ahead is now at phone (2, 0, 0).
    #expect(pipeline.process(pose: Attitude(w: cos(.pi / 4), x: 0, y: sin(.pi / 4), z: 0), at: Timestamp(seconds: 5)) == nil)
    #expect(pipeline.clock == clock && events.count == countBefore)
    #expect(pipeline.process(pose: .identity, at: Timestamp(seconds: 4)) == .timeWentBackwards)
    #expect(pipeline.process(pose: Attitude(w: 2, x: 0, y: 0, z: 0), at: Timestamp(seconds: 6)) == .poseNotUnit)
    let result = pipeline.process(object: 1, update: RangingUpdate(time: Timestamp(seconds: 1), distanceMeters: 2)) { _ in }
    guard case .accepted(_, let state, _, _) = result, let d = state.direction else {
      Issue.record("expected an accepted update with a direction, got \(result)")
      return
    }
    #expect(state.directionState == .predicted)
    #expect(abs(d.x - 1) < 0.01 && abs(d.y) < 0.01 && abs(d.z) < 0.01)
  }
}
