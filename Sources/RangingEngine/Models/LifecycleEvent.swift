// SPDX-License-Identifier: Apache-2.0
/// A session life-cycle notification about one object instead of a measurement.
///
/// The cases mirror Nearby Interaction's `NINearbyObject.RemovalReason`
/// (`timeout`, `peerEnded`) and the session callbacks `sessionWasSuspended`,
/// `sessionSuspensionEnded` and `didInvalidateWith`.
public enum LifecycleEvent: UInt8, Sendable {
  /// The object was removed because nothing was heard from it for too long.
  case removedTimeout
  /// The object was removed because the peer ended the session.
  case removedPeerEnded
  /// The session was suspended (for example, the app went to the background).
  case suspended
  /// A suspension ended; measurements resume.
  case suspensionEnded
  /// The session was invalidated and will deliver nothing more.
  case invalidated
}

extension LifecycleEvent {
  /// Whether the event ends the object's track (removal and invalidation
  /// do; a suspension and its end do not): `TrackRegistry.lifecycle(_:endsTrack:at:)`.
  @inlinable
  public var endsTrack: Bool {
    switch self {
    case .removedTimeout, .removedPeerEnded, .invalidated: true
    case .suspended, .suspensionEnded: false
    }
  }
}

extension LifecycleEvent {
  /// The `event` column's spelling (docs/FORMATS.md §1), stated here once:
  /// the CSV readers match it, the plots print it, and the C API exports it
  /// (`ranging_lifecycle_name`) for the Python package.
  public var name: StaticString {
    switch self {
    case .removedTimeout: "removed_timeout"
    case .removedPeerEnded: "removed_peer_ended"
    case .suspended: "suspended"
    case .suspensionEnded: "suspension_ended"
    case .invalidated: "invalidated"
    }
  }
}
