// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// An object entering or leaving a zone (docs/FORMATS.md §2).
public struct ZoneEvent: Equatable, Sendable {
  /// The object, as the caller identified it.
  public var object: UInt64
  /// Index of the zone in the monitor's zone list.
  public var zone: Int
  public var kind: ZoneEventKind
  /// The time of the update (or clock advance) that caused the event.
  public var time: Timestamp
  /// The zone decision's distance that decided it (`RangeEstimate.decisionDistanceMeters`), metres.
  public var distanceMeters: Double
  /// Its standard deviation, metres.
  public var sigmaMeters: Double
  /// Why the object left, for exits not caused by a measurement; nil otherwise.
  public var reason: ExitReason?

  public init(
    object: UInt64, zone: Int, kind: ZoneEventKind, time: Timestamp, distanceMeters: Double,
    sigmaMeters: Double, reason: ExitReason? = nil
  ) {
    self.object = object
    self.zone = zone
    self.kind = kind
    self.time = time
    self.distanceMeters = distanceMeters
    self.sigmaMeters = sigmaMeters
    self.reason = reason
  }
}

public enum ZoneEventKind: UInt8, Sendable {
  case enter
  case exit

  public var name: StaticString { self == .enter ? "enter" : "exit" }
}

/// Why every zone of an object was closed without a measurement deciding it.
public enum ExitReason: UInt8, Sendable {
  /// Nothing heard from the object for the lost timeout.
  case lost
  /// The session removed the object after its own timeout.
  case removedTimeout
  /// The peer ended the session.
  case removedPeerEnded
  /// The session was suspended (with ``SuspensionPolicy/exitZones``).
  case suspended
  /// The session was invalidated.
  case invalidated
  /// The object was evicted to make room for another.
  case evicted

  /// The `reason` text of the events JSON Lines: an exit caused by a
  /// life-cycle event is named as that event is in the input
  /// (`LifecycleEvent.name`, the spellings' one home).
  public var name: StaticString {
    switch self {
    case .lost: "lost"
    case .removedTimeout: LifecycleEvent.removedTimeout.name
    case .removedPeerEnded: LifecycleEvent.removedPeerEnded.name
    case .suspended: LifecycleEvent.suspended.name
    case .invalidated: LifecycleEvent.invalidated.name
    case .evicted: "evicted"
    }
  }
}
