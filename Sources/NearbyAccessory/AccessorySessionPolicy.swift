// SPDX-License-Identifier: Apache-2.0
/// Timeouts and retries of the accessory-side session (``AccessorySession``).
///
/// None of these defaults was measured against real iPhones (there was no
/// hardware when they were set); each is reasoned from the protocol's round
/// trips and the engine's own timeouts, and should be revisited with
/// recordings, as the engine's other defaults were (docs/DESIGN.md "Budgets").
///
/// The timeout once ranging works is not here: it is the lost timeout of the
/// session's rate (``PreferredUpdateRate/lostTimeoutMicroseconds``), so the
/// session and the engine agree on when an object has gone silent.
public struct AccessorySessionPolicy: Equatable, Sendable {
  /// How long to wait, after sending a configuration message, for the
  /// iPhone's Apple Shareable Configuration Data, in µs. Default 10 s.
  ///
  /// The round trip is a Bluetooth message each way (tens of milliseconds
  /// at iOS's 15-30 ms connection intervals) plus the iPhone starting its
  /// Nearby Interaction session (about a second). The first session of an
  /// app also shows the Nearby Interaction permission prompt, which a user
  /// answers in seconds; 10 s covers that, where resending sooner would
  /// restart the iPhone's session under the prompt.
  public var responseTimeoutMicroseconds: Int64

  /// How long to wait, after starting the middleware, for the first ranging
  /// update, in µs. Default 5 s.
  ///
  /// At the slowest rate (about 1 Hz, which `automatic` may pick) the first
  /// update is due after one interval; 5 s leaves the middleware four more
  /// to join the iPhone's ranging rounds, and equals the engine's own lost
  /// timeout at that rate.
  public var startTimeoutMicroseconds: Int64

  /// Configuration messages sent for one start before giving up, including
  /// the first. Default 3 (the first and two retries).
  ///
  /// One retry covers a lost message or an iPhone session that failed once;
  /// a third failure in a row points at something persistent (a refused
  /// permission, incompatible middleware, the app gone), where more messages
  /// only cost power. Giving up comes at most 3 × (10 s + 5 s) = 45 s after
  /// the first message, and the iPhone can always start again with
  /// `initialize`. Retries are not spaced further: each already waits for a
  /// full timeout or for the iPhone's own answer.
  public var maximumConfigurationAttempts: Int

  /// - Precondition: both timeouts are positive and at least one attempt is allowed.
  public init(
    responseTimeoutMicroseconds: Int64 = 10_000_000, startTimeoutMicroseconds: Int64 = 5_000_000,
    maximumConfigurationAttempts: Int = 3
  ) {
    precondition(
      responseTimeoutMicroseconds > 0 && startTimeoutMicroseconds > 0,
      "AccessorySessionPolicy: timeouts must be positive")
    precondition(maximumConfigurationAttempts >= 1, "AccessorySessionPolicy: at least one attempt is needed")
    self.responseTimeoutMicroseconds = responseTimeoutMicroseconds
    self.startTimeoutMicroseconds = startTimeoutMicroseconds
    self.maximumConfigurationAttempts = maximumConfigurationAttempts
  }
}
