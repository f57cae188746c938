// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import Testing

/// Seconds as a Timestamp.
func at(_ seconds: Double) -> Timestamp { Timestamp(seconds: seconds) }

/// The state a transition row starts from, reached from idle by real inputs
/// (all with the user-interactive rate, so its lost timeout is 2 s).
enum StartState: String, CaseIterable, Sendable {
  /// Nothing happened.
  case idle
  /// initialize at 0 s; the response deadline is 10 s.
  case configurationSent
  /// ... and configureAndStart at 1 s; no update yet, the start deadline is 6 s.
  case rangingUnconfirmed
  /// ... and a ranging update at 2 s; the lost deadline is 4 s.
  case rangingConfirmed
  /// initialize at 0 s, stop at 1 s.
  case stopped

  func session(_ policy: AccessorySessionPolicy) -> AccessorySession {
    var session = AccessorySession()
    let steps: [(AccessorySessionInput, Double)] =
      switch self {
      case .idle: []
      case .configurationSent: [(.initialize(preferring: .userInteractive), 0)]
      case .rangingUnconfirmed: [(.initialize(preferring: .userInteractive), 0), (.configureAndStart, 1)]
      case .rangingConfirmed:
        [(.initialize(preferring: .userInteractive), 0), (.configureAndStart, 1), (.rangingUpdate, 2)]
      case .stopped: [(.initialize(preferring: .userInteractive), 0), (.stop, 1)]
      }
    for (input, seconds) in steps { session.handle(input, at: at(seconds), policy: policy) { _ in } }
    return session
  }

  /// When the pending timeout fires (nil: there is none).
  var deadline: Double? {
    switch self {
    case .idle, .stopped: nil
    case .configurationSent: 10
    case .rangingUnconfirmed: 6
    case .rangingConfirmed: 4
    }
  }
}

/// One row of the transition table: a state, what happens to it (an input
/// at 3 s, before every deadline, or the pending timeout firing), and what
/// must come out.
struct TransitionCase: Sendable, CustomTestStringConvertible {
  var from: StartState
  /// The input, or nil for "the clock reaches the deadline".
  var input: AccessorySessionInput?
  var result: AccessoryInputResult
  var actions: [AccessoryAction.Kind]
  var next: AccessorySessionState
  var hasRanged = false
  var stopReason: AccessoryStopReason?

  var testDescription: String {
    "\(from.rawValue) + \(input.map { "\($0)" } ?? "timeout") -> \(next)"
  }
}

private typealias Row = TransitionCase

@Suite("AccessorySession transitions")
struct AccessorySessionTransitionTests {
  static let policy = AccessorySessionPolicy()

