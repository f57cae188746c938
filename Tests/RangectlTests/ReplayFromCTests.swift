// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingReplayCAPI
import Synchronization
import Testing
import _RangingReplayCHeader

/// One replay through `ranging_replay_file`, its texts copied out and the result freed.
struct ReplayFromC {
  var status: Int32
  var events: Data
  var filtered: Data
  var rejected: Data
  var messages: String
  var counts: [Int64]
  var eventRecords: [ranging_replay_event_t]
  var stateRecords: [ranging_replay_state_t]
  var objectNames: [String]
  /// The header's names that nothing reads.
  var unusedColumns: [String]

  init(path: String?, _ options: [String]) {
    self.init(options) { options, count, result in
      if let path { return rangingReplayFile(path, options, count, result) }
      return rangingReplayFile(nil, options, count, result)
    }
  }

  /// The replay that `call` makes with `options` (as C pointers) into a result.
  init(
    _ options: [String],
    call: (UnsafePointer<UnsafePointer<CChar>?>?, Int, UnsafeMutablePointer<ranging_replay_result_t>) -> Int32
  ) {
    var result = ranging_replay_result_t()
    let arguments = options.map { strdup($0) }
    defer { arguments.forEach { free($0) } }
    let pointers = arguments.map { UnsafePointer($0) }
    status = pointers.withUnsafeBufferPointer { buffer in call(buffer.baseAddress, buffer.count, &result) }
    func data(_ text: ranging_replay_text_t) -> Data {
      text.bytes.map { Data(bytes: $0, count: text.length) } ?? Data()
    }
    events = data(result.events)
    filtered = data(result.filtered)
    rejected = data(result.rejected)
    messages = String(decoding: data(result.messages), as: UTF8.self)
    counts = [
      result.rows_read, result.measurements_accepted, result.lifecycle_accepted, result.poses_accepted,
      result.rows_rejected, result.objects, result.evictions, result.enter_events, result.exit_events,
    ]
    eventRecords = Array(UnsafeBufferPointer(start: result.event_records, count: result.event_count))
    stateRecords = Array(UnsafeBufferPointer(start: result.state_records, count: result.state_count))
    objectNames = Rangectl.lines(String(decoding: data(result.object_names), as: UTF8.self))
    unusedColumns = Rangectl.lines(String(decoding: data(result.unused_columns), as: UTF8.self))
    #expect(result.status == status)
    rangingReplayResultFree(&result)
    #expect(result.events.bytes == nil && result.messages.bytes == nil, "freed results are zeroed")
  }

  /// The records agree with the texts: one per event line and per filtered
  /// row, with the same time and object, and values that the texts round.
  func checkRecords(zoneNames: [String]) throws {
    struct Event: Decodable {
      var t: Double
      var object: String
      var zone: String
      var event: String
      var distance: Double?
    }
    let lines = events.split(separator: UInt8(ascii: "\n"))
    try #require(lines.count == eventRecords.count)
    for (line, record) in zip(lines, eventRecords) {
      let event = try JSONDecoder().decode(Event.self, from: Data(line))
      #expect(event.t == record.t)
      #expect(event.object == objectNames[Int(record.object)])
      #expect(event.zone == zoneNames[Int(record.zone)])
      #expect(event.event == (record.kind == 0 ? "enter" : "exit"))
      #expect(event.distance.map { abs($0 - record.distance_m) <= 0.0005 + 1e-9 } ?? record.distance_m.isNaN)
    }
    let rows = Rangectl.lines(String(decoding: filtered, as: UTF8.self)).dropFirst()
    try #require(rows.count == stateRecords.count)
    for (row, record) in zip(rows, stateRecords) {
      let fields = row.split(separator: ",", omittingEmptySubsequences: false)
      #expect(Double(fields[0]) == record.t)
      #expect(Double(fields[2]).map { abs($0 - record.distance_m) <= 0.00005 + 1e-9 } ?? record.distance_m.isNaN)
    }
  }

  /// The rejected rows, decoded from docs/FORMATS.md §6's JSON Lines.
  func rejections() throws -> [RowRejection] { try Self.decodeRejections(rejected) }

  /// Rejected rows from docs/FORMATS.md §6's JSON Lines.
  static func decodeRejections(_ rejected: Data) throws -> [RowRejection] {
    struct Line: Decodable {
      var line: Int
      var column: Int?
      var field: String
      var reason: String
      var text: String
    }
    return try rejected.split(separator: UInt8(ascii: "\n")).map { bytes in
      let line = try JSONDecoder().decode(Line.self, from: Data(bytes))
      return RowRejection(line: line.line, column: line.column, field: line.field, reason: line.reason, text: line.text)
    }
  }
}

