// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import Testing

/// One session on a fake clock, recording what it asks for.
private struct Run {
  var session = AccessorySession()
  var policy = AccessorySessionPolicy()
  var actions: [AccessoryAction.Kind] = []

  @discardableResult
  mutating func send(_ input: AccessorySessionInput, at seconds: Double) -> AccessoryInputResult {
    session.handle(input, at: at(seconds), policy: policy) { actions.append($0) }
  }

  mutating func clock(_ seconds: Double) {
    session.advanceClock(to: at(seconds), policy: policy) { actions.append($0) }
  }

  /// The actions since the last call.
  mutating func taken() -> [AccessoryAction.Kind] {
    defer { actions = [] }
    return actions
  }
}

@Suite("AccessorySession: timeouts and retries")
struct AccessorySessionTests {
  @Test("Defaults: 10 s for the iPhone's answer, 5 s for the first update, 3 configuration messages")
  func defaults() {
    let policy = AccessorySessionPolicy()
    #expect(policy.responseTimeoutMicroseconds == 10_000_000)
    #expect(policy.startTimeoutMicroseconds == 5_000_000)
    #expect(policy.maximumConfigurationAttempts == 3)
  }

  @Test("An iPhone that never answers gets three messages 10 s apart, then the session gives up")
  func silentPhone() {
    var run = Run()
    run.send(.initialize(preferring: .automatic), at: 0)
    #expect(run.taken() == [.sendConfiguration(.automatic, attempt: 1)])
    run.clock(9.999_999)
    #expect(run.taken() == [])
    run.clock(10)  // first response timeout
    #expect(run.taken() == [.sendConfiguration(.automatic, attempt: 2)])
    run.clock(20)
    #expect(run.taken() == [.sendConfiguration(.automatic, attempt: 3)])
    run.clock(30)  // the third message went unanswered too
    #expect(run.taken() == [.giveUp])
    #expect(run.session.state == .stopped)
    #expect(run.session.stopReason == .gaveUp)
    // Nothing more happens until the iPhone starts again, with a new message.
    run.clock(1_000)
    #expect(run.taken() == [])
    run.send(.initialize(preferring: .automatic), at: 1_001)
    #expect(run.taken() == [.sendConfiguration(.automatic, attempt: 1)])
  }

  @Test("Failed starts and silent starts count together; the third failure gives up")
  func failingStarts() {
    var run = Run()
    run.send(.initialize(preferring: .infrequent), at: 0)
    run.send(.configureAndStart, at: 1)
    #expect(run.taken() == [.sendConfiguration(.infrequent, attempt: 1), .startRanging(.infrequent)])
    run.send(.startFailed, at: 2)  // the middleware refused the Shareable Configuration Data
    #expect(run.taken() == [.stopRanging, .sendConfiguration(.infrequent, attempt: 2)])
    run.send(.configureAndStart, at: 3)
    run.clock(8)  // started at 3 s, no update by 3 + 5 s
    #expect(run.taken() == [.startRanging(.infrequent), .stopRanging, .sendConfiguration(.infrequent, attempt: 3)])
    run.send(.configureAndStart, at: 9)
    run.send(.startFailed, at: 10)
    #expect(run.taken() == [.startRanging(.infrequent), .stopRanging, .giveUp])
    #expect(run.session.stopReason == .gaveUp)
  }

  @Test("With one attempt allowed, the first failure gives up")
  func singleAttempt() {
    var run = Run(policy: AccessorySessionPolicy(maximumConfigurationAttempts: 1))
    run.send(.initialize(preferring: .automatic), at: 0)
    run.clock(10)
    #expect(run.taken() == [.sendConfiguration(.automatic, attempt: 1), .giveUp])
  }

  @Test("Updates every 0.2 s keep ranging alive; 2 s of silence at user-interactive ends it")
  func rangingTimeout() {
    var run = Run()
    run.send(.initialize(preferring: .userInteractive), at: 0)
    run.send(.configureAndStart, at: 0.5)
    for step in 0...50 { run.send(.rangingUpdate, at: 1 + Double(step) * 0.2) }  // 1 s to 11 s
    run.clock(12.999_999)  // the last update was at 11 s
    #expect(run.taken() == [.sendConfiguration(.userInteractive, attempt: 1), .startRanging(.userInteractive)])
    #expect(run.session.state == .ranging)
    run.clock(13)
    #expect(run.taken() == [.stopRanging, .feedEngine(.removedTimeout)])
    #expect(run.session.stopReason == .rangingTimedOut)
  }

  @Test("At infrequent the silence allowed is 5 s")
  func infrequentTimeout() {
    var run = Run()
    run.send(.initialize(preferring: .infrequent), at: 0)
    run.send(.configureAndStart, at: 1)
    run.send(.rangingUpdate, at: 2)
    run.clock(6.9)
    #expect(run.session.state == .ranging)
    run.clock(7)
    #expect(run.session.state == .stopped)
  }

  @Test("An input after a missed deadline sees the timeout first")
  func timeoutBeforeInput() {
    var run = Run()
    run.send(.initialize(preferring: .userInteractive), at: 0)
    run.send(.configureAndStart, at: 1)
    run.send(.rangingUpdate, at: 2)
    _ = run.taken()
    // Nobody advanced the clock; the next update comes 3 s later, past the 2 s timeout.
    let result = run.send(.rangingUpdate, at: 5)
    #expect(run.taken() == [.stopRanging, .feedEngine(.removedTimeout)])
    #expect(result == .ignored)
    #expect(run.session.state == .stopped)
  }

  @Test("A time earlier than one already seen counts as the later one")
  func timeGoingBack() {
    var run = Run()
    run.send(.initialize(preferring: .automatic), at: 100)
    run.send(.configureAndStart, at: 50)  // treated as 100 s: the start deadline is 105 s
    run.clock(104.9)
    #expect(run.session.state == .ranging)
    run.clock(105)
    #expect(run.session.state == .configurationSent)
    #expect(run.session.clock == at(105))
  }

  @Test("Each session start sends a new configuration, never a reused one")
  func newConfigurationPerSession() {
    var run = Run()
    for start in 0..<3 {
      let t = Double(start) * 100
      run.send(.initialize(preferring: .userInteractive), at: t)
      run.send(.configureAndStart, at: t + 1)
      run.send(.rangingUpdate, at: t + 2)
      run.send(.stop, at: t + 3)
      #expect(
        run.taken() == [
          .sendConfiguration(.userInteractive, attempt: 1), .startRanging(.userInteractive),
          .stopRanging, .feedEngine(.removedPeerEnded),
        ])
    }
  }

  @Test("A fault from anywhere leads to idle with nothing pending")
  func faultRecovery() {
    var run = Run()
    run.send(.initialize(preferring: .userInteractive), at: 0)
    run.send(.configureAndStart, at: 1)
    run.send(.rangingUpdate, at: 2)
    run.send(.fault, at: 3)
    #expect(run.session.state == .idle)
    #expect(run.session.deadline == nil)
    #expect(run.session.attempt == 0)
    #expect(run.session.stopReason == nil)
    run.clock(100)
    #expect(run.taken().suffix(2) == [.stopRanging, .feedEngine(.invalidated)])
  }

  @Test("A session is a small inline value")
  func size() {
    #expect(MemoryLayout<AccessorySession>.size <= 64)
  }
}
