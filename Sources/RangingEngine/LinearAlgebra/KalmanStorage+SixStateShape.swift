// SPDX-License-Identifier: Apache-2.0
/// The shapes the six-state paths of both backends are written for
/// (`SwiftKalmanBackend+SixState.swift`, `GSLKalmanBackend+SixState.swift`):
/// the 3-D filter's constant-velocity F and its position measurement H.
/// Any other F or H takes a backend's general path.
extension KalmanStorage {
  /// Whether F is `[I dt·I; 0 I]` for some dt (3 position and 3 velocity
  /// states). Requires `stateCount == 6`.
  ///
  /// Compares bit patterns and ORs the differences, with no branch per entry
  /// (half the instructions of comparing entry by entry). A -0 where 0 is
  /// expected only sends the step to the general path.
  @inline(__always)
  func hasSixStateConstantVelocityTransition() -> Bool {
    let dt = F[3]
    var difference: UInt64 = 0
    for i in 0..<6 {
      for j in 0..<6 {
        let expected: Double = i == j ? 1 : (i < 3 && j == i + 3 ? dt : 0)
        difference |= F[i * 6 + j].bitPattern ^ expected.bitPattern
      }
    }
    return difference == 0
  }

  /// Whether the first three rows of H are `[I 0]` (the position is
  /// measured), compared as ``hasSixStateConstantVelocityTransition()`` does.
  /// Requires `stateCount == 6`.
  @inline(__always)
  func measuresSixStatePosition() -> Bool {
    var difference: UInt64 = 0
    for i in 0..<3 {
      for j in 0..<6 {
        let expected: Double = i == j ? 1 : 0
        difference |= H[i * 6 + j].bitPattern ^ expected.bitPattern
      }
    }
    return difference == 0
  }
}
