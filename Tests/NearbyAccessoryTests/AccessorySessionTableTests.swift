// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import Testing
import ZoneMonitor

/// A table of sessions on a fake clock, recording what it asks for.
private final class TableRun {
  let table: AccessorySessionTable
  var actions: [AccessoryAction] = []

  init(capacity: Int) { table = AccessorySessionTable(capacity: capacity) }

  @discardableResult
  func send(_ input: AccessorySessionInput, from object: UInt64, at seconds: Double) -> AccessoryInputResult {
    table.handle(input, from: object, at: at(seconds)) { actions.append($0) }
  }

  func taken() -> [AccessoryAction] {
    defer { actions = [] }
    return actions
  }
}

@Suite("AccessorySessionTable")
struct AccessorySessionTableTests {
  @Test("Each iPhone gets its own slot, which is its characteristic instance; actions carry both")
  func slots() {
    let run = TableRun(capacity: 2)
    run.send(.initialize(preferring: .automatic), from: 0xA, at: 0)
    run.send(.initialize(preferring: .userInteractive), from: 0xB, at: 0.1)
    #expect(
      run.taken() == [
        AccessoryAction(session: 0, object: 0xA, kind: .sendConfiguration(.automatic, attempt: 1)),
        AccessoryAction(session: 1, object: 0xB, kind: .sendConfiguration(.userInteractive, attempt: 1)),
      ])
    #expect(run.table.slot(of: 0xA) == 0)
    #expect(run.table.slot(of: 0xB) == 1)
    #expect(run.table.object(at: 1) == 0xB)
    // A third iPhone finds no free characteristic instance.
    #expect(run.send(.initialize(preferring: .automatic), from: 0xC, at: 0.2) == .noFreeSession)
    #expect(run.taken() == [])
  }

  @Test("Inputs from an iPhone without a session are reported, not applied")
  func unknownObject() {
    let run = TableRun(capacity: 2)
    for input: AccessorySessionInput in [.configureAndStart, .rangingUpdate, .startFailed, .stop, .linkLost, .fault] {
      #expect(run.send(input, from: 7, at: 0) == .unknownObject)
    }
    #expect(run.taken() == [])
  }

  @Test("A lost link frees the slot for the next iPhone")
  func linkLostFreesSlot() {
    let run = TableRun(capacity: 1)
    run.send(.initialize(preferring: .automatic), from: 1, at: 0)
    run.send(.linkLost, from: 1, at: 1)
    #expect(run.table.object(at: 0) == nil)
    #expect(run.table.session(at: 0).state == .idle)
    #expect(run.send(.initialize(preferring: .automatic), from: 2, at: 2) == .applied)
    #expect(run.table.slot(of: 2) == 0)
  }

  @Test("Without an idle slot, a new iPhone takes the stopped slot touched longest ago")
  func reusesStalestStoppedSlot() {
    let run = TableRun(capacity: 3)
    run.send(.initialize(preferring: .automatic), from: 1, at: 0)
    run.send(.initialize(preferring: .automatic), from: 2, at: 0)
    run.send(.initialize(preferring: .automatic), from: 3, at: 0)
    run.send(.stop, from: 2, at: 5)  // slot 1, stopped at 5 s
    run.send(.stop, from: 1, at: 6)  // slot 0, stopped at 6 s
    _ = run.taken()
    #expect(run.send(.initialize(preferring: .infrequent), from: 4, at: 7) == .applied)
    #expect(run.taken() == [AccessoryAction(session: 1, object: 4, kind: .sendConfiguration(.infrequent, attempt: 1))])
    #expect(run.table.slot(of: 2) == nil)
    #expect(run.table.slot(of: 1) == 0)
  }

  @Test("A stopped iPhone that starts again keeps its slot")
  func restartKeepsSlot() {
    let run = TableRun(capacity: 2)
    run.send(.initialize(preferring: .automatic), from: 1, at: 0)
    run.send(.initialize(preferring: .automatic), from: 2, at: 0)
    run.send(.stop, from: 2, at: 1)
    run.send(.initialize(preferring: .automatic), from: 2, at: 2)
    #expect(run.table.slot(of: 2) == 1)
    #expect(run.table.session(at: 1).state == .configurationSent)
  }

  @Test("advanceClock fires the due timeouts of every slot, each tagged with its own")
  func clockAdvance() {
    let run = TableRun(capacity: 3)
    run.send(.initialize(preferring: .automatic), from: 1, at: 0)  // answer due at 10 s
    run.send(.initialize(preferring: .automatic), from: 2, at: 4)  // answer due at 14 s
    _ = run.taken()
    run.table.advanceClock(to: at(10)) { run.actions.append($0) }
    #expect(run.taken() == [AccessoryAction(session: 0, object: 1, kind: .sendConfiguration(.automatic, attempt: 2))])
    run.table.advanceClock(to: at(14)) { run.actions.append($0) }
    #expect(run.taken() == [AccessoryAction(session: 1, object: 2, kind: .sendConfiguration(.automatic, attempt: 2))])
  }
}

