// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// One accessory-side Nearby Interaction session: the state machine that
/// decides what to send, start, stop and tell the engine.
///
/// It takes time as an argument and never reads a clock; it performs
/// nothing itself, but emits ``AccessoryAction/Kind`` values for the
/// application to carry out. Every input first fires a timeout that is due
/// at its time, so the outcome depends only on the sequence of inputs and
/// times, not on how often ``advanceClock(to:policy:emit:)`` is called.
/// A time earlier than one already seen counts as that earlier-seen time.
///
/// Transitions (state, input -> actions, next state). "retry" means: send a
/// new configuration (attempt + 1) and wait in `configurationSent`, or, when
/// ``AccessorySessionPolicy/maximumConfigurationAttempts`` messages have
/// gone out, `giveUp` and stop with `gaveUp`. "tell engine E" happens only
/// when ``hasRanged`` (the engine may hold the object), so the engine never
/// hears of objects it never saw.
///
/// | state | input | actions | next |
/// | --- | --- | --- | --- |
/// | idle, stopped | initialize(r) | sendConfiguration(r, 1) | configurationSent |
/// | configurationSent | initialize(r) | sendConfiguration(r, 1) | configurationSent |
/// | configurationSent | configureAndStart | startRanging(r) | ranging |
/// | configurationSent | response timeout | retry | configurationSent / stopped |
/// | configurationSent | stop | - | stopped (peerRequested) |
/// | ranging | rangingUpdate | - (deadline moves) | ranging |
/// | ranging, no update yet | startFailed, start timeout | stopRanging, retry | configurationSent / stopped |
/// | ranging, had updates | lost timeout | stopRanging, tell engine removedTimeout | stopped (rangingTimedOut) |
/// | ranging | stop | stopRanging, tell engine removedPeerEnded | stopped (peerRequested) |
/// | ranging | initialize(r) | stopRanging, tell engine removedPeerEnded, sendConfiguration(r, 1) | configurationSent |
/// | ranging | configureAndStart | stopRanging, tell engine removedPeerEnded, startRanging(r) | ranging, no update yet |
/// | any but idle | linkLost, fault | stopRanging if ranging, tell engine invalidated | idle |
/// | otherwise | any | - | unchanged (``AccessoryInputResult/ignored``) |
///
/// Size: under 64 bytes, inline (a test checks); no storage of its own.
public struct AccessorySession: Sendable {
  public private(set) var state: AccessorySessionState = .idle
  /// The rate of the current or last configuration.
  public private(set) var rate: PreferredUpdateRate = .automatic
  /// Configuration messages sent since the last `initialize`; 0 when idle.
  public private(set) var attempt: Int = 0
  /// True once a ranging update arrived in the current `ranging` state.
  public private(set) var hasRanged = false
  /// When the pending timeout fires; nil in `idle` and `stopped`.
  public private(set) var deadline: Timestamp?
  /// Why the session stopped; nil unless `stopped`.
  public private(set) var stopReason: AccessoryStopReason?
  /// The latest time seen.
  public private(set) var clock: Timestamp?

  public init() {}

  /// Applies one input at `time`, after firing any timeout due by then.
  ///
  /// - Returns: `applied`, or `ignored` when the input means nothing in the
  ///   state (then nothing changed, though a due timeout may have fired).
  /// - Complexity: O(1). Does not allocate.
  @discardableResult
  public mutating func handle(
    _ input: AccessorySessionInput, at time: Timestamp, policy: AccessorySessionPolicy,
    emit: (AccessoryAction.Kind) -> Void
  ) -> AccessoryInputResult {
    let now = advanceClock(to: time, policy: policy, emit: emit)
    switch (state, input) {
    case (.idle, .initialize(let preferred)), (.stopped, .initialize(let preferred)),
      (.configurationSent, .initialize(let preferred)):
      beginConfiguration(preferring: preferred, at: now, policy: policy, emit: emit)
    case (.configurationSent, .configureAndStart):
      startRanging(at: now, policy: policy, emit: emit)
    case (.configurationSent, .stop):
      finish(.peerRequested)
    case (.ranging, .rangingUpdate):
      hasRanged = true
      deadline = now.adding(microseconds: rate.lostTimeoutMicroseconds)
    case (.ranging, .startFailed) where !hasRanged:
      emit(.stopRanging)
      retry(at: now, policy: policy, emit: emit)
    case (.ranging, .stop):
      endRanging(telling: .removedPeerEnded, emit: emit)
      finish(.peerRequested)
    case (.ranging, .initialize(let preferred)):
      endRanging(telling: .removedPeerEnded, emit: emit)
      beginConfiguration(preferring: preferred, at: now, policy: policy, emit: emit)
    case (.ranging, .configureAndStart):
      endRanging(telling: .removedPeerEnded, emit: emit)
      startRanging(at: now, policy: policy, emit: emit)
    case (.configurationSent, .linkLost), (.configurationSent, .fault),
      (.ranging, .linkLost), (.ranging, .fault), (.stopped, .linkLost), (.stopped, .fault):
      if state == .ranging { endRanging(telling: .invalidated, emit: emit) }
      self = AccessorySession(clock: clock)
    default:
      return .ignored
    }
    return .applied
  }

