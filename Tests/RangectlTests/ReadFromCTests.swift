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
    rows = Array(UnsafeBufferPointer(start: result.rows, count: result.row_count))
    objectNames = Rangectl.lines(String(decoding: text(result.object_names), as: UTF8.self))
    rejected = text(result.rejected)
    columns = Rangectl.lines(String(decoding: text(result.columns), as: UTF8.self))
    unusedColumns = Rangectl.lines(String(decoding: text(result.unused_columns), as: UTF8.self))
    unusedFields = String(decoding: text(result.unused_fields), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    rowsRead = result.rows_read
    rowsRejected = result.rows_rejected
    #expect(result.status == status)
    rangingReadResultFree(&result)
    #expect(result.rows == nil && result.rejected.bytes == nil, "freed results are zeroed")
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
/// ReplayFromCTests hold to rangectl's.
@Suite("ranging_read_file: the rows rangectl reads, to replay elsewhere")
struct ReadFromCTests {
  static func expectReadThenReplayedAsTheFile(_ path: String, _ inputOptions: [String] = []) throws {
    let fromFile = ReplayFromC(path: path, inputOptions + ["--write-filtered"])
    let read = ReadFromC(path: path, inputOptions)
    #expect(read.status == fromFile.status, "\(path)")
    guard read.status == 0 else { return }
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

  @Test("Every bundled and real recording and every troubled one", arguments: ReplayFromCTests.cases.filter(\.options.isEmpty))
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
    let plain = PackagePaths.root.appendingPathComponent("datasets/walk-in-out/samples.csv").path
    #expect(ReadFromC(path: plain, ["--unused-fields"]).unusedFields.isEmpty, "a file without other columns")
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
    var draws = SeededDraws(seed: UInt64(seed) &+ 0x5EAD)
    let pieces = [
      "t,object,distance\n", "t,object,distance,dir_x,dir_y,dir_z,event,vertical,true_distance\n", "0.1,a,1.5\n",
      "0.2,a,", "nan", "1e308", "-0", ",", "\n", "\r\n", "b", "0.3,b,2.9,0,0,-1\n", "\u{FF}", "removed_timeout",
      "above", "#c\n", "9e9,a,1\n", ",,,\n", "0.1,a,-1\n", "5,c,0.4,1,1,1\n", "7,a,2.5,,,,,same,2.4\n",
    ]
    let text = draws.text(of: pieces, upTo: 400)
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    try Self.expectReadThenReplayedAsTheFile(try scratch.write("input.csv", text))
  }
}
