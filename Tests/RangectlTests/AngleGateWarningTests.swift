// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A zone gated by angle (`door=1.5@30`) is entered only within its angle of
/// straight ahead; on range-only data it can have no event, and `replay`
/// says so instead of printing 0 events in silence.
/// In-process: replay and plot run as ReplayInProcess and PlotInProcess run them.
@Suite("Angle-gated zones on range-only data")
struct AngleGateWarningTests {
  /// tag walks from 4 m to 0.5 m at 0.5 m/s, ten rows a second, straight
  /// ahead (direction (0, 0, -1)) when `withDirection`.
  private static func walk(withDirection: Bool) -> String {
    var lines = ["t,object,distance,dir_x,dir_y,dir_z"]
    for step in 0...70 {
      let direction = withDirection ? "0,0,-1" : ",,"
      lines.append("\(Double(step) * 0.1),tag,\(4 - 0.05 * Double(step)),\(direction)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("Range-only rows and a gated zone: a warning naming the zone and its angle, even with --quiet and with --jobs",
    arguments: [[], ["--quiet"], ["--jobs", "2"]])
  func warnsOnRangeOnlyData(extra: [String]) throws {
    // --jobs reads the file once per thread, so not standard input.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("walk.csv")
    try Self.walk(withDirection: false).write(toFile: path, atomically: true, encoding: .utf8)
    let result = try ReplayInProcess.result([path, "--zones", "door=1.5@30"] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdoutLines.isEmpty, "no event can enter a gated zone without a direction")
    #expect(result.stderr.contains(
      "rangectl replay: warning: \(path): zone 'door' (±30°) is gated by angle, but none of the 71 measurements has a direction"),
      "\(result.stderr)")
  }

  @Test("plot warns the same way")
  func plotWarns() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("walk.csv")
    try Self.walk(withDirection: false).write(toFile: path, atomically: true, encoding: .utf8)
    // A refusal is a test failure.
    let plotted = try PlotInProcess.plot([path, "--zones", "door=1.5@30,room=3", "-o", scratch.path("walk.svg"), "--quiet"])
    // Each note is written after "rangectl plot: ".
    #expect(plotted.notes.contains {
      $0.hasPrefix("warning: \(path): zone 'door' (±30°) is gated by angle, but none of the 71 measurements has a direction")
    }, "\(plotted.notes)")
  }

  @Test("With directions, or without a gated zone, no warning")
  func quietOtherwise() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let gated = try ReplayInProcess.result([try scratch.write("directed.csv", Self.walk(withDirection: true)), "--zones", "door=1.5@30"])
    #expect(gated.status == 0)
    #expect(gated.stdoutLines.contains { $0.contains(#""zone":"door","event":"enter""#) }, "\(gated.stdoutText)")
    #expect(!gated.stderr.contains("warning"), "\(gated.stderr)")
    let ungated = try ReplayInProcess.result([try scratch.write("range-only.csv", Self.walk(withDirection: false)), "--zones", "door=1.5"])
    #expect(ungated.status == 0)
    #expect(ungated.stdoutLines.contains { $0.contains(#""zone":"door","event":"enter""#) }, "\(ungated.stdoutText)")
    #expect(!ungated.stderr.contains("warning"), "\(ungated.stderr)")
  }
}
