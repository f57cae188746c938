// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingReplayCAPI
import Synchronization
import Testing
import _RangingReplayCHeader

/// `ranging_replay_file` called in-process: the header's promises that need no
/// `rangectl` to compare with (ReplayFromCMatchesRangectlTests in RangectlTests holds
/// its outputs to the command's).
@Suite("ranging_replay_file, in-process")
struct ReplayFromCTests {
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
    let unknown = ReplayFromC(path: walk, ["--out-dir", "out"])
    #expect(unknown.status == 64)
    #expect(unknown.messages.contains("--out-dir"))
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
