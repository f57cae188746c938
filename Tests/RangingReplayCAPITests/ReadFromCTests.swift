// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// One read through `ranging_read_file`, copied out and the result freed.
struct ReadFromC {
  var status: Int32
  var rows: [ranging_read_row_t]
  var objectNames: [String]
  var rejected: Data
  var columns: [String]
  var unusedColumns: [String]
  var unusedFields: [String]
  /// With `--arrays`: the rows put back together from the arrays, and the names of the arrays that are NULL.
  var rowsFromArrays: [ranging_read_row_t] = []
  var nullArrays: Set<String> = []
  var rowsRead: Int64
  var rowsRejected: Int64

  init(path: String, _ options: [String] = []) {
    var result = ranging_read_result_t()
    let arguments = options.map { strdup($0) }
    defer { arguments.forEach { free($0) } }
    let pointers = arguments.map { UnsafePointer($0) }
    status = pointers.withUnsafeBufferPointer { rangingReadFile(path, $0.baseAddress, $0.count, &result) }
    func text(_ text: ranging_replay_text_t) -> Data {
      text.bytes.map { Data(bytes: $0, count: text.length) } ?? Data()
    }
    rows = result.rows.map { Array(UnsafeBufferPointer(start: $0, count: result.row_count)) } ?? []
    objectNames = ReplayFromC.lines(String(decoding: text(result.object_names), as: UTF8.self))
    rejected = text(result.rejected)
    columns = ReplayFromC.lines(String(decoding: text(result.columns), as: UTF8.self))
    unusedColumns = ReplayFromC.lines(String(decoding: text(result.unused_columns), as: UTF8.self))
    unusedFields = String(decoding: text(result.unused_fields), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    rowsRead = result.rows_read
    rowsRejected = result.rows_rejected
    if options.contains("--arrays") {
      (rowsFromArrays, nullArrays) = Self.rows(of: result.arrays, count: result.row_count)
      #expect(result.rows == nil, "the rows come as arrays alone")
    }
    #expect(result.status == status)
    rangingReadResultFree(&result)
    #expect(result.rows == nil && result.rejected.bytes == nil, "freed results are zeroed")
  }

  /// The rows of `arrays`, each value where ranging_read_row_t holds it (NAN, -1 where an array is NULL),
  /// and the arrays that are NULL.
  static func rows(of arrays: ranging_read_arrays_t, count: Int) -> ([ranging_read_row_t], Set<String>) {
    let pointers: [(String, UnsafeRawPointer?)] = [
      ("line", UnsafeRawPointer(arrays.line)), ("t", UnsafeRawPointer(arrays.t)),
      ("object", UnsafeRawPointer(arrays.object)), ("kind", UnsafeRawPointer(arrays.kind)),
      ("distance", UnsafeRawPointer(arrays.distance_m)), ("direction", UnsafeRawPointer(arrays.direction.0)),
      ("horizontal_angle", UnsafeRawPointer(arrays.horizontal_angle_rad)), ("vertical", UnsafeRawPointer(arrays.vertical)),
      ("event", UnsafeRawPointer(arrays.event)), ("true_distance", UnsafeRawPointer(arrays.truth.0)),
      ("true_x", UnsafeRawPointer(arrays.truth.1)), ("true_y", UnsafeRawPointer(arrays.truth.2)),
      ("true_z", UnsafeRawPointer(arrays.truth.3)), ("pose", UnsafeRawPointer(arrays.pose.0)),
    ]
    let null = Set(pointers.filter { $0.1 == nil }.map(\.0))
    func value<Value>(_ name: String, _ array: UnsafePointer<Value>?, _ index: Int, _ none: Value) -> Value {
      array?[index] ?? none
    }
    let rows = (0..<count).map { index in
      var row = ranging_read_row_t()
      row.line = value("line", arrays.line, index, -1)
      row.t = value("t", arrays.t, index, .nan)
      row.object = value("object", arrays.object, index, -2)
      row.kind = value("kind", arrays.kind, index, 9)
      row.distance_m = value("distance", arrays.distance_m, index, .nan)
      row.direction = (value("direction", arrays.direction.0, index, .nan), value("direction", arrays.direction.1, index, .nan),
                       value("direction", arrays.direction.2, index, .nan))
      row.horizontal_angle_rad = value("horizontal_angle", arrays.horizontal_angle_rad, index, .nan)
      row.vertical = value("vertical", arrays.vertical, index, -1)
      row.event = value("event", arrays.event, index, -1)
      row.truth = (value("true_distance", arrays.truth.0, index, .nan), value("true_x", arrays.truth.1, index, .nan),
                   value("true_y", arrays.truth.2, index, .nan), value("true_z", arrays.truth.3, index, .nan))
      row.pose = (value("pose", arrays.pose.0, index, .nan), value("pose", arrays.pose.1, index, .nan),
                  value("pose", arrays.pose.2, index, .nan), value("pose", arrays.pose.3, index, .nan))
      return row
    }
    return (rows, null)
  }

  /// Whether two rows hold the same values (NAN equal to NAN), field by field.
  static func same(_ a: ranging_read_row_t, _ b: ranging_read_row_t) -> Bool {
    func equal(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN) }
    return a.line == b.line && equal(a.t, b.t) && a.object == b.object && a.kind == b.kind
      && equal(a.distance_m, b.distance_m) && equal(a.direction.0, b.direction.0) && equal(a.direction.1, b.direction.1)
      && equal(a.direction.2, b.direction.2) && equal(a.horizontal_angle_rad, b.horizontal_angle_rad)
      && a.vertical == b.vertical && a.event == b.event && equal(a.truth.0, b.truth.0) && equal(a.truth.1, b.truth.1)
      && equal(a.truth.2, b.truth.2) && equal(a.truth.3, b.truth.3) && equal(a.pose.0, b.pose.0)
      && equal(a.pose.1, b.pose.1) && equal(a.pose.2, b.pose.2) && equal(a.pose.3, b.pose.3)
  }

