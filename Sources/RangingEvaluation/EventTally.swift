// SPDX-License-Identifier: Apache-2.0
/// The running counts behind an ``EventScore``: matchings are added one
/// object at a time, and the score (ratios and latency quantiles) is taken
/// once, at the end, so that adding stays O(matched events).
struct EventTally: Sendable {
  private(set) var truthCount = 0
  private(set) var engineCount = 0
  private(set) var unscoredEvents = 0
  private(set) var latencies = QuantileSample()

  /// Adds one matching and `unscored` engine events left out of it.
  mutating func add(_ matching: EventMatching, unscored: Int) {
    truthCount += matching.truthCount
    engineCount += matching.engineCount
    unscoredEvents += unscored
    for pair in matching.matched { latencies.add(pair.latencySeconds) }
  }

  /// Adds engine events that were left unscored without a matching.
  mutating func addUnscored(_ count: Int) {
    unscoredEvents += count
  }

  /// The score of everything added.
  var score: EventScore {
    EventScore(truthCount: truthCount, engineCount: engineCount, latencies: latencies, unscoredEvents: unscoredEvents)
  }
}
