// SPDX-License-Identifier: Apache-2.0
/// The matrices of one Kalman filter, in one buffer allocated once.
///
/// Row-major, as GSL's `gsl_matrix_view_array` expects. `n` is the state size,
/// `m` the largest measurement size; a measurement of `k <= m` components uses
/// the leading `k` rows of `H`, `z`, `y` and the leading `k x k` block of `R`
/// and `S` (stored with row stride `k`, so each is a dense `k x k` matrix).
///
/// | name | shape | meaning |
/// | --- | --- | --- |
/// | x | n | state estimate |
/// | P | n x n | state covariance |
/// | F | n x n | state transition |
/// | Q | n x n | process noise covariance |
/// | H | m x n | measurement matrix (or Jacobian) |
/// | R | m x m | measurement noise covariance |
/// | z | m | measurement |
/// | y | m | innovation z - h(x) |
/// | S | m x m | innovation covariance, then its Cholesky factor L (lower) |
/// | K | n x m | Kalman gain; first holds P Hᵀ |
/// | A, B | n x n | scratch |
/// | w | m | scratch |
///
/// The pointers stay valid until ``deallocate()``; the owning backend calls it
/// from `deinit`. Not thread-safe; one filter per storage.
public struct KalmanStorage {
  public let stateCount: Int
  public let measurementCapacity: Int
  public let x, P, F, Q, H, R, z, y, S, K, A, B, w: UnsafeMutablePointer<Double>
  private let base: UnsafeMutablePointer<Double>

  /// Allocates and zeroes storage for `stateCount` states and up to
  /// `measurementCapacity` measurement components.
  ///
  /// - Complexity: one allocation of `5n² + 2m² + 2mn + n + 3m` doubles.
  public init(stateCount n: Int, measurementCapacity m: Int) {
    precondition(n >= 1 && n <= 16, "KalmanStorage: state count must be in 1...16")
    precondition(m >= 1 && m <= n, "KalmanStorage: measurement size must be in 1...stateCount")
    stateCount = n
    measurementCapacity = m
    let total = 5 * n * n + 2 * m * m + 2 * m * n + n + 3 * m
    let buffer = UnsafeMutablePointer<Double>.allocate(capacity: total)
    buffer.initialize(repeating: 0, count: total)
    base = buffer
    var next = buffer
    func take(_ size: Int) -> UnsafeMutablePointer<Double> {
      defer { next += size }
      return next
    }
    x = take(n); P = take(n * n); F = take(n * n); Q = take(n * n)
    H = take(m * n); R = take(m * m); z = take(m); y = take(m); S = take(m * m)
    K = take(n * m); A = take(n * n); B = take(n * n); w = take(m)
    precondition(next == buffer + total, "KalmanStorage: layout does not match its size")
  }

  /// Frees the buffer. Call exactly once.
  public func deallocate() { base.deallocate() }

  /// Makes P exactly symmetric, P = (P + Pᵀ) / 2, removing rounding drift
  /// that would otherwise accumulate (Grewal & Andrews, Kalman Filtering, 4th ed., §7.2).
  @inlinable
  public func symmetrizeCovariance() {
    let n = stateCount
    for i in 0..<n {
      for j in (i + 1)..<n {
        let mean = 0.5 * (P[i * n + j] + P[j * n + i])
        P[i * n + j] = mean
        P[j * n + i] = mean
      }
    }
  }
}
