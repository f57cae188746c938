// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// One engine event matched to one truth event.
public struct MatchedCrossing: Equatable, Sendable {
  public var truth: ZoneCrossing
  public var engine: ZoneCrossing
  /// `t_engine - t_truth`, seconds: positive when the engine is late.
  public var latencySeconds: Double { engine.time.seconds(since: truth.time) }
}

/// The one-to-one matching of engine events against truth events.
public struct EventMatching: Equatable, Sendable {
  /// Matched pairs, in truth time order within each (object, zone, kind).
  public var matched: [MatchedCrossing]
  /// Truth events with no engine event (misses).
  public var missedTruth: [ZoneCrossing]
  /// Engine events with no truth event (false events and chatter).
  public var unmatchedEngine: [ZoneCrossing]

  public init(matched: [MatchedCrossing], missedTruth: [ZoneCrossing], unmatchedEngine: [ZoneCrossing]) {
    self.matched = matched
    self.missedTruth = missedTruth
    self.unmatchedEngine = unmatchedEngine
  }

  /// Number of truth events.
  public var truthCount: Int { matched.count + missedTruth.count }
  /// Number of engine events.
  public var engineCount: Int { matched.count + unmatchedEngine.count }
}

/// Matches engine zone events to truth zone events one-to-one.
///
/// Rule: an engine event can match a truth event only when both have the
/// same object, zone and kind and `|t_engine - t_truth| ≤ toleranceSeconds`
/// (compared in whole microseconds, so the bound is inclusive and exact).
/// Within each (object, zone, kind), truth events are taken in time order and
/// each is matched to the *earliest* still-unmatched engine event inside its
/// window; an engine event earlier than the current window can match no later
/// truth event either, and is left unmatched.
///
/// Because every window has the same width, windows are ordered like their
/// centres, and this greedy gives a matching of maximum size (the exchange
/// argument for interval scheduling: any matching can be rewritten, pair by
/// pair from the earliest truth event, to use the earliest feasible engine
/// event without losing a pair). It does not minimise latency: with two truth
/// events closer than `2·tolerance`, an early engine event may be paired with
/// the first even if it is nearer the second.
public struct EventMatcher: Sendable {
  /// Largest |t_engine - t_truth| of a match, seconds, ≥ 0.
  public var toleranceSeconds: Double

  /// The largest tolerance, seconds: an hour, far beyond any sensible
  /// latency, and small enough that the tolerance in microseconds is exact.
  public static let maximumToleranceSeconds = 3600.0

  /// - Parameter toleranceSeconds: in `0...maximumToleranceSeconds` (a
  ///   precondition: the command line validates `--tolerance` first). Default
  ///   1.0 s: five updates at Nearby Interaction's 5 Hz, above a dwell plus filter lag.
  public init(toleranceSeconds: Double = 1.0) {
    precondition(toleranceSeconds >= 0 && toleranceSeconds <= Self.maximumToleranceSeconds,
                 "EventMatcher: tolerance must be in 0...\(Self.maximumToleranceSeconds) seconds")
    self.toleranceSeconds = toleranceSeconds
  }

  /// Matches `engine` against `truth`.
  ///
  /// - Parameters:
  ///   - engine: engine events, any order.
  ///   - truth: truth events, any order.
  /// - Returns: pairs, misses and unmatched engine events, each sorted by time.
  /// - Complexity: O((n + m) log(n + m)).
  public func match(engine: [ZoneCrossing], truth: [ZoneCrossing]) -> EventMatching {
    struct Key: Hashable {
      var object: String
      var zone: String
      var kind: CrossingKind
    }
    func key(_ c: ZoneCrossing) -> Key { Key(object: c.object, zone: c.zone, kind: c.kind) }
    let engineByKey = Dictionary(grouping: engine, by: key)
    let truthByKey = Dictionary(grouping: truth, by: key)
    let tolerance = Int64((toleranceSeconds * 1_000_000).rounded())

    var result = EventMatching(matched: [], missedTruth: [], unmatchedEngine: [])
    for k in Set(engineByKey.keys).union(truthByKey.keys) {
      let events = (engineByKey[k] ?? []).sorted { $0.time < $1.time }
      var next = 0  // earliest engine event not yet matched or discarded
      for t in (truthByKey[k] ?? []).sorted(by: { $0.time < $1.time }) {
        // Engine events before this window are before every later window too.
        // Saturating, so a truth time near Timestamp's limits cannot overflow.
        let windowStart = t.time.microseconds.subtractingReportingOverflow(tolerance)
        let windowEnd = t.time.microseconds.addingReportingOverflow(tolerance)
        let earliest = windowStart.overflow ? Int64.min : windowStart.partialValue
        let latest = windowEnd.overflow ? Int64.max : windowEnd.partialValue
        while next < events.count && events[next].time.microseconds < earliest {
          result.unmatchedEngine.append(events[next])
          next += 1
        }
        if next < events.count && events[next].time.microseconds <= latest {
          result.matched.append(MatchedCrossing(truth: t, engine: events[next]))
          next += 1
        } else {
          result.missedTruth.append(t)
        }
      }
      result.unmatchedEngine += events[next...]
    }
    let byTime = { (a: ZoneCrossing, b: ZoneCrossing) in
      (a.time, a.object, a.zone, a.kind.rawValue) < (b.time, b.object, b.zone, b.kind.rawValue)
    }
    result.matched.sort { byTime($0.truth, $1.truth) }
    result.missedTruth.sort(by: byTime)
    result.unmatchedEngine.sort(by: byTime)
    return result
  }
}
