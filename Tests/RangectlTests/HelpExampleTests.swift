// SPDX-License-Identifier: Apache-2.0
import Testing

/// Every command's `--help` ends its discussion with an "Examples:" section of
/// whole command lines, found by walking the SUBCOMMANDS lists of the help
/// itself, so a command added later without examples fails here.
@Suite("Help examples")
struct HelpExampleTests {
  /// The names listed under SUBCOMMANDS: in a help text (two-space indent,
  /// name, then its abstract), in order.
  private static func subcommands(inHelp lines: [String]) -> [String] {
    guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
    var names: [String] = []
    for line in lines[(start + 1)...] {
      if line.isEmpty { break }
      // A name starts at column 2; a wrapped abstract is indented further.
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
      if let name = line.split(separator: " ").first { names.append(String(name)) }
    }
    return names
  }

  /// The lines under "Examples:" up to the next blank line.
  private static func examples(inHelp lines: [String]) -> [String]? {
    guard let start = lines.firstIndex(of: "Examples:") else { return nil }
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
  }

  /// Every command path below `rangectl`, parents before their subcommands.
  private static func commandPaths() throws -> [[String]] {
    var paths: [[String]] = []
    var pending: [[String]] = [[]]
    while !pending.isEmpty {
      let path = pending.removeFirst()
      let help = try Rangectl.run(path + ["--help"])
      let children = subcommands(inHelp: help.stdoutLines).map { path + [$0] }
      paths += children
      pending += children
    }
    return paths
  }

  @Test("The command tree is found from the help (replay, generate, config decode, ...)")
  func treeIsFound() throws {
    let paths = try Self.commandPaths().map { $0.joined(separator: " ") }
    for expected in ["replay", "info", "generate", "evaluate", "calibrate", "plot", "bench", "config", "config decode",
                     "config encode"] {
      #expect(paths.contains(expected), "\(expected) missing from \(paths)")
    }
  }

  @Test("Every command's --help has an Examples section of unwrapped rangectl command lines")
  func everyCommandHasExamples() throws {
    for path in try Self.commandPaths() {
      let command = path.joined(separator: " ")
      let help = try Rangectl.run(path + ["--help"])
      #expect(help.status == 0, "rangectl \(command) --help exited \(help.status)")
      guard let examples = Self.examples(inHelp: help.stdoutLines) else {
        Issue.record("rangectl \(command) --help has no 'Examples:' section")
        continue
      }
      #expect(!examples.isEmpty, "rangectl \(command) --help: 'Examples:' lists nothing")
      // Each line is one whole command a user can copy, alone or in a
      // pipeline (a line wrapped at the help's width would start with
      // something else), and at least one runs this command (or, for a
      // parent, one of its subcommands).
      for line in examples {
        #expect(line.hasPrefix("  rangectl ") || line.contains("| rangectl "),
                "rangectl \(command) --help: example line '\(line)' is not a rangectl command line")
      }
      let runsThisCommand = examples.contains {
        $0.hasPrefix("  rangectl \(command)") || $0.contains("| rangectl \(command)")
      }
      #expect(runsThisCommand, "rangectl \(command) --help: no example runs rangectl \(command)")
    }
  }
}
