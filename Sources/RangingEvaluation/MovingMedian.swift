// SPDX-License-Identifier: Apache-2.0
/// The median of the last `count` distances, a peer baseline
/// (``BaselineMethod/movingMedian(count:)``), not used by the engine.
///
/// With the window holding n ≤ `count` values sorted ascending as `w_1 ≤ ... ≤ w_n`:
///
///     n odd:  s = w_((n+1)/2)
///     n even: s = (w_(n/2) + w_(n/2+1)) / 2
///
/// so a window of 3 gives the first value alone, then the mean of the first
/// two, then the median of the last three. This is Android's UWB filter engine
/// distance filter (AOSP `packages/modules/Uwb`, `MedAvgFilter` in
/// `service/java/com/android/server/uwb/correction/filtering`) with its
/// "cut" at 0, "a perfect median, taking only the center value(s)"; that
/// class also averages the two centre values of an even window.
///
/// - Complexity: O(count log count) per update.
public struct MovingMedian: Sendable {
  /// Window length, updates (≥ 1).
  public let count: Int
  /// The last values, oldest first (at most `count`).
  public private(set) var window: [Double] = []

  /// - Parameter count: window length, ≥ 1.
  public init(count: Int) {
    precondition(count >= 1, "MovingMedian: the window must hold at least one value")
    self.count = count
    window.reserveCapacity(count)
  }

  /// Adds `value` (dropping the oldest when the window is full) and returns the median.
  public mutating func add(_ value: Double) -> Double {
    if window.count == count { window.removeFirst() }
    window.append(value)
    let sorted = window.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// Empties the window: the next value starts it afresh.
  public mutating func reset() {
    window.removeAll(keepingCapacity: true)
  }
}