  /// The rows read as a table of docs/FORMATS.md §1's columns in metres,
  /// seconds and radians (a value the row lacks is a null), as a program
  /// would hand them on: vertical and event spelled as §1 spells them.
  var table: OwnedTable {
    func numbers(_ value: (ranging_read_row_t) -> Double) -> OwnedTable.Values {
      .numbers(rows.map { value($0).isNaN ? nil : value($0) })
    }
    let verticals = ["unknown", "same", "above", "below", "aboveOrBelow"]
    let events = ["removed_timeout", "removed_peer_ended", "suspended", "suspension_ended", "invalidated"]
    return OwnedTable(
      names: [
        "t", "object", "distance", "dir_x", "dir_y", "dir_z", "horizontal_angle", "vertical", "event", "true_distance",
        "true_x", "true_y", "true_z", "pose_w", "pose_x", "pose_y", "pose_z",
      ],
      columns: [
        numbers { $0.t }, .texts(rows.map { $0.object < 0 ? nil : objectNames[Int($0.object)] }),
        numbers { $0.distance_m }, numbers { $0.direction.0 }, numbers { $0.direction.1 }, numbers { $0.direction.2 },
        numbers { $0.horizontal_angle_rad }, .texts(rows.map { $0.vertical < 0 ? nil : verticals[Int($0.vertical)] }),
        .texts(rows.map { $0.event < 0 ? nil : events[Int($0.event)] }), numbers { $0.truth.0 }, numbers { $0.truth.1 },
        numbers { $0.truth.2 }, numbers { $0.truth.3 }, numbers { $0.pose.0 }, numbers { $0.pose.1 },
        numbers { $0.pose.2 }, numbers { $0.pose.3 },
      ], rowCount: rows.count)
  }
}

