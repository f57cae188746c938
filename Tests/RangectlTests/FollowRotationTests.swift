// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `replay --follow` on a log rotated by rename follows the path, as
/// `tail -F` does (issue 58, item 13: it went on reading the renamed file
/// without a word, and never read the new one).
@Suite("rangectl replay --follow: a file replaced at its path")
struct FollowRotationTests {
  /// Waits, polling, until `run` has written `count` lines; false after a
  /// generous timeout, so that a slow machine waits longer rather than fails.
  private func waitForLines(_ count: Int, from run: LiveRangectl) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while run.lines.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    return run.lines.count >= count
  }

  @Test("Rotated by rename: the old file's rows, then the new file's from its start, with a message; SIGTERM ends it")
  func rotatedByRename() async throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("live.csv", "t,object,distance\n0,a,2.0\n")
    let run = try LiveRangectl(["replay", "--follow", path], errorPath: scratch.path("stderr"))
    let oldRead = try await waitForLines(1, from: run)
    #expect(oldRead, "a's enter did not arrive: \(run.lines)")
    // Rotation: the followed file is renamed away and a new one created at its path.
    #expect(rename(path, path + ".1") == 0)
    try "t,object,distance\n10,b,2.0\n".write(toFile: path, atomically: false, encoding: .utf8)
    let deadline = ContinuousClock.now + .seconds(30)
    while !run.lines.contains(where: { $0.line.contains("\"object\":\"b\"") }), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    run.process.terminate()  // SIGTERM
    let (status, stderr) = try run.wait()
    #expect(status == 0, "\(stderr)")
    #expect(stderr.contains("live.csv: file replaced (renamed or rotated); the old one was read to its end, "
      + "reading the new one from line 1"), "\(stderr)")
    // b's enter, from the new file (a at t = 0 is also reported lost by then, unseen for 10 s).
    let enters = try run.lines.map { try EventLine(parsing: $0.line) }.filter { $0.event == "enter" }.map(\.object)
    #expect(enters == ["a", "b"], "\(run.lines)")
    // The new file's header is read as its header, not rejected as a row.
    #expect(ReplaySummaryText(parsing: stderr)?.rowsRead == 2, "\(stderr)")
  }
}
