// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingFormats

/// The one row shape: every kind of row, from either path of the reader,
/// read through ``RowView`` against values written out by hand from the
/// input's text.
@Suite("RowView")
struct RowViewTests {
  /// What a view shows, copied out while it is valid (until the reader's next row).
  struct Shown {
    var kind: RowView.Kind
    var hasObject: Bool
    var line: Int
    var seconds: Double
    var object: String
    /// The 16 bytes after the object's name.
    var after: [UInt8]
    var event: LifecycleEvent?
    var update: RangingUpdate
    var truth: GroundTruth
    var pose: Attitude?
    var rejection: RowRejection?
    var isParsed: Bool
    /// ``RowView/record(name:)`` with the name `named`, and whether the name was asked for.
    var record: DatasetRecord
    var askedName: Bool
  }

  /// Each data row of `text` as the reader shows it.
  static func shown(_ text: String) throws -> [Shown] {
    let path = try CSVFixture.write(text)
    defer { CSVFixture.remove(path) }
    var reader = try RangingCSVReader(path: path)
    var row = RowView()
    var shown: [Shown] = []
    while try reader.nextRow(&row) {
      let after = row.object.baseAddress.map { Array(UnsafeBufferPointer(start: $0 + row.object.count, count: 16)) }
      var asked = false
      let record = row.record(name: { asked = true; return "named" }())
      shown.append(Shown(
        kind: row.kind, hasObject: row.hasObject, line: row.line, seconds: row.seconds,
        object: String(decoding: row.object, as: UTF8.self), after: after ?? [], event: row.event, update: row.update,
        truth: row.truth, pose: row.pose, rejection: row.rejection, isParsed: row.parsed != nil, record: record,
        askedName: asked))
    }
    return shown
  }

  @Test("The parser's rows: a posed measurement, a pose alone, a life-cycle row, a rejection")
  func parsedRows() throws {
    // A header with pose columns sends every row to the parser. The first row's long name comes
    // before the short ones, so that bytes left after a short name would show.
    let rows = try Self.shown("""
      t,object,distance,event,pose_w,pose_x,pose_y,pose_z
      1.5,a-name-longer-than-sixteen-bytes,2.25,,1,0,0,0
      1.75,,,,0,1,0,0
      2,tag,,suspended,,,,
      2.5,tag,-1,,,,,
      """ + "\n")
    try #require(rows.count == 4)
    #expect(rows.allSatisfy { $0.isParsed && !$0.askedName }, "every row is the parser's record, as it is")

    let posed = rows[0]
    #expect(posed.kind == .measurement && posed.hasObject && posed.line == 2 && posed.seconds == 1.5)
    #expect(posed.object == "a-name-longer-than-sixteen-bytes")
    #expect(posed.update.distanceMeters == 2.25 && posed.event == nil && posed.rejection == nil)
    #expect(posed.pose == Attitude(w: 1, x: 0, y: 0, z: 0))
    guard case .measurement(2, "a-name-longer-than-sixteen-bytes", 1.5, _, _, let recordPose) = posed.record else {
      Issue.record("not the parser's measurement: \(posed.record)")
      return
    }
    #expect(recordPose == Attitude(w: 1, x: 0, y: 0, z: 0))

    let pose = rows[1]
    #expect(pose.kind == .pose && !pose.hasObject && pose.line == 3 && pose.seconds == 1.75)
    #expect(pose.object.isEmpty && pose.pose == Attitude(w: 0, x: 1, y: 0, z: 0))

    let lifecycle = rows[2]
    #expect(lifecycle.kind == .lifecycle && lifecycle.hasObject && lifecycle.line == 4 && lifecycle.seconds == 2)
    #expect(lifecycle.object == "tag" && lifecycle.event == .suspended && lifecycle.pose == nil)
    // Readable zeros after the copied name, as a short name is read 16 bytes at a time.
    #expect(lifecycle.after == [UInt8](repeating: 0, count: 16))

    let rejected = rows[3]
    #expect(rejected.kind == .rejected && !rejected.hasObject && rejected.line == 5 && rejected.object.isEmpty)
    #expect(rejected.rejection?.reason == "negative_distance" && rejected.rejection?.field == "distance")
  }

  @Test("A scanned row after a parsed one carries no record; record(name:) makes it of the row's values")
  func scannedRow() throws {
    let rows = try Self.shown("""
      t,object,distance,dir_x,dir_y,dir_z,event,true_distance
      0.5,tag,nan,,,,,
      1.5,tag,2.0,0,0,-1,,2.1
      2,tag,,,,,invalidated,
      """ + "\n")
    try #require(rows.count == 3)
    #expect(rows[0].kind == .rejected && rows[0].isParsed)

    let measured = rows[1]
    #expect(!measured.isParsed && measured.rejection == nil && measured.pose == nil && measured.askedName)
    #expect(measured.kind == .measurement && measured.hasObject && measured.line == 3 && measured.object == "tag")
    guard case .measurement(let line, let object, let seconds, let update, let truth, let pose) = measured.record else {
      Issue.record("not a measurement: \(measured.record)")
      return
    }
    #expect(line == 3 && object == "named" && seconds == 1.5 && pose == nil)
    #expect(update.distanceMeters == 2.0 && update.direction == Direction(x: 0, y: 0, z: -1))
    #expect(truth.distanceMeters == 2.1)

    let lifecycle = rows[2]
    #expect(lifecycle.kind == .lifecycle && !lifecycle.isParsed && lifecycle.event == .invalidated)
    guard case .lifecycle(4, "named", 2, .invalidated) = lifecycle.record else {
      Issue.record("not the life-cycle row: \(lifecycle.record)")
      return
    }
  }
}
