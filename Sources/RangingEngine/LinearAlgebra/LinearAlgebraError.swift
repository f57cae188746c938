// SPDX-License-Identifier: Apache-2.0
/// A numerical failure inside a Kalman step. The filter turns it into a reset
/// (docs/CONVENTIONS.md §5, tier 2); it never reaches the caller as a trap.
public enum LinearAlgebraError: Error, Equatable, Sendable {
  /// The innovation covariance S was not positive definite (Cholesky failed).
  case notPositiveDefinite
  /// The backend reported another failure, with its status code.
  case failed(status: Int32)
}
