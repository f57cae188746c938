// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingFormats

/// The optional `pose_w,pose_x,pose_y,pose_z` columns of docs/FORMATS.md §1.
@Suite("Pose columns")
struct PoseColumnTests {
  static let header = "t,object,distance,dir_x,dir_y,dir_z,pose_w,pose_x,pose_y,pose_z\n"

  @Test("A pose-only row (object empty) is a pose; a row with both carries its pose on the measurement")
  func poseRows() throws {
    let (_, records) = try CSVFixture.read(
      Self.header + "0.00,,,,,,0.7071068,0,0.7071068,0\n" + "0.01,tag,2.0,0,0,-1,1,0,0,0\n" + "0.02,tag,2.0,,,,,,,\n")
    #expect(records.count == 3)
    guard case .pose(let line, let seconds, let attitude) = records[0] else {
      Issue.record("expected a pose, got \(records[0])")
      return
    }
    #expect(line == 2 && seconds == 0 && attitude == Attitude(w: 0.7071068, x: 0, y: 0.7071068, z: 0))
    guard case .measurement(_, let object, _, let update, _, let pose) = records[1] else {
      Issue.record("expected a measurement, got \(records[1])")
      return
    }
    #expect(object == "tag" && update.distanceMeters == 2 && pose == .identity)
    guard case .measurement(_, _, _, _, _, let none) = records[2] else {
      Issue.record("expected a measurement, got \(records[2])")
      return
    }
    #expect(none == nil)
  }

  struct BadRow: Sendable, CustomTestStringConvertible {
    var row: String
    var field: String
    var reason: String
    var testDescription: String { "\(row) -> \(field) \(reason)" }
  }

  @Test("Bad poses are rejected naming the field and the reason", arguments: [
    BadRow(row: "1,,,,,,1,0,0,", field: "pose_z", reason: "incomplete_pose"),
    BadRow(row: "1,,,,,,,0,0,1", field: "pose_w", reason: "incomplete_pose"),
    BadRow(row: "1,,,,,,2,0,0,0", field: "pose_w", reason: "pose_not_unit"),
    BadRow(row: "1,,,,,,0,0,0,0", field: "pose_w", reason: "pose_not_unit"),
    BadRow(row: "1,,,,,,nan,0,0,0", field: "pose_w", reason: "non_finite_value"),
    BadRow(row: "1,,,,,,1,x,0,0", field: "pose_x", reason: "malformed_number"),
    BadRow(row: "1,tag,2,0,0,-1,1,0,0,0.5", field: "pose_w", reason: "pose_not_unit"),
  ])
  func badPoses(_ c: BadRow) throws {
    let (_, records) = try CSVFixture.read(Self.header + c.row + "\n")
    guard case .rejected(let rejection) = records.first else {
      Issue.record("expected a rejection, got \(String(describing: records.first))")
      return
    }
    #expect(rejection.field == c.field && rejection.reason == c.reason && rejection.line == 2)
  }

  @Test("A pose-only row still needs t; a pose on a life-cycle row is refused")
  func poseRowLimits() throws {
    let header = "t,object,event,pose_w,pose_x,pose_y,pose_z\n"
    let (_, records) = try CSVFixture.read(header + ",,,1,0,0,0\n" + "1,tag,suspended,1,0,0,0\n")
    guard case .rejected(let missing) = records[0], case .rejected(let onEvent) = records[1] else {
      Issue.record("expected two rejections, got \(records)")
      return
    }
    #expect(missing.field == "t" && missing.reason == "missing_value")
    #expect(onEvent.field == "pose_w" && onEvent.reason == "measurement_on_event_row")
  }

  /// Android's rotation vector is `(axis · sin(θ/2), cos(θ/2))` in
  /// `values[0...3]` (SensorEvent's documentation): a turn of 90° to the
  /// left about the device's y axis is `(0, sin 45°, 0, cos 45°)`, the pose
  /// `(w, x, y, z) = (cos 45°, 0, sin 45°, 0)` of docs/FORMATS.md §1's example.
  @Test("The android preset reads the rotation vector as the pose, on pose rows and ranging rows")
  func androidRotationVector() throws {
    let s = sin(Double.pi / 4), c = cos(Double.pi / 4)
    let path = try CSVFixture.write(
      "elapsed_realtime_nanos,device_address,distance,azimuth,elevation,rotation_vector_x,rotation_vector_y,rotation_vector_z,rotation_vector_w\n"
        + "1000000000,,,,,0,\(s),0,\(c)\n" + "1010000000,AA:BB,2.0,90,0,0,\(s),0,\(c)\n" + "1020000000,AA:BB,2.0,90,0,,,,\n")
    defer { CSVFixture.remove(path) }
    var reader = try RangingCSVReader(path: path, mapping: try #require(ColumnMapping.preset(named: "android")))
    let turned = Attitude(w: c, x: 0, y: s, z: 0)
    guard case .pose(_, let seconds, let attitude) = try reader.next() else {
      Issue.record("expected a pose row")
      return
    }
    #expect(seconds == 1 && attitude == turned)
    guard case .measurement(_, let object, _, _, _, let pose) = try reader.next() else {
      Issue.record("expected a measurement")
      return
    }
    #expect(object == "AA:BB" && pose == turned)
    guard case .measurement(_, _, _, _, _, let none) = try reader.next() else {
      Issue.record("expected a measurement")
      return
    }
    #expect(none == nil)
  }

  @Test("--column maps the pose columns like any other")
  func mapped() throws {
    let path = try CSVFixture.write("time,id,range,qw,qx,qy,qz\n1,tag,2,1,0,0,0\n")
    defer { CSVFixture.remove(path) }
    var mapping = ColumnMapping.identity
    for (canonical, source) in [("t", "time"), ("object", "id"), ("distance", "range"), ("pose_w", "qw"), ("pose_x", "qx"),
                                ("pose_y", "qy"), ("pose_z", "qz")] {
      try mapping.setSource(source, for: canonical)
    }
    var reader = try RangingCSVReader(path: path, mapping: mapping)
    guard case .measurement(_, _, _, _, _, let pose) = try reader.next() else {
      Issue.record("expected a measurement")
      return
    }
    #expect(pose == .identity)
  }
}