  /// Every state against every input and its timeout: 5 × 8 rows.
  static let table: [TransitionCase] = [
    // idle: only initialize does anything.
    Row(from: .idle, input: .initialize(preferring: .infrequent), result: .applied,
        actions: [.sendConfiguration(.infrequent, attempt: 1)], next: .configurationSent),
    Row(from: .idle, input: .configureAndStart, result: .ignored, actions: [], next: .idle),
    Row(from: .idle, input: .rangingUpdate, result: .ignored, actions: [], next: .idle),
    Row(from: .idle, input: .startFailed, result: .ignored, actions: [], next: .idle),
    Row(from: .idle, input: .stop, result: .ignored, actions: [], next: .idle),
    Row(from: .idle, input: .linkLost, result: .ignored, actions: [], next: .idle),
    Row(from: .idle, input: .fault, result: .ignored, actions: [], next: .idle),
    Row(from: .idle, input: nil, result: .applied, actions: [], next: .idle),
    // configurationSent: waiting for the Shareable Configuration Data.
    Row(from: .configurationSent, input: .initialize(preferring: .infrequent), result: .applied,
        actions: [.sendConfiguration(.infrequent, attempt: 1)], next: .configurationSent),
    Row(from: .configurationSent, input: .configureAndStart, result: .applied,
        actions: [.startRanging(.userInteractive)], next: .ranging),
    Row(from: .configurationSent, input: .rangingUpdate, result: .ignored, actions: [], next: .configurationSent),
    Row(from: .configurationSent, input: .startFailed, result: .ignored, actions: [], next: .configurationSent),
    Row(from: .configurationSent, input: .stop, result: .applied, actions: [], next: .stopped, stopReason: .peerRequested),
    Row(from: .configurationSent, input: .linkLost, result: .applied, actions: [], next: .idle),
    Row(from: .configurationSent, input: .fault, result: .applied, actions: [], next: .idle),
    Row(from: .configurationSent, input: nil, result: .applied,
        actions: [.sendConfiguration(.userInteractive, attempt: 2)], next: .configurationSent),
    // ranging, no update yet: a failure here is an unsuccessful start, retried.
    Row(from: .rangingUnconfirmed, input: .initialize(preferring: .infrequent), result: .applied,
        actions: [.stopRanging, .sendConfiguration(.infrequent, attempt: 1)], next: .configurationSent),
    Row(from: .rangingUnconfirmed, input: .configureAndStart, result: .applied,
        actions: [.stopRanging, .startRanging(.userInteractive)], next: .ranging),
    Row(from: .rangingUnconfirmed, input: .rangingUpdate, result: .applied, actions: [], next: .ranging, hasRanged: true),
    Row(from: .rangingUnconfirmed, input: .startFailed, result: .applied,
        actions: [.stopRanging, .sendConfiguration(.userInteractive, attempt: 2)], next: .configurationSent),
    Row(from: .rangingUnconfirmed, input: .stop, result: .applied, actions: [.stopRanging], next: .stopped,
        stopReason: .peerRequested),
    Row(from: .rangingUnconfirmed, input: .linkLost, result: .applied, actions: [.stopRanging], next: .idle),
    Row(from: .rangingUnconfirmed, input: .fault, result: .applied, actions: [.stopRanging], next: .idle),
    Row(from: .rangingUnconfirmed, input: nil, result: .applied,
        actions: [.stopRanging, .sendConfiguration(.userInteractive, attempt: 2)], next: .configurationSent),
    // ranging with updates: the engine holds the object, so every way out tells it.
    Row(from: .rangingConfirmed, input: .initialize(preferring: .infrequent), result: .applied,
        actions: [.stopRanging, .feedEngine(.removedPeerEnded), .sendConfiguration(.infrequent, attempt: 1)],
        next: .configurationSent),
    Row(from: .rangingConfirmed, input: .configureAndStart, result: .applied,
        actions: [.stopRanging, .feedEngine(.removedPeerEnded), .startRanging(.userInteractive)], next: .ranging),
    Row(from: .rangingConfirmed, input: .rangingUpdate, result: .applied, actions: [], next: .ranging, hasRanged: true),
    Row(from: .rangingConfirmed, input: .startFailed, result: .ignored, actions: [], next: .ranging, hasRanged: true),
    Row(from: .rangingConfirmed, input: .stop, result: .applied,
        actions: [.stopRanging, .feedEngine(.removedPeerEnded)], next: .stopped, stopReason: .peerRequested),
    Row(from: .rangingConfirmed, input: .linkLost, result: .applied,
        actions: [.stopRanging, .feedEngine(.invalidated)], next: .idle),
    Row(from: .rangingConfirmed, input: .fault, result: .applied,
        actions: [.stopRanging, .feedEngine(.invalidated)], next: .idle),
    Row(from: .rangingConfirmed, input: nil, result: .applied,
        actions: [.stopRanging, .feedEngine(.removedTimeout)], next: .stopped, stopReason: .rangingTimedOut),
    // stopped: waits for a new initialize; link loss or a fault frees it.
    Row(from: .stopped, input: .initialize(preferring: .infrequent), result: .applied,
        actions: [.sendConfiguration(.infrequent, attempt: 1)], next: .configurationSent),
    Row(from: .stopped, input: .configureAndStart, result: .ignored, actions: [], next: .stopped, stopReason: .peerRequested),
    Row(from: .stopped, input: .rangingUpdate, result: .ignored, actions: [], next: .stopped, stopReason: .peerRequested),
    Row(from: .stopped, input: .startFailed, result: .ignored, actions: [], next: .stopped, stopReason: .peerRequested),
    Row(from: .stopped, input: .stop, result: .ignored, actions: [], next: .stopped, stopReason: .peerRequested),
    Row(from: .stopped, input: .linkLost, result: .applied, actions: [], next: .idle),
    Row(from: .stopped, input: .fault, result: .applied, actions: [], next: .idle),
    Row(from: .stopped, input: nil, result: .applied, actions: [], next: .stopped, stopReason: .peerRequested),
  ]

  @Test("The table covers every state against every input and the timeout")
  func tableIsComplete() {
    #expect(Self.table.count == StartState.allCases.count * 8)
    for state in StartState.allCases {
      #expect(Self.table.filter { $0.from == state }.count == 8, "\(state)")
    }
  }

  @Test("Transition", arguments: table)
  func transition(_ row: TransitionCase) {
    var session = row.from.session(Self.policy)
    var actions: [AccessoryAction.Kind] = []
    if let input = row.input {
      let result = session.handle(input, at: at(3), policy: Self.policy) { actions.append($0) }
      #expect(result == row.result)
    } else {
      let deadline = row.from.deadline ?? 20
      // One microsecond early nothing fires; at the deadline it does.
      session.advanceClock(to: Timestamp(microseconds: at(deadline).microseconds - 1), policy: Self.policy) {
        actions.append($0)
      }
      #expect(actions.isEmpty, "fired before its deadline")
      session.advanceClock(to: at(deadline), policy: Self.policy) { actions.append($0) }
    }
    #expect(actions == row.actions)
    #expect(session.state == row.next)
    #expect(session.hasRanged == row.hasRanged)
    #expect(session.stopReason == row.stopReason)
    // Deadlines exist exactly while something is awaited.
    #expect((session.deadline != nil) == (session.state == .configurationSent || session.state == .ranging))
  }
}
