// SPDX-License-Identifier: Apache-2.0
/// Where one accessory-side session is (``AccessorySession``).
///
/// ```
/// idle, stopped --initialize--> configurationSent --configureAndStart--> ranging --stop, lost timeout--> stopped
///                                 ^  | no answer in time: resend            |
///                                 '--+--- start failed or no first update: resend
///                                    (at most 3 messages a start, then giveUp --> stopped)
/// any state --linkLost, fault--> idle
/// ```
/// ``AccessorySession`` has the full transition table.
/// The C twin is the `uint8_t` raw value.
public enum AccessorySessionState: UInt8, Sendable {
  /// No session: nothing sent, nothing running. The slot is free.
  case idle
  /// An Accessory Configuration Data message went out; waiting for the
  /// iPhone's Apple Shareable Configuration Data.
  case configurationSent
  /// The UWB middleware was started. Until the first ranging update the
  /// start is unconfirmed (``AccessorySession/hasRanged`` is false).
  case ranging
  /// The session ended (``AccessorySession/stopReason`` says why). The slot
  /// stays with its object until that object initializes again, the link
  /// drops, or another object needs the slot.
  case stopped
}

/// Why a session ended. The C twin is the `uint8_t` raw value.
public enum AccessoryStopReason: UInt8, Sendable {
  /// The iPhone asked to stop.
  case peerRequested
  /// Ranging had worked, then no update came for the rate's lost timeout.
  case rangingTimedOut
  /// Every configuration attempt failed (``AccessorySessionPolicy/maximumConfigurationAttempts``).
  case gaveUp
}

/// What became of one input. The C twin is the `uint8_t` raw value.
public enum AccessoryInputResult: UInt8, Sendable {
  /// The input moved the session (the actions, if any, were emitted).
  case applied
  /// The input means nothing in the session's state; nothing changed.
  case ignored
  /// An object asked to start, and every session slot is busy.
  case noFreeSession
  /// The input names an object that has no session.
  case unknownObject
}
