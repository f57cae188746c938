// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// `ranging_write_events`, `ranging_write_filtered` and `ranging_write_summary`
/// (ranging_replay.h): the records and counts a replay returns, written back
/// by them, are the replay's own texts byte for byte (which ReplayFromCMatchesRangectlTests
/// hold to rangectl's), on every bundled and real recording; what they
/// cannot write is refused whole.
@Suite("ranging_write_events, ranging_write_filtered and ranging_write_summary: rangectl's writers from C")
struct WriteFromCTests {
  /// Names as ranging_names_t, valid while `body` runs.
  static func withNames<T>(_ names: [String], _ body: (UnsafePointer<ranging_names_t>) -> T) -> T {
    var offsets: [Int64] = [0]
    var bytes: [UInt8] = []
    for name in names {
      bytes.append(contentsOf: Array(name.utf8))
      offsets.append(Int64(bytes.count))
    }
    return offsets.withUnsafeBufferPointer { offsets in
      bytes.withUnsafeBufferPointer { bytes in
        var table = ranging_names_t(
          offsets: offsets.baseAddress,
          bytes: UnsafeRawPointer(bytes.baseAddress).map { $0.assumingMemoryBound(to: CChar.self) },
          count: names.count)
        return body(&table)
      }
    }
  }

  /// The status and text of one writer call.
  static func written(_ call: (UnsafeMutablePointer<ranging_replay_text_t>) -> Int32) -> (Int32, Data) {
    var text = ranging_replay_text_t()
    let status = call(&text)
    defer { rangingReplayTextFree(&text) }
    let data = text.bytes.map { Data(bytes: $0, count: text.length) } ?? Data()
    return (status, data)
  }

  static func events(_ records: [ranging_replay_event_t], objects: [String], zones: [String]) -> (Int32, Data) {
    withNames(objects) { objectNames in
      withNames(zones) { zoneNames in
        written { text in rangingWriteEvents(records, records.count, objectNames, zoneNames, text) }
      }
    }
  }

  /// The filtered columns of state records, as a DataFrame holds them (the direction's sigma in degrees).
  static func filtered(_ states: [ranging_replay_state_t], objects: [String]) -> (Int32, Data) {
    var copies: [UnsafeMutableRawPointer] = []
    defer { copies.forEach { $0.deallocate() } }
    func column<T>(_ value: (ranging_replay_state_t) -> T) -> UnsafePointer<T> {
      let copy = UnsafeMutablePointer<T>.allocate(capacity: max(states.count, 1))
      for (index, state) in states.enumerated() { (copy + index).initialize(to: value(state)) }
      copies.append(UnsafeMutableRawPointer(copy))
      return UnsafePointer(copy)
    }
    var columns = ranging_filtered_columns_t(
      t: column(\.t), object: column(\.object), distance_m: column(\.distance_m), sigma_m: column(\.sigma_m),
      dir_x: column(\.direction.0), dir_y: column(\.direction.1), dir_z: column(\.direction.2),
      direction_state: column(\.direction_state), dir_sigma_deg: column { $0.direction_sigma_rad * 180 / .pi },
      nlos: column(\.nlos_probability))
    return withNames(objects) { names in written { text in rangingWriteFiltered(&columns, states.count, names, text) } }
  }

