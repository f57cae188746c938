// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing
import ZoneMonitor

/// Drives a ZoneMembership with hand-written distances on a fake clock and
/// records the events, so each test reads as a story.
private struct Script {
  var monitor: ZoneMembership
  var events: [ZoneEvent] = []

  init(_ zones: [Zone], capacity: Int = 4) {
    monitor = ZoneMembership(zones: zones, capacity: capacity)
  }

  /// The object in `slot` is measured at `distance` at time `seconds`.
  mutating func at(_ seconds: Double, _ distance: Double, slot: Int = 0, sigma: Double = 0.01) {
    let range = RangeEstimate(distanceMeters: distance, sigmaMeters: sigma, rateMetersPerSecond: 0)
    monitor.evaluate(slot: slot, object: UInt64(slot), range: range, at: Timestamp(seconds: seconds)) {
      events.append($0)
    }
  }

  /// (zone, kind, seconds) of every event so far.
  var summary: [String] {
    events.map { "\($0.zone) \($0.kind.name) \($0.time.seconds)" + ($0.reason.map { " \($0.name)" } ?? "") }
  }
}

@Suite("ZoneMembership")
struct ZoneMembershipTests {
  // A band centred on the radius (offset 0), so the thresholds read as radius ± 0.1.
  let inner = Zone(radiusMeters: 1.5, hysteresisMeters: 0.2, enterDwellSeconds: 0, exitDwellSeconds: 0, bandOffsetMeters: 0)
  let outer = Zone(radiusMeters: 3, hysteresisMeters: 0.2, enterDwellSeconds: 0, exitDwellSeconds: 0, bandOffsetMeters: 0)

  @Test("An object starts outside and enters when it crosses below radius minus half the band")
  func crossingIn() {
    var s = Script([inner])
    s.at(0, 2.0)  // outside
    s.at(1, 1.45)  // inside the band (1.4 ... 1.6): still outside
    #expect(s.events.isEmpty)
    s.at(2, 1.39)  // below 1.4: enters
    #expect(s.summary == ["0 enter 2.0"])
    #expect(s.events[0].distanceMeters == 1.39)
  }

  @Test("Standing inside the band never toggles, whatever the jitter")
  func standingInBand() {
    var s = Script([inner])
    s.at(0, 1.0)
    #expect(s.summary == ["0 enter 0.0"])
    // 30 s at 5 Hz swinging across the radius by up to ±9 cm: inside the ±10 cm band.
    for step in 1...150 {
      let jitter = 0.09 * (step % 2 == 0 ? 1.0 : -1.0)
      s.at(Double(step) / 5, 1.5 + jitter)
    }
    #expect(s.summary == ["0 enter 0.0"])
  }

  @Test("Exit happens only above radius plus half the band")
  func crossingOut() {
    var s = Script([inner])
    // 5 Hz: the full band applies (see the low-rate test below).
    s.at(0, 1.0)
    s.at(0.2, 1.59)
    s.at(0.4, 1.61)
    #expect(s.summary == ["0 enter 0.0", "0 exit 0.4"])
  }

  @Test("Zones decide on the decision distance, not the estimate, and events carry the one that decided")
  func decidesOnDecisionDistance() {
    var monitor = ZoneMembership(zones: [inner], capacity: 1)
    var events: [ZoneEvent] = []
    func at(_ seconds: Double, estimate: Double, decision: Double) {
      let range = RangeEstimate(
        distanceMeters: estimate, sigmaMeters: 0.01, rateMetersPerSecond: 0, decisionDistanceMeters: decision)
      monitor.evaluate(slot: 0, object: 0, range: range, at: Timestamp(seconds: seconds)) { events.append($0) }
    }
    at(0, estimate: 1.2, decision: 1.45)  // the estimate is inside the band's enter threshold (1.4), the decision not
    #expect(events.isEmpty)
    at(1, estimate: 1.45, decision: 1.35)
    #expect(events.map { "\($0.kind.name)" } == ["enter"] && events.first?.distanceMeters == 1.35)
    at(2, estimate: 1.8, decision: 1.55)  // the estimate is beyond the exit threshold (1.6), the decision not
    #expect(events.count == 1)
    at(3, estimate: 1.5, decision: 1.65)
    #expect(events.map { "\($0.kind.name)" } == ["enter", "exit"] && events.last?.distanceMeters == 1.65)
  }

