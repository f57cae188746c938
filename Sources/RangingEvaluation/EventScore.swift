// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// Detection scores of engine events against truth events.
///
/// - `precision = matched / engineCount`, 1 when the engine emitted nothing
///   (nothing it said was false);
/// - `recall = matched / truthCount`, 1 when there was nothing to detect;
/// - `f1 = 2·precision·recall / (precision + recall)`, 0 when both are 0;
/// - latency `t_engine - t_truth` over matched pairs, seconds (positive =
///   late): median and 95th percentile (GSL's linear interpolation between
///   order statistics), absent (omitted from JSON) when nothing matched;
///   exact up to ``QuantileSample/capacity`` matched events, from a uniform
///   sample of them beyond (``QuantileSample`` gives the error bound).
///
/// Engine events the truth cannot judge (``Evaluator``: outside the object's
/// truth span) are counted in ``unscoredEvents`` and in nothing else.
public struct EventScore: Codable, Equatable, Sendable {
  /// Truth events.
  public var truthCount: Int
  /// Engine events.
  public var engineCount: Int
  /// One-to-one matches.
  public var matched: Int
  /// Truth events not matched: `truthCount - matched`.
  public var missed: Int
  /// Engine events not matched (false events, chatter): `engineCount - matched`.
  public var falseEvents: Int
  /// Engine events left unscored, neither matched nor false, because the
  /// truth does not cover their time; not in `engineCount`.
  public var unscoredEvents: Int
  public var precision: Double
  public var recall: Double
  public var f1: Double
  /// Median latency of matched pairs, seconds.
  public var latencyP50Seconds: Double?
  /// 95th-percentile latency of matched pairs, seconds.
  public var latencyP95Seconds: Double?

  /// Latencies of the matched pairs (all, or a bounded sample), kept for pooling; not encoded.
  var latenciesSeconds = QuantileSample()

  private enum CodingKeys: String, CodingKey {
    case truthCount, engineCount, matched, missed, falseEvents, unscoredEvents, precision, recall, f1
    case latencyP50Seconds, latencyP95Seconds
  }

  /// Scores one matching.
  ///
  /// - Parameters:
  ///   - matching: the scored engine events against the truth.
  ///   - unscoredEvents: engine events left out of the matching (≥ 0), reported only.
  public init(_ matching: EventMatching, unscoredEvents: Int = 0) {
    self.init(truthCount: matching.truthCount, engineCount: matching.engineCount,
              latencies: QuantileSample(matching.matched.map(\.latencySeconds)), unscoredEvents: unscoredEvents)
  }



  /// Scores several matchings as one: counts add and latencies pool.
  /// Scores decoded from JSON carry no latencies, so pool those only for counts.
  public static func pooled(_ scores: [EventScore]) -> EventScore {
    var latencies = QuantileSample()
    for score in scores { latencies.merge(score.latenciesSeconds) }
    return EventScore(truthCount: scores.map(\.truthCount).reduce(0, +),
                      engineCount: scores.map(\.engineCount).reduce(0, +),
                      latencies: latencies, unscoredEvents: scores.map(\.unscoredEvents).reduce(0, +))
  }

  init(truthCount: Int, engineCount: Int, latencies: QuantileSample, unscoredEvents: Int) {
    self.truthCount = truthCount
    self.engineCount = engineCount
    matched = latencies.count
    missed = truthCount - matched
    falseEvents = engineCount - matched
    self.unscoredEvents = unscoredEvents
    precision = engineCount == 0 ? 1 : Double(matched) / Double(engineCount)
    recall = truthCount == 0 ? 1 : Double(matched) / Double(truthCount)
    f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    let quantiles = latencies.quantiles([0.5, 0.95])
    latencyP50Seconds = quantiles?[0]
    latencyP95Seconds = quantiles?[1]
    latenciesSeconds = latencies
  }
}

/// The score of one zone and direction (`inner` enter, `outer` exit, ...).
public struct ZoneKindScore: Codable, Equatable, Sendable {
  public var zone: String
  public var kind: CrossingKind
  public var score: EventScore

  public init(zone: String, kind: CrossingKind, score: EventScore) {
    self.zone = zone
    self.kind = kind
    self.score = score
  }
}