/// A recording and the options it is replayed with.
struct ReplayFromCCase: Sendable, CustomTestStringConvertible {
  var path: String
  var options: [String] = []
  var testDescription: String { ([path] + options).joined(separator: " ") }
}

/// The replay reached from C (`ranging_replay.h`, issue 35 item 1) is the
/// command line's: on every bundled dataset, every real recording (in
/// ../shared/datasets, when it is there) and every troubled recording of the
/// corpus, and under options of every kind, it gives rangectl's events,
/// filtered track and standard error byte for byte.
/// The reference is the `rangectl` executable run on the same file, whose
/// own outputs the golden replays pin.
@Suite("ranging_replay_file: rangectl replay's outputs, from C")
struct ReplayFromCTests {
  static var cases: [ReplayFromCCase] {
    let root = PackagePaths.root.path
    let fileManager = FileManager.default
    var cases: [ReplayFromCCase] = []
    let datasets = ((try? fileManager.contentsOfDirectory(atPath: "\(root)/datasets")) ?? []).sorted()
    for name in datasets where fileManager.fileExists(atPath: "\(root)/datasets/\(name)/samples.csv") {
      cases.append(ReplayFromCCase(path: "datasets/\(name)/samples.csv"))
    }
    let corpus = ((try? fileManager.contentsOfDirectory(atPath: "\(root)/Tests/Corpus")) ?? []).sorted()
    for name in corpus where !name.hasPrefix("config-") && name != "manifest.json" {
      cases.append(ReplayFromCCase(path: "Tests/Corpus/\(name)"))
    }
    let walk = "datasets/walk-in-out/samples.csv", many = "datasets/many-objects/samples.csv"
    cases += [
      ReplayFromCCase(path: walk, options: ["--zones", "near=1,door=2.5", "--hysteresis", "0.3", "--exit-dwell", "0.4"]),
      ReplayFromCCase(path: walk, options: ["--direction", "off", "--measured-noise", "off", "--gating", "always"]),
      ReplayFromCCase(path: many, options: ["--capacity", "3", "--suspension", "hold"]),
      ReplayFromCCase(path: many, options: ["--object-calibration", "tag-1=0.1,1.01", "--band-offset", "0"]),
      ReplayFromCCase(path: "Tests/Corpus/qorvo-fail.csv", options: ["--preset", "qorvo"]),
      ReplayFromCCase(path: walk, options: ["--column", "distance=true_distance", "--distance-unit", "cm"]),
      ReplayFromCCase(path: walk, options: ["--distance-unit", "cm", "--time-unit", "ms"]),
      ReplayFromCCase(path: walk, options: ["--zones", "door=2@30"]),
    ]
    return cases
  }

  /// The real recordings, from ../shared/datasets: skipped, saying so, without it.
  static var realRecordingCases: [ReplayFromCCase] {
    PackagePaths.realRecordingPaths.map { ReplayFromCCase(path: $0) }
  }

