// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
@testable import rangectl

/// `rangectl evaluate ARGUMENTS` run in-process as the command runs it: the
/// options parsed by `RangeCtl.parseAsRoot` (`validate()` included), the
/// report made by `Evaluate.report(note:)`, which `run()` prints; the result
/// as the process's would be (status, standard output, standard error).
enum EvaluateInProcess {
  /// The messages handed out while scoring, from whichever thread scored a file.
  private final class Messages: Sendable {
    let text = Mutex("")
  }

  static func run(_ arguments: [String]) -> RangectlResult {
    let messages = Messages()
    do {
      let command = try RangeCtl.parseAsRoot(["evaluate"] + arguments)
      guard let evaluate = command as? Evaluate else { return RangectlResult(status: -1, stdout: Data(), stderr: "\(command)") }
      let report = try evaluate.report { note in messages.text.withLock { $0 += note } }
      return RangectlResult(status: 0, stdout: Data((report + "\n").utf8), stderr: messages.text.withLock { $0 })
    } catch {
      let status = RangeCtl.exitCode(for: error).rawValue
      // An exit status thrown was noted before, and has no message of its own; any other refusal is the parser's.
      let full = RangeCtl.fullMessage(for: error)
      let message = full.isEmpty ? "" : full + "\n"
      return RangectlResult(status: status, stdout: Data(), stderr: messages.text.withLock { $0 } + message)
    }
  }
}