  @Test("The default band is the textbook filter's: enter below 1.5 m, exit above 1.65 m")
  func defaultBandOffset() {
    let zone = Zone(radiusMeters: 1.5)
    #expect(zone.enterThresholdMeters == 1.5 - 0.075 + 0.075 && zone.exitThresholdMeters == 1.5 + 0.075 + 0.075)
    var s = Script([zone])
    s.at(0, 1.5)  // on the radius: not inside
    #expect(s.events.isEmpty)
    s.at(0.2, 1.49)
    s.at(0.4, 1.64)  // outside the radius, still within the band
    #expect(s.summary == ["0 enter 0.2"])
    s.at(0.6, 1.66)
    #expect(s.summary == ["0 enter 0.2", "0 exit 0.6"])
  }

  @Test("The band is the same at every update rate: at 1 Hz an object inside stays up to 1.65 m")
  func sameBandAtLowRates() {
    // Enter below 1.5 - 0.075 + 0.075 = 1.5 m, exit above 1.5 + 0.075 + 0.075 = 1.65 m, whatever the interval.
    var s = Script([Zone(radiusMeters: 1.5)])
    s.at(0, 1.0)
    s.at(1, 1.64)
    s.at(2, 1.58)
    s.at(3, 1.64)
    #expect(s.summary == ["0 enter 0.0"])
    s.at(4, 1.66)
    #expect(s.summary == ["0 enter 0.0", "0 exit 4.0"])
  }

  @Test("Dwell: the condition must hold for the dwell time, measured from its first update")
  func dwell() {
    let zone = Zone(radiusMeters: 1.5, hysteresisMeters: 0.2, enterDwellSeconds: 0.5, exitDwellSeconds: 1.0, bandOffsetMeters: 0)
    var s = Script([zone])
    s.at(0.0, 1.0)  // condition starts
    s.at(0.4, 1.0)  // 0.4 s: not yet
    #expect(s.events.isEmpty)
    s.at(0.5, 1.0)  // 0.5 s: enters
    #expect(s.summary == ["0 enter 0.5"])
    s.at(1.0, 2.0)  // exit condition starts
    s.at(1.5, 1.42)  // back in the band: exit condition broken, timer restarts
    s.at(2.0, 2.0)  // starts again
    s.at(2.9, 2.0)  // 0.9 s
    #expect(s.events.count == 1)
    s.at(3.0, 2.0)  // 1.0 s: exits
    #expect(s.summary == ["0 enter 0.5", "0 exit 3.0"])
  }

  @Test("Dwell across a gap wider than Int64 microseconds: the time that passed counts, not a wrapped one")
  func dwellAcrossWidestGap() {
    // Issue 34: ±9e12 s are valid times whose difference (1.8e19 µs) wrapped to a negative one in
    // Int64, so the dwell never elapsed: the object stayed outside, or inside, for good.
    let zone = Zone(radiusMeters: 1.5, hysteresisMeters: 0.2, enterDwellSeconds: 0.5, exitDwellSeconds: 1.0, bandOffsetMeters: 0)
    var s = Script([zone])
    // Whole seconds: at 9e12 s a Double holds the microseconds to within 1 ms only.
    s.at(-9e12, 1.0, slot: 0)  // slot 0's enter condition starts
    s.at(-9e12, 1.0, slot: 1)  // slot 1's too
    s.at(-8_999_999_999_999, 1.0, slot: 1)  // 1 s: slot 1 enters
    s.at(-8_999_999_999_998, 2.0, slot: 1)  // slot 1's exit condition starts
    #expect(s.summary == ["0 enter -8999999999999.0"])
    s.at(9e12, 1.0, slot: 0)  // 1.8e13 s after its condition started: enters
    s.at(9e12, 2.0, slot: 1)  // 1.8e13 s after its condition started: exits
    #expect(s.summary == ["0 enter -8999999999999.0", "0 enter 9000000000000.0", "0 exit 9000000000000.0"])
    #expect(s.events.map(\.object) == [1, 0, 1])
  }

  @Test("Sigma margin: enter only when distance plus k sigma is inside")
  func sigmaMargin() {
    let zone = Zone(radiusMeters: 1.5, hysteresisMeters: 0.2, enterDwellSeconds: 0, exitDwellSeconds: 0,
                    enterSigmaMultiplier: 2, bandOffsetMeters: 0)
    var s = Script([zone])
    s.at(0, 1.3, sigma: 0.06)  // 1.3 + 0.12 = 1.42 > 1.4: not confident
    #expect(s.events.isEmpty)
    s.at(1, 1.3, sigma: 0.04)  // 1.38 < 1.4: enters
    #expect(s.summary == ["0 enter 1.0"])
  }

  @Test("Crossing both zones in one update: outer before inner on the way in, inner before outer on the way out")
  func simultaneousCrossing() {
    // Zones listed inner first; order must follow the radii, not the list.
    var s = Script([inner, outer])
    s.at(0, 5)
    s.at(1, 1)
    s.at(2, 5)
    #expect(s.summary == ["1 enter 1.0", "0 enter 1.0", "0 exit 2.0", "1 exit 2.0"])
    // Same story with the list in the other order.
    var t = Script([outer, inner])
    t.at(0, 5)
    t.at(1, 1)
    t.at(2, 5)
    #expect(t.summary == ["0 enter 1.0", "1 enter 1.0", "1 exit 2.0", "0 exit 2.0"])
  }