  @Test("On every real recording: events, filtered track and standard error are rangectl's, byte for byte",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings), arguments: realRecordingCases)
  func matchesRangectlOnRealRecording(_ replayCase: ReplayFromCCase) throws {
    try matchesRangectl(replayCase)
  }

  @Test("Events, filtered track and standard error are rangectl's, byte for byte", arguments: cases)
  func matchesRangectl(_ replayCase: ReplayFromCCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let events = scratch.path("events.jsonl"), filtered = scratch.path("filtered.csv")
    let path = PackagePaths.root.appendingPathComponent(replayCase.path).path
    let reference = try Rangectl.run(
      ["replay", path, "--jobs", "1", "--list-rejected", "100000000", "--events", events, "--filtered", filtered]
        + replayCase.options)
    let fromC = ReplayFromC(path: path, replayCase.options + ["--write-filtered"])
    #expect(fromC.status == reference.status)
    if reference.status == 64 {
      // rangectl's message for a refused option, then its usage lines.
      #expect(fromC.messages.hasPrefix("Error: ") && reference.stderr.hasPrefix(fromC.messages))
      return
    }
    let rejections = try fromC.rejections()
    let listing = rejections.map { $0.message(path: path) + "\n" }.joined()
    #expect(listing + fromC.messages == reference.stderr)
    #expect(fromC.events == Self.contents(events))
    #expect(fromC.filtered == Self.contents(filtered))
    if fromC.status == 0 {
      let zones = replayCase.options.firstIndex(of: "--zones").map { replayCase.options[$0 + 1] } ?? "inner=1.5,outer=3"
      try fromC.checkRecords(zoneNames: zones.split(separator: ",").map { String($0.prefix { $0 != "=" }) })
      // rows read = accepted + rejected, and every rejected row is in the JSON Lines.
      #expect(fromC.counts[0] == fromC.counts[1] + fromC.counts[2] + fromC.counts[3] + fromC.counts[4])
      #expect(Int64(rejections.count) == fromC.counts[4])
    }
  }

  /// Seeded bytes of CSV-like shape, and seeded options of every range: the
  /// replay from C never traps, keeps rows read = accepted + rejected, and
  /// gives what rangectl gives.
  @Test("Hostile bytes and options: rangectl's outputs, and every row accounted for", arguments: 0..<24)
  func hostileInput(_ seed: Int) throws {
    // The seed picks each case's pieces and options.
    var draws = SeededDraws(seed: UInt64(seed) &+ 0x5EED)
    let pieces = [
      "t,object,distance\n", "t,object,distance,dir_x,dir_y,dir_z,event\n", "0.1,a,1.5\n", "0.2,a,", "nan", "1e308",
      "-0", ",", "\n", "\r\n", "\"", "b", "0.3,b,2.9,0,0,-1\n", "\u{0}", "\u{FF}", "removed_timeout", "#c\n", "9e9,a,1\n",
      ",,,\n", "0.1,a,-1\n", "5,c,0.4,1,1,1\n",
    ]
    let text = draws.text(of: pieces, upTo: 400)
    let optionSets: [[String]] = [
      [], ["--capacity", "1"], ["--gate", "0.5", "--short-gate", "100"], ["--zones", "x=0.001"], ["--hysteresis", "-1"],
      ["--max-coast", "1e300"], ["--distance-unit", "mm"], ["--column", "object=dir_x"], ["--backend", "swift"], ["--bogus"],
      ["--confirmation", "100", "--confirmation-seconds", "0"], ["--fov", "180,90"],
    ]
    let options = optionSets[draws.next(optionSets.count)]
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let input = try scratch.write("input.csv", text)
    let events = scratch.path("events.jsonl"), filtered = scratch.path("filtered.csv")
    let reference = try Rangectl.run(
      ["replay", input, "--jobs", "1", "--list-rejected", "100000000", "--events", events, "--filtered", filtered] + options)
    let fromC = ReplayFromC(path: input, options + ["--write-filtered"])
    #expect(fromC.status == reference.status, "\(options)")
    if reference.status == 64 {
      // An option refused: rangectl's message, then its usage lines.
      #expect(fromC.messages.hasPrefix("Error: ") && reference.stderr.hasPrefix(fromC.messages))
      #expect(fromC.events.isEmpty && fromC.rejected.isEmpty)
      return
    }
    let rejections = try fromC.rejections()
    #expect(rejections.map { $0.message(path: input) + "\n" }.joined() + fromC.messages == reference.stderr)
    #expect(fromC.events == Self.contents(events))
    #expect(fromC.filtered == Self.contents(filtered))
    if fromC.status == 0 {
      let zones = options.firstIndex(of: "--zones").map { options[$0 + 1] } ?? "inner=1.5,outer=3"
      try fromC.checkRecords(zoneNames: zones.split(separator: ",").map { String($0.prefix { $0 != "=" }) })
      #expect(fromC.counts[0] == fromC.counts[1] + fromC.counts[2] + fromC.counts[3] + fromC.counts[4])
      #expect(Int64(rejections.count) == fromC.counts[4])
    }
  }

  /// A file rangectl wrote, or no bytes when it stopped before creating it
  /// (an input it could not open or read as a ranging CSV).
  static func contents(_ path: String) -> Data {
    (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
  }

  @Test("The header's names that nothing reads come out one per line, in header order")
  func unusedColumns() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let input = try scratch.write("extra.csv", "note,t,object,distance,room b\nx,0.1,a,1.5,2\n")
    var result = ranging_replay_result_t()
    #expect(rangingReplayFile(input, nil, 0, &result) == 0)
    let unused = UnsafeRawBufferPointer(start: result.unused_columns.bytes, count: result.unused_columns.length)
    #expect(String(decoding: unused, as: UTF8.self) == "note\nroom b\n")
    #expect(result.rows_read == 1 && result.measurements_accepted == 1)
    let zones = UnsafeRawBufferPointer(start: result.zone_names.bytes, count: result.zone_names.length)
    #expect(String(decoding: zones, as: UTF8.self) == "\"inner\"\n\"outer\"\n")
    rangingReplayResultFree(&result)
  }

  @Test("--state-records gives the records of --write-filtered without the filtered track's text")
  func stateRecordsAlone() throws {
    let path = PackagePaths.root.appendingPathComponent("datasets/many-objects/samples.csv").path
    let both = ReplayFromC(path: path, ["--write-filtered"])
    let records = ReplayFromC(path: path, ["--state-records"])
    #expect(records.status == 0 && records.filtered.isEmpty && !both.filtered.isEmpty)
    #expect(records.events == both.events && records.objectNames == both.objectNames)
    try #require(records.stateRecords.count == both.stateRecords.count && !records.stateRecords.isEmpty)
    for (alone, beside) in zip(records.stateRecords, both.stateRecords) {
      #expect(alone.t == beside.t && alone.object == beside.object)
      #expect(alone.distance_m.bitPattern == beside.distance_m.bitPattern && alone.sigma_m == beside.sigma_m)
    }
  }

  /// Issue 58, item 13: the Python package held every output in memory (10 M rows: 8-9 GB).
  @Test("--events PATH and --filtered PATH write rangectl's bytes to the files and keep neither output nor its records in memory")
  func outputsToFiles() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = PackagePaths.root.appendingPathComponent("datasets/many-objects/samples.csv").path
    let inMemory = ReplayFromC(path: path, ["--write-filtered"])
    let toFiles = ReplayFromC(path: path, ["--events", scratch.path("events.jsonl"), "--filtered", scratch.path("filtered.csv")])
    #expect(toFiles.status == 0, "\(toFiles.messages)")
    #expect(FileManager.default.contents(atPath: scratch.path("events.jsonl")) == inMemory.events && !inMemory.events.isEmpty)
    #expect(FileManager.default.contents(atPath: scratch.path("filtered.csv")) == inMemory.filtered)
    #expect(toFiles.events.isEmpty && toFiles.filtered.isEmpty)
    #expect(toFiles.eventRecords.isEmpty && toFiles.stateRecords.isEmpty)
    #expect(toFiles.counts == inMemory.counts && toFiles.messages == inMemory.messages)
    // As rangectl: one regular file for both, the input as an output, and standard output are refused (64);
    // a folder that does not exist cannot be created in (73).
    let same = scratch.path("same")
    for options in [["--events", same, "--filtered", same], ["--events", path], ["--filtered", "-"],
                    ["--filtered", same, "--write-filtered"]] {
      let refused = ReplayFromC(path: path, options)
      #expect(refused.status == 64, "\(options): \(refused.messages)")
    }
    let uncreatable = ReplayFromC(path: path, ["--events", scratch.path("none/events.jsonl")])
    #expect(uncreatable.status == 73 && uncreatable.messages.contains("none/events.jsonl"), "\(uncreatable.messages)")
  }

  /// ranging_replay.h: "replays on different threads share nothing".
  @Test("Replays on several threads at once give what each gives alone")
  func concurrentReplays() throws {
    let names = ["many-objects", "walk-in-out", "nlos-approach", "circling", "walk-past", "fast-approach"]
    let paths = names.map { PackagePaths.root.appendingPathComponent("datasets/\($0)/samples.csv").path }
    let alone = paths.map { ReplayFromC(path: $0, ["--write-filtered"]) }
    let together = Mutex([ReplayFromC?](repeating: nil, count: paths.count * 2))
    DispatchQueue.concurrentPerform(iterations: paths.count * 2) { index in
      let result = ReplayFromC(path: paths[index % paths.count], ["--write-filtered"])
      together.withLock { $0[index] = result }
    }
    for (index, result) in together.withLock({ $0 }).enumerated() {
      let expected = alone[index % paths.count]
      #expect(result?.status == 0 && result?.events == expected.events && result?.filtered == expected.filtered)
      #expect(result?.messages == expected.messages && result?.counts == expected.counts)
    }
  }

  @Test("Calls the header does not allow, and files that cannot be replayed, get rangectl's status and a message")
  func refusals() throws {
    let walk = PackagePaths.root.appendingPathComponent("datasets/walk-in-out/samples.csv").path
    let unknown = ReplayFromC(path: walk, ["--jobs", "2"])
    #expect(unknown.status == 64)
    #expect(unknown.messages.contains("--jobs"))
    let outOfRange = ReplayFromC(path: walk, ["--gate", "-1"])
    #expect(outOfRange.status == 64)
    #expect(outOfRange.messages.contains("--gate"))
    let missing = ReplayFromC(path: "/nonexistent/recording.csv", [])
    #expect(missing.status == 66)
    #expect(missing.messages.contains("/nonexistent/recording.csv"))
    let noPath = ReplayFromC(path: nil, [])
    #expect(noPath.status == 64)
    #expect(noPath.messages == "ranging_replay_file: path is NULL\n")
    #expect(rangingReplayFile(walk, nil, 0, nil) == 64)
    var result = ranging_replay_result_t()
    #expect(rangingReplayFile(walk, nil, 2, &result) == 64)
    #expect(String(decoding: UnsafeRawBufferPointer(start: result.messages.bytes, count: result.messages.length), as: UTF8.self)
      == "ranging_replay_file: 2 options at a NULL pointer\n")
    rangingReplayResultFree(&result)
    rangingReplayResultFree(nil)
  }
}
