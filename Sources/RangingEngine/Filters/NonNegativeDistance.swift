// SPDX-License-Identifier: Apache-2.0
/// The distance filter's state constraint: a distance cannot be negative.
///
/// When the estimate crosses 0 (an object passing the phone, or a prediction
/// overshooting a stop) it is projected back onto d = 0 with a rate that no
/// longer approaches (estimate projection, Simon, "Kalman filtering with
/// state constraints: a survey", IET Control Theory & Applications 4(8),
/// 2010, §2.3). ``RangeFilter`` applies it after every time update and
/// every correction.
@usableFromInline
enum NonNegativeDistance {
  /// Projects `(distance, rate)` onto d >= 0.
  ///
  /// Marked as the rare case so that it compiles to a predicted branch; as a
  /// branch-free select it would sit on the chain from one update's distance
  /// to the next.
  @inlinable @inline(__always)
  static func project(_ distance: inout Double, _ rate: inout Double) {
    if _slowPath(distance < 0) {
      distance = 0
      rate = max(rate, 0)
    }
  }
}
