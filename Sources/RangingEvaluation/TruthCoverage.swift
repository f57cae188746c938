// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// When the ground truth covers each object, and so which engine events it can judge.
///
/// Some recordings carry truth on only part of an object's rows (a stage run
/// inside a longer session), or hold many short runs as separate objects,
/// after each of which an engine rightly reports the object lost. The truth
/// says nothing about such times, so an event there can be neither matched
/// nor called false.
///
/// Rule, the same for the engine and every baseline: an event of an object
/// with truth rows is *unscored* when its time is after the object's last
/// truth row + tolerance, or before its first truth row − tolerance (the
/// matching tolerance, so every event that could match a truth crossing is
/// still scored). Unscored events are counted and reported, never matched or
/// counted false. Events of an object with no truth row at all stay scored
/// (they are false): the rule trims each object's known truth span, it does
/// not excuse an object the truth does not know (a misspelt name, say).
public struct TruthCoverage: Sendable {
  /// First and last truth-row time of each object.
  public private(set) var spans: [String: (first: Timestamp, last: Timestamp)] = [:]

  /// - Parameter rows: the dataset's rows with truth, any order.
  /// - Complexity: O(n).
  public init(rows: [TruthRow]) {
    for row in rows {
      if let span = spans[row.object] {
        spans[row.object] = (min(span.first, row.time), max(span.last, row.time))
      } else {
        spans[row.object] = (row.time, row.time)
      }
    }
  }

  /// Whether `event` falls where the truth can judge it (see the rule above).
  ///
  /// - Parameters:
  ///   - event: a zone event, of the engine or of a baseline.
  ///   - toleranceSeconds: the matching tolerance, seconds, ≥ 0;
  ///     compared in whole microseconds, like ``EventMatcher``.
  public func canJudge(_ event: ZoneCrossing, toleranceSeconds: Double) -> Bool {
    Self.covers(spans[event.object], time: event.time, toleranceMicroseconds: Int64((toleranceSeconds * 1_000_000).rounded()))
  }

  /// The rule for one object: whether an event at `time` lies within the
  /// object's truth `span` ± `tolerance`; true when it has no span (no truth row).
  static func covers(
    _ span: (first: Timestamp, last: Timestamp)?, time: Timestamp, toleranceMicroseconds tolerance: Int64
  ) -> Bool {
    guard let span else { return true }
    // |t| < 9.2e12 s (the reader's limit) and tolerance ≤ 3600 s: no overflow.
    return time.microseconds >= span.first.microseconds - tolerance && time.microseconds <= span.last.microseconds + tolerance
  }

  /// The crossings that happen after their object's first truth row: the
  /// recording moves across a zone boundary, rather than starting inside.
  public func countAfterFirstRow(_ crossings: [ZoneCrossing]) -> Int {
    crossings.filter { crossing in spans[crossing.object].map { crossing.time > $0.first } ?? false }.count
  }
}
