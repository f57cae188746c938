// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl info` on recordings whose contents are known by construction, or
/// counted here from the file's text. In-process (InProcessCommand), but for
/// standard input through a pipe.
@Suite("rangectl info")
struct InfoCommandTests {
  /// tag-a every 0.2 s from 0 to 2 s (11 rows, 10 intervals over 2 s: 5 Hz),
  /// all with a distance (1 to 2 m) and true_distance, a direction on even steps (6);
  /// tag-b every 1 s from 0.5 to 3.5 s (4 rows, 3 intervals over 3 s: 1 Hz),
  /// no truth, no direction; one life-cycle row of tag-b at 3.75 s; one row
  /// whose t is beyond the reader's ±9.2e12 s (docs/FORMATS.md §1), on line 18.
  private static let recording: String = {
    var lines = ["t,object,distance,dir_x,dir_y,dir_z,true_distance,event,colour"]
    for step in 0...10 {
      let direction = step % 2 == 0 ? "0,0,-1" : ",,"
      lines.append("\(Double(step) * 0.2),tag-a,\(1 + Double(step) / 10),\(direction),1.4,,red")
    }
    for step in 0...3 { lines.append("\(0.5 + Double(step)),tag-b,3,,,,,,") }
    lines.append("3.75,tag-b,,,,,,removed_peer_ended,")
    lines.append("9.3e12,tag-a,1,,,,1,,")
    return lines.joined(separator: "\n") + "\n"
  }()

  /// A report's object line, split into its cells.
  private static func cells(of object: String, in lines: [String]) -> [String]? {
    lines.map { $0.split(separator: " ").map(String.init) }.first { $0.first == object }
  }

  @Test("An azimuth alone (horizontal_angle, as Qorvo kits and Android without elevation log) counts as a direction")
  func azimuthOnlyIsADirection() throws {
    // Five rows with a horizontal_angle and no dir_*, one with neither.
    let recording = "t,object,distance,horizontal_angle\n" + (0..<5).map { "\(Double($0) * 0.2),tag,2,0.1\n" }.joined()
      + "1.0,tag,2,\n"
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let result = InProcessCommand.info([try scratch.write("azimuth.csv", recording)])
    #expect(result.status == 0, "\(result.stderr)")
    let tag = try #require(Self.cells(of: "tag", in: result.stdoutLines))
    // object rows distance direction ...
    #expect(Array(tag.prefix(4)) == ["tag", "6", "6", "5"], "\(tag)")
  }

  @Test("Columns, truth columns, rows by kind, time span, and per object rows, truth and mean rate")
  func listsTheRecording() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("recording.csv", Self.recording)
    let result = InProcessCommand.info([path])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdoutLines
    #expect(lines.contains("columns: t,object,distance,dir_x,dir_y,dir_z,true_distance,event,colour (not used: colour)"))
    #expect(lines.contains("truth columns: true_distance"))
    #expect(lines.contains("rows: 17 read = 15 measurements + 1 life-cycle + 0 poses + 1 rejected"))
    #expect(lines.contains("  rejected, time_out_of_range: 1"))
    #expect(lines.contains("time: 0.000 s to 3.750 s (span 3.750 s)"))
    #expect(lines.contains("objects: 2 (with true_distance: 1, with a true position: 0)"))
    // object, rows, distance, direction, true_distance, true position, life-cycle, first t, last t, rate,
    // distance range (issue 34, item 12)
    #expect(Self.cells(of: "tag-a", in: lines)
      == ["tag-a", "11", "11", "6", "11", "0", "0", "0.000", "2.000", "5.00", "1.00-2.00"])
    #expect(Self.cells(of: "tag-b", in: lines)
      == ["tag-b", "4", "4", "0", "0", "0", "1", "0.500", "3.500", "1.00", "3.00-3.00"])
    #expect(result.stderr.contains("\(path):18:"), "the rejected row is named by line: \(result.stderr)")
  }

  @Test("An object with life-cycle rows only, and a file without truth, say so")
  func lifecycleOnlyAndNoTruth() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let result = InProcessCommand.info([try scratch.write("lifecycle.csv", "t,object,distance,event\n1,tag,,suspended\n")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutLines.contains("truth columns: none (rangectl evaluate needs true_distance)"))
    #expect(Self.cells(of: "tag", in: result.stdoutLines) == ["tag", "0", "0", "0", "0", "0", "1", "-", "-", "-", "-"])
  }

  @Test("A bundled dataset: the rows and objects counted from its text")
  func bundledDataset() throws {
    let path = PackagePaths.root.appendingPathComponent("datasets/many-objects/samples.csv").path
    // Counted here from the text: data lines are those after the header that
    // are not comments or blank; a life-cycle row has an `event` field.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let data = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy { $0 == " " } }
    let header = data[0].split(separator: ",", omittingEmptySubsequences: false)
    let objectColumn = try #require(header.firstIndex(of: "object"))
    let eventColumn = try #require(header.firstIndex(of: "event"))
    let rows = data.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let lifecycle = rows.filter { !$0[eventColumn].isEmpty }.count
    let objects = Set(rows.map { $0[objectColumn] })

    let result = InProcessCommand.info([path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutLines.contains(
      "rows: \(rows.count) read = \(rows.count - lifecycle) measurements + \(lifecycle) life-cycle + 0 poses + 0 rejected"))
    #expect(result.stdoutLines.contains { $0.hasPrefix("objects: \(objects.count) (with true_distance: \(objects.count),") })
    for object in objects {
      #expect(Self.cells(of: String(object), in: result.stdoutLines) != nil, "\(object) is not listed")
    }
  }

  @Test("- reads the recording from standard input, and names it <stdin>")
  func standardInput() throws {
    let result = try Rangectl.run(["info", "-"], stdin: Self.recording)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutLines.first == "file: <stdin>")
    #expect(result.stdoutLines.contains("rows: 17 read = 15 measurements + 1 life-cycle + 0 poses + 1 rejected"))
    #expect(result.stderr.contains("<stdin>:18:"), "the rejected row is named by line: \(result.stderr)")
  }

  @Test("A file that is not a ranging CSV exits 65; a missing one 66, naming it")
  func badInput() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let notCSV = InProcessCommand.info([try scratch.write("hello.csv", "hello\n")])
    #expect(notCSV.status == 65)
    let missing = InProcessCommand.info(["/nonexistent/recording.csv"])
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("/nonexistent/recording.csv"))
  }
}
