// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// `ranging_write_events` and `ranging_write_filtered` (ranging_replay.h):
/// the records a replay returns, written back by them, are the replay's own
/// texts byte for byte (which ReplayFromCTests hold to rangectl's), on every
/// bundled and real recording; what they cannot write is refused whole.
@Suite("ranging_write_events and ranging_write_filtered: rangectl's writers from C")
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

  @Test("A replay's records, written back: its own events and filtered track", arguments: ReplayTableFromCTests.recordings)
  func recording(_ path: String) throws {
    let replayed = ReplayFromC(path: PackagePaths.root.appendingPathComponent(path).path, ["--write-filtered"])
    try #require(replayed.status == 0)
    let events = Self.events(replayed.eventRecords, objects: replayed.objectNames, zones: ["inner", "outer"])
    #expect(events.0 == 0 && events.1 == replayed.events)
    let filtered = Self.filtered(replayed.stateRecords, objects: replayed.objectNames)
    #expect(filtered.0 == 0 && filtered.1 == replayed.filtered)
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
    // No rows: the header alone.
    #expect(Self.withNames([]) { objects in Self.written { text in rangingWriteFiltered(&columns, 0, objects, text) } }.1
      == Data("t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state,dir_sigma_deg,nlos\n".utf8))
  }
}
