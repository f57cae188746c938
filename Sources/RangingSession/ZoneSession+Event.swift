// SPDX-License-Identifier: Apache-2.0
import RangingOutputs

extension ZoneSession {
  /// An object entering or leaving a zone, with the names the session was
  /// given.
  ///
  /// ``jsonLine`` is its line of the events JSON Lines of `docs/FORMATS.md`
  /// §2, written by the one writer of that format (`EventsWriter`, as
  /// `rangectl replay` writes it): `{"t":12.4,"object":"lock-1","zone":"inner",
  /// "event":"enter","distance":1.410,"sigma":0.0200}` (with `"reason"` on an
  /// exit that no measurement decided).
  public struct Event: Equatable, Sendable, CustomStringConvertible {
    /// Enter or exit.
    public enum Kind: String, Sendable {
      case enter, exit
    }

    /// Time of the update that caused the event, seconds, on the clock the session is fed.
    public var time: Double
    /// The object's name, as given to ``ZoneSession/update(_:at:distanceMeters:direction:)``.
    public var object: String
    /// The zone's name.
    public var zone: String
    public var kind: Kind
    /// The zone decision's distance that decided it, metres (`ZoneEvent.distanceMeters`).
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

    /// The event's line of the events JSON Lines (docs/FORMATS.md §2), without
    /// the newline: the bytes `rangectl replay` writes for it (the distance to
    /// 3 decimals, the sigma to 4, a value that is not finite as `null`).
    public var jsonLine: String {
      EventsWriter.line(
        seconds: time, objectName: object, zoneName: zone, isEnter: kind == .enter, distanceMeters: distanceMeters,
        sigmaMeters: sigmaMeters, reasonName: reason)
    }

    /// `lock-1 enters inner at 1.41 m (t = 12.4 s)`.
    public var description: String {
      let verb = kind == .enter ? "enters" : "leaves"
      let meters = (distanceMeters * 100).rounded() / 100
      return "\(object) \(verb) \(zone) at \(meters) m (t = \(time) s)" + (reason.map { ", \($0)" } ?? "")
    }
  }
}
