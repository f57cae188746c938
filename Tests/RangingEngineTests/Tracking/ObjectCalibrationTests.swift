// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// `ObjectTracker.setRangeCalibration(_:forObject:)`: one object's own
/// calibration, in place of the configuration's. Distances are chosen so the
/// inverse model is exact in binary: (3 - 0.5) / 1.25 = 2 and 3 - 0.25 = 2.75.
@Suite("Range calibration per object")
struct ObjectCalibrationTests {
  static let own = try! RangeCalibration(offsetMeters: 0.5, scale: 1.25)
  static let shared = try! RangeCalibration(offsetMeters: 0.25)

  /// The filtered distance after one update of 3 m (a first update sets the state to it).
  static func distance(_ tracker: ObjectTracker<SwiftKalmanBackend>, _ object: UInt64, at seconds: Int64 = 0) -> Double? {
    guard case .accepted(_, let state, _, _) = tracker.update(
      object: object, with: RangingUpdate(time: Timestamp(microseconds: seconds * 1_000_000), distanceMeters: 3))
    else { return nil }
    return state.range.distanceMeters
  }

  @Test("An object's own calibration replaces the configuration's; other objects keep the configuration's")
  func ownReplacesShared() {
    let tracker = ObjectTracker<SwiftKalmanBackend>(configuration: TrackerConfiguration(rangeCalibration: Self.shared))
    #expect(tracker.setRangeCalibration(Self.own, forObject: 1))
    #expect(Self.distance(tracker, 1) == 2)
    #expect(Self.distance(tracker, 2) == 2.75)
    #expect(tracker.rangeCalibration(forObject: 1) == Self.own)
    #expect(tracker.rangeCalibration(forObject: 2) == Self.shared)
  }

  @Test("A calibration belongs to the object: it stays through removal and applies when the object comes back")
  func survivesRemoval() {
    let tracker = ObjectTracker<SwiftKalmanBackend>()
    tracker.setRangeCalibration(Self.own, forObject: 7)
    #expect(Self.distance(tracker, 7) == 2)
    tracker.remove(object: 7)
    #expect(Self.distance(tracker, 7, at: 1) == 2)
  }

  @Test("Set while tracked it applies from the next update; nil returns the object to the configuration's")
  func setWhileTracked() {
    let tracker = ObjectTracker<SwiftKalmanBackend>()
    // The same track fed the corrected distance itself at the second update.
    let reference = ObjectTracker<SwiftKalmanBackend>()
    func state(_ t: ObjectTracker<SwiftKalmanBackend>, _ d: Double, _ seconds: Int64) -> Double? {
      guard case .accepted(_, let s, _, _) = t.update(
        object: 3, with: RangingUpdate(time: Timestamp(microseconds: seconds * 1_000_000), distanceMeters: d))
      else { return nil }
      return s.range.distanceMeters
    }
    #expect(state(tracker, 3, 0) == 3)
    _ = state(reference, 3, 0)
    tracker.setRangeCalibration(Self.own, forObject: 3)
    let calibrated = state(tracker, 3, 1)
    #expect(calibrated != nil && calibrated == state(reference, 2, 1))
    tracker.setRangeCalibration(nil, forObject: 3)
    #expect(state(tracker, 3, 2) == state(reference, 3, 2))
    #expect(tracker.rangeCalibration(forObject: 3) == RangeCalibration())
  }

  @Test("At most capacity objects have a calibration; a full table refuses a new one and keeps replacing old ones")
  func bounded() {
    let tracker = ObjectTracker<SwiftKalmanBackend>(configuration: TrackerConfiguration(capacity: 2))
    #expect(tracker.setRangeCalibration(Self.own, forObject: 1))
    #expect(tracker.setRangeCalibration(Self.own, forObject: 2))
    #expect(!tracker.setRangeCalibration(Self.own, forObject: 3))
    #expect(tracker.rangeCalibration(forObject: 3) == RangeCalibration())
    #expect(tracker.setRangeCalibration(Self.shared, forObject: 2))
    #expect(tracker.rangeCalibration(forObject: 2) == Self.shared)
    // Removing one makes room.
    #expect(tracker.setRangeCalibration(nil, forObject: 1))
    #expect(tracker.setRangeCalibration(Self.own, forObject: 3))
    #expect(Self.distance(tracker, 3) == 2)
  }
}
