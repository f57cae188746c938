// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import rangectl

/// `rangectl replay ARGUMENTS` run in-process as the command runs it: the
/// options parsed by `RangeCtl.parseAsRoot` (`validate()` included), the
/// replay made by `Replay.replay(messages:showsProgress:)`, which `run()`
/// calls, into the files the options name, its messages kept. Standard
/// output is the test process's own, so the arguments give `--events FILE`
/// or `--out-dir DIR`, or ``result(_:)`` gives `--events`.
enum ReplayInProcess {
  /// The exit status the command would end with, and its messages as it
  /// shows them on standard error (``Diagnostics/shown(_:)``).
  static func run(_ arguments: [String]) -> (status: Int32, messages: String) {
    let messages = MessageSink.buffered()
    do {
      let command = try RangeCtl.parseAsRoot(["replay"] + arguments)
      guard let replay = command as? Replay else { return (-1, "not a replay: \(command)") }
      try replay.replay(messages: messages, showsProgress: false)
      return (0, Diagnostics.shown(messages.kept))
    } catch {
      // An exit status thrown was written to the messages before, and has no message of its own; any other
      // refusal is the parser's, which argument-parser writes as it is.
      let full = RangeCtl.fullMessage(for: error)
      return (RangeCtl.exitCode(for: error).rawValue, Diagnostics.shown(messages.kept) + (full.isEmpty ? "" : full + "\n"))
    }
  }

  /// The replay of `arguments`, which give no `--events`, as the process's
  /// result would be: the events it writes to standard output by default
  /// are written to a scratch file by `--events` and read back as `stdout`
  /// (empty when the replay wrote none, or never opened it), the messages
  /// are `stderr`.
  static func result(_ arguments: [String]) throws -> RangectlResult {
    precondition(!arguments.contains("--events"), "ReplayInProcess.result gives --events itself")
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let events = scratch.path("events.jsonl")
    let replayed = run(arguments + ["--events", events])
    return RangectlResult(
      status: replayed.status, stdout: FileManager.default.contents(atPath: events) ?? Data(), stderr: replayed.messages)
  }
}
