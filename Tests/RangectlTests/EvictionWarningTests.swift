// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A replay that evicts objects says so: with more live objects than the
/// table holds, every new object's row evicts the stalest, and the events
/// are the table's churn; the summary's count was the only word of it.
/// In-process: the replays run as ReplayInProcess runs them.
@Suite("rangectl replay: objects evicted from a full table")
struct EvictionWarningTests {
  /// Five tags 1 to 5 m away, ten rows a second each, for 2 s, in turn.
  static let log: String = {
    var lines = ["t,object,distance"]
    for step in 0..<20 {
      for tag in 1...5 { lines.append("\(Double(step) / 10 + Double(tag) / 100),tag-\(tag),\(tag).0") }
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  static func warning(_ path: String, _ evictions: Int) -> String {
    "rangectl replay: warning: \(path): \(evictions) evictions from a full object table: more objects were live "
      + "at once than it holds, and an evicted object leaves its zones (reason evicted) and starts anew when it is "
      + "heard again: give a larger --capacity"
  }

  @Test("Five tags in a table of four: a warning with the summary's count, exit 0, also with --quiet and --jobs 2",
        arguments: [[], ["--quiet"], ["--jobs", "2"]])
  func warnsWithTheCount(_ extra: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("log.csv", Self.log)
    let result = try ReplayInProcess.result([path, "--capacity", "4"] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    // Five tags in turn through a table of four: every row from the fifth tag's first evicts the stalest
    // (the next tag's, which was the stalest), 96 rows in all.
    #expect(result.stderrLines.contains(Self.warning(path, 96)), "\(result.stderr)")
    if extra.isEmpty { #expect(result.stderr.contains("(evicted: 96)"), "\(result.stderr)") }
  }

  @Test("A table that holds every object: no warning")
  func noEvictionNoWarning() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("log.csv", Self.log)
    let result = try ReplayInProcess.result([path, "--capacity", "5"])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("warning"), "\(result.stderr)")
    #expect(result.stderr.contains("(evicted: 0)"), "\(result.stderr)")
  }
}
