// SPDX-License-Identifier: Apache-2.0
/// The shapes the six-state paths of both backends are written for
/// (`SwiftKalmanBackend+SixState.swift`, `GSLKalmanBackend+SixState.swift`):
/// the 3-D filter's F (velocity decay, or constant velocity) and its position measurement H.
/// Any other F or H takes a backend's general path.
extension KalmanStorage {
  /// Whether F is `[I b·I; 0 a·I]` for some b and a (3 position and 3
  /// velocity states): the direction filter's transition, `b = τ(1 - e^(-dt/τ))`
  /// and `a = e^(-dt/τ)` (`VelocityDecayModel`), or `b = dt`, `a = 1` for
  /// constant velocity. Requires `stateCount == 6`.
  ///
  /// Compares bit patterns and ORs the differences, with no branch per entry
  /// (half the instructions of comparing entry by entry). A -0 where 0 is
  /// expected only sends the step to the general path.
  @inline(__always)
  func hasSixStateVelocityDecayTransition() -> Bool {
    let b = F[3], a = F[21]
    var difference: UInt64 = 0
    for i in 0..<6 {
      for j in 0..<6 {
        let expected: Double = i == j ? (i < 3 ? 1 : a) : (i < 3 && j == i + 3 ? b : 0)
        difference |= F[i * 6 + j].bitPattern ^ expected.bitPattern
      }
    }
    return difference == 0
  }

  /// Whether the first three rows of H are `[I 0]` (the position is
  /// measured), compared as ``hasSixStateVelocityDecayTransition()`` does.
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
