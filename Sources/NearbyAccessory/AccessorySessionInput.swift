// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// What the application tells a session: the iPhone's messages, which the
/// protocol leaves to the maker's own format, and the accessory's own events.
///
/// Apple's sample accessory protocol, for one, has the iPhone send
/// `initialize` (0x0A), `configureAndStart` (0x0B, followed by the Apple
/// Shareable Configuration Data) and `stop` (0x0C). The application parses
/// its own framing and feeds the meaning here.
public enum AccessorySessionInput: Equatable, Sendable {
  /// The iPhone asks for an Accessory Configuration Data message. The
  /// accessory answers with a new one, asking for `preferring`.
  case initialize(preferring: PreferredUpdateRate)
  /// The iPhone sent its Apple Shareable Configuration Data, and the
  /// application accepted it (``ShareableConfigurationData/init(copying:)-(Span<UInt8>)``
  /// did not throw). The session asks to start the middleware with it.
  case configureAndStart
  /// The UWB middleware delivered a ranging update for this session.
  case rangingUpdate
  /// Starting failed: the middleware refused the configuration, or the
  /// Shareable Configuration Data was refused. Counts as an unsuccessful start.
  case startFailed
  /// The iPhone asked to stop.
  case stop
  /// The data link to the iPhone is gone (Bluetooth disconnection).
  case linkLost
  /// The application lost track (a middleware error, a message it could not
  /// parse, a reset): return to a known state, whatever the current one.
  case fault
}

/// What the application must do for a session, in the order emitted.
public struct AccessoryAction: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// Build a new Accessory Configuration Data message (fresh UWBConfigData
    /// from the middleware, this rate), put it in characteristic instance
    /// ``AccessoryAction/session``, and send it over the data link.
    /// `attempt` counts the messages of this start, from 1.
    case sendConfiguration(PreferredUpdateRate, attempt: Int)
    /// Hand the Apple Shareable Configuration Data to the middleware and
    /// start ranging. Expect one update per
    /// ``PreferredUpdateRate/expectedUpdateIntervalMicroseconds``.
    case startRanging(PreferredUpdateRate)
    /// Stop the middleware's ranging for this session.
    case stopRanging
    /// Pass this life-cycle event for ``AccessoryAction/object`` to the
    /// engine (`RangingPipeline.process(object:lifecycle:at:)`); it closes
    /// the object's zones. Emitted only after the engine could have seen a
    /// ranging update of the object.
    case feedEngine(LifecycleEvent)
    /// Every attempt failed; tell the user or the iPhone app.
    case giveUp
  }

  /// The session's slot, which is also its Accessory Configuration Data
  /// characteristic instance (0-based).
  public var session: Int
  /// The iPhone (peer) the session belongs to, in the application's numbering.
  public var object: UInt64
  public var kind: Kind

  public init(session: Int, object: UInt64, kind: Kind) {
    self.session = session
    self.object = object
    self.kind = kind
  }
}