  /// Fires the pending timeout if it is due at `time`.
  ///
  /// - Returns: the session's time after the call: `time`, or the latest
  ///   time seen before when `time` is earlier.
  /// - Complexity: O(1). Does not allocate.
  @discardableResult
  public mutating func advanceClock(
    to time: Timestamp, policy: AccessorySessionPolicy, emit: (AccessoryAction.Kind) -> Void
  ) -> Timestamp {
    let now = max(time, clock ?? time)
    clock = now
    guard let deadline, now >= deadline else { return now }
    switch state {
    case .configurationSent:
      retry(at: now, policy: policy, emit: emit)
    case .ranging where !hasRanged:
      emit(.stopRanging)
      retry(at: now, policy: policy, emit: emit)
    case .ranging:
      endRanging(telling: .removedTimeout, emit: emit)
      finish(.rangingTimedOut)
    case .idle, .stopped:
      self.deadline = nil
    }
    return now
  }

  private init(clock: Timestamp?) { self.clock = clock }

  /// A new session start: attempt 1 of a new configuration message.
  private mutating func beginConfiguration(
    preferring preferred: PreferredUpdateRate, at now: Timestamp, policy: AccessorySessionPolicy,
    emit: (AccessoryAction.Kind) -> Void
  ) {
    rate = preferred
    attempt = 0
    stopReason = nil
    sendConfiguration(at: now, policy: policy, emit: emit)
  }

  private mutating func sendConfiguration(
    at now: Timestamp, policy: AccessorySessionPolicy, emit: (AccessoryAction.Kind) -> Void
  ) {
    attempt += 1
    state = .configurationSent
    hasRanged = false
    deadline = now.adding(microseconds: policy.responseTimeoutMicroseconds)
    emit(.sendConfiguration(rate, attempt: attempt))
  }

  private mutating func startRanging(
    at now: Timestamp, policy: AccessorySessionPolicy, emit: (AccessoryAction.Kind) -> Void
  ) {
    state = .ranging
    hasRanged = false
    deadline = now.adding(microseconds: policy.startTimeoutMicroseconds)
    emit(.startRanging(rate))
  }

  /// An unsuccessful start: another configuration message, or give up.
  private mutating func retry(at now: Timestamp, policy: AccessorySessionPolicy, emit: (AccessoryAction.Kind) -> Void) {
    if attempt < policy.maximumConfigurationAttempts {
      sendConfiguration(at: now, policy: policy, emit: emit)
    } else {
      emit(.giveUp)
      finish(.gaveUp)
    }
  }

  /// Stops the middleware and, when the engine may hold the object, closes its zones.
  private mutating func endRanging(telling event: LifecycleEvent, emit: (AccessoryAction.Kind) -> Void) {
    emit(.stopRanging)
    if hasRanged { emit(.feedEngine(event)) }
    hasRanged = false
  }

  private mutating func finish(_ reason: AccessoryStopReason) {
    state = .stopped
    stopReason = reason
    deadline = nil
    hasRanged = false
  }
}

extension Timestamp {
  /// `self` moved `microseconds` later, saturating at the largest time.
  fileprivate func adding(microseconds: Int64) -> Timestamp {
    let (sum, overflow) = self.microseconds.addingReportingOverflow(microseconds)
    return Timestamp(microseconds: overflow ? .max : sum)
  }
}
