// SPDX-License-Identifier: Apache-2.0
/// The latency of a peer method beside the engine's on the same truth
/// events: those that both matched.
///
/// Each method's own median latency (``EventScore/latencyP50Seconds``) is
/// taken over the events it matched, so a method that matches more events,
/// or harder ones (a walker who hesitates at the boundary), can read later
/// on its median without being later on any one event. Here both medians,
/// and the median of the per-event difference `engine − peer`, are taken
/// over the truth events both matched, so they compare like with like
/// (issue 36's latency criterion).
///
/// Quantiles as ``EventScore``'s: exact up to ``QuantileSample/capacity``
/// shared events, from a uniform sample of them beyond.
public struct PairedLatency: Codable, Equatable, Sendable {
  /// Truth events that both the engine and the peer matched.
  public var sharedEvents: Int
  /// The engine's median latency on the shared events, seconds.
  public var engineP50Seconds: Double?
  /// The peer's median latency on the shared events, seconds.
  public var peerP50Seconds: Double?
  /// Median of `engine latency − peer latency` over the shared events,
  /// seconds: positive when the engine is typically later.
  public var engineLaterP50Seconds: Double?

  /// The values behind the medians, kept for pooling; not encoded.
  var engineLatencies = QuantileSample()
  var peerLatencies = QuantileSample()
  var differences = QuantileSample()

  private enum CodingKeys: String, CodingKey {
    case sharedEvents, engineP50Seconds, peerP50Seconds, engineLaterP50Seconds
  }

  /// The medians of the three samples, taken once.
  init(engineLatencies: QuantileSample, peerLatencies: QuantileSample, differences: QuantileSample) {
    self.engineLatencies = engineLatencies
    self.peerLatencies = peerLatencies
    self.differences = differences
    sharedEvents = differences.count
    engineP50Seconds = engineLatencies.quantiles([0.5])?[0]
    peerP50Seconds = peerLatencies.quantiles([0.5])?[0]
    engineLaterP50Seconds = differences.quantiles([0.5])?[0]
  }

  /// Several as one: the shared events of every part, pooled before the
  /// medians are taken. Values decoded from JSON carry no samples.
  public static func pooled(_ parts: [PairedLatency]) -> PairedLatency {
    var engine = QuantileSample(), peer = QuantileSample(), differences = QuantileSample()
    for part in parts {
      engine.merge(part.engineLatencies)
      peer.merge(part.peerLatencies)
      differences.merge(part.differences)
    }
    return PairedLatency(engineLatencies: engine, peerLatencies: peer, differences: differences)
  }
}
