// SPDX-License-Identifier: Apache-2.0
import RangingEngine

extension LifecycleEvent {
  /// The reason the zones of an object exit when this event ends its track
  /// (`LifecycleEvent.endsTrack`), or nil for a suspension and its end,
  /// whose exits, if any, follow the ``SuspensionPolicy``.
  public var exitReason: ExitReason? {
    switch self {
    case .removedTimeout: .removedTimeout
    case .removedPeerEnded: .removedPeerEnded
    case .invalidated: .invalidated
    case .suspended, .suspensionEnded: nil
    }
  }
}
