// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats
import RangingReplay
import RangingReplayThreads
import Testing
import ZoneMonitor

@testable import RangingOutputs

/// The replay job in-process: what `rangectl replay` and the replay reached
/// from C are adapters over. One thread and several write the same bytes
/// through the same sinks, every output is closed, and the ending is told
/// by the status and messages of docs/FORMATS.md §4.
@Suite("ReplayJob")
struct ReplayJobTests {
  private static let zones = ZoneList.defaults

  /// A bundled recording with rows that are rejected appended, so that the
  /// listing and the summary have something to count, in a folder of its own
  /// (removed by the caller) where the outputs go too.
  private static func recording() throws -> (folder: TemporaryFolder, path: String) {
    let folder = try TemporaryFolder()
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var text = try String(contentsOf: root.appendingPathComponent("datasets/many-objects/samples.csv"), encoding: .utf8)
    text += "1e9,tag-1,not-a-distance\n1e9,,1.0\n"
    let path = folder.url.appendingPathComponent("input.csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return (folder, path)
  }

  /// Writes as rangectl's one-thread observer does, and keeps the rejected rows and the end of the rows.
  private final class Writing: ReplayObserver {
    let events: EventsWriter
    let filtered: FilteredTrackWriter?
    var rejections: [RowRejection] = []
    var rowsEndedCount = 0
    init(_ events: EventsWriter, _ filtered: FilteredTrackWriter?) {
      self.events = events
      self.filtered = filtered
    }
    var observesStates: Bool { filtered != nil }
    func rejected(_ rejection: RowRejection) { rejections.append(rejection) }
    func event(_ event: ZoneEvent, objectName: String) { events.write(event, objectName: objectName) }
    func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
      filtered?.write(seconds: seconds, objectName: objectName, state: state)
    }
    func rowsEnded() { rowsEndedCount += 1 }
  }

  /// What one run of the job gave: its outcome, its outputs' bytes and what its observer saw.
  private struct Run {
    var outcome: ReplayOutcome
    var events: Data
    var filtered: Data
    var rejections: [RowRejection]
    var rowsEnded: Int
  }

  /// The job's run on the file at `path`; with `oneOutput`, the events and
  /// the filtered track written to one output, the events' (`filteredPath` unused).
  private static func run(
    _ path: String, threads: Int, events eventsPath: String, filtered filteredPath: String, oneOutput: Bool = false,
    configure: (inout ReplayJob) -> Void = { _ in }
  ) throws -> Run {
    let replayer = Replayer(
      pipeline: RangingPipeline<SwiftKalmanBackend>(tracker: TrackerConfiguration(capacity: 64), zones: zones.zones()),
      zoneNames: zones.names)
    let events = EventsWriter(output: try OutputFile(creating: eventsPath), zoneNames: zones.names)
    let filtered = FilteredTrackWriter(output: oneOutput ? events.output : try OutputFile(creating: filteredPath))
    let observer = Writing(events, filtered)
    var job = ReplayJob(path: path, zones: zones, mapping: .identity)
    job.threads = threads
    configure(&job)
    let outcome = job.run(
      replayer, reading: try RangingCSVReader(path: path), into: ReplaySinks(events: events, filtered: filtered, observer: observer))
    return Run(
      outcome: outcome, events: FileManager.default.contents(atPath: eventsPath) ?? Data(),
      filtered: FileManager.default.contents(atPath: filteredPath) ?? Data(), rejections: observer.rejections,
      rowsEnded: observer.rowsEndedCount)
  }

  @Test("One thread and several write the same events, track, rejected rows, summary and messages", arguments: [2, 3])
  func threadsWriteOneReplay(threads: Int) throws {
    let (temporary, path) = try Self.recording()
    defer { temporary.remove() }
    let folder = temporary.url
    func output(_ name: String) -> String { folder.appendingPathComponent(name).path }
    let one = try Self.run(path, threads: 1, events: output("1.jsonl"), filtered: output("1.csv"))
    let several = try Self.run(path, threads: threads, events: output("n.jsonl"), filtered: output("n.csv"))
    #expect(one.outcome.status == 0)
    #expect(one.outcome.writeFailures.isEmpty)
    let summary = try #require(one.outcome.summary)
    #expect(summary.rowsRejected == 2)
    #expect(summary.enterEvents + summary.exitEvents > 0)
    #expect(one.outcome.messages.hasSuffix(summary.report(path: path)))
    #expect(!one.events.isEmpty)
    #expect(String(decoding: one.filtered, as: UTF8.self).hasPrefix(FilteredTrackWriter.header + "\n"))
    #expect(one.rowsEnded == 1)
    #expect(one.rejections.count == 2)
    #expect(several.outcome.status == one.outcome.status)
    #expect(several.outcome.messages == one.outcome.messages)
    #expect(several.outcome.summary == one.outcome.summary)
    #expect(several.outcome.linesRead == one.outcome.linesRead)
    // As Bools: a failed comparison of two outputs of a megabyte would be diffed byte by byte.
    let sameEvents = several.events == one.events, sameTrack = several.filtered == one.filtered
    #expect(sameEvents, "the events differ: \(several.events.count) bytes against \(one.events.count)")
    #expect(sameTrack, "the filtered track differs: \(several.filtered.count) bytes against \(one.filtered.count)")
    #expect(several.rejections == one.rejections)
    #expect(several.rowsEnded == 1)
  }

