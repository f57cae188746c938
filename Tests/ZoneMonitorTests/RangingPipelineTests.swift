// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing
import ZoneMonitor

/// The whole path on a fake clock: tracker, filter and zones together.
private final class Run {
  let pipeline: RangingPipeline<SwiftKalmanBackend>
  var events: [ZoneEvent] = []

  init(capacity: Int = 8, suspension: SuspensionPolicy = .exitZones) {
    let zone = { (r: Double) in Zone(radiusMeters: r, hysteresisMeters: 0.2, enterDwellSeconds: 0, exitDwellSeconds: 0) }
    pipeline = RangingPipeline(
      tracker: TrackerConfiguration(capacity: capacity, lostTimeoutSeconds: 5),
      zones: [zone(1.5), zone(3)], suspensionPolicy: suspension)
  }

  @discardableResult
  func measure(_ object: UInt64, _ seconds: Double, _ distance: Double?) -> TrackerUpdate {
    pipeline.process(object: object, update: RangingUpdate(time: Timestamp(seconds: seconds), distanceMeters: distance)) {
      events.append($0)
    }
  }

  func lifecycle(_ object: UInt64, _ seconds: Double, _ event: LifecycleEvent) {
    pipeline.process(object: object, lifecycle: event, at: Timestamp(seconds: seconds)) { events.append($0) }
  }

  /// Stands still at `distance` from `from` to `to` seconds at 5 Hz.
  func stand(_ object: UInt64, at distance: Double, from: Double, to: Double) {
    var t = from
    while t <= to + 1e-9 {
      measure(object, t, distance)
      t += 0.2
    }
  }

  var summary: [String] {
    events.map { "\($0.object) z\($0.zone) \($0.kind.name)" + ($0.reason.map { " \($0.name)" } ?? "") }
  }
}

@Suite("RangingPipeline")
struct RangingPipelineTests {
  @Test("Walking in from 4 m and out again gives outer enter, inner enter, inner exit, outer exit")
  func walkInAndOut() {
    let run = Run()
    // 1 m/s in from 4 m to 1 m, then out again, at 5 Hz.
    for step in 0...30 { run.measure(1, Double(step) * 0.2, 4 - Double(step) * 0.1) }
    for step in 1...30 { run.measure(1, 6 + Double(step) * 0.2, 1 + Double(step) * 0.1) }
    #expect(run.summary == ["1 z1 enter", "1 z0 enter", "1 z0 exit", "1 z1 exit"])
  }

  @Test("Removal exits every zone with its reason; the object starts afresh afterwards")
  func removal() {
    let run = Run()
    run.stand(1, at: 1.0, from: 0, to: 1)
    run.lifecycle(1, 1.1, .removedTimeout)
    #expect(run.summary == ["1 z1 enter", "1 z0 enter", "1 z0 exit removed_timeout", "1 z1 exit removed_timeout"])
    #expect(run.pipeline.tracker.slot(of: 1) == nil)
    // The object comes back: it starts outside and enters again.
    run.stand(1, at: 1.0, from: 2, to: 3)
    #expect(run.summary.suffix(2) == ["1 z1 enter", "1 z0 enter"])
  }

  @Test("Invalidation and peer-ended removal carry their own reasons")
  func invalidation() {
    let run = Run()
    run.stand(1, at: 2.0, from: 0, to: 1)
    run.stand(2, at: 2.0, from: 0, to: 1)
    run.lifecycle(1, 1.1, .invalidated)
    run.lifecycle(2, 1.1, .removedPeerEnded)
    #expect(run.summary == ["1 z1 enter", "2 z1 enter", "1 z1 exit invalidated", "2 z1 exit removed_peer_ended"])
  }

