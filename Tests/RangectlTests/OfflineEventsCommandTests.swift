// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

#if GSL
  /// `replay --smooth`'s offline events (OfflineZoneEvents) on inputs whose answer is known. In-process
  /// (ReplayInProcess), but for the hostile inputs, where a process keeps a trap from ending the whole run.
  @Suite("rangectl replay --smooth: offline events")
  struct OfflineEventsCommandTests {
    /// A walk 4 m -> 1 m -> 4 m at 0.5 m/s, 10 Hz, with ±8 cm of deterministic
    /// noise (a linear congruential sequence, uniform): with one zone of 1.5 m
    /// and the default band (enter below 1.5 m, exit above 1.65 m) the true
    /// distance enters at t = 5.0 s (4 - 0.5 t = 1.5) and passes 1.65 m at
    /// t = 7.3 s (1 + 0.5 (t - 6) = 1.65).
    private static let walk: String = {
      var lines = ["t,object,distance,true_distance"]
      var seed: UInt32 = 12345
      for step in 0...120 {
        let t = Double(step) / 10
        let truth = t <= 6 ? 4 - 0.5 * t : 1 + 0.5 * (t - 6)
        seed = seed &* 1_103_515_245 &+ 12345
        let noise = (Double(seed >> 16 & 0x7fff) / 32767 - 0.5) * 0.16
        lines.append(String(format: "%.1f,walker,%.4f,%.4f", t, truth + noise, truth))
      }
      return lines.joined(separator: "\n") + "\n"
    }()

    /// Each event line's kind and time.
    private static func events(_ lines: [String]) throws -> [(kind: String, t: Double, offline: Bool)] {
      try lines.filter { !$0.isEmpty }.map { line in
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return (try #require(json["event"] as? String), try #require((json["t"] as? NSNumber)?.doubleValue),
                (json["offline"] as? Bool) == true)
      }
    }

    @Test("One crossing in and out with noise: exactly one enter and one exit, each within 0.3 s of the true one, marked offline")
    func oneCrossing() throws {
      let scratch = try ScratchFolder()
      defer { scratch.remove() }
      let input = try scratch.write("walk.csv", Self.walk)
      let offline = try ReplayInProcess.result([input, "--smooth", "--zones", "inner=1.5", "--quiet"])
      #expect(offline.status == 0, "stderr: \(offline.stderr)")
      let events = try Self.events(offline.stdoutLines)
      #expect(events.map(\.kind) == ["enter", "exit"], "\(offline.stdoutText)")
      #expect(events.allSatisfy { $0.offline })
      if events.count == 2 {
        #expect(abs(events[0].t - 5.0) <= 0.3, "enter at \(events[0].t)")
        #expect(abs(events[1].t - 7.3) <= 0.3, "exit at \(events[1].t)")
      }
      // The causal replay of the same rows decides the same pair, unmarked.
      let live = try ReplayInProcess.result([input, "--zones", "inner=1.5", "--quiet"])
      let liveEvents = try Self.events(live.stdoutLines)
      #expect(liveEvents.map(\.kind) == ["enter", "exit"] && !liveEvents.contains { $0.offline }, "\(live.stdoutText)")
    }

    @Test("Hostile inputs replay and score offline without a trap", arguments: [
      ("header only", "t,object,distance,true_distance\n"),
      ("one row", "t,object,distance,true_distance\n0.5,a,1.2,1.2\n"),
      ("duplicate timestamps", "t,object,distance,true_distance\n0,a,2,2\n0,a,1,1\n0,a,1.1,1\n0.1,a,1.2,1\n0.1,a,3,1\n0.2,a,1,1\n"),
      ("an object with only rejected rows", "t,object,distance,true_distance\n0,a,-1,1\n0.1,a,nan,1\n0.2,b,1,1\n0.3,b,1.1,1\n"),
      ("a removal between runs", "t,object,distance,event,true_distance\n0,a,1,,1\n0.1,a,1.1,,1\n0.2,a,,removed_timeout,\n0.3,a,4,,4\n0.4,a,1,,1\n"),
    ])
    func hostile(name: String, text: String) throws {
      let scratch = try ScratchFolder()
      defer { scratch.remove() }
      let input = try scratch.write("hostile.csv", text)
      let replay = try Rangectl.run(["replay", input, "--smooth", "--filtered", scratch.path("f.csv"), "--quiet"])
      #expect(replay.status == 0 || replay.status == 65, "\(name): \(replay.stderr)")
      #expect(replay.stdoutLines.filter { !$0.isEmpty }.allSatisfy { $0.contains("\"offline\":true") }, "\(name)")
      let evaluate = try Rangectl.run(["evaluate", input, "--smooth", "--quiet"])
      #expect(evaluate.status == 0 || evaluate.status == 65, "\(name): \(evaluate.stderr)")
    }
  }
#endif