@Suite("AccessorySessionTable with the ranging pipeline")
struct AccessorySessionPipelineTests {
  /// An accessory: its sessions feed the engine's life-cycle input.
  private final class Accessory {
    let sessions = AccessorySessionTable(capacity: 2)
    let pipeline: RangingPipeline<SwiftKalmanBackend>
    var events: [String] = []

    init() {
      var tracker = TrackerConfiguration(capacity: 4)
      tracker.expectUpdates(at: .userInteractive)
      let zone = Zone(radiusMeters: 1.5, hysteresisMeters: 0.2, enterDwellSeconds: 0, exitDwellSeconds: 0)
      pipeline = RangingPipeline(tracker: tracker, zones: [zone])
    }

    func session(_ input: AccessorySessionInput, from phone: UInt64, at seconds: Double) {
      sessions.handle(input, from: phone, at: at(seconds)) { perform($0, at: seconds) }
    }

    func clock(_ seconds: Double) {
      sessions.advanceClock(to: at(seconds)) { perform($0, at: seconds) }
    }

    /// A ranging update from the middleware: to the session and to the engine.
    func measure(_ phone: UInt64, _ seconds: Double, distance: Double) {
      session(.rangingUpdate, from: phone, at: seconds)
      pipeline.process(object: phone, update: RangingUpdate(time: at(seconds), distanceMeters: distance)) { record($0) }
    }

    private func perform(_ action: AccessoryAction, at seconds: Double) {
      if case .feedEngine(let event) = action.kind {
        pipeline.process(object: action.object, lifecycle: event, at: at(seconds)) { record($0) }
      }
    }

    private func record(_ event: ZoneEvent) {
      events.append("\(event.object) \(event.kind.name)" + (event.reason.map { " \($0.name)" } ?? ""))
    }
  }

  @Test("The iPhone stops: the object's zone closes with removed_peer_ended")
  func stopClosesZones() {
    let accessory = Accessory()
    accessory.session(.initialize(preferring: .userInteractive), from: 1, at: 0)
    accessory.session(.configureAndStart, from: 1, at: 0.5)
    for step in 0..<10 { accessory.measure(1, 1 + Double(step) * 0.2, distance: 1.0) }
    #expect(accessory.events == ["1 enter"])
    accessory.session(.stop, from: 1, at: 3)
    #expect(accessory.events == ["1 enter", "1 exit removed_peer_ended"])
  }

  @Test("Ranging goes silent: the session times out and the zone closes once")
  func timeoutClosesZonesOnce() {
    let accessory = Accessory()
    accessory.session(.initialize(preferring: .userInteractive), from: 1, at: 0)
    accessory.session(.configureAndStart, from: 1, at: 0.5)
    for step in 0..<10 { accessory.measure(1, 1 + Double(step) * 0.2, distance: 1.0) }  // last at 2.8 s
    accessory.clock(4.7)
    #expect(accessory.events == ["1 enter"])
    accessory.clock(4.8)  // 2 s after the last update
    #expect(accessory.events == ["1 enter", "1 exit removed_timeout"])
    // The engine's own lost check, also 2 s at this rate, finds nothing left to close.
    accessory.pipeline.advanceClock(to: at(10)) { _ in Issue.record("a second exit") }
  }

  @Test("A start that never produced an update tells the engine nothing")
  func failedStartIsQuiet() {
    let accessory = Accessory()
    accessory.session(.initialize(preferring: .userInteractive), from: 1, at: 0)
    accessory.session(.configureAndStart, from: 1, at: 0.5)
    accessory.session(.startFailed, from: 1, at: 1)
    accessory.session(.linkLost, from: 1, at: 2)
    #expect(accessory.events.isEmpty)
  }
}
