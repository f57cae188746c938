// SPDX-License-Identifier: Apache-2.0
/// A distance filter's state and its time, kept so that one fusion can be undone.
@usableFromInline
struct StateBeforeFusion {
  @usableFromInline var x0 = 0.0, x1 = 0.0
  @usableFromInline var p00 = 0.0, p01 = 0.0, p11 = 0.0
  /// The time of the state; nil when nothing is kept.
  @usableFromInline var time: Timestamp?
  /// True when two fusions, each of which may be undone, have been made since this state.
  @usableFromInline var spansTwoFusions = false

  @inlinable
  init() {}

  @inlinable @inline(__always)
  init(_ s: KalmanStorage, time: Timestamp) {
    x0 = s.x[0]; x1 = s.x[1]
    p00 = s.P[0]; p01 = s.P[1]; p11 = s.P[3]
    self.time = time
  }

  /// Keeps the state to return to after a fusion that may be undone, made
  /// from `before`: this one when it was kept for the fusion just before
  /// alone, so that a burst of two such fusions is undone back to the state
  /// before both; otherwise `before`. At 1 Hz two long readings in a row both
  /// fuse (the second agrees with the first) and set a rate that puts the
  /// prediction metres past the true reading that follows, which then fails
  /// the gate against the state between them as well (Tuning.md, "The
  /// reported track").
  @inlinable @inline(__always)
  mutating func keep(before: StateBeforeFusion) {
    if time != nil && !spansTwoFusions {
      spansTwoFusions = true
    } else {
      self = before
    }
  }

  @inlinable
  func restore(into s: KalmanStorage) {
    s.x[0] = x0; s.x[1] = x1
    s.P[0] = p00; s.P[1] = p01; s.P[2] = p01; s.P[3] = p11
  }
}
