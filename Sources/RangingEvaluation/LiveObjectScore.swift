// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// What a streaming evaluation keeps of one object while it is live: its
/// truth crossings so far, the span of its truth rows, and each method's
/// events. Counts, errors and latencies go straight into running totals;
/// this is folded into them when the object ends (``RunScorer``).
struct LiveObjectScore: Sendable {
  /// Order of the object's latest row among all rows seen (for eviction).
  var lastSeen: Int
  var truth: ObjectTruthCrossings
  /// First and last truth-row time, or nil while the object has none.
  var span: (first: Timestamp, last: Timestamp)?
  /// The truth crossings so far, in time order.
  var truthEvents: [ZoneCrossing] = []
  /// Each method's events so far, by method index.
  var events: [[ZoneCrossing]]

  init(zoneCount: Int, methodCount: Int, lastSeen: Int) {
    self.lastSeen = lastSeen
    truth = ObjectTruthCrossings(zoneCount: zoneCount)
    events = Array(repeating: [], count: methodCount)
  }

  /// Whether the truth can judge an event at `time` (``TruthCoverage``'s rule:
  /// inside the truth span ± the tolerance, or the object has no truth).
  func canJudge(_ time: Timestamp, toleranceMicroseconds tolerance: Int64) -> Bool {
    TruthCoverage.covers(span, time: time, toleranceMicroseconds: tolerance)
  }
}
