// SPDX-License-Identifier: Apache-2.0
extension ZoneSession {
  /// An object entering or leaving a zone, with the names the session was
  /// given.
  ///
  /// Its `Codable` form is one line of the events JSON Lines of
  /// `docs/FORMATS.md` §2: `{"t":12.4,"object":"lock-1","zone":"inner",
  /// "event":"enter","distance":1.41,"sigma":0.02}` (with `"reason"` on an
  /// exit that no measurement decided).
  public struct Event: Codable, Equatable, Sendable, CustomStringConvertible {
    /// Enter or exit.
    public enum Kind: String, Codable, Sendable {
      case enter, exit
    }

    /// Time of the update that caused the event, seconds, on the clock the session is fed.
    public var time: Double
    /// The object's name, as given to ``ZoneSession/update(_:at:distanceMeters:direction:)``.
    public var object: String
    /// The zone's name.
    public var zone: String
    public var kind: Kind
    /// The filtered distance that decided it, metres.
    public var distanceMeters: Double
    /// The standard deviation of that distance, metres.
    public var sigmaMeters: Double
    /// Why the zone was left when no measurement decided it (`lost`,
    /// `removed_peer_ended`, `evicted`, ...), or nil.
    public var reason: String?

    public init(
      time: Double, object: String, zone: String, kind: Kind, distanceMeters: Double, sigmaMeters: Double,
      reason: String? = nil
    ) {
      self.time = time
      self.object = object
      self.zone = zone
      self.kind = kind
      self.distanceMeters = distanceMeters
      self.sigmaMeters = sigmaMeters
      self.reason = reason
    }

    enum CodingKeys: String, CodingKey {
      case time = "t", object, zone, kind = "event", distanceMeters = "distance", sigmaMeters = "sigma", reason
    }

    /// `lock-1 enters inner at 1.41 m (t = 12.4 s)`.
    public var description: String {
      let verb = kind == .enter ? "enters" : "leaves"
      let meters = (distanceMeters * 100).rounded() / 100
      return "\(object) \(verb) \(zone) at \(meters) m (t = \(time) s)" + (reason.map { ", \($0)" } ?? "")
    }
  }
}
