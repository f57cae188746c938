// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@Suite("SampleValidation")
struct SampleValidationTests {
  struct DistanceCase: Sendable, CustomTestStringConvertible {
    var distance: Double
    var expected: RejectionReason?
    var testDescription: String { "\(distance) m: \(expected.map { "\($0.name)" } ?? "accepted")" }
  }

  /// Issue 13, row 9: 1e155 and 1e-150 were reported as measured, with sigma 0 or a 146-digit sigma.
  @Test("Distances outside the physical range are rejected as distance_out_of_range", arguments: [
    DistanceCase(distance: 1e155, expected: .distanceOutOfRange),
    DistanceCase(distance: 1e-150, expected: .distanceOutOfRange),
    DistanceCase(distance: .leastNonzeroMagnitude, expected: .distanceOutOfRange),
    DistanceCase(distance: 1000.001, expected: .distanceOutOfRange),
    DistanceCase(distance: 9.9e-5, expected: .distanceOutOfRange),
    DistanceCase(distance: 0, expected: nil),
    DistanceCase(distance: 1e-4, expected: nil),
    DistanceCase(distance: 0.003, expected: nil),
    DistanceCase(distance: 51, expected: nil),
    DistanceCase(distance: 1000, expected: nil),
    DistanceCase(distance: -1e-150, expected: .negativeDistance),
    DistanceCase(distance: .infinity, expected: .nonFiniteDistance),
  ])
  func distanceRange(_ c: DistanceCase) {
    let update = RangingUpdate(time: Timestamp(microseconds: 0), distanceMeters: c.distance, direction: Direction(x: 0.6, y: 0, z: -0.8))
    #expect(SampleValidation().rejection(of: update) == c.expected)
  }

  @Test("The range is configurable; a minimum of 0 accepts every small distance")
  func configurableRange() {
    let near = RangingUpdate(time: Timestamp(microseconds: 0), distanceMeters: 1e-150)
    let far = RangingUpdate(time: Timestamp(microseconds: 0), distanceMeters: 5000)
    let wide = SampleValidation(minimumDistanceMeters: 0, maximumDistanceMeters: 10_000)
    #expect(wide.rejection(of: near) == nil && wide.rejection(of: far) == nil)
    let narrow = SampleValidation(minimumDistanceMeters: 0.1, maximumDistanceMeters: 30)
    #expect(narrow.rejection(of: RangingUpdate(time: Timestamp(microseconds: 0), distanceMeters: 0.05)) == .distanceOutOfRange)
    #expect(narrow.rejection(of: RangingUpdate(time: Timestamp(microseconds: 0), distanceMeters: 31)) == .distanceOutOfRange)
  }

  @Test("Absurd distances reach neither filter: the tracker rejects them and no state is reported")
  func trackerRejects() {
    let tracker = ObjectTracker<SwiftKalmanBackend>()
    for distance in [1e155, 1e-150] {
      let update = RangingUpdate(time: Timestamp(microseconds: 0), distanceMeters: distance, direction: Direction(x: 0.6, y: 0, z: -0.8))
      guard case .rejected(.distanceOutOfRange) = tracker.update(object: 1, with: update) else {
        Issue.record("\(distance) m must be rejected")
        continue
      }
    }
    #expect(tracker.slot(of: 1) == nil)
  }

  @Test("A calibrated distance that lands closer to 0 than the minimum is 0, and the direction stays sane")
  func calibratedNearZero() throws {
    var configuration = TrackerConfiguration()
    configuration.rangeCalibration = try RangeCalibration(offsetMeters: 0.2)
    let tracker = ObjectTracker<SwiftKalmanBackend>(configuration: configuration)
    // 0.2 + 1e-9 m corrected by 0.2 m is 1e-9 m: below 1e-4 m, so 0.
    for step in 0..<5 {
      let update = RangingUpdate(
        time: Timestamp(seconds: Double(step) * 0.2), distanceMeters: 0.200000001, direction: Direction(x: 0.6, y: 0, z: -0.8))
      guard case .accepted(_, let state, _, _) = tracker.update(object: 1, with: update) else {
        Issue.record("rejected")
        return
      }
      #expect(state.range.distanceMeters == 0)
      #expect(state.directionSigmaRadians.isNaN || state.directionSigmaRadians.isInfinite
        || (state.directionSigmaRadians > 0.001 && state.directionSigmaRadians < 1))
    }
  }

  @Test("validate() checks the tolerance and the distance limits")
  func validate() throws {
    try SampleValidation().validate()
    #expect(throws: ConfigurationError.self) { try SampleValidation(minimumDistanceMeters: 2).validate() }
    #expect(throws: ConfigurationError.self) { try SampleValidation(maximumDistanceMeters: .nan).validate() }
    #expect(throws: ConfigurationError.self) { try SampleValidation(directionLengthTolerance: 1).validate() }
  }
}