  @Test("Suspension exits zones by default; with holdZones membership survives it")
  func suspension() {
    let exiting = Run()
    exiting.stand(1, at: 1.0, from: 0, to: 1)
    exiting.lifecycle(1, 1.1, .suspended)
    exiting.lifecycle(1, 3.0, .suspensionEnded)
    exiting.stand(1, at: 1.0, from: 3.2, to: 4)
    #expect(exiting.summary == [
      "1 z1 enter", "1 z0 enter", "1 z0 exit suspended", "1 z1 exit suspended", "1 z1 enter", "1 z0 enter",
    ])

    let holding = Run(suspension: .holdZones)
    holding.stand(1, at: 1.0, from: 0, to: 1)
    holding.lifecycle(1, 1.1, .suspended)
    holding.lifecycle(1, 3.0, .suspensionEnded)
    holding.stand(1, at: 1.0, from: 3.2, to: 4)
    #expect(holding.summary == ["1 z1 enter", "1 z0 enter"])
  }

  @Test("An object not heard from for the lost timeout exits with reason lost, on another object's clock")
  func lost() {
    let run = Run()
    run.stand(1, at: 1.0, from: 0, to: 1)
    run.stand(2, at: 4.0, from: 0, to: 5.8)  // object 1 silent since t=1
    #expect(run.summary == ["1 z1 enter", "1 z0 enter"])
    run.stand(2, at: 4.0, from: 6.0, to: 6.6)  // now 5 s have passed
    #expect(run.summary == ["1 z1 enter", "1 z0 enter", "1 z0 exit lost", "1 z1 exit lost"])
    let lostAt = run.events[2].time.seconds
    #expect(lostAt > 6.0 && lostAt <= 6.6)
    // Found by the lost check another object's row made due (TrackRegistry, step 4).
  }

  @Test("An object silent longer than the lost timeout is lost by its own gap, with no other object to move the clock")
  func lostByItsOwnGap() {
    let run = Run()
    run.stand(1, at: 1.0, from: 0, to: 1)
    #expect(run.summary == ["1 z1 enter", "1 z0 enter"])
    // 60 s of silence, nothing else in the input; then the object is back at 1 m.
    guard case .accepted(_, let state, _, _) = run.measure(1, 61, 1.0) else {
      Issue.record("the update after the gap must be accepted")
      return
    }
    // It left first, at the time of the row that revealed the gap, then starts a new
    // track, which zones act on from its first reading (nothing speaks against it yet).
    #expect(run.summary == ["1 z1 enter", "1 z0 enter", "1 z0 exit lost", "1 z1 exit lost", "1 z1 enter", "1 z0 enter"])
    #expect(run.events.suffix(4).allSatisfy { $0.time == Timestamp(seconds: 61) })
    // Its own row's step (TrackRegistry, step 1), not the lost check's.
    #expect(state.isConfirmed)
    run.stand(1, at: 1.0, from: 61.2, to: 62)
    #expect(run.summary.count == 6)
  }

  @Test("Times 9.4e12 s apart, both valid: the silent object is lost, on another object's clock or by its own gap")
  func lostAcrossWidestGap() {
    // Issue 34's reproducer: -4.7e12 s and 4.7e12 s differ by more than Int64.max µs. Wrapped,
    // the gap was negative: nothing was lost, and the old track took the new row (NLOS -0.18).
    let expected = ["1 z1 enter", "1 z0 enter", "1 z0 exit lost", "1 z1 exit lost"]
    let onAnotherClock = Run(), byItsOwnGap = Run(), byTheClock = Run()
    for run in [onAnotherClock, byItsOwnGap, byTheClock] {
      run.measure(1, -4.7e12, 1.0)
      run.measure(1, -4_699_999_999_999.7, 1.0)
      #expect(run.summary == Array(expected.prefix(2)))
    }
    onAnotherClock.measure(2, 4.7e12, 5.0)
    byTheClock.pipeline.advanceClock(to: Timestamp(seconds: 4.7e12)) { byTheClock.events.append($0) }
    guard case .accepted(_, let state, _, _) = byItsOwnGap.measure(1, 4.7e12, 1.0) else {
      Issue.record("the update after the gap must be accepted")
      return
    }
    for run in [onAnotherClock, byTheClock] {
      #expect(run.summary == expected)
      #expect(run.events.suffix(2).allSatisfy { $0.time == Timestamp(seconds: 4.7e12) })
    }
    // By its own gap: it left first, at the time of the row that revealed the gap, then a new track
    // starts there, which zones act on from its first reading; its state has NLOS in [0, 1].
    #expect(byItsOwnGap.summary == expected + ["1 z1 enter", "1 z0 enter"])
    #expect(byItsOwnGap.events.suffix(4).allSatisfy { $0.time == Timestamp(seconds: 4.7e12) })
    #expect(state.time == Timestamp(seconds: 4.7e12))
    #expect((0...1).contains(state.range.nonLineOfSightProbability))
  }

  @Test("The pipeline's lost-check interval is its clock's: 0.5 s")
  func lostCheckInterval() {
    #expect(RangingPipeline<SwiftKalmanBackend>.lostCheckIntervalSeconds == LostCheckClock.intervalSeconds)
    #expect(RangingPipeline<SwiftKalmanBackend>.lostCheckIntervalSeconds == 0.5)
  }

  @Test("A gap within the lost timeout keeps the track and its zones")
  func gapWithinTimeout() {
    let run = Run()
    run.stand(1, at: 1.0, from: 0, to: 1)
    run.stand(1, at: 1.0, from: 5.8, to: 6.4)  // 4.8 s of silence: not lost
    #expect(run.summary == ["1 z1 enter", "1 z0 enter"])
  }

  @Test("The same input gives the same events whether or not another object's rows fall in the gap")
  func lostDoesNotDependOnOtherObjects() {
    let alone = Run(), accompanied = Run()
    for run in [alone, accompanied] { run.stand(1, at: 1.0, from: 0, to: 1) }
    accompanied.stand(2, at: 4.0, from: 20, to: 20)  // another object's row in object 1's gap
    for run in [alone, accompanied] { run.stand(1, at: 1.0, from: 61, to: 62) }
    let objectOne = { (run: Run) in run.events.filter { $0.object == 1 }.map { "\($0.zone) \($0.kind.name) \($0.reason.map { "\($0.name)" } ?? "")" } }
    #expect(objectOne(alone) == objectOne(accompanied))
    #expect(objectOne(alone) == ["1 enter ", "0 enter ", "0 exit lost", "1 exit lost", "1 enter ", "0 enter "])
  }

  @Test("A life-cycle event after a gap longer than the lost timeout finds the object lost")
  func lifecycleAfterGap() {
    let run = Run()
    run.stand(1, at: 1.0, from: 0, to: 1)
    run.lifecycle(1, 30, .removedTimeout)
    #expect(run.summary == ["1 z1 enter", "1 z0 enter", "1 z0 exit lost", "1 z1 exit lost"])
    #expect(run.pipeline.tracker.slot(of: 1) == nil)
  }

  @Test("A rejected update after the gap does not end the track")
  func rejectedAfterGap() {
    let run = Run()
    run.stand(1, at: 1.0, from: 0, to: 1)
    guard case .rejected(.negativeDistance) = run.measure(1, 61, -1) else {
      Issue.record("expected negative_distance")
      return
    }
    #expect(run.summary == ["1 z1 enter", "1 z0 enter"])
    #expect(run.pipeline.tracker.slot(of: 1) != nil)
  }

  @Test("The tracker counts the objects it holds")
  func trackerCount() {
    let run = Run(capacity: 2)
    #expect(run.pipeline.tracker.count == 0)
    run.measure(1, 0, 2)
    run.measure(2, 0, 2)
    run.measure(3, 0.2, 2)  // evicts one
    #expect(run.pipeline.tracker.count == 2)
    run.lifecycle(3, 0.3, .invalidated)
    #expect(run.pipeline.tracker.count == 1)
  }

  @Test("A full table evicts the stalest object, closing its zones with reason evicted")
  func eviction() {
    let run = Run(capacity: 2)
    run.stand(1, at: 1.0, from: 0, to: 0.4)
    run.stand(2, at: 4.0, from: 0.6, to: 1.0)
    run.measure(3, 1.2, 4.0)  // table full: object 1 (last heard 0.4) goes
    #expect(run.summary == ["1 z1 enter", "1 z0 enter", "1 z0 exit evicted", "1 z1 exit evicted"])
    #expect(run.pipeline.tracker.evictionCount == 1)
    #expect(run.pipeline.tracker.slot(of: 1) == nil)
  }

  @Test("Time going back for an object is rejected and changes nothing; other objects may interleave")
  func timeGoingBack() {
    let run = Run()
    run.measure(1, 1.0, 2.0)
    run.measure(2, 0.5, 2.0)  // another object, earlier time: fine
    guard case .rejected(.timeWentBackwards) = run.measure(1, 0.9, 2.0) else {
      Issue.record("expected time_went_backwards")
      return
    }
    guard case .accepted = run.measure(1, 1.0, 2.0) else {
      Issue.record("an equal time must be accepted")
      return
    }
  }

  @Test("The entry for validated updates gives the same states and events as the checking entry")
  func validatedEntryMatchesChecking() {
    let checking = Run(), trusting = Run()
    var trustingEvents: [ZoneEvent] = []
    // Two objects walking in and out, interleaved, with one time going back.
    var steps: [(UInt64, Double, Double)] = []
    for step in 0...60 {
      let t = Double(step) * 0.2
      steps.append((1, t, 4 - 3 * abs(Double(step - 30)) / 30))
      steps.append((2, t + 0.05, 1 + Double(step % 20) * 0.15))
    }
    steps.insert((1, 1.0, 2.0), at: 20)  // earlier than object 1's previous update
    for (object, t, distance) in steps {
      let update = RangingUpdate(time: Timestamp(seconds: t), distanceMeters: distance)
      let expected = checking.measure(object, t, distance)
      let got = trusting.pipeline.process(object: object, validatedUpdate: update) { trustingEvents.append($0) }
      switch (expected, got) {
      case (.accepted(let slotA, let a, _, _), .accepted(let slotB, let b, _, _)):
        #expect(slotA == slotB)
        #expect(a.range.distanceMeters.bitPattern == b.range.distanceMeters.bitPattern)
        #expect(a.range.sigmaMeters.bitPattern == b.range.sigmaMeters.bitPattern)
        #expect(a.isConfirmed == b.isConfirmed)
      case (.rejected(let a), .rejected(let b)):
        #expect(a == b)
      default:
        Issue.record("verdicts differ at \(t) s for object \(object)")
      }
    }
    #expect(checking.events.count > 4)
    #expect(checking.events.map { "\($0.object) \($0.zone) \($0.kind.name) \($0.time.microseconds)" }
      == trustingEvents.map { "\($0.object) \($0.zone) \($0.kind.name) \($0.time.microseconds)" })
  }

  @Test("A negative distance is rejected with its reason")
  func badValue() {
    let run = Run()
    guard case .rejected(.negativeDistance) = run.measure(1, 0, -1) else {
      Issue.record("expected negative_distance")
      return
    }
  }
}

