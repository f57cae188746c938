// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Progress of `evaluate`, `plot` and `generate` on a terminal (`script`
/// gives them one), and none when standard error is a pipe (issue 15, item 4).
@Suite("rangectl evaluate, plot and generate progress")
struct CommandProgressTests {
  /// What `rangectl arguments` writes on a terminal (standard output and
  /// error together), and its status.
  private func onTerminal(_ arguments: [String]) throws -> (text: String, status: Int32) {
    let binary = try Rangectl.location.get().path
    let terminal = Process()
    terminal.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    terminal.arguments = ["-qc", ([binary] + arguments).map { "'\($0)'" }.joined(separator: " "), "/dev/null"]
    let output = Pipe()
    terminal.standardOutput = output
    terminal.standardInput = FileHandle.nullDevice
    try terminal.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    terminal.waitUntilExit()
    return (text, terminal.terminationStatus)
  }

  @Test("On a terminal each draws a progress line and erases it; piped or with --quiet, none",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1)"))
  func progress() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let generate = try onTerminal(["generate", "--only", "many-objects", "--scale", "40", "--out", scratch.path("suite")])
    #expect(generate.status == 0)
    #expect(generate.text.contains(" rows/s") && generate.text.contains("%"), "\(generate.text.prefix(300))")
    let file = scratch.path("suite/many-objects.csv")
    for arguments in [["evaluate", file], ["plot", file, "-o", scratch.path("p.svg")]] {
      let shown = try onTerminal(arguments)
      #expect(shown.status == 0, "\(arguments[0]): \(shown.text.suffix(300))")
      #expect(shown.text.contains(" lines/s") && shown.text.contains("\r\u{1B}[K"), "\(arguments[0]): \(shown.text.prefix(300))")
      let quiet = try onTerminal(arguments + ["--quiet"])
      #expect(!quiet.text.contains("lines/s"), "\(arguments[0]) --quiet")
      let piped = try Rangectl.run(arguments)
      #expect(piped.status == 0 && !piped.stderr.contains("\u{1B}") && !piped.stderr.contains("lines/s"))
    }
  }
}
