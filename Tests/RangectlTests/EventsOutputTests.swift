// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Decimetres as metres text with one decimal (46 -> "4.6"), so the fixtures
/// hold exactly the values written in their comments.
private func metres(decimetres: Int) -> String { "\(decimetres / 10).\(decimetres % 10)" }

/// In-process: the replays run as ReplayInProcess runs them, their events written to a file as to standard output.
@Suite("rangectl replay zone events (docs/FORMATS.md §2)")
struct EventsOutputTests {
  /// One object walking straight in from 5 m to 0.5 m and straight out again
  /// at 1 m/s, measured noise-free at 5 Hz: d(t) = 5 - t for t ≤ 4.5 and
  /// d(t) = t - 4 after, sampled at t = 0, 0.2, ..., 9.0 (the turn at 0.5 m
  /// falls between the samples at 4.4 and 4.6, both 0.6 m).
  static let walk: String = {
    var text = "# one walker, 5 m -> 0.5 m -> 5 m at 1 m/s, 5 Hz, noise-free\nt,object,distance\n"
    for k in 0...45 {
      let distance = k <= 22 ? 50 - 2 * k : 2 * k - 40  // decimetres
      text += "\(metres(decimetres: 2 * k)),walker,\(metres(decimetres: distance))\n"
    }
    return text
  }()

  /// Closed-form crossing times of the default zones' bands for ``walk``.
  /// Sources/ZoneMonitor/Zone.swift: enter below radius - hysteresis/2 +
  /// band offset, exit above radius + hysteresis/2 + band offset; default
  /// hysteresis 0.15 m and offset 0.075 m, so outer (3 m) enters below 3.0 m and
  /// exits above 3.15 m, inner (1.5 m) enters below 1.5 m and exits above
  /// 1.65 m. At 1 m/s:
  ///   outer enter: 5 - t = 3.0   ->  t = 2.0
  ///   inner enter: 5 - t = 1.5   ->  t = 3.5
  ///   inner exit:  t - 4 = 1.65  ->  t = 5.65
  ///   outer exit:  t - 4 = 3.15  ->  t = 7.15
  static let walkCrossings: [(zone: String, event: String, t: Double, threshold: Double)] = [
    ("outer", "enter", 2.0, 3.0), ("inner", "enter", 3.5, 1.5),
    ("inner", "exit", 5.65, 1.65), ("outer", "exit", 7.15, 3.15),
  ]

  private func replay(_ recording: String) throws -> (RangectlResult, [EventLine]) {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let result = try ReplayInProcess.result([try scratch.write("recording.csv", recording)])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    return (result, try EventLine.parseAll(result.stdoutText))
  }

  @Test("Every line is a JSON object whose keys start t, object, zone, event, distance in that order")
  func lineFormat() throws {
    let (result, events) = try replay(Self.walk)
    #expect(!events.isEmpty)
    #expect(result.stdoutText.hasSuffix("\n"))
    for event in events {
      #expect(Array(event.keys.prefix(5)) == ["t", "object", "zone", "event", "distance"], "line: \(event.text)")
      #expect(Set(event.keys).count == event.keys.count, "repeated key in: \(event.text)")
      #expect(event.object == "walker")
      #expect(["inner", "outer"].contains(event.zone))
      #expect(["enter", "exit"].contains(event.event))
      #expect(event.distance?.isFinite == true, "line: \(event.text)")
    }
    #expect(result.summary?.events == events.count)
  }

  @Test("Walking in and out gives outer enter, inner enter, inner exit, outer exit")
  func walkSequence() throws {
    let (_, events) = try replay(Self.walk)
    #expect(events.map { "\($0.zone) \($0.event)" } == ["outer enter", "inner enter", "inner exit", "outer exit"])
  }

  @Test("Each event comes at or after the closed-form crossing of its threshold, within 0.5 s")
  func walkTiming() throws {
    let (_, events) = try replay(Self.walk)
    try #require(events.count == Self.walkCrossings.count, "events: \(events)")
    for (event, crossing) in zip(events, Self.walkCrossings) {
      #expect(event.zone == crossing.zone && event.event == crossing.event)
      // 1e-9 s: the input times are decimal text, the closed form is exact.
      #expect(event.t >= crossing.t - 1e-9, "\(event) is before the crossing at \(crossing.t) s")
      #expect(event.t <= crossing.t + 0.5, "\(event) is more than 0.5 s after the crossing at \(crossing.t) s")
      // The filtered distance that decided it is on the far side of the
      // threshold, up to the output's rounding to millimetres.
      let distance = try #require(event.distance)
      if event.event == "enter" {
        #expect(distance <= crossing.threshold + 0.0005, "\(event) decided at \(distance) m")
      } else {
        #expect(distance >= crossing.threshold - 0.0005, "\(event) decided at \(distance) m")
      }
    }
  }

  @Test(
    "One update that crosses both zones writes outer before inner when approaching and inner before outer when leaving")
  func bothZonesInOneUpdate() throws {
    // 0.5 Hz: 3.2 m -> 1 m at t = 6 crosses 3.0 m and 1.5 m (the enter
    // thresholds) at once; then 1 m -> 3.5 m at t = 8 crosses 1.65 m and 3.15 m
    // (the exit thresholds) at once.
    let recording = """
      t,object,distance
      0,slow,7.2
      2,slow,5.2
      4,slow,3.2
      6,slow,1
      8,slow,3.5
      10,slow,6
      12,slow,8.5

      """
    let (_, events) = try replay(recording)
    #expect(events.map(\.description) == ["6.0 outer enter", "6.0 inner enter", "8.0 inner exit", "8.0 outer exit"])
  }

  @Test("removed_peer_ended while inside exits inner then outer, with the reason")
  func peerEndedWhileInside() throws {
    // The first half of the walk (5 m -> 0.6 m by t = 4.4), then the peer ends the session.
    var recording = "t,object,distance,event\n"
    for k in 0...22 {
      recording += "\(metres(decimetres: 2 * k)),walker,\(metres(decimetres: 50 - 2 * k)),\n"
    }
    recording += "4.6,walker,,removed_peer_ended\n"
    let (result, events) = try replay(recording)
    #expect(result.summary?.lifecycle == 1)
    // Both enters happened on the way in (their timing is checked above); the
    // exits come at the life-cycle row's time, smallest zone first.
    #expect(events.map { "\($0.zone) \($0.event)" } == ["outer enter", "inner enter", "inner exit", "outer exit"])
    #expect(events.dropFirst(2).map(\.description) == [
      "4.6 inner exit removed_peer_ended", "4.6 outer exit removed_peer_ended",
    ])
    for exit in events.dropFirst(2) {
      #expect(exit.text.contains(#""reason":"removed_peer_ended""#), "line: \(exit.text)")
    }
  }
}
