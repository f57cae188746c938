// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// An option a command does not have, and what `rangectl` must say of it.
struct UnknownOptionCase: Sendable, CustomTestStringConvertible {
  /// The command line after `rangectl`; `FILE` is a small recording.
  var arguments: [String]
  /// The first line of standard error.
  var error: String
  var testDescription: String { arguments.joined(separator: " ") }
}

/// Every command refuses an option it does not have before it reads any
/// argument as an input: a usage error (exit 64) naming it, with a
/// suggestion only when one of its options is spelled close to it (issue 34,
/// item 13). Before, `replay --zone near=1 FILE` said "2 inputs write 2 sets
/// of outputs: give --out-dir", and `--bogus` was asked whether it meant
/// `--zones` (replay) or `--jobs` (evaluate).
@Suite("rangectl unknown options")
struct UnknownOptionTests {
  static let recording = "t,object,distance\n0,tag,4\n1,tag,2\n"

  static let cases: [UnknownOptionCase] = [
    UnknownOptionCase(arguments: ["replay", "--zone", "near=1", "FILE"], error: "Error: Unknown option '--zone'. Did you mean '--zones'?"),
    UnknownOptionCase(arguments: ["replay", "FILE", "--zone=near=1"], error: "Error: Unknown option '--zone'. Did you mean '--zones'?"),
    UnknownOptionCase(
      arguments: ["replay", "FILE", "FILE", "--out-dir", "OUT", "--zone", "near=1"],
      error: "Error: Unknown option '--zone'. Did you mean '--zones'?"),
    UnknownOptionCase(arguments: ["evaluate", "--zone", "near=1", "FILE"], error: "Error: Unknown option '--zone'. Did you mean '--zones'?"),
    UnknownOptionCase(arguments: ["plot", "--zone", "near=1", "FILE", "-o", "OUT"], error: "Error: Unknown option '--zone'. Did you mean '--zones'?"),
    UnknownOptionCase(arguments: ["replay", "--jbos", "2", "FILE"], error: "Error: Unknown option '--jbos'. Did you mean '--jobs'?"),
    UnknownOptionCase(arguments: ["replay", "--bogus", "FILE"], error: "Error: Unknown option '--bogus'"),
    UnknownOptionCase(arguments: ["replay", "-x", "FILE"], error: "Error: Unknown option '-x'"),
    UnknownOptionCase(arguments: ["evaluate", "--bogus", "FILE"], error: "Error: Unknown option '--bogus'"),
    UnknownOptionCase(arguments: ["plot", "FILE", "-o", "OUT", "--bogus"], error: "Error: Unknown option '--bogus'"),
    UnknownOptionCase(arguments: ["info", "FILE", "--bogus"], error: "Error: Unknown option '--bogus'"),
    UnknownOptionCase(arguments: ["calibrate", "FILE", "--bogus"], error: "Error: Unknown option '--bogus'"),
    UnknownOptionCase(arguments: ["generate", "--out", "OUT", "--bogus"], error: "Error: Unknown option '--bogus'"),
    UnknownOptionCase(arguments: ["bench", "--bogus"], error: "Error: Unknown option '--bogus'"),
    UnknownOptionCase(arguments: ["config", "decode", "--strictt", "01"], error: "Error: Unknown option '--strictt'. Did you mean '--strict'?"),
    UnknownOptionCase(arguments: ["config", "encode", "--bogus"], error: "Error: Unknown option '--bogus'"),
  ]

  @Test("An unknown option is a usage error naming it, suggesting only a close spelling", arguments: cases)
  func refused(_ fixture: UnknownOptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let arguments = fixture.arguments.map { $0 == "FILE" ? path : $0 == "OUT" ? scratch.path("out") : $0 }
    let result = try Rangectl.run(arguments)
    #expect(result.status == 64, "stderr: \(result.stderr)")
    #expect(result.stderrLines.first == fixture.error, "stderr: \(result.stderr)")
    let command = fixture.arguments.prefix { !$0.hasPrefix("-") && $0 != "FILE" }.joined(separator: " ")
    #expect(result.stderrLines.last == "  See 'rangectl \(command) --help' for more information.")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: scratch.path("out")), "nothing is written")
  }

  @Test("Values that begin with a dash stay values; -- ends the options", arguments: [
    ["replay", "FILE", "--band-offset", "-0.1", "--quiet"],
    ["replay", "FILE", "--band-offset=-0.1", "--quiet"],
    ["replay", "--quiet", "--", "FILE"],
    ["plot", "FILE", "-o", "OUT", "--quiet"],
  ])
  func valuesStayValues(_ command: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let result = try Rangectl.run(command.map { $0 == "FILE" ? path : $0 == "OUT" ? scratch.path("out.svg") : $0 })
    #expect(result.status == 0, "stderr: \(result.stderr)")
  }
}
