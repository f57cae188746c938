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
    objectNames = ReplayFromC.lines(String(decoding: data(result.object_names), as: UTF8.self))
    unusedColumns = ReplayFromC.lines(String(decoding: data(result.unused_columns), as: UTF8.self))
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
    let rows = ReplayFromC.lines(String(decoding: filtered, as: UTF8.self)).dropFirst()
    try #require(rows.count == stateRecords.count)
    for (row, record) in zip(rows, stateRecords) {
      let fields = row.split(separator: ",", omittingEmptySubsequences: false)
      #expect(Double(fields[0]) == record.t)
      #expect(Double(fields[2]).map { abs($0 - record.distance_m) <= 0.00005 + 1e-9 } ?? record.distance_m.isNaN)
    }
  }

  /// `text` split into lines, without the final empty one.
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
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

extension ReplayFromCCase {
  /// Every bundled dataset, every troubled recording of the corpus, and options of every kind.
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
  static var realRecordings: [ReplayFromCCase] {
    PackagePaths.realRecordingPaths.map { ReplayFromCCase(path: $0) }
  }
}
