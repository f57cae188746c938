// SPDX-License-Identifier: Apache-2.0
/// A distance filter's state and its time, kept so that one fusion can be undone.
@usableFromInline
struct StateBeforeFusion {
  @usableFromInline var x0 = 0.0, x1 = 0.0
  @usableFromInline var p00 = 0.0, p01 = 0.0, p11 = 0.0
  /// The time of the state; nil when nothing is kept.
  @usableFromInline var time: Timestamp?

  @inlinable
  init() {}

  @inlinable @inline(__always)
  init(_ s: KalmanStorage, time: Timestamp) {
    x0 = s.x[0]; x1 = s.x[1]
    p00 = s.P[0]; p01 = s.P[1]; p11 = s.P[3]
    self.time = time
  }

  @inlinable
  func restore(into s: KalmanStorage) {
    s.x[0] = x0; s.x[1] = x1
    s.P[0] = p00; s.P[1] = p01; s.P[2] = p01; s.P[3] = p11
  }
}