/// `ranging_read_file` (issue 35, item 1: `read_csv` from the one reader)
/// reads a file as `rangectl replay` reads it: its rows, handed on as a
/// table of §1's columns (`ranging_replay_table`), replay to the file's own
/// events and filtered track byte for byte, and its rejections together with
/// the table's are the file's. The reference is the file's replay, which
/// ReplayFromCMatchesRangectlTests hold to rangectl's.
@Suite("ranging_read_file: the rows rangectl reads, to replay elsewhere")
struct ReadFromCTests {
  static func expectReadThenReplayedAsTheFile(_ path: String, _ inputOptions: [String] = []) throws {
    let fromFile = ReplayFromC(path: path, inputOptions + ["--write-filtered"])
    let read = ReadFromC(path: path, inputOptions)
    #expect(read.status == fromFile.status, "\(path)")
    guard read.status == 0 else { return }
    // As arrays: the same rows, value by value, and an array NULL only where every row lacks its value.
    let asArrays = ReadFromC(path: path, inputOptions + ["--arrays"])
    #expect(asArrays.rowsFromArrays.count == read.rows.count)
    #expect(zip(asArrays.rowsFromArrays, read.rows).allSatisfy(ReadFromC.same), "\(path)")
    #expect(asArrays.nullArrays.isDisjoint(with: ["line", "t", "object", "kind"]))
    #expect(asArrays.rowsRead == read.rowsRead && asArrays.objectNames == read.objectNames)
    #expect(read.rowsRead == Int64(read.rows.count) + read.rowsRejected)
    #expect(read.rowsRead == fromFile.counts[0])
    let fromTable = read.table.replay(name: path, ["--write-filtered"])
    #expect(fromTable.status == 0)
    #expect(fromTable.events == fromFile.events, "\(path)")
    #expect(fromTable.filtered == fromFile.filtered, "\(path)")
    // The file's rejections: the reader's, and the replay's of rows the reader took (their lines the file's).
    let readerRejections = try ReplayFromC.decodeRejections(read.rejected)
    let replayRejections = try fromTable.rejections().map { rejection in
      RowRejection(
        line: Int(read.rows[rejection.line - 2].line), column: rejection.column, field: rejection.field,
        reason: rejection.reason, text: rejection.text)
    }
    let fileRejections = try fromFile.rejections()
    #expect((readerRejections + replayRejections).map(\.line).sorted() == fileRejections.map(\.line))
    #expect(Set((readerRejections + replayRejections).map(\.reason)) == Set(fileRejections.map(\.reason)))
    #expect(readerRejections.allSatisfy { rejection in fileRejections.contains(rejection) })
  }

