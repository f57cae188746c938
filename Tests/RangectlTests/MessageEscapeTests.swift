// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Messages quote input, but never pass a terminal escape sequence through
/// raw (issue 13, row 17).
@Suite("rangectl message escaping")
struct MessageEscapeTests {
  static let escape = "\u{1B}[31m"

  @Test("replay's rejected-row message and plot's unknown-object message show escapes, not raw control bytes")
  func escapedInMessages() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write(
      "escape.csv", "t,object,distance\n0,tag,1\n1,tag,\(Self.escape)\n2,tag\(Self.escape),1\n")
    let replay = try Rangectl.run(["replay", path])
    #expect(replay.status == 0, "stderr: \(replay.stderr)")
    #expect(replay.stderr.contains("\(path):3:3: field 'distance': malformed number '\\x1b[31m'"), "stderr: \(replay.stderr)")
    #expect(!replay.stderr.contains("\u{1B}"))
    let plot = try Rangectl.run(["plot", path, "-o", scratch.path("p.svg"), "--object", "x\(Self.escape)"])
    #expect(plot.status == 64, "stderr: \(plot.stderr)")
    #expect(plot.stderr.contains("object 'x\\x1b[31m'"), "stderr: \(plot.stderr)")
    #expect(plot.stderr.contains("tag\\x1b[31m"), "stderr: \(plot.stderr)")
    #expect(!plot.stderr.contains("\u{1B}"))
  }
}
