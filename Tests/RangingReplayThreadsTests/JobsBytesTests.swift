// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats
import ReplayTestRecordings
import Testing
import ZoneMonitor

@testable import RangingOutputs
@testable import RangingReplay
@testable import RangingReplayThreads

/// `--jobs N` writes the bytes of `--jobs 1` (docs/FORMATS.md §4, "Threads"),
/// for N in 1...4, on seeded hostile recordings (``HostileRecording``): the
/// events file and the filtered track written as `rangectl replay` writes
/// them, one replay on this thread (`ReplayOutputs`: each line written as it
/// comes) against the shards' merged lines written through the outputs
/// `ReplayJob` writes them through (`ShardedTextOutputs`: each line, then its
/// newline), compared as files; the rejected rows and the summary as values.
@Suite("--jobs N writes --jobs 1's bytes")
struct JobsBytesTests {
  /// Many objects in a small table (evictions on most rows), few in a small
  /// one, and many in a table that holds them all.
  static let cases = HostileRecording.mix(seeds: 1...12)

  private static let zones = ZoneList.defaults

  private static func replayer(capacity: Int) -> Replayer<SwiftKalmanBackend> {
    Replayer(
      pipeline: RangingPipeline<SwiftKalmanBackend>(tracker: TrackerConfiguration(capacity: capacity), zones: zones.zones()),
      zoneNames: zones.names)
  }

  /// One replay on this thread, its lines written as they come.
  private final class LineByLine: ReplayObserver {
    let events: EventsWriter
    let filtered: FilteredTrackWriter
    var rejections: [RowRejection] = []
    init(events: EventsWriter, filtered: FilteredTrackWriter) {
      self.events = events
      self.filtered = filtered
    }
    var observesStates: Bool { true }
    func event(_ event: ZoneEvent, objectName: String) { events.write(event, objectName: objectName) }
    func rejected(_ rejection: RowRejection) { rejections.append(rejection) }
    func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
      filtered.write(seconds: seconds, objectName: objectName, state: state)
    }
  }

  @Test("--jobs 1...4 write the events and filtered bytes, rejected rows and summary of one replay", arguments: cases)
  func sameBytes(_ recording: HostileRecording) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try recording.write(in: folder.url)
    let one = try WrittenReplay.written(in: folder, "one") { events, filtered in
      let observer = LineByLine(events: events, filtered: filtered)
      var reader = try RangingCSVReader(path: path)
      let summary = try Self.replayer(capacity: recording.capacity).run(&reader, observer: observer)
      return (observer.rejections, summary)
    }
    // The recording does what it is for.
    let lines = recording.text().split(separator: "\n")
    #expect(zip(lines, lines.dropFirst()).contains { $0 == $1 }, "rows repeated byte for byte")
    #expect(one.summary.rowsRead == recording.rows)
    #expect(one.summary.rejectedByReason["non_finite_value", default: 0] > 0, "nan rows")
    #expect(one.summary.rejectedByReason["time_went_backwards", default: 0] > 0, "rows back in time")
    #expect(one.summary.lifecycleAccepted > 0)
    #expect(lines.contains { $0.hasSuffix(",removed_timeout") || $0.hasSuffix(",removed_peer_ended") }, "removals")
    #expect((one.summary.evictions > 0) == (recording.capacity < recording.objects))
    for jobs in 1...4 {
      var random = SeededDraws(seed: recording.seed &* 8 &+ UInt64(jobs))
      var sharded = ShardedReplay(replayer: Self.replayer(capacity: recording.capacity), jobs: jobs)
      // Hand-overs at rows drawn anew for each run: from every row to the default batches.
      sharded.rowsPerBatch = random.pick([1, 2, 7, 64, 500, 2048])
      sharded.batchesInFlight = 1 + random.below(8)
      let many = try WrittenReplay.sharded(sharded, reading: path, in: folder, "jobs-\(jobs)")
      let setting = "--jobs \(jobs), \(sharded.rowsPerBatch) rows a batch, \(sharded.batchesInFlight) in flight"
      #expect(Self.firstDifference(many.events, one.events) == nil, "\(setting)")
      #expect(Self.firstDifference(many.filtered, one.filtered) == nil, "\(setting)")
      #expect(many.rejections == one.rejections, "\(setting)")
      #expect(many.summary == one.summary, "\(setting)")
    }
  }

  /// Where two files' bytes first differ, with the line there of each, or nil
  /// when they are equal: a failing `==` on two files would print both.
  static func firstDifference(_ got: Data, _ expected: Data) -> String? {
    guard got != expected else { return nil }
    let index = zip(got, expected).enumerated().first { $1.0 != $1.1 }?.offset ?? Swift.min(got.count, expected.count)
    func line(_ data: Data) -> Substring {
      let text = String(decoding: data, as: UTF8.self)
      let lineIndex = data.prefix(index).filter { $0 == UInt8(ascii: "\n") }.count
      return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(lineIndex).first ?? ""
    }
    return "byte \(index) of \(got.count) (expected \(expected.count)): \(line(got)) instead of \(line(expected))"
  }

  @Test("Each shard's engines and zones hold capacity / jobs slots, rounded up", arguments: [1, 5, 6, 64], 1...4)
  func capacityPerShard(capacity: Int, jobs: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try HostileRecording(seed: 1, rows: 10, objects: 3, capacity: capacity).write(in: folder.url)
    let sharded = ShardedReplay(replayer: Self.replayer(capacity: capacity), jobs: jobs)
    let (_, shards) = sharded.parts(
      reading: try RangingCSVReader(path: path), outputs: ShardedTextOutputs.unwritten())
    #expect(shards.count == jobs)
    // capacity 5: 5, 3, 2, 2 slots for 1...4 jobs (worked by hand: the least n with n × jobs ≥ 5).
    let expected = [1: [1, 1, 1, 1], 5: [5, 3, 2, 2], 6: [6, 3, 2, 2], 64: [64, 32, 22, 16]][capacity]![jobs - 1]
    for slots in shards {
      #expect(slots.engines.count == expected)
      #expect(slots.names.count == expected)
    }
  }
}
