// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingOutputs
import RangingReplay

/// How a replay ended, as `rangectl replay` and the replay reached from C
/// report it: an exit status, the messages for people that follow the
/// listing of rejected rows, and the summary when every row was read.
///
/// The status is a sysexits.h code, as docs/FORMATS.md §4 assigns them: 0
/// when the replay completed; 65, 66 or 74 when the input is not a ranging
/// CSV, cannot be opened or cannot be read (`DatasetError.exitCode`); 73
/// when an output cannot be created; 74 when an output cannot be written.
/// Option errors (64) are the callers' own: they come before any replay.
public struct ReplayOutcome {
  public var status: Int32 = 0
  /// Every line ends with a newline.
  public var messages = ""
  /// The counts, when every row was read (also when output was lost); nil
  /// when the input failed before its end.
  public var summary: ReplaySummary? = nil
  /// The input's lines read (a file's; 0 for a table).
  public var linesRead = 0
  /// The outputs that could not be written, in the order they were closed.
  public var writeFailures: [OutputError] = []

  public init() {}

  /// What every message of a replay starts with, from C too: the messages
  /// are the command's, so that a caller's log reads the same either way.
  /// The one spelling of it: `rangectl replay`'s own messages and the C
  /// replay's refusals start with it too, and a warning adds `warning: `.
  public static let prefix = "rangectl replay: "

  /// The input could not be opened or read.
  public static func readFailed(_ error: DatasetError) -> ReplayOutcome {
    var outcome = ReplayOutcome()
    outcome.status = error.exitCode
    outcome.messages = "\(prefix)\(error)\n"
    return outcome
  }

  /// An output could not be created: 73, EX_CANTCREAT.
  public static func cannotCreate(_ error: OutputError) -> ReplayOutcome {
    var outcome = ReplayOutcome()
    outcome.status = 73
    outcome.messages = "\(prefix)cannot write \(error)\n"
    return outcome
  }

  /// Output was lost: 74, EX_IOERR. `what` names it (an `OutputError`'s
  /// path and reason, or what could not be held in memory).
  public static func cannotWrite(_ what: String) -> ReplayOutcome {
    var outcome = ReplayOutcome()
    outcome.status = 74
    outcome.messages = "\(prefix)cannot write \(what)\n"
    return outcome
  }
}
