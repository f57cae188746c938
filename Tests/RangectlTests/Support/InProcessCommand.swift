// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
@testable import rangectl

/// A command run in-process as `rangectl` runs it: its command line parsed by
/// `RangeCtl.parseAsRoot` (`validate()` included), then run with
/// `CommandStreams` that keep its report and messages; the result as the
/// process's would be (exit status, standard output, standard error, its
/// messages as ``Diagnostics/shown(_:)`` shows them there).
enum InProcessCommand {
  /// `rangectl evaluate ARGUMENTS`, through `Evaluate.evaluate(streams:)`, which `run()` calls.
  static func evaluate(_ arguments: [String]) -> RangectlResult {
    run(["evaluate"] + arguments, as: Evaluate.self) { try $0.evaluate(streams: $1) }
  }

  /// `rangectl calibrate ARGUMENTS`, through `Calibrate.calibrate(streams:)`, which `run()` calls.
  static func calibrate(_ arguments: [String]) -> RangectlResult {
    run(["calibrate"] + arguments, as: Calibrate.self) { try $0.calibrate(streams: $1) }
  }

  /// `rangectl info ARGUMENTS`, through `Info.info(streams:)`, which `run()` calls.
  static func info(_ arguments: [String]) -> RangectlResult {
    run(["info"] + arguments, as: Info.self) { try $0.info(streams: $1) }
  }

  /// `rangectl generate ARGUMENTS`, through `Generate.generate(streams:)`, which `run()` calls.
  static func generate(_ arguments: [String]) -> RangectlResult {
    run(["generate"] + arguments, as: Generate.self) { try $0.generate(streams: $1) }
  }

  /// What the streams were given, from whichever thread wrote (evaluate scores files on several).
  private final class Kept: Sendable {
    let output = Mutex("")
    let messages = Mutex("")
  }

  /// `arguments` parsed as a `Command` and run by `body` with streams that keep what it writes.
  private static func run<Command>(
    _ arguments: [String], as _: Command.Type, _ body: (Command, CommandStreams) throws -> Void
  ) -> RangectlResult {
    let kept = Kept()
    let streams = CommandStreams(
      print: { text in kept.output.withLock { $0 += text + "\n" } }, note: { text in kept.messages.withLock { $0 += text } })
    var status: Int32 = 0
    var refusal = ""
    do {
      let parsed = try RangeCtl.parseAsRoot(arguments)
      guard let command = parsed as? Command else { return RangectlResult(status: -1, stdout: Data(), stderr: "\(parsed)") }
      try body(command, streams)
    } catch {
      status = RangeCtl.exitCode(for: error).rawValue
      // An exit status thrown was noted before, and has no message of its own; any other refusal is the parser's,
      // which argument-parser writes as it is.
      let full = RangeCtl.fullMessage(for: error)
      if !full.isEmpty { refusal = full + "\n" }
    }
    return RangectlResult(
      status: status, stdout: Data(kept.output.withLock { $0 }.utf8),
      stderr: Diagnostics.shown(kept.messages.withLock { $0 }) + refusal)
  }
}
