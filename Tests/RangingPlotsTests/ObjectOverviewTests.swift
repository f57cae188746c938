// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
@testable import RangingPlots
@testable import RangingReplay
import Testing
import ZoneMonitor

/// The overview's bounded table (issue 23): more objects than it keeps, with
/// counts known from how the file is written.
@Suite("ObjectOverview")
struct ObjectOverviewTests {
  /// `objects` objects measured twice, 5 ms apart, one after the other
  /// (10 ms per object); a `busy` object measured every 0.5 s throughout;
  /// with `returning`, `ret` measured at the start and once more at the end,
  /// long after the engine's lost timeout (5 s).
  static func recording(objects: Int, returning: Bool) -> String {
    var rows: [(Double, String)] = returning ? [(0, "ret")] : []
    for i in 0..<objects { rows += [(Double(i) * 0.01, "obj-\(i)"), (Double(i) * 0.01 + 0.005, "obj-\(i)")] }
    let end = Double(objects) * 0.01
    for k in 0...Int(end / 0.5) { rows.append((Double(k) * 0.5 + 0.001, "busy")) }
    if returning { rows.append((end + 0.1, "ret")) }
    let sorted = rows.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
    return "t,object,distance\n" + sorted.map { "\($0.0),\($0.1),2.5\n" }.joined()
  }

  static func overview(objects: Int, returning: Bool) throws -> ObjectOverview {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("overview-\(UUID()).csv").path
    try recording(objects: objects, returning: returning).write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let replayer = Replayer(pipeline: RangingPipeline<DefaultKalmanBackend>(), zoneNames: ["inner", "outer"])
    return try ObjectOverview.record(path: path, replayer: replayer, maximumRows: 30)
  }

  @Test("Past the table's size idle rows are dropped, and the rows drawn and the totals are those of the whole file")
  func boundedTable() throws {
    let objects = 3 * OverviewTable.minimumRowsKept
    let overview = try Self.overview(objects: objects, returning: false)
    let busyCount = Int(Double(objects) * 0.01 / 0.5) + 1
    #expect(overview.objectCount == objects + 1)
    #expect(overview.measurementCount == 2 * objects + busyCount)
    #expect(overview.busiest?.object == "busy" && overview.busiest?.measurements == busyCount)
    // busy and the first 29 objects (2 measurements each; ties go to the first measured), in order of first measurement.
    #expect(overview.rows.map(\.object) == ["obj-0", "busy"] + (1...28).map { "obj-\($0)" })
    #expect(overview.rows.map(\.measurementCount) == [2, busyCount] + Array(repeating: 2, count: 28))
  }

  @Test("An object that comes back after its row was dropped counts again, as replay counts a forgotten name")
  func returningObject() throws {
    let objects = 3 * OverviewTable.minimumRowsKept
    // ret had 1 measurement at the first sweep, behind 30 rows of 2 or more, and was idle: dropped.
    let overview = try Self.overview(objects: objects, returning: true)
    #expect(overview.objectCount == objects + 3)
    #expect(overview.measurementCount == 2 * objects + Int(Double(objects) * 0.01 / 0.5) + 1 + 2)
    #expect(!overview.rows.map(\.object).contains("ret"))
    // Below the table's size nothing is dropped: ret is one object with 2 measurements, drawn first.
    let few = try Self.overview(objects: 100, returning: true)
    #expect(few.objectCount == 100 + 2)
    #expect(few.rows.first?.object == "ret" && few.rows.first?.measurementCount == 2)
  }

  /// Issue 34, item 10: 30 objects crossing both zones every few seconds for
  /// 3,000 s wrote a 3.7 MB overview, past docs/COMMAND-LINE.md's "under 1 MB".
  @Test("An overview of 30 objects crossing their zones every few seconds for 50 minutes stays under 1 MB")
  func busyOverviewIsSmall() throws {
    var text = "t,object,distance\n"
    for step in 0..<3_000 {
      let t = Double(step)
      for object in 0..<30 {
        // Through inner (1.5 m) and outer (3 m) and out again every 7 s.
        text += "\(t),o\(object),\(2.25 + 1.6 * sin(0.9 * t + Double(object)))\n"
      }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("overview-\(UUID()).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let replayer = Replayer(pipeline: RangingPipeline<DefaultKalmanBackend>(), zoneNames: ["inner", "outer"])
    let overview = try ObjectOverview.record(path: path, replayer: replayer, maximumRows: 30)
    #expect(overview.rows.count == 30)
    #expect(overview.rows.allSatisfy { $0.events.count > 1_000 }, "each object crosses hundreds of times")
    let svg = OverviewPlot(overview: overview).svg()
    #expect(svg.utf8.count < 1 << 20, "\(svg.utf8.count) bytes")
  }
}
