// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A small recording that exercises every output: a malformed row (rejected,
/// not fatal), four measurements at 0.5 Hz walking in to 1 m, and a
/// life-cycle row that ends the session while inside both zones.
private let smallRecording = """
  # small recording for the command line tests
  t,object,distance,event
  0,tag,7,
  2,tag,5,
  3,tag,oops,
  4,tag,3,
  6,tag,1,
  8,tag,,removed_peer_ended

  """

/// An option list that `rangectl replay` must refuse with status 64.
struct BadOptionsCase: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var why: String
  var testDescription: String { "\(arguments.joined(separator: " ")) (\(why))" }
}

/// A file that is not a ranging CSV, refused with status 65.
struct NotRangingCSVCase: Sendable, CustomTestStringConvertible {
  var name: String
  var contents: String
  /// What the message on standard error must say.
  var reason: String
  var testDescription: String { name }
}

/// In-process (ReplayInProcess, its events in a file read back as standard output), but for a file that cannot be
/// opened (exit 66, nothing on standard output), standard input through a pipe, and --events against standard output.
@Suite("rangectl replay command line (docs/FORMATS.md §4)")
struct CommandLineContractTests {
  @Test("A file that cannot be opened exits 66 and the message names the file")
  func missingFile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("no-such-recording.csv")
    let result = try Rangectl.run(["replay", path])
    #expect(result.status == 66)
    #expect(result.stderr.contains(path), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  static let notRangingCSVCases: [NotRangingCSVCase] = [
    NotRangingCSVCase(
      name: "a header without a t column", contents: "time,object,distance\n1,a,2\n", reason: "no 't' column"),
    NotRangingCSVCase(name: "an empty file", contents: "", reason: "empty file"),
    NotRangingCSVCase(name: "only comments and blank lines", contents: "# nothing here\n\n", reason: "no header line"),
    NotRangingCSVCase(
      name: "a header without an object column", contents: "t,distance\n1,2\n", reason: "no 'object' column"),
    // Issue 34, item 11: each said only "no 't' column" before.
    NotRangingCSVCase(
      name: "another tool's log", contents: "timestamp_ms,device,range_cm\n0,a,150\n",
      reason: "input.csv:1: not a ranging CSV: no 't' column; found 'timestamp_ms', 'device', 'range_cm': name the columns to "
        + "read, e.g. --column t=timestamp_ms --time-unit ms --column object=device --column distance=range_cm --distance-unit cm"),
    NotRangingCSVCase(
      name: "a header with names nothing guesses", contents: "a,b\n0,1\n",
      reason: "no 't' column; found 'a', 'b': name the columns to read, e.g. --column t=NAME --column object=NAME"),
    NotRangingCSVCase(
      name: "a file split at semicolons", contents: "t;object;distance\n0;a;1\n",
      reason: "no 't' column; found 't;object;distance': rangectl reads fields separated by commas only, and this header "
        + "has ';' (save the file with commas)"),
    NotRangingCSVCase(
      name: "a file split at tabs", contents: "t\tobject\tdistance\n0\ta\t1\n",
      reason: "found 't\\tobject\\tdistance': rangectl reads fields separated by commas only, and this header has tabs"),
    NotRangingCSVCase(
      name: "the layout of a preset, without it",
      contents: "time_ms,mac_address,status,distance[cm],loc_az_pdoa,loc_az,loc_el_pdoa,loc_el,rmt_az,rmt_el,RSSI[dBm]\n"
        + "0,AA,SUCCESS,150,0,0,0,0,0,0,-60\n",
      reason: "no 't' column; found 'time_ms', 'mac_address', 'status', 'distance[cm]', 'loc_az_pdoa', 'loc_az', "
        + "'loc_el_pdoa', 'loc_el', ... (11 columns): give --preset qorvo, whose layout this is"),
  ]

  @Test("A file that is not a ranging CSV exits 65", arguments: notRangingCSVCases)
  func notARangingCSV(_ fixture: NotRangingCSVCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("input.csv", fixture.contents)
    let result = try ReplayInProcess.result([path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("not a ranging CSV"), "stderr: \(result.stderr)")
    #expect(result.stderr.contains(fixture.reason), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  static let badOptionCases: [BadOptionsCase] = [
    BadOptionsCase(arguments: ["--zones", "inner=-1"], why: "negative radius"),
    BadOptionsCase(arguments: ["--zones", "inner"], why: "no radius"),
    BadOptionsCase(arguments: ["--zones", "inner=1.5,inner=3"], why: "zone given twice"),
    BadOptionsCase(arguments: ["--frobnicate"], why: "unknown option"),
    BadOptionsCase(arguments: ["--hysteresis", "-0.1"], why: "negative hysteresis"),
  ]

  @Test("Bad options exit 64 before reading anything", arguments: badOptionCases)
  func badOptions(_ fixture: BadOptionsCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", smallRecording)
    let result = try ReplayInProcess.result([path] + fixture.arguments)
    #expect(result.status == 64, "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.summary == nil, "no summary for a run that never started")
  }

  @Test("A run with rejected rows completes with status 0 and reports them")
  func rejectedRowsAreNotFatal() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", smallRecording)
    let result = try ReplayInProcess.result([path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let summary = try #require(result.summary, "no summary in: \(result.stderr)")
    #expect(summary.rowsRead == 6)
    #expect(summary.accepted == 5)
    #expect(summary.measurements == 4)
    #expect(summary.lifecycle == 1)
    #expect(summary.rejected == 1)
    #expect(summary.rejectedByReason == ["malformed_number": 1])
    #expect(result.stderr.contains("\(path):5:3: field 'distance': malformed number 'oops'"))
    #expect(result.stdoutLines.count == 4)
  }

  @Test("- reads the recording from standard input, and the summary calls it <stdin>")
  func standardInput() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", smallRecording)
    let fromFile = try ReplayInProcess.result([path])
    let fromPipe = try Rangectl.run(["replay", "-"], stdin: smallRecording)
    #expect(fromPipe.status == 0, "stderr: \(fromPipe.stderr)")
    #expect(fromPipe.stdoutLines.count == 4)
    #expect(fromPipe.stdout == fromFile.stdout)
    #expect(fromPipe.summary?.path == "<stdin>")
    #expect(fromPipe.stderr.contains("<stdin>:5:3: field 'distance': malformed number 'oops'"))
    var expected = try #require(fromFile.summary)
    expected.path = "<stdin>"
    #expect(fromPipe.summary == expected)
  }

  @Test("--events PATH writes the events to the file and leaves standard output empty")
  func eventsToFile() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", smallRecording)
    let toStdout = try Rangectl.run(["replay", path])
    let toFile = try Rangectl.run(["replay", path, "--events", scratch.path("events.jsonl")])
    #expect(toFile.status == 0, "stderr: \(toFile.stderr)")
    #expect(toFile.stdout.isEmpty, "stdout: \(toFile.stdoutText)")
    #expect(try scratch.read("events.jsonl") == toStdout.stdoutText)
    #expect(toStdout.stdoutLines.count == 4)
  }

  @Test("--filtered PATH writes the §3 header and one row per accepted measurement")
  func filteredTrack() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", smallRecording)
    let result = try ReplayInProcess.result([path, "--filtered", scratch.path("track.csv")])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = Rangectl.lines(try scratch.read("track.csv"))
    // docs/FORMATS.md §3's columns first; extra columns may follow (here the direction's sigma and the NLOS probability).
    #expect(lines.first == "t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state,dir_sigma_deg,nlos")
    let summary = try #require(result.summary)
    // Not the rows read (6) nor the accepted rows (5): the life-cycle row
    // and the rejected row have no filtered state.
    #expect(lines.count - 1 == summary.measurements)
    #expect(lines.dropFirst().map { $0.split(separator: ",").first.flatMap { Double($0) } } == [0, 2, 4, 6])
    for row in lines.dropFirst() {
      let fields = row.split(separator: ",", omittingEmptySubsequences: false)
      #expect(fields.count == 10, "row: \(row)")
      #expect(fields.last.flatMap { Double($0) }.map { (0...1).contains($0) } == true, "row: \(row)")
    }
  }

  @Test("An output path that names FILE is refused with 64 and the recording is left intact",
        arguments: ["--events", "--filtered"])
  func outputOverInput(option: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", smallRecording)
    // Were it accepted, the events would go to a file of their own, not over the recording.
    let events = option == "--events" ? [] : ["--events", scratch.path("events.jsonl")]
    let result = ReplayInProcess.run([path, option, path] + events)
    let after = try scratch.read("small.csv")
    #expect(result.status == 64)
    #expect(after == smallRecording)
  }
}
