// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats
import ReplayTestRecordings
import Testing
import ZoneMonitor

@testable import RangingReplay
@testable import RangingReplayThreads
@testable import RangingOutputs

/// ShardedReplay against the specification it must meet: one ``Replayer`` of
/// the whole file (docs/FORMATS.md §4, "Threads"). Batches as small as one
/// row and rings of one batch put the hand-overs at every possible row.
@Suite("ShardedReplay")
struct ShardedReplayTests {
  /// Everything a replay writes: event lines, rejected rows, filtered rows, summary.
  struct Output: Equatable {
    var events: [String] = []
    var rejections: [RowRejection] = []
    var states: [String] = []
    var summary = ReplaySummary()
  }

  struct Setting: Sendable, CustomTestStringConvertible {
    var jobs: Int
    var rowsPerBatch: Int
    var batchesInFlight: Int
    var nameBytesPerBatch = 1 << 18
    var testDescription: String {
      "\(jobs) shards, \(rowsPerBatch) rows a batch, \(batchesInFlight) in flight, \(nameBytesPerBatch) name bytes"
    }
  }

  static let settings = [
    Setting(jobs: 2, rowsPerBatch: 4096, batchesInFlight: 4),
    Setting(jobs: 2, rowsPerBatch: 1, batchesInFlight: 1),
    Setting(jobs: 3, rowsPerBatch: 5, batchesInFlight: 2),
    Setting(jobs: 4, rowsPerBatch: 64, batchesInFlight: 3, nameBytesPerBatch: 8),
    Setting(jobs: 1, rowsPerBatch: 7, batchesInFlight: 2),
  ]

  private static let zones = ZoneList.defaults

  private static func replayer(capacity: Int = 64) -> Replayer<SwiftKalmanBackend> {
    Replayer(
      pipeline: RangingPipeline<SwiftKalmanBackend>(tracker: TrackerConfiguration(capacity: capacity), zones: zones.zones()),
      zoneNames: zones.names)
  }

  /// The file replayed by one Replayer on this thread.
  private static func oneReplay(_ path: String, capacity: Int = 64) throws -> Output {
    var reader = try RangingCSVReader(path: path)
    let collected = Collected(EventsWriter(output: .standardOutput(), zoneNames: zones.names))
    collected.output.summary = try replayer(capacity: capacity).run(&reader, observer: collected)
    return collected.output
  }