  @Test("On every real recording of ../shared/datasets: a replay's records, written back, its own events and filtered track",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings),
        arguments: PackagePaths.realRecordingPaths)
  func realRecording(_ path: String) throws {
    try recording(path)
  }

  @Test("A replay's records, written back: its own events and filtered track", arguments: ReplayTableFromCTests.recordings)
  func recording(_ path: String) throws {
    let replayed = ReplayFromC(path: PackagePaths.root.appendingPathComponent(path).path, ["--write-filtered"])
    try #require(replayed.status == 0)
    let events = Self.events(replayed.eventRecords, objects: replayed.objectNames, zones: ["inner", "outer"])
    #expect(events.0 == 0 && events.1 == replayed.events)
    let filtered = Self.filtered(replayed.stateRecords, objects: replayed.objectNames)
    #expect(filtered.0 == 0 && filtered.1 == replayed.filtered)
  }

  /// The summary of `counts` (a result's, in ReplayFromC's order), `reasons` and `unused`, named `name`.
  static func summary(
    _ name: String?, counts: [Int64], reasons: [(String, Int64)], unused: [String]?
  ) -> (Int32, Data) {
    withNames(reasons.map(\.0)) { reasonNames in
      withNames(unused ?? []) { unusedNames in
        let rejected = reasons.map(\.1)
        return rejected.withUnsafeBufferPointer { rejected in
          var summary = ranging_replay_summary_t(
            rows_read: counts[0], measurements_accepted: counts[1], lifecycle_accepted: counts[2],
            poses_accepted: counts[3], objects: counts[5], evictions: counts[6], enter_events: counts[7],
            exit_events: counts[8], rejected_reasons: reasonNames, rejected_counts: rejected.baseAddress,
            unused_columns: unused == nil ? nil : unusedNames)
          return written { text in rangingWriteSummary(name, &summary, text) }
        }
      }
    }
  }

  @Test("On every real recording of ../shared/datasets: a replay's counts, written, the summary its messages end with",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings),
        arguments: PackagePaths.realRecordingPaths)
  func summaryOfRealRecording(_ path: String) throws {
    try summaryOfRecording(path)
  }

  @Test("A replay's counts, written: the summary its messages end with", arguments: ReplayTableFromCTests.recordings)
  func summaryOfRecording(_ path: String) throws {
    let file = PackagePaths.root.appendingPathComponent(path).path
    let replayed = ReplayFromC(path: file, [])
    try #require(replayed.status == 0)
    var reasons: [String: Int64] = [:]
    struct Rejected: Decodable { let reason: String }
    for line in String(decoding: replayed.rejected, as: UTF8.self).split(separator: "\n") {
      reasons[try JSONDecoder().decode(Rejected.self, from: Data(line.utf8)).reason, default: 0] += 1
    }
    // In the order a caller may hold them (a dictionary's): the report orders them.
    let written = Self.summary(file, counts: replayed.counts, reasons: reasons.shuffled(), unused: replayed.unusedColumns)
    #expect(written.0 == 0)
    let text = String(decoding: written.1, as: UTF8.self)
    #expect(text.hasPrefix("\(file): \(replayed.counts[0]) rows read") && replayed.messages.hasSuffix(text), "\(text)")
  }

  @Test("A summary: what it cannot write is refused (64); a name's control characters are escaped")
  func summaryRefusals() {
    let counts: [Int64] = [5, 3, 1, 0, 1, 2, 0, 2, 1]
    let good = Self.summary("in.csv", counts: counts, reasons: [("malformed_number", 1)], unused: nil)
    #expect(good.0 == 0)
    #expect(String(decoding: good.1, as: UTF8.self) == """
      in.csv: 5 rows read, 4 accepted (3 measurements, 1 life-cycle), 1 rejected
        rejected malformed_number: 1
        objects: 2 (evicted: 0)
        events: 3 (2 enter, 1 exit)

      """)
    for (name, reasons, negative) in [
      (nil, [("a", Int64(1))], false), ("x", [("a", 1), ("a", 2)], false), ("x", [("a", -1)], false),
      ("x", [], true),
    ] as [(String?, [(String, Int64)], Bool)] {
      var given = counts
      if negative { given[6] = -1 }
      let refused = Self.summary(name, counts: given, reasons: reasons, unused: ["c"])
      #expect(refused.0 == 64 && refused.1.isEmpty, "\(String(describing: name)) \(reasons)")
    }
    var text = ranging_replay_text_t()
    #expect(rangingWriteSummary("x", nil, &text) == 64 && text.bytes == nil)
    #expect(rangingWriteSummary("x", nil, nil) == 64)
    let escaped = Self.summary("a\nb\u{1B}[31m", counts: counts, reasons: [("x\ny", 1)], unused: ["n\tote"])
    let lines = String(decoding: escaped.1, as: UTF8.self).split(separator: "\n")
    #expect(escaped.0 == 0 && lines.first?.hasPrefix("a\\nb\\x1b[31m: 5 rows read") == true, "\(lines)")
    #expect(lines.count == 5 && lines[1] == "  rejected x\\ny: 1", "\(lines)")
    // No reasons: NULL, as no unused columns are.
    var none = ranging_replay_summary_t(
      rows_read: 1, measurements_accepted: 1, lifecycle_accepted: 0, poses_accepted: 0, objects: 1, evictions: 0,
      enter_events: 0, exit_events: 0, rejected_reasons: nil, rejected_counts: nil, unused_columns: nil)
    let plain = Self.written { rangingWriteSummary("in.csv", &none, $0) }
    #expect(plain.0 == 0 && String(decoding: plain.1, as: UTF8.self).hasPrefix("in.csv: 1 rows read, 1 accepted"))
    #expect(!escaped.1.contains(0x1B) && !escaped.1.contains(0x09) && lines.last == "  columns not used: n\\tote")
  }

  @Test("Hostile records: written whole (one line each, JSON for events, ten fields for rows) or refused whole")
  func hostileRecords() {
    var statuses: [Int32: Int] = [:], rowStatuses: [Int32: Int] = [:]
    for seed in 0..<300 {
      let (events, rows) = Self.hostileRecords(seed: seed)
      statuses[events, default: 0] += 1
      rowStatuses[rows, default: 0] += 1
    }
    // Both outcomes of each writer are exercised.
    #expect(statuses[0, default: 0] >= 30 && statuses[64, default: 0] >= 30, "\(statuses)")
    #expect(rowStatuses[0, default: 0] >= 30 && rowStatuses[64, default: 0] >= 30, "\(rowStatuses)")
  }

  /// One seed's hostile events and filtered rows, checked; their two statuses.
  static func hostileRecords(seed: Int) -> (Int32, Int32) {
    var draws = SeededDraws(seed: UInt64(seed) &+ 0x5eed_0000)
    func next(_ bound: Int) -> Int { draws.next(bound) }
    let values: [Double] = [0, 1.5, -2.25, .nan, .infinity, -.infinity, 1e300, -1e-300, 9.3e12, 123_456.789_012_5]
    let pieces = ["a", "é", "\"", "\\", "\u{0}", "\n", "\t", "\u{7f}", "\u{2028}", "😀", " "]
    // Each kind of refusal rare, so that most runs write and some refuse.
    func rare(_ bad: Int, else good: Int) -> Int { next(24) == 0 ? bad : next(good) }
    func name() -> String { (0..<next(4)).map { _ in pieces[next(pieces.count)] }.joined() + (next(24) == 0 ? "," : "") }
    let objects = (0..<(1 + next(4))).map { _ in name() }, zones = (0..<(1 + next(3))).map { _ in name() }
    let events = (0..<next(12)).map { _ in
      ranging_replay_event_t(
        t: next(8) == 0 ? values[next(values.count)] : Double(next(1000)) / 8,
        object: Int64(rare(objects.count, else: objects.count)),
        distance_m: values[next(values.count)], sigma_m: values[next(values.count)], zone: UInt32(rare(zones.count, else: zones.count)),
        kind: UInt8(rare(2, else: 2)), reason: UInt8(rare(7, else: 7)))
    }
    let (status, text) = Self.events(events, objects: objects, zones: zones)
    #expect(status == 0 || status == 64)
    if status == 64 {
      #expect(text.isEmpty)
    } else {
      let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
      #expect(lines.count == events.count && text.last == (events.isEmpty ? nil : UInt8(ascii: "\n")))
      for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line))) is [String: Any]) }
    }
    let states = (0..<next(12)).map { _ in
      ranging_replay_state_t(
        t: values[next(values.count)], object: Int64(rare(objects.count, else: objects.count)),
        distance_m: values[next(values.count)],
        sigma_m: values[next(values.count)], rate_m_per_s: 0,
        direction: (values[next(values.count)], values[next(values.count)], values[next(values.count)]),
        direction_sigma_rad: values[next(values.count)], nlos_probability: values[next(values.count)],
        direction_state: UInt8(rare(3, else: 3)), is_confirmed: 1)
    }
    let (rowStatus, rows) = Self.filtered(states, objects: objects)
    #expect(rowStatus == 0 || rowStatus == 64)
    if rowStatus == 64 {
      #expect(rows.isEmpty)
    } else {
      let lines = rows.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
      #expect(lines.count == states.count + 1)
      for line in lines { #expect(line.filter { $0 == UInt8(ascii: ",") }.count == 9, "\(String(decoding: line, as: UTF8.self))") }
    }
    return (status, rowStatus)
  }

  @Test("What cannot be written is refused whole (64), and nothing is written")
  func refusals() {
    let good = ranging_replay_event_t(t: 1.5, object: 0, distance_m: 1.2, sigma_m: 0.1, zone: 0, kind: 0, reason: 0)
    #expect(Self.events([good], objects: ["a"], zones: ["inner"]).1
      == Data(#"{"t":1.5,"object":"a","zone":"inner","event":"enter","distance":1.200,"sigma":0.1000}"#.utf8 + [10]))
    var cases: [ranging_replay_event_t] = []
    for change in 0..<6 {
      var event = good
      switch change {
      case 0: event.object = 1
      case 1: event.object = -1
      case 2: event.zone = 1
      case 3: event.kind = 2
      case 4: event.reason = 7
      default: event.t = .nan
      }
      cases.append(event)
    }
    for event in cases {
      let (status, text) = Self.events([good, event], objects: ["a"], zones: ["inner"])
      #expect(status == 64 && text.isEmpty)
    }
    // Names whose offsets decrease, and NULL where data is needed.
    let offsets: [Int64] = [0, 3, 1]
    let refused = offsets.withUnsafeBufferPointer { offsets in
      "abc".withCString { bytes in
        var names = ranging_names_t(offsets: offsets.baseAddress, bytes: bytes, count: 2)
        return Self.withNames(["inner"]) { zones in
          Self.written { text in rangingWriteEvents([good], 1, &names, zones, text) }
        }
      }
    }
    #expect(refused.0 == 64 && refused.1.isEmpty)
    #expect(Self.withNames(["a"]) { objects in
      Self.withNames(["inner"]) { zones in Self.written { text in rangingWriteEvents(nil, 1, objects, zones, text) }.0 }
    } == 64)
    #expect(rangingWriteEvents(nil, 0, nil, nil, nil) == 64)
    var columns = ranging_filtered_columns_t()
    #expect(Self.withNames(["a"]) { objects in Self.written { text in rangingWriteFiltered(&columns, 1, objects, text) }.0 } == 64)
    // A name with a comma would add a field to the track's row: refused.
    let comma = ranging_replay_state_t(
      t: 0.5, object: 0, distance_m: 1, sigma_m: 0.1, rate_m_per_s: 0, direction: (.nan, .nan, .nan),
      direction_sigma_rad: .nan, nlos_probability: 0, direction_state: 2, is_confirmed: 1)
    #expect(Self.filtered([comma], objects: ["a,b"]) == (64, Data()))
    // No rows: the header alone.
    #expect(Self.withNames([]) { objects in Self.written { text in rangingWriteFiltered(&columns, 0, objects, text) } }.1
      == Data("t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state,dir_sigma_deg,nlos\n".utf8))
  }
}
