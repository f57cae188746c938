// SPDX-License-Identifier: Apache-2.0
@testable import rangectl

/// `rangectl replay ARGUMENTS` run in-process as the command runs one file:
/// the options parsed by `RangeCtl.parseAsRoot` (`validate()` included), the
/// replay made by `Replay.replayFile(messages:showsProgress:)` into the files
/// the options name, its messages kept. Standard output is the test
/// process's own, so the arguments give `--events FILE`.
enum ReplayInProcess {
  /// The exit status the command would end with, and its messages for standard error.
  static func run(_ arguments: [String]) -> (status: Int32, messages: String) {
    let messages = MessageSink.buffered()
    do {
      let command = try RangeCtl.parseAsRoot(["replay"] + arguments)
      guard let replay = command as? Replay else { return (-1, "not a replay: \(command)") }
      try replay.replayFile(messages: messages, showsProgress: false)
      return (0, messages.kept)
    } catch {
      // An exit status thrown was written to the messages before, and has no message of its own.
      let full = RangeCtl.fullMessage(for: error)
      return (RangeCtl.exitCode(for: error).rawValue, messages.kept + (full.isEmpty ? "" : full + "\n"))
    }
  }
}
