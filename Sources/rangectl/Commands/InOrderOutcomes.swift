// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Items `0..<count` (input files) taken one at a time by several threads,
/// and their outcomes handed on in the items' order: each outcome as soon as
/// it and every outcome before it are in, on whichever thread brought in the
/// last of them. `rangectl replay --out-dir` and `rangectl evaluate` share
/// it to write each file's messages in the inputs' order however the files
/// finish.
final class InOrderOutcomes<Outcome>: @unchecked Sendable {
  // Unchecked: every access below, and every call of `handOn`, is under `lock`
  // (a lock rather than a Mutex, whose value would have to be sendable to
  // reach `handOn`).
  private let lock = NSLock()
  private let handOn: (Int, Outcome) -> Bool
  private var next = 0
  private var handedOn = 0
  private var stopped = false
  private var outcomes: [Outcome?]

  /// - Parameter handOn: called with each item's index and outcome, in the
  ///   items' order, one call at a time; returning false hands on nothing
  ///   more and gives out no further item.
  init(count: Int, handOn: @escaping (Int, Outcome) -> Bool) {
    outcomes = Array(repeating: nil, count: count)
    self.handOn = handOn
  }

  /// The next item to work on, or nil when every item was given out or
  /// `handOn` has returned false.
  func nextItem() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < outcomes.count, !stopped else { return nil }
    defer { next += 1 }
    return next
  }

  /// Keeps item `index`'s outcome and hands on every outcome now ready in order.
  func finish(_ index: Int, _ outcome: Outcome) {
    lock.lock()
    defer { lock.unlock() }
    outcomes[index] = outcome
    while !stopped, handedOn < outcomes.count, let ready = outcomes[handedOn] {
      outcomes[handedOn] = nil  // handed on: its memory goes with it
      stopped = !handOn(handedOn, ready)
      handedOn += 1
    }
  }
}
