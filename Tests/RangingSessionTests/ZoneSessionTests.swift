// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingSession
import Testing

@Suite("ZoneSession")
struct ZoneSessionTests {
  func makeSession() throws -> ZoneSession {
    try ZoneSession(zones: [NamedZone("near", radiusMeters: 1.0), NamedZone("room", radiusMeters: 3.0)])
  }

  /// Walks "tag" from 4 m to 0.5 m and back out to 4 m at 0.5 m/s, 10 Hz.
  func walk(_ session: ZoneSession) -> [ZoneSession.Event] {
    var events: [ZoneSession.Event] = []
    for step in 0...140 {
      let t = Double(step) * 0.1
      let d = step <= 70 ? 4 - 0.05 * Double(step) : 0.5 + 0.05 * Double(step - 70)
      events += session.update("tag", at: t, distanceMeters: d)
    }
    return events
  }

  @Test("A walk in and out enters room then near, and leaves near then room, with the names given")
  func walkInAndOut() throws {
    let events = walk(try makeSession())
    #expect(events.map { "\($0.kind.rawValue) \($0.zone)" } == ["enter room", "enter near", "exit near", "exit room"])
    #expect(events.allSatisfy { $0.object == "tag" && $0.reason == nil })
    // Hysteresis: enters below the radius (+ band offset - half the band), leaves beyond it.
    #expect(events[0].distanceMeters < 3.0 && events[3].distanceMeters > 3.0)
  }

  @Test("events, the AsyncSequence, delivers the same events as the calls return")
  func asyncSequence() async throws {
    let session = try makeSession()
    let returned = walk(session)
    session.finish()
    var streamed: [ZoneSession.Event] = []
    for await event in session.events { streamed.append(event) }
    #expect(streamed == returned)
  }

  @Test("Removing an object exits its zones with the reason; its state is gone")
  func removal() throws {
    let session = try makeSession()
    for step in 0..<10 { session.update("tag", at: Double(step) * 0.1, distanceMeters: 0.5) }
    #expect(session.state(of: "tag") != nil)
    let exits = session.remove("tag", at: 1.0)
    #expect(exits.map(\.zone) == ["near", "room"])
    #expect(exits.allSatisfy { $0.kind == .exit && $0.reason == "removed_peer_ended" })
    #expect(session.state(of: "tag") == nil)
  }

  @Test("An event's JSON line is the events format of docs/FORMATS.md §2, NaN as null, numbers rounded")
  func jsonLine() throws {
    // Expected lines written out by hand from docs/FORMATS.md §2 (field order t, object, zone, event,
    // distance to 3 decimals, sigma to 4, reason), not from the writer.
    let exit = ZoneSession.Event(
      time: 12.5, object: "lock-1", zone: "inner", kind: .exit, distanceMeters: 1.75, sigmaMeters: 0.03, reason: "lost")
    #expect(exit.jsonLine == #"{"t":12.5,"object":"lock-1","zone":"inner","event":"exit","distance":1.750,"sigma":0.0300,"reason":"lost"}"#)
    let unmeasured = ZoneSession.Event(
      time: 3, object: "tag \"a\"", zone: "near", kind: .exit, distanceMeters: .nan, sigmaMeters: .infinity,
      reason: "removed_peer_ended")
    #expect(
      unmeasured.jsonLine
        == #"{"t":3.0,"object":"tag \"a\"","zone":"near","event":"exit","distance":null,"sigma":null,"reason":"removed_peer_ended"}"#)
    let enter = ZoneSession.Event(
      time: 0.125, object: "b", zone: "room", kind: .enter, distanceMeters: 1.23456, sigmaMeters: 0.012345)
    #expect(enter.jsonLine == #"{"t":0.125,"object":"b","zone":"room","event":"enter","distance":1.235,"sigma":0.0123}"#)
  }

  @Test("A session's event lines parse as JSON, t first and the object named")
  func linesParse() throws {
    let session = try makeSession()
    var lines: [String] = []
    for step in 0..<20 {
      lines += session.update("tag", at: Double(step) * 0.2, distanceMeters: 3.5 - Double(step) * 0.15).map(\.jsonLine)
    }
    lines += session.remove("tag", at: 4.0).map(\.jsonLine)
    #expect(!lines.isEmpty)
    // Every line parses as JSON with the contract's fields in the contract's order.
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
      #expect(object["t"] is Double || object["t"] is Int)
      #expect(line.hasPrefix(#"{"t":"#) && line.contains(#","object":"tag","zone":"#), "\(line)")
    }
  }

  @Test("A rejected update is counted and causes no event")
  func rejection() throws {
    let session = try makeSession()
    #expect(session.update("tag", at: 0, distanceMeters: -1).isEmpty)
    #expect(session.update("tag", at: .nan, distanceMeters: 1).isEmpty)
    #expect(session.rejectedUpdates == 2)
  }

  struct BadZone: Sendable, CustomTestStringConvertible {
    var radius: Double
    var hysteresis: Double
    var dwell: Double
    var testDescription: String { "radius \(radius), hysteresis \(hysteresis), dwell \(dwell)" }
  }

  @Test("Bad zone values throw instead of trapping", arguments: [
    BadZone(radius: -1, hysteresis: 0.2, dwell: 0), BadZone(radius: .nan, hysteresis: 0.2, dwell: 0),
    BadZone(radius: 1, hysteresis: 2, dwell: 0), BadZone(radius: 1, hysteresis: 0.2, dwell: -1),
    BadZone(radius: 0.05, hysteresis: 0.09, dwell: .infinity),
  ])
  func badZones(_ c: BadZone) {
    #expect(throws: ZoneSessionError.self) {
      try NamedZone("z", radiusMeters: c.radius, hysteresisMeters: c.hysteresis, enterDwellSeconds: c.dwell)
    }
  }

  @Test("A session refuses no zones, duplicate names and a capacity out of range")
  func badSessions() throws {
    #expect(throws: ZoneSessionError.noZones) { try ZoneSession(zones: []) }
    let zone = try NamedZone("a", radiusMeters: 1)
    #expect(throws: ZoneSessionError.duplicateZoneName("a")) { try ZoneSession(zones: [zone, zone]) }
    #expect(throws: ZoneSessionError.invalidObjectCapacity(0)) { try ZoneSession(zones: [zone], maximumObjects: 0) }
  }
}
