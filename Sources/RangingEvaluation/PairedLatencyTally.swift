// SPDX-License-Identifier: Apache-2.0
/// The running samples behind a ``PairedLatency``: matchings are added one
/// object at a time and the medians are taken once, at the end, as
/// ``EventTally`` does for an ``EventScore``.
struct PairedLatencyTally: Sendable {
  private var engineLatencies = QuantileSample()
  private var peerLatencies = QuantileSample()
  private var differences = QuantileSample()

  /// Adds the truth events that `engine` and `peer`, two matchings against
  /// the same truth events, both matched.
  mutating func add(engine: EventMatching, peer: EventMatching) {
    // A truth event is its crossing (time, object, zone, kind): two crossings of
    // one boundary the same way alternate with the other way, so none repeats.
    var engineLatency: [ZoneCrossing: Double] = [:]
    for pair in engine.matched { engineLatency[pair.truth] = pair.latencySeconds }
    for pair in peer.matched {
      guard let mine = engineLatency[pair.truth] else { continue }
      engineLatencies.add(mine)
      peerLatencies.add(pair.latencySeconds)
      differences.add(mine - pair.latencySeconds)
    }
  }

  /// The medians of everything added.
  var score: PairedLatency {
    PairedLatency(engineLatencies: engineLatencies, peerLatencies: peerLatencies, differences: differences)
  }
}