  @Test("exitAll closes every occupied zone, smallest first, with the reason and last distance, then forgets the slot")
  func exitAll() {
    var s = Script([inner, outer])
    s.at(0, 1.0)
    s.monitor.exitAll(slot: 0, object: 0, at: Timestamp(seconds: 7), reason: .removedPeerEnded) { s.events.append($0) }
    #expect(s.summary == ["1 enter 0.0", "0 enter 0.0", "0 exit 7.0 removed_peer_ended", "1 exit 7.0 removed_peer_ended"])
    #expect(s.events[3].distanceMeters == 1.0)
    #expect(!s.monitor.isInside(slot: 0, zone: 0) && !s.monitor.isInside(slot: 0, zone: 1))
    // A second exitAll has nothing to close.
    s.monitor.exitAll(slot: 0, object: 0, at: Timestamp(seconds: 8), reason: .lost) { s.events.append($0) }
    #expect(s.events.count == 4)
  }

  @Test("Slots are independent: interleaved objects keep their own state")
  func interleavedObjects() {
    var s = Script([inner])
    s.at(0.0, 1.0, slot: 0)
    s.at(0.1, 2.0, slot: 1)
    s.at(0.2, 2.0, slot: 0)
    s.at(0.3, 1.0, slot: 1)
    #expect(s.events.map { "\($0.object) \($0.kind.name)" } == ["0 enter", "0 exit", "1 enter"])
  }

  @Test("A state without a finite distance (direction before any range) is ignored")
  func nanDistance() {
    var s = Script([inner])
    s.at(0, .nan)
    s.at(1, 1.0)
    #expect(s.summary == ["0 enter 1.0"])
  }
}

@Suite("ZoneMembership angle gates")
struct ZoneAngleGateTests {
  /// 1.5 m within ±30° of straight ahead, 10° angle band (enter below 25°, leave above 35°).
  let door = Zone(radiusMeters: 1.5, hysteresisMeters: 0.2, enterDwellSeconds: 0, exitDwellSeconds: 0,
                  angleLimitRadians: 30 * .pi / 180, angleHysteresisRadians: 10 * .pi / 180)

  /// A unit direction `degrees` to the right of straight ahead (-z).
  static func ahead(_ degrees: Double) -> Direction {
    let a = degrees * .pi / 180
    // sin and cos of small test angles by their series (the core has no Foundation).
    let s = a - a * a * a / 6 + a * a * a * a * a / 120 - a * a * a * a * a * a * a / 5040
    let c = 1 - a * a / 2 + a * a * a * a / 24 - a * a * a * a * a * a / 720
    return Direction(x: s, y: 0, z: -c).normalized
  }

  func run(_ steps: [(Double, Double, Double?, DirectionState)]) -> [String] {
    var monitor = ZoneMembership(zones: [door], capacity: 1)
    var events: [String] = []
    for (t, d, degrees, state) in steps {
      monitor.evaluate(
        slot: 0, object: 0, range: RangeEstimate(distanceMeters: d, sigmaMeters: 0.01, rateMetersPerSecond: 0),
        direction: degrees.map(Self.ahead), directionState: state, at: Timestamp(seconds: t)
      ) { events.append("\($0.kind.name) \($0.time.seconds)") }
    }
    return events
  }

  @Test("Near but off to the side does not enter; turning within the angle does")
  func entersOnlyWithinAngle() {
    #expect(run([(0, 1.0, 40, .measured), (1, 1.0, 28, .measured), (2, 1.0, 20, .measured)]) == ["enter 2.0"])
  }

  @Test("Inside the angle band nothing toggles; beyond it the zone is left")
  func angleHysteresis() {
    let steps: [(Double, Double, Double?, DirectionState)] = [
      (0, 1.0, 0, .measured), (1, 1.0, 34, .measured), (2, 1.0, 26, .measured), (3, 1.0, 34, .measured),
      (4, 1.0, 36, .measured),
    ]
    #expect(run(steps) == ["enter 0.0", "exit 4.0"])
  }

  @Test("With the direction unknown the zone holds, even if the distance says leave; predicted counts")
  func unknownHolds() {
    let steps: [(Double, Double, Double?, DirectionState)] = [
      (0, 1.0, 0, .measured), (1, 2.5, nil, .unknown), (2, 1.0, 50, .predicted),
    ]
    #expect(run(steps) == ["enter 0.0", "exit 2.0"])
  }
}