  /// One replay's output, as text: what `rangectl replay` on one thread writes.
  private final class Collected: ReplayObserver {
    var output = Output()
    private let writer: EventsWriter
    private let track = FilteredTrackWriter.rowFormatter
    init(_ writer: EventsWriter) { self.writer = writer }
    var observesStates: Bool { true }
    func event(_ event: ZoneEvent, objectName: String) {
      output.events.append(writer.line(for: event, objectName: objectName))
    }
    func rejected(_ rejection: RowRejection) { output.rejections.append(rejection) }
    func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
      output.states.append(track(seconds, objectName, state))
    }
  }

  /// The file replayed on shards, written into `folder` as `rangectl replay --jobs N` writes it.
  private static func sharded(
    _ path: String, _ setting: Setting, capacity: Int = 64, in folder: TemporaryFolder
  ) throws -> Output {
    var sharded = ShardedReplay(replayer: replayer(capacity: capacity), jobs: setting.jobs)
    sharded.rowsPerBatch = setting.rowsPerBatch
    sharded.batchesInFlight = setting.batchesInFlight
    sharded.nameBytesPerBatch = setting.nameBytesPerBatch
    let written = try WrittenReplay.sharded(sharded, reading: path, in: folder, "sharded")
    return Output(
      events: written.eventLines, rejections: written.rejections, states: written.stateLines, summary: written.summary)
  }

  /// The many-objects dataset with rows that test the accounting: a malformed
  /// number, a time going back, life-cycle rows, a long name, and the tags
  /// ending in 3 silent for 8 s so that the lost check exits them.
  private static func troubledFile(in folder: URL, withPoses: Bool) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("datasets/many-objects/samples.csv"), encoding: .utf8)
    var lines: [String] = []
    let longName = String(repeating: "n", count: 40)
    for (index, line) in text.split(separator: "\n").enumerated() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      let isData = !line.hasPrefix("#") && !line.hasPrefix("t,")
      if isData, fields[1].hasSuffix("3"), let t = Double(fields[0]), t >= 20, t < 28 { continue }
      var row = String(line)
      if withPoses { row += line.hasPrefix("t,") ? ",pose_w,pose_x,pose_y,pose_z" : (isData ? ",1,0,0,0" : "") }
      lines.append(row)
      guard isData else { continue }
      let empty = String(repeating: ",", count: fields.count - 3 + (withPoses ? 4 : 0))
      if index == 500 { lines.append("1.0,\(fields[1]),n/a\(empty)") }
      if index == 600 { lines.append("-5.0,\(fields[1]),2.0\(empty)") }
      if index == 900 { lines.append("\(fields[0]),\(longName),2.5\(empty)") }
      if index == 700 || index == 701 {
        var life = fields.map(String.init)
        for k in 2..<life.count { life[k] = "" }
        life[8] = index == 700 ? "suspended" : "suspension_ended"
        lines.append(life.joined(separator: ",") + (withPoses ? ",,,," : ""))
      }
    }
    let url = folder.appendingPathComponent(withPoses ? "troubled-posed.csv" : "troubled.csv")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test("Events, rejected rows, filtered rows and summary equal one replay's, at every batch size",
        arguments: settings, [false, true])
  func sameAsOneReplay(setting: Setting, withPoses: Bool) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try Self.troubledFile(in: folder.url, withPoses: withPoses)
    let one = try Self.oneReplay(path)
    #expect(one.events.contains { $0.contains("\"reason\":\"lost\"") }, "the silent tags are lost")
    #expect(one.events.contains { $0.contains("\"reason\":\"suspended\"") }, "the suspended tag exits")
    #expect(one.rejections.map(\.reason).sorted() == ["malformed_number", "time_went_backwards"])
    #expect(one.summary.lifecycleAccepted == 2)
    #expect((one.summary.posesFed > 0) == withPoses)
    let many = try Self.sharded(path, setting, in: folder)
    #expect(Self.firstDifference(many.events, one.events) == nil)
    #expect(Self.firstDifference(many.rejections, one.rejections) == nil)
    #expect(Self.firstDifference(many.states, one.states) == nil)
    #expect(many.summary == one.summary)
  }

  /// 5,000 objects in waves of 50, each wave's removed (life-cycle rows)
  /// before the next, then the first 1,000 names again: each replay's names
  /// pass the 1,024 it keeps before forgetting untracked ones
  /// (`ReplayTally.minimumNamesKept`), so the returning names are interned
  /// afresh, and each must still come out under its own name.
  private static func returningNamesFile(in folder: URL) throws -> String {
    var lines = ["t,object,distance,event"]
    var seconds = 0.0
    for wave in 0..<120 {
      let names = (0..<50).map { "w\(wave % 100)-\($0)" }
      for step in 0..<3 {
        for name in names {
          seconds += 0.001
          lines.append("\(seconds),\(name),\(1.0 + 0.1 * Double(step)),")
        }
      }
      for name in names {
        seconds += 0.001
        lines.append("\(seconds),\(name),,removed_timeout")
      }
      seconds += 1
    }
    let url = folder.appendingPathComponent("returning.csv")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test("Names forgotten and seen again come out under their own names, as in one replay",
        arguments: [Setting(jobs: 2, rowsPerBatch: 4096, batchesInFlight: 4),
                    Setting(jobs: 3, rowsPerBatch: 100, batchesInFlight: 2)])
  func returningNames(setting: Setting) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try Self.returningNamesFile(in: folder.url)
    let one = try Self.oneReplay(path)
    // 100 waves of new names, and 20 waves of names seen before, forgotten and counted again.
    #expect(one.summary.objects == 6000)
    #expect(one.states.count == 120 * 50 * 3)
    #expect(one.states.filter { $0.contains(",w0-7,") }.count == 6, "w0-7 is seen in waves 0 and 100")
    let many = try Self.sharded(path, setting, in: folder)
    #expect(Self.firstDifference(many.events, one.events) == nil)
    #expect(Self.firstDifference(many.states, one.states) == nil)
    // The reader's one row loop counts everything, the update intervals included.
    #expect(many.summary == one.summary)
  }
  /// 14 tags at about 3 Hz each for 40 s, each on its own in-and-out path,
  /// one row in ten carrying only an angle; every third tag silent from 10
  /// to 17 s (so that one lost check finds several, on several shards), one
  /// tag removed at 25 s, and one row going back in time.
  private static func crowdFile(in folder: URL) throws -> String {
    var lines = ["t,object,distance,horizontal_angle,event"]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func draw(_ below: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % below
    }
    for step in 0..<400 {
      let seconds = Double(step) / 10
      for tag in 0..<14 {
        if seconds >= 10, seconds < 17, tag % 3 == 0 { continue }
        if draw(3) != 0 { continue }
        let distance = 2.25 + 1.5 * sin(seconds * 0.7 + Double(tag))
        lines.append(draw(10) == 0 ? "\(seconds),tag-\(tag),,0.3," : "\(seconds),tag-\(tag),\(distance),,")
      }
      if step == 250 { lines.append("\(seconds),tag-1,,,removed_timeout") }
      if step == 300 { lines.append("\(seconds - 1),tag-2,2.0,,") }
    }
    let url = folder.appendingPathComponent("crowd.csv")
    try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
  }

  @Test("A table too small for the objects (evictions), and objects lost by one check on several shards, give one replay's output",
        arguments: settings, [4, 64])
  func evictionsAndLostTogether(setting: Setting, capacity: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try Self.crowdFile(in: folder.url)
    let one = try Self.oneReplay(path, capacity: capacity)
    if capacity == 4 {
      #expect(one.summary.evictions > 100, "the table is too small")
      #expect(one.events.contains { $0.contains("\"reason\":\"evicted\"") })
    } else {
      #expect(one.summary.evictions == 0)
      let lost = one.events.filter { $0.contains("\"reason\":\"lost\"") }
      #expect(lost.count >= 4, "the silent tags are lost")
    }
    // Evicted before it, tag-2 starts a new track on the row going back; else it is refused.
    #expect(one.rejections.map(\.reason) == (capacity == 4 ? [] : ["time_went_backwards"]))
    let many = try Self.sharded(path, setting, capacity: capacity, in: folder)
    #expect(Self.firstDifference(many.events, one.events) == nil)
    #expect(Self.firstDifference(many.rejections, one.rejections) == nil)
    #expect(Self.firstDifference(many.states, one.states) == nil)
    #expect(many.summary == one.summary)
  }
}

