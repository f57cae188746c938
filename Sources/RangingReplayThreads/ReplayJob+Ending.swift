// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingOutputs
import RangingReplay

extension ReplayJob {
  /// Closes every output, each whatever became of the others, so that what
  /// the rows gave is written out before anything is reported (also the rows
  /// before a read error), and tells how the replay ended:
  ///
  /// - a read error: its status, its message, and a line for each output lost;
  /// - else an output lost: 74, naming the last output lost (the filtered
  ///   track's when both it and the events were), as rangectl always has,
  ///   and no summary written (its counts are kept in ``ReplayOutcome/summary``);
  /// - else 0: the warnings, then, when ``writesSummary``, a stop's note
  ///   and the summary.
  @usableFromInline
  func end(_ ended: Result<ReplaySummary, DatasetError>, linesRead: Int, closing outputs: [OutputFile]) -> ReplayOutcome {
    var failures: [OutputError] = []
    for output in outputs {
      do throws(OutputError) { try output.close() } catch { failures.append(error) }
    }
    var outcome: ReplayOutcome
    switch ended {
    case .failure(let error):
      outcome = .readFailed(error)
      for failure in failures { outcome.messages += "\(ReplayOutcome.prefix)cannot write \(failure)\n" }
    case .success(let summary):
      if let lost = failures.last {
        outcome = .cannotWrite("\(lost)")
      } else {
        outcome = ReplayOutcome()
        outcome.messages = report(summary, linesRead: linesRead)
      }
      // Every row was read: the counts stand, even when output was lost (the C result carries them).
      outcome.summary = summary
    }
    outcome.linesRead = linesRead
    outcome.writeFailures = failures
    return outcome
  }

  /// The messages of a replay that completed.
  func report(_ summary: ReplaySummary, linesRead: Int) -> String {
    let shownPath = path == "-" ? "<stdin>" : path
    var messages = ""
    for warning in summary.warnings(zones: zones, mapping: mapping, path: shownPath) {
      messages += "\(ReplayOutcome.prefix)warning: \(warning)\n"
    }
    guard writesSummary else { return messages }
    if let reason = stopReason?() {
      messages += "\(ReplayOutcome.prefix)\(reason) received; the input ends at line \(linesRead)\n"
    }
    return messages + summary.report(path: shownPath)
  }
}