@Suite("Zone and pipeline validation")
struct ZoneValidationTests {
  struct ZoneCase: Sendable, CustomTestStringConvertible {
    var label: String
    var setting: ConfigurationSetting
    var make: @Sendable () throws(ConfigurationError) -> Zone
    var testDescription: String { label }
  }

  static let cases: [ZoneCase] = [
    ZoneCase(label: "radius -1 (issue 14)", setting: .zoneRadius) { () throws(ConfigurationError) in try Zone.validated(radiusMeters: -1) },
    ZoneCase(label: "radius NaN", setting: .zoneRadius) { () throws(ConfigurationError) in try Zone.validated(radiusMeters: .nan) },
    ZoneCase(label: "radius inf", setting: .zoneRadius) { () throws(ConfigurationError) in try Zone.validated(radiusMeters: .infinity) },
    ZoneCase(label: "hysteresis 2·radius", setting: .zoneHysteresis) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, hysteresisMeters: 3)
    },
    ZoneCase(label: "band offset below the enter threshold", setting: .zoneBandOffset) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, bandOffsetMeters: -1.5)
    },
    ZoneCase(label: "band offset inf", setting: .zoneBandOffset) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, bandOffsetMeters: .infinity)
    },
    ZoneCase(label: "exit dwell 1e300", setting: .zoneExitDwell) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, exitDwellSeconds: 1e300)
    },
    ZoneCase(label: "enter dwell -1", setting: .zoneEnterDwell) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, enterDwellSeconds: -1)
    },
    ZoneCase(label: "sigma multiplier NaN", setting: .zoneEnterSigmaMultiplier) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, enterSigmaMultiplier: .nan)
    },
    ZoneCase(label: "angle limit π", setting: .zoneAngleLimit) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, angleLimitRadians: .pi)
    },
    ZoneCase(label: "angle hysteresis 2·limit", setting: .zoneAngleHysteresis) { () throws(ConfigurationError) in
      try Zone.validated(radiusMeters: 1.5, angleLimitRadians: 0.5, angleHysteresisRadians: 1)
    },
  ]

  @Test("Zone.validated throws ConfigurationError instead of trapping", arguments: cases)
  func zoneOutOfRange(_ c: ZoneCase) {
    do {
      _ = try c.make()
      Issue.record("expected \(c.setting.name)")
    } catch {
      #expect(error.setting == c.setting)
    }
  }

  @Test("Zone.validated with valid values equals the plain initialiser")
  func validZone() throws {
    let zone = try Zone.validated(radiusMeters: 2, hysteresisMeters: 0.3, angleLimitRadians: 0.5)
    let plain = Zone(radiusMeters: 2, hysteresisMeters: 0.3, angleLimitRadians: 0.5)
    #expect(zone.enterThresholdMeters == plain.enterThresholdMeters && zone.exitThresholdMeters == plain.exitThresholdMeters)
  }

  @Test("RangingPipeline.validated throws for a bad tracker setting or no zone, and builds otherwise")
  func pipeline() throws {
    var configuration = TrackerConfiguration()
    configuration.rangeFilter.measurementSigmaMeters = .infinity
    #expect(throws: ConfigurationError.self) { _ = try RangingPipeline<SwiftKalmanBackend>.validated(tracker: configuration) }
    #expect(throws: ConfigurationError.self) { _ = try RangingPipeline<SwiftKalmanBackend>.validated(zones: []) }
    let pipeline = try RangingPipeline<SwiftKalmanBackend>.validated()
    #expect(pipeline.monitor.zones.count == 2)
  }
}
