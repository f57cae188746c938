// SPDX-License-Identifier: Apache-2.0
import RangingReplayThreads

/// A C call's outcome with an exit status and messages (a replay's, a
/// read's): set from a ``ReplayOutcome``, so that a call from C ends with the
/// status and the words of `rangectl replay` in the same case.
protocol StatusAndMessages {
  var status: Int32 { get set }
  var messages: String { get set }
}

extension StatusAndMessages {
  /// Takes `ended`'s status and messages, in place of any before.
  mutating func report(_ ended: ReplayOutcome) {
    status = ended.status
    messages = ended.messages
  }
}

extension ReplayToMemory.Outcome: StatusAndMessages {}

extension ReadToMemory.Outcome: StatusAndMessages {}
