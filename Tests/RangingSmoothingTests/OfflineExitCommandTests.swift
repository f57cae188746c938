// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats
import Testing
import ZoneMonitor

@testable import RangingReplay
@testable import RangingSmoothing

/// The offline zones end with the object's track: every exit command of the
/// replay's table reaches them, also for an object that the live engine held
/// in no zone (its live decision may lag the offline one).
@Suite("Offline exit commands")
struct OfflineExitCommandTests {
  /// Records the exit commands and live events a replay hands out.
  private final class Commands: ReplayObserver {
    var exits: [(name: String, seconds: Double, reason: ExitReason)] = []
    var liveEvents: [String] = []
    var observesRangeSteps: Bool { true }
    func exitCommand(objectName: String, at time: Timestamp, reason: ExitReason) {
      exits.append((objectName, time.seconds, reason))
    }
    func event(_ event: ZoneEvent, objectName: String) { liveEvents.append(objectName) }
  }

  /// `far` ranged at 5 m (outside both default zones) for 1 s, then silent,
  /// while `near` goes on at 4 m at 10 Hz: the lost check (an object silent
  /// for more than 5 s by default, checked every 0.5 s of the clock:
  /// `LostCheckClock`) finds `far` at the first check past t = 6 s.
  @Test("a lost object in no live zone is handed out as an exit command")
  func lostOutsideEveryZone() throws {
    var lines = ["t,object,distance"]
    for i in 0...200 {
      let t = Double(i) / 10
      if t <= 1 { lines.append("\(t),far,5.0") }
      lines.append("\(t),near,4.0")
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("offline-exit-\(UUID().uuidString).csv").path
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }

    let zones = ZoneList.defaults
    let replayer = Replayer(
      pipeline: RangingPipeline<SwiftKalmanBackend>(tracker: TrackerConfiguration(), zones: zones.zones()),
      zoneNames: zones.names)
    var reader = try RangingCSVReader(path: path)
    let commands = Commands()
    _ = try replayer.run(&reader, observer: commands)

    #expect(commands.liveEvents.isEmpty, "neither object comes within 3 m: \(commands.liveEvents)")
    let far = commands.exits.filter { $0.name == "far" }
    #expect(far.count == 1 && far.first?.reason == .lost, "\(commands.exits)")
    // Silent from t = 1.0 s: lost at the first check more than 5 s later, checks being 0.5 s apart.
    if let lost = far.first { #expect(lost.seconds > 6.0 && lost.seconds <= 6.5 + 1e-9, "lost at \(lost.seconds)") }
    #expect(!commands.exits.contains { $0.name == "near" }, "\(commands.exits)")
  }

  private static func state(_ seconds: Double, decisionDistance: Double) -> TrackState {
    TrackState(
      time: Timestamp(seconds: seconds),
      range: RangeEstimate(
        distanceMeters: decisionDistance, sigmaMeters: 0.05, rateMetersPerSecond: 0,
        decisionDistanceMeters: decisionDistance),
      direction: nil, directionState: .unknown)
  }

  /// Offline, an object inside the inner zone whose track ends by a lost
  /// check exits both zones at the command's time, with its reason; the next
  /// run of the same name starts outside.
  @Test("the offline zones exit at an exit command, with its reason")
  func offlineZonesExitAtTheCommand() {
    let offline = OfflineZoneEvents(zones: ZoneList.defaults.zones())
    var events: [(kind: ZoneEventKind, zone: Int, seconds: Double, reason: ExitReason?)] = []
    let collect: (ZoneEvent, String) -> Void = { event, _ in
      events.append((event.kind, event.zone, event.time.seconds, event.reason))
    }
    offline.state(objectName: "tag", Self.state(0, decisionDistance: 1.0), emit: collect)
    offline.state(objectName: "tag", Self.state(0.1, decisionDistance: 1.0), emit: collect)
    offline.exitCommand(objectName: "tag", at: Timestamp(seconds: 5.2), reason: .lost)
    offline.finish(emit: collect)

    let enters = events.filter { $0.kind == .enter }
    let exits = events.filter { $0.kind == .exit }
    #expect(enters.count == 2, "entered inner and outer at 1.0 m: \(events)")
    #expect(exits.count == 2 && exits.allSatisfy { $0.reason == .lost && abs($0.seconds - 5.2) < 1e-9 }, "\(events)")
  }
}
