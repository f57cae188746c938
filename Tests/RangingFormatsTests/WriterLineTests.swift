// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing
import ZoneMonitor

@testable import RangingFormats
@testable import RangingOutputs

/// Each output format is stated once, generic over where its text goes
/// (issue 37, item 2): the line `rangectl replay --jobs` forms on a shard's
/// thread and the bytes one thread writes into its output must be the same.
/// Checked over seeded hostile names and values, and against an independent
/// reader (Foundation's JSON parser) for the events.
@Suite("One writer per format")
struct WriterLineTests {
  /// The seeded generator of DecimalFastPathTests, so each run sees the same cases.
  typealias Seeded = SplitMix64

  /// Names of 0-40 characters drawn from printable ASCII, JSON's specials,
  /// control characters, DEL and non-ASCII letters and emoji.
  static func hostileName(_ random: inout Seeded) -> String {
    let pool: [Unicode.Scalar] = ["a", "Z", "7", "-", " ", ":", "\"", "\\", "/", "\u{0}", "\u{1}", "\t", "\n", "\r",
                                  "\u{1B}", "\u{1F}", "\u{7F}", "é", "中", "\u{1F600}", "\u{2028}", ","]
    var name = ""
    for _ in 0..<random.below(41) { name.unicodeScalars.append(pool[random.below(pool.count)]) }
    return name
  }

  /// Values a filter can report, and those it should not but a writer must survive.
  static func hostileValue(_ random: inout Seeded) -> Double {
    switch random.below(8) {
    case 0: return .nan
    case 1: return .infinity
    case 2: return -0.0
    case 3: return -random.unit() * 1e-5
    case 4: return random.unit() * 1e12
    case 5: return (random.unit() - 0.5) * 2
    default: return random.unit() * 10
    }
  }

  /// What `write` puts in an output file, read back.
  static func written(_ write: (OutputFile) -> Void) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = try OutputFile(creating: path)
    write(output)
    try output.close()
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test("An event's line formed apart is the bytes written into the output, and JSON gives back its name and kind")
  func eventLines() throws {
    var random = Seeded(state: 0x37_0002)
    let zones = ["inner", "out\"er", "zone\t3"]
    let reasons: [ExitReason?] = [nil, .lost, .evicted, .removedPeerEnded]
    var events: [(ZoneEvent, String)] = []
    for _ in 0..<2_000 {
      let event = ZoneEvent(
        object: 0, zone: random.below(zones.count), kind: random.below(2) == 0 ? .enter : .exit,
        time: Timestamp(microseconds: Int64(random.below(2_000_000_000)) - 1_000_000_000),
        distanceMeters: Self.hostileValue(&random), sigmaMeters: Self.hostileValue(&random),
        reason: reasons[random.below(reasons.count)])
      events.append((event, Self.hostileName(&random)))
    }
    var lines: [String] = []
    let file = try Self.written { output in
      let writer = EventsWriter(output: output, zoneNames: zones)
      for (event, name) in events {
        lines.append(writer.line(for: event, objectName: name))
        writer.write(event, objectName: name)
      }
    }
    #expect(file == lines.map { $0 + "\n" }.joined())
    for ((event, name), line) in zip(events, lines) {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(object["object"] as? String == name, "\(line)")
      #expect(object["zone"] as? String == zones[event.zone], "\(line)")
      #expect(object["event"] as? String == (event.kind == .enter ? "enter" : "exit"), "\(line)")
      #expect((object["distance"] is NSNull) == !event.distanceMeters.isFinite, "\(line)")
    }
  }

  @Test("A filtered row formed apart is the bytes written into the output, and holds no raw control character")
  func filteredRows() throws {
    var random = Seeded(state: 0x37_0003)
    let states: [DirectionState] = [.measured, .predicted, .unknown]
    var rows: [(Double, String, TrackState)] = []
    for _ in 0..<2_000 {
      let range = RangeEstimate(
        distanceMeters: Self.hostileValue(&random), sigmaMeters: Self.hostileValue(&random),
        rateMetersPerSecond: Self.hostileValue(&random), nonLineOfSightProbability: random.unit())
      let direction = random.below(3) == 0
        ? nil : Direction(x: Self.hostileValue(&random), y: Self.hostileValue(&random), z: Self.hostileValue(&random))
      let state = TrackState(
        time: Timestamp(microseconds: 0), range: range, direction: direction,
        directionState: states[random.below(states.count)], directionSigmaRadians: Self.hostileValue(&random))
      rows.append((Self.hostileValue(&random), Self.hostileName(&random), state))
    }
    var lines: [String] = []
    let file = try Self.written { output in
      let writer = FilteredTrackWriter(output: output)
      lines.append(FilteredTrackWriter.header)
      for (seconds, name, state) in rows {
        lines.append(writer.row(seconds: seconds, objectName: name, state: state))
        writer.write(seconds: seconds, objectName: name, state: state)
      }
    }
    #expect(file == lines.map { $0 + "\n" }.joined())
    for line in lines.dropFirst() {
      // The name is escaped (Escaped): a tab or newline in it would cut the row.
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
    }
  }
}

extension SplitMix64 {
  /// Uniform in 0..<n.
  fileprivate mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  /// Uniform in [0, 1) with 53 random bits.
  fileprivate mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
