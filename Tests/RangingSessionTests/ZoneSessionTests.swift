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

  @Test("Events encode as the JSON Lines fields of docs/FORMATS.md §2 and decode back")
  func codable() throws {
    let event = ZoneSession.Event(
      time: 12.5, object: "lock-1", zone: "inner", kind: .exit, distanceMeters: 1.75, sigmaMeters: 0.03, reason: "lost")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(event), as: UTF8.self)
    #expect(text == #"{"distance":1.75,"event":"exit","object":"lock-1","reason":"lost","sigma":0.03,"t":12.5,"zone":"inner"}"#)
    #expect(try JSONDecoder().decode(ZoneSession.Event.self, from: Data(text.utf8)) == event)
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