extension ShardedReplayTests {
  /// The values of type `T` reachable from `roots` through stored properties,
  /// elements and class references (each object visited once).
  static func count<T>(_: T.Type, reachableFrom roots: [Any]) -> Int {
    var seen = Set<ObjectIdentifier>()
    var count = 0
    func visit(_ value: Any) {
      if value is T { count += 1 }
      var mirror: Mirror? = Mirror(reflecting: value)
      if mirror?.displayStyle == .class, !seen.insert(ObjectIdentifier(value as AnyObject)).inserted { return }
      while let current = mirror {
        for child in current.children { visit(child.value) }
        mirror = current.superclassMirror
      }
    }
    for root in roots { visit(root) }
    return count
  }

  @Test("One object table per replay, whatever the number of shards: the shards hold engines and zones, no TrackRegistry",
        arguments: [1, 2, 4])
  func oneTable(jobs: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try Self.crowdFile(in: folder.url)
    let sharded = ShardedReplay(replayer: Self.replayer(capacity: 64), jobs: jobs)
    let (threads, shards) = sharded.parts(
      reading: try RangingCSVReader(path: path), outputs: ShardedTextOutputs.unwritten())
    #expect(shards.count == jobs)
    #expect(Self.count(TrackRegistry.self, reachableFrom: [sharded, threads, shards]) == 1)
    #expect(Self.count(TrackRegistry.self, reachableFrom: [shards]) == 0)
    // Each shard holds the engines of a share of the slots: 64 / jobs, rounded up.
    for slots in shards { #expect(slots.engines.count == (64 + jobs - 1) / jobs) }
    // The count can fail: a pipeline holds a table.
    #expect(Self.count(TrackRegistry.self, reachableFrom: [Self.replayer(), Self.replayer()]) == 2)
  }

  /// One file of 40k rows at the default batch sizes and at rounds of 1,000
  /// rows, and small ones at every setting, half of them with a table too
  /// small for their objects. 40k rows are about 2.4 turns of the default
  /// ring (8 rounds of 2,048 rows): it wraps twice and ends part-full, which
  /// more rows would only repeat.
  static let hostileCases: [HostileRecording] = {
    var cases = [HostileRecording(seed: 1, rows: 40_000, objects: 300, capacity: 64)]
    for seed in UInt64(2)...9 {
      cases.append(HostileRecording(seed: seed, rows: 3_000, objects: 24, capacity: seed % 2 == 0 ? 8 : 64))
    }
    return cases
  }()

  @Test("Seeded hostile recordings: lost checks, evictions and life-cycle rows give one replay's output byte for byte",
        arguments: hostileCases)
  func hostileRecordings(_ hostile: HostileRecording) throws {
    let (rows, objects, capacity) = (hostile.rows, hostile.objects, hostile.capacity)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try hostile.write(in: folder.url)
    let one = try Self.oneReplay(path, capacity: capacity)
    // The file does what it is for.
    #expect(one.summary.rowsRead == rows)
    #expect(one.events.filter { $0.contains("\"reason\":\"lost\"") }.count > rows / 200)
    #expect(one.summary.lifecycleAccepted > rows / 100)
    #expect(one.summary.rejectedByReason["malformed_number", default: 0] > 0)
    #expect(one.summary.rejectedByReason["negative_distance", default: 0] > 0)
    if objects < 100 { #expect(one.summary.rejectedByReason["time_went_backwards", default: 0] > 0) }
    if capacity < objects { #expect(one.summary.evictions > 0) }
    let defaults = ShardedReplay(replayer: Self.replayer(), jobs: 2)
    let settings = rows > 10_000
      ? [Setting(jobs: 2, rowsPerBatch: defaults.rowsPerBatch, batchesInFlight: defaults.batchesInFlight),
         Setting(jobs: 3, rowsPerBatch: 1000, batchesInFlight: 2)]
      : Self.settings
    for setting in settings {
      let many = try Self.sharded(path, setting, capacity: capacity, in: folder)
      // The first difference only: a failing expectation on two lists of
      // 400k lines would print both.
      #expect(Self.firstDifference(many.events, one.events) == nil, "\(setting.testDescription)")
      #expect(Self.firstDifference(many.rejections, one.rejections) == nil, "\(setting.testDescription)")
      #expect(Self.firstDifference(many.states, one.states) == nil, "\(setting.testDescription)")
      #expect(many.summary == one.summary, "\(setting.testDescription)")
    }
  }

  /// The first index where the lists differ, with both elements, or nil when they are equal.
  static func firstDifference<T: Equatable>(_ got: [T], _ expected: [T]) -> String? {
    if let index = got.indices.first(where: { $0 < expected.count && got[$0] != expected[$0] }) {
      return "at \(index): \(got[index]) instead of \(expected[index])"
    }
    return got.count == expected.count ? nil : "\(got.count) elements instead of \(expected.count)"
  }
}

extension FilteredTrackWriter {
  /// ``row(seconds:objectName:state:)``, which formats only.
  static var rowFormatter: (Double, String, TrackState) -> String {
    let writer = FilteredTrackWriter(output: try! OutputFile(creating: "/dev/null"))
    return { writer.row(seconds: $0, objectName: $1, state: $2) }
  }
}