  @Test("Every real recording of ../shared/datasets",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings),
        arguments: ReplayFromCCase.realRecordings)
  func realRecording(_ replayCase: ReplayFromCCase) throws {
    try recording(replayCase)
  }

  @Test("Every bundled recording and every troubled one", arguments: ReplayFromCCase.cases.filter(\.options.isEmpty))
  func recording(_ replayCase: ReplayFromCCase) throws {
    try Self.expectReadThenReplayedAsTheFile(PackagePaths.root.appendingPathComponent(replayCase.path).path)
  }

  @Test("Another layout and other units: the rows in metres, seconds and radians")
  func mappedLayouts() throws {
    let root = PackagePaths.root.appendingPathComponent("Tests/Fixtures/Import").path
    try Self.expectReadThenReplayedAsTheFile("\(root)/android-export.csv", ["--preset", "android"])
    try Self.expectReadThenReplayedAsTheFile("\(root)/qorvo-session-info.csv", ["--preset", "qorvo"])
    let walk = PackagePaths.root.appendingPathComponent("datasets/walk-in-out/samples.csv").path
    try Self.expectReadThenReplayedAsTheFile(walk, ["--distance-unit", "cm", "--time-unit", "ms"])
  }

  @Test("The other columns' fields, row by row, with --unused-fields")
  func unusedFields() throws {
    // Written out by hand: each accepted row's `note`, `lap` and second `note`-named column is not kept
    // (a name once); the rejected row (no distance's number) and the comment give none.
    let text = """
      t, note ,object,distance,lap,note
      # a comment
      0.1, left  ,a,1.5,1,x
      0.2,,a,oops,2,y
      0.3,right side,b,2.5,	3 ,z
      0.4,,b,3.5,4,w
      """ + "\n"
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("extra.csv", text)
    let read = ReadFromC(path: path, ["--unused-fields"])
    #expect(read.status == 0)
    #expect(read.unusedColumns == ["note", "lap"])
    #expect(read.rows.map(\.line) == [3, 5, 6])
    #expect(read.unusedFields == ["left", "1", "right side", "3", "", "4"])
    #expect(read.rowsRead == 4 && read.rowsRejected == 1)
    #expect(ReadFromC(path: path).unusedFields.isEmpty, "without the option")
    // As arrays, with rows and without: NULL exactly where the file has no column for the value.
    let asArrays = ReadFromC(path: path, ["--arrays"])
    #expect(asArrays.nullArrays == ["direction", "horizontal_angle", "vertical", "event", "true_distance", "true_x",
                                    "true_y", "true_z", "pose"])
    #expect(asArrays.rowsFromArrays.map(\.line) == [3, 5, 6])
    let headerOnly = try scratch.write("header.csv", "t,object,distance,dir_x,dir_y,dir_z\n")
    #expect(ReadFromC(path: headerOnly, ["--arrays"]).nullArrays == [
      "horizontal_angle", "vertical", "event", "true_distance", "true_x", "true_y", "true_z", "pose",
    ])
    let plain = PackagePaths.root.appendingPathComponent("datasets/walk-in-out/samples.csv").path
    #expect(ReadFromC(path: plain, ["--unused-fields"]).unusedFields.isEmpty, "a file without other columns")
  }

  @Test("Each kind of row as its C row, from either path of the reader: values written out from the text")
  func rowKinds() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // Plain rows, which the reader's fast path reads.
    let plain = ReadFromC(path: try scratch.write("plain.csv", """
      t,object,distance,dir_x,dir_y,dir_z,horizontal_angle,vertical,event,true_distance
      1.5,tag,2.0,0,0,-1,0.25,above,,2.1
      2,tag,,,,,,,suspended,
      """ + "\n"))
    try #require(plain.status == 0 && plain.rows.count == 2)
    #expect(plain.objectNames == ["tag"])
    let measured = plain.rows[0]
    #expect(measured.line == 2 && measured.t == 1.5 && measured.object == 0 && measured.kind == 0)
    #expect(measured.distance_m == 2.0 && measured.direction == (0, 0, -1) && measured.horizontal_angle_rad == 0.25)
    #expect(measured.vertical == 2 && measured.event == -1)  // RANGING_VERTICAL_ABOVE
    #expect(measured.truth.0 == 2.1 && measured.truth.1.isNaN && measured.pose.0.isNaN)
    let lifecycle = plain.rows[1]
    #expect(lifecycle.line == 3 && lifecycle.t == 2 && lifecycle.object == 0 && lifecycle.kind == 1)
    #expect(lifecycle.event == 2 && lifecycle.vertical == -1)  // RANGING_LIFECYCLE_SUSPENDED, RANGING_VERTICAL_NONE
    #expect(lifecycle.distance_m.isNaN && lifecycle.truth.0.isNaN && lifecycle.pose.0.isNaN)
    // Rows with poses, which only the parser reads.
    let posed = ReadFromC(path: try scratch.write("posed.csv", """
      t,object,distance,pose_w,pose_x,pose_y,pose_z
      1,b,3.5,1,0,0,0
      1.25,,,0,1,0,0
      """ + "\n"))
    try #require(posed.status == 0 && posed.rows.count == 2)
    #expect(posed.objectNames == ["b"])
    let withPose = posed.rows[0]
    #expect(withPose.line == 2 && withPose.t == 1 && withPose.object == 0 && withPose.kind == 0)
    #expect(withPose.distance_m == 3.5 && withPose.pose == (1, 0, 0, 0) && withPose.direction.0.isNaN)
    let poseAlone = posed.rows[1]
    #expect(poseAlone.line == 3 && poseAlone.t == 1.25 && poseAlone.object == -1 && poseAlone.kind == 2)
    #expect(poseAlone.pose == (0, 1, 0, 0) && poseAlone.distance_m.isNaN && poseAlone.event == -1)
  }

  @Test("An engine option is refused: a read takes the input options alone")
  func engineOptionsRefused() {
    let walk = PackagePaths.root.appendingPathComponent("datasets/walk-in-out/samples.csv").path
    #expect(ReadFromC(path: walk, ["--gate", "3"]).status == 64)
    #expect(ReadFromC(path: walk, ["--preset", "ios"]).status == 64)
    #expect(ReadFromC(path: "/nonexistent/file.csv").status == 66)
    var result = ranging_read_result_t()
    #expect(rangingReadFile(nil, nil, 0, &result) == 64)
    rangingReadResultFree(&result)
    #expect(rangingReadFile(walk, nil, 0, nil) == 64)
  }

  @Test("Hostile bytes: read, then replayed as a table, as the file replays", arguments: 0..<24)
  func hostileBytes(_ seed: Int) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try Self.expectReadThenReplayedAsTheFile(try scratch.write("input.csv", Self.hostileBytes(seed: seed)))
  }

  /// Seed `seed`'s hostile bytes (``hostileBytes(_:)``).
  static func hostileBytes(seed: Int) -> String {
    var draws = SeededDraws(seed: UInt64(seed) &+ 0x5EAD)
    let pieces = [
      "t,object,distance\n", "t,object,distance,dir_x,dir_y,dir_z,event,vertical,true_distance\n", "0.1,a,1.5\n",
      "0.2,a,", "nan", "1e308", "-0", ",", "\n", "\r\n", "b", "0.3,b,2.9,0,0,-1\n", "\u{FF}", "removed_timeout",
      "above", "#c\n", "9e9,a,1\n", ",,,\n", "0.1,a,-1\n", "5,c,0.4,1,1,1\n", "7,a,2.5,,,,,same,2.4\n",
    ]
    return draws.text(of: pieces, upTo: 400)
  }
}