  @Test("A lost output is 74, named, with no summary written but its counts kept; the filtered track's is named when both are lost", arguments: [1, 2])
  func lostOutput(threads: Int) throws {
    let (temporary, path) = try Self.recording()
    defer { temporary.remove() }
    let folder = temporary.url
    let eventsLost = try Self.run(path, threads: threads, events: "/dev/full", filtered: folder.appendingPathComponent("f.csv").path)
    #expect(eventsLost.outcome.status == 74)
    #expect(eventsLost.outcome.summary?.rowsRejected == 2)
    #expect(eventsLost.outcome.writeFailures.map(\.path) == ["/dev/full"])
    #expect(eventsLost.outcome.messages.hasPrefix("rangectl replay: cannot write /dev/full: "))
    #expect(eventsLost.outcome.messages.split(separator: "\n").count == 1)
    let bothLost = try Self.run(path, threads: threads, events: "/dev/full", filtered: "/dev/full")
    #expect(bothLost.outcome.status == 74)
    #expect(bothLost.outcome.writeFailures.count == 2)
    #expect(bothLost.outcome.messages.split(separator: "\n").count == 1)
  }

  @Test("One output given for the events and the filtered track is closed twice by the job: the second close tells the first's outcome, no trap",
        arguments: [1, 2])
  func oneOutputForBoth(threads: Int) throws {
    let (temporary, path) = try Self.recording()
    defer { temporary.remove() }
    let shared = temporary.url.appendingPathComponent("both.txt").path
    let one = try Self.run(path, threads: threads, events: shared, filtered: "", oneOutput: true)
    #expect(one.outcome.status == 0)
    #expect(one.outcome.writeFailures.isEmpty)
    #expect(one.outcome.summary?.rowsRejected == 2)
    let text = String(decoding: one.events, as: UTF8.self)
    #expect(text.hasPrefix(FilteredTrackWriter.header + "\n"))
    #expect(text.contains("\"event\":\"enter\""))
    // Lost: each close tells the one failure, and the replay ends as for a lost output.
    let lost = try Self.run(path, threads: threads, events: "/dev/full", filtered: "", oneOutput: true)
    #expect(lost.outcome.status == 74)
    #expect(lost.outcome.writeFailures.map(\.path) == ["/dev/full", "/dev/full"])
    #expect(lost.outcome.messages.hasPrefix("rangectl replay: cannot write /dev/full: "))
  }

  @Test("Without the summary only the warnings are written; a stop is noted before the summary")
  func summaryAndStop() throws {
    let (temporary, path) = try Self.recording()
    defer { temporary.remove() }
    let folder = temporary.url
    let events = folder.appendingPathComponent("e.jsonl").path, filtered = folder.appendingPathComponent("f.csv").path
    let quiet = try Self.run(path, threads: 1, events: events, filtered: filtered) { $0.writesSummary = false }
    #expect(quiet.outcome.status == 0)
    #expect(quiet.outcome.summary != nil)
    #expect(quiet.outcome.messages.isEmpty)
    let stopped = try Self.run(path, threads: 1, events: events, filtered: filtered) { $0.stopReason = { "SIGINT" } }
    let summary = try #require(stopped.outcome.summary)
    #expect(
      stopped.outcome.messages
        == "rangectl replay: SIGINT received; the input ends at line \(stopped.outcome.linesRead)\n" + summary.report(path: path))
  }

  @Test("Each way a replay ends has its sysexits.h status and its message")
  func statuses() {
    let unreadable = DatasetError(path: "in.csv", kind: .cannotOpen(reason: "No such file or directory"))
    #expect(ReplayOutcome.readFailed(unreadable).status == 66)
    #expect(ReplayOutcome.readFailed(unreadable).messages == "rangectl replay: \(unreadable)\n")
    let full = OutputError(path: "/dev/full", reason: "No space left on device")
    #expect(ReplayOutcome.cannotCreate(full).status == 73)
    #expect(ReplayOutcome.cannotCreate(full).messages == "rangectl replay: cannot write /dev/full: No space left on device\n")
    #expect(ReplayOutcome.cannotWrite("the outputs in memory").status == 74)
    #expect(ReplayOutcome.cannotWrite("the outputs in memory").messages == "rangectl replay: cannot write the outputs in memory\n")
  }
}
