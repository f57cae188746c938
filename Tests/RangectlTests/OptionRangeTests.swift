// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import rangectl

/// A command line that must exit 64 with a message giving the real reason.
struct RefusedOptionCase: Sendable, CustomTestStringConvertible {
  /// The command line after `rangectl`; `FILE` is replaced by a small recording.
  var arguments: [String]
  /// What standard error must say (the option and its documented range).
  var message: String
  var testDescription: String { arguments.joined(separator: " ") }
}

/// Options are checked against documented ranges: nothing is clamped in
/// silence, nonsense is refused with the range, and a negative number is a
/// value, not a missing one (issue 13, rows 4, 11 and 12).
@Suite("rangectl option ranges")
struct OptionRangeTests {
  static let recording = "t,object,distance,true_distance\n0,tag,4,4\n1,tag,3,3\n2,tag,1,1\n"

  static let refused: [RefusedOptionCase] = [
    // Row 11: clamped or accepted before. The replay engine options' ranges are checked in-process
    // (RangingReplayOptionsTests, EngineOptionsTests); one stays here for the command's exit 64 and stderr.
    RefusedOptionCase(arguments: ["replay", "FILE", "--hysteresis", "10"], message: "--hysteresis must be in 0...1.5 m"),
    // Row 12: "Missing value" before.
    RefusedOptionCase(arguments: ["replay", "FILE", "--list-rejected", "-1"], message: "--list-rejected must be in 0...1000000000"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--tolerance", "-1"], message: "--tolerance must be in (0, 3600.0] seconds"),
    RefusedOptionCase(
      arguments: ["calibrate", "FILE", "--known-distance", "-1"], message: "--known-distance must be 0 to 1e6 metres"),
    RefusedOptionCase(arguments: ["generate", "--out", "/nonexistent", "--scale", "-2"], message: "--scale must be in 1...10000, got -2"),
    RefusedOptionCase(arguments: ["plot", "FILE", "-o", "/dev/null", "--object", "-1"], message: "no measurements of object '-1'"),
    // Row 4: a trap (SIGILL in EventMatcher) before.
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--tolerance", "inf"], message: "--tolerance must be in (0, 3600.0] seconds"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--tolerance", "1e300"], message: "--tolerance must be in (0, 3600.0] seconds"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "0"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "-2"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "nan"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "inf"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "2e6"], message: "--decimate must be in (0, 1000000] Hz"),
    // Issue 58, item 1: counts without an upper bound trapped on overflow (2^60 and Int.max times the
    // scenarios) or wrote until the disk was full (100000).
    RefusedOptionCase(
      arguments: ["generate", "--out", "/dev/null/generated", "--scale", "1152921504606846976"], message: "--scale must be in 1...10000"),
    RefusedOptionCase(
      arguments: ["generate", "--out", "/dev/null/generated", "--scale", "9223372036854775807"], message: "--scale must be in 1...10000"),
    RefusedOptionCase(arguments: ["generate", "--out", "/dev/null/generated", "--scale", "100000"], message: "--scale must be in 1...10000"),
    RefusedOptionCase(
      arguments: ["replay", "FILE", "--list-rejected", "9223372036854775807"], message: "--list-rejected must be in 0...1000000000"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--jobs", "257"], message: "--jobs must be in 1...256"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--jobs", "9223372036854775807"], message: "--jobs must be in 1...256"),
    RefusedOptionCase(arguments: ["bench", "FILE", "--rows", "100000001"], message: "--rows must be in 1...100000000"),
  ]

  /// The cases this build can run: calibrate needs the GSL trait (without it, it refuses with its own message).
  static var runnableRefused: [RefusedOptionCase] {
    #if GSL
      refused
    #else
      refused.filter { $0.arguments.first != "calibrate" }
    #endif
  }

  /// The cases that stay a process: one per command for the exit status and the streams, the `--jobs` ones
  /// (the threaded replay's own), and plot's, which is refused on reading the file, not in parsing.
  static func throughProcess(_ fixture: RefusedOptionCase) -> Bool {
    let kept: Set<[String]> = [
      ["replay", "FILE", "--hysteresis", "10"], ["evaluate", "FILE", "--tolerance", "-1"],
      ["calibrate", "FILE", "--known-distance", "-1"], ["generate", "--out", "/nonexistent", "--scale", "-2"],
      ["bench", "FILE", "--rows", "100000001"],
    ]
    return kept.contains(fixture.arguments) || fixture.arguments.contains("--jobs") || fixture.arguments.first == "plot"
  }

  /// Parsed in-process as `rangectl` parses its command line (each command's `validate()` included).
  @Test("An option outside its documented range is refused in parsing with exit 64 and the range",
        arguments: runnableRefused.filter { !throughProcess($0) })
  func refusedInParsing(_ fixture: RefusedOptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    do {
      _ = try RangeCtl.parseAsRoot(fixture.arguments.map { $0 == "FILE" ? path : $0 })
      Issue.record("accepted")
    } catch {
      let message = RangeCtl.fullMessage(for: error)
      #expect(RangeCtl.exitCode(for: error).rawValue == 64, "\(message)")
      #expect(message.contains(fixture.message), "\(message)")
      #expect(!message.contains("Missing value"), "\(message)")
    }
  }

  @Test("An option outside its documented range exits 64 and names the range",
        arguments: runnableRefused.filter(throughProcess))
  func refusedOption(_ fixture: RefusedOptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let result = try Rangectl.run(fixture.arguments.map { $0 == "FILE" ? path : $0 })
    #expect(result.status == 64, "stderr: \(result.stderr)")
    #expect(result.stderr.contains(fixture.message), "stderr: \(result.stderr)")
    #expect(!result.stderr.contains("Missing value"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// A count option's range is in its help, as docs/COMMAND-LINE.md promises (issue 58, item 1).
  @Test("Each count option's help states its range", arguments: [
    ("generate", "--scale <n>", "1...10000"), ("bench", "--rows <n>", "1...100000000"),
    ("replay", "--list-rejected <n>", "0...1000000000"), ("replay", "--jobs <n>", "1...256"),
    ("replay", "--capacity <n>", "1...16777216"), ("replay", "--reset-after <n>", "1...1000000"),
    ("replay", "--confirmation <n>", "0...1000"), ("replay", "--hampel-window <n>", "1 (off)...15"),
    ("evaluate", "--jobs <n>", "1...256"),
  ])
  func countRangeInHelp(_ command: String, _ option: String, _ range: String) throws {
    // The help `rangectl help COMMAND` prints, made in-process (80 columns, as on a pipe).
    let subcommand = try #require(RangeCtl.configuration.subcommands.first { $0._commandName == command }, "\(command)")
    // The option's paragraph: from its name to the next option's.
    let help = RangeCtl.helpMessage(for: subcommand, columns: 80)
    let start = try #require(help.range(of: "  \(option)"), "no \(option) in: \(help)")
    let rest = help[start.upperBound...]
    let paragraph = rest[..<(rest.range(of: "\n  -")?.lowerBound ?? rest.endIndex)]
    let words = paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains(range), "\(option): \(words)")
  }
}
