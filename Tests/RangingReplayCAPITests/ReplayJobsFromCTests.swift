// SPDX-License-Identifier: Apache-2.0
import Foundation
import ReplayTestRecordings
import Testing
import _RangingReplayCHeader

/// `--jobs N` through the C replay (`ranging_replay_file`,
/// `ranging_replay_table`) gives what `--jobs 1` gives, whole: the status,
/// the messages, the events' and the filtered track's bytes, the rejected
/// rows, the counts, the unused columns, the objects' names and the event
/// and state records byte for byte (their objects numbered in the order of
/// their first record, which the shards' merge must keep). On the seeded
/// hostile recordings of the tests of `--jobs` in-process, as files and as
/// tables, and on the hostile tables and bytes of the C replay's own tests.
@Suite("ranging_replay_file and ranging_replay_table: --jobs N gives --jobs 1's outputs")
struct ReplayJobsFromCTests {
  /// Many objects in a small table (evictions on most rows), few in a small
  /// one, and many in a table that holds them all (`HostileRecording.mix`).
  static let recordings = HostileRecording.mix(seeds: 1...6)

  /// What each output option asks for: the events alone (their records too),
  /// the filtered track and its records, and the state records alone.
  static let outputs: [[String]] = [[], ["--write-filtered"], ["--state-records"]]

  /// Expects `several` to be `one`, every output of it.
  static func expectSame(
    _ several: ReplayFromC, _ one: ReplayFromC, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(several.status == one.status, "\(what)", sourceLocation: sourceLocation)
    #expect(several.messages == one.messages, "\(what)", sourceLocation: sourceLocation)
    #expect(several.events == one.events, "\(what): events", sourceLocation: sourceLocation)
    #expect(several.filtered == one.filtered, "\(what): filtered track", sourceLocation: sourceLocation)
    #expect(several.rejected == one.rejected, "\(what): rejected rows", sourceLocation: sourceLocation)
    #expect(several.counts == one.counts, "\(what): counts", sourceLocation: sourceLocation)
    #expect(several.unusedColumns == one.unusedColumns, sourceLocation: sourceLocation)
    #expect(several.objectNames == one.objectNames, "\(what): object names", sourceLocation: sourceLocation)
    #expect(bytes(several.eventRecords) == bytes(one.eventRecords), "\(what): event records", sourceLocation: sourceLocation)
    #expect(bytes(several.stateRecords) == bytes(one.stateRecords), "\(what): state records", sourceLocation: sourceLocation)
  }

  /// The records as the C caller reads them.
  static func bytes<Record>(_ records: [Record]) -> Data {
    records.withUnsafeBytes { Data($0) }
  }

  @Test("Seeded hostile recordings, as files and as tables: --jobs 2...4 give --jobs 1's outputs", arguments: recordings)
  func hostileRecordings(_ recording: HostileRecording) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let text = recording.text()
    let path = try scratch.write("hostile.csv", text)
    let table = OwnedTable(csv: text, numbers: true)
    for output in Self.outputs {
      let options = ["--capacity", "\(recording.capacity)"] + output
      let file = ReplayFromC(path: path, options + ["--jobs", "1"])
      let fromTable = table.replay(name: path, options)
      #expect(file.status == 0 && !file.events.isEmpty, "\(file.messages)")
      for jobs in 2...4 {
        Self.expectSame(ReplayFromC(path: path, options + ["--jobs", "\(jobs)"]), file, "file, \(options), --jobs \(jobs)")
        Self.expectSame(table.replay(name: path, options + ["--jobs", "\(jobs)"]), fromTable, "table, \(options), --jobs \(jobs)")
      }
    }
  }

  @Test("The C replay's hostile tables (ReplayTableFromCTests): --jobs 2...4 give --jobs 1's outputs", arguments: 0..<40)
  func hostileTables(_ seed: Int) {
    let (table, options) = ReplayTableFromCTests.hostileTable(seed: seed)
    for output in Self.outputs {
      let one = table.replay(name: "table", options + output)
      for jobs in 2...4 {
        Self.expectSame(table.replay(name: "table", options + output + ["--jobs", "\(jobs)"]), one, "\(options + output) --jobs \(jobs)")
      }
    }
  }

  @Test("The C replay's hostile bytes (ReadFromCTests): --jobs 2...4 give --jobs 1's outputs", arguments: 0..<24)
  func hostileBytes(_ seed: Int) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("input.csv", ReadFromCTests.hostileBytes(seed: seed))
    for output in Self.outputs {
      let one = ReplayFromC(path: path, output)
      for jobs in 2...4 {
        Self.expectSame(ReplayFromC(path: path, output + ["--jobs", "\(jobs)"]), one, "\(output) --jobs \(jobs)")
      }
    }
  }

  @Test("As many threads as allowed (256) on a small recording: --jobs 1's outputs")
  func mostThreads() {
    let path = PackagePaths.root.appendingPathComponent("datasets/many-objects/samples.csv").path
    Self.expectSame(
      ReplayFromC(path: path, ["--write-filtered", "--jobs", "256"]), ReplayFromC(path: path, ["--write-filtered"]),
      "--jobs 256")
  }

  @Test("ranging_replay_max_jobs is the most --jobs takes: it is accepted, one more is refused (64)")
  func maxJobs() {
    let most = Int(ranging_replay_max_jobs())
    #expect(most == 256)
    let table = OwnedTable(names: ["t", "object", "distance"], columns: [.numbers([0.1]), .texts(["a"]), .numbers([1])], rowCount: 1)
    #expect(table.replay(name: "table", ["--jobs", "\(most)"]).status == 0)
    let refused = table.replay(name: "table", ["--jobs", "\(most + 1)"])
    #expect(refused.status == 64)
    #expect(refused.messages.contains("--jobs"), "\(refused.messages)")
  }

  /// Values `--jobs` refuses: out of 1...256, past Int, not a whole number, missing.
  static let refusedValues: [[String]] = [
    ["--jobs", "0"], ["--jobs", "-1"], ["--jobs", "-9223372036854775808"], ["--jobs", "257"],
    ["--jobs", "9223372036854775807"], ["--jobs", "99999999999999999999999"], ["--jobs", "two"], ["--jobs", "2.5"],
    ["--jobs", ""], ["--jobs", " 2"], ["--jobs", "0x2"], ["--jobs"], ["--jobs=0"],
  ]

  @Test("--jobs out of 1...256, or not a whole number, is refused (64) with a message naming it, for files and tables",
        arguments: refusedValues)
  func refusedJobs(_ options: [String]) {
    let path = PackagePaths.root.appendingPathComponent("datasets/walk-in-out/samples.csv").path
    let file = ReplayFromC(path: path, options)
    #expect(file.status == 64)
    #expect(file.messages.contains("--jobs"), "\(file.messages)")
    #expect(file.events.isEmpty && file.eventRecords.isEmpty)
    let table = OwnedTable(names: ["t", "object", "distance"], columns: [.numbers([0.1]), .texts(["a"]), .numbers([1])], rowCount: 1)
      .replay(name: "table", options)
    #expect(table.status == 64)
    #expect(table.messages.contains("--jobs"), "\(table.messages)")
  }
}
