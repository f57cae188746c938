// SPDX-License-Identifier: Apache-2.0
/// Kalman steps in plain Swift loops: no C library, so it compiles as
/// Embedded Swift for firmware, and at the sizes used here (n <= 6, m <= 3)
/// it is faster than calling into BLAS (measured: 2-state step ~23 ns in
/// Swift against ~460 ns through GSL).
///
/// The arithmetic is the same as ``GSLKalmanBackend``'s, step for step; see
/// ``KalmanBackend`` for the equations.
public final class SwiftKalmanBackend: KalmanBackend {
  public let storage: KalmanStorage

  public init(stateCount: Int, measurementCapacity: Int) {
    storage = KalmanStorage(stateCount: stateCount, measurementCapacity: measurementCapacity)
  }

  deinit { storage.deallocate() }

  // Each step: the fixed-size path of SwiftKalmanBackend+TwoState.swift for
  // n = 2, k = 1 (inlined into the caller), else a function that is not
  // inlined: the six-state path of SwiftKalmanBackend+SixState.swift for
  // n = 6 when the matrices have its structure, or the loops.
  @inlinable @inline(__always)
  public func predict() -> Result<Void, LinearAlgebraError> {
    if storage.stateCount == 2 { predictTwoState(); return .success(()) }
    return predictLoops()
  }

  /// On hosts, the six-state path of SwiftKalmanBackend+SixState.swift when
  /// the matrices have its structure, else the loops with the 3-D filter's
  /// sizes as constants so that the compiler unrolls them (a `switch` over
  /// literal sizes of one inlined body). Embedded builds keep one copy of the
  /// loops and nothing else, for flash (6 KB less than the unrolled copies).
  @usableFromInline @inline(never)
  func predictLoops() -> Result<Void, LinearAlgebraError> {
    #if hasFeature(Embedded)
    return predictLoops(n: storage.stateCount)
    #else
    switch storage.stateCount {
    case 6:
      if storage.hasSixStateVelocityDecayTransition() {
        predictSixState()
        return .success(())
      }
      return predictLoops(n: 6)
    default: return predictLoops(n: storage.stateCount)
    }
    #endif
  }

  @inline(__always)
  func predictLoops(n: Int) -> Result<Void, LinearAlgebraError> {
    let s = storage
    // x = F x   (A holds a copy of the old x)
    for i in 0..<n { s.A[i] = s.x[i] }
    for i in 0..<n {
      var sum = 0.0
      for j in 0..<n { sum += s.F[i * n + j] * s.A[j] }
      s.x[i] = sum
    }
    // A = F P
    for i in 0..<n {
      for j in 0..<n {
        var sum = 0.0
        for l in 0..<n { sum += s.F[i * n + l] * s.P[l * n + j] }
        s.A[i * n + j] = sum
      }
    }
    // P = A Fᵀ + Q
    for i in 0..<n {
      for j in 0..<n {
        var sum = s.Q[i * n + j]
        for l in 0..<n { sum += s.A[i * n + l] * s.F[j * n + l] }
        s.P[i * n + j] = sum
      }
    }
    s.symmetrizeCovariance()
    return .success(())
  }

  @inlinable @inline(__always)
  public func innovate(measurementCount k: Int, linear: Bool) -> Result<Double, LinearAlgebraError> {
    precondition(k >= 1 && k <= storage.measurementCapacity, "innovate: measurement count out of range")
    if storage.stateCount == 2 && k == 1 { return innovateTwoState(linear: linear) }
    return innovateLoops(measurementCount: k, linear: linear)
  }

  @usableFromInline @inline(never)
  func innovateLoops(measurementCount k: Int, linear: Bool) -> Result<Double, LinearAlgebraError> {
    #if hasFeature(Embedded)
    return innovateLoops(n: storage.stateCount, k: k, linear: linear)
    #else
    switch (storage.stateCount, k) {
    case (6, 3):
      if storage.measuresSixStatePosition() { return innovateSixStatePosition(linear: linear) }
      return innovateLoops(n: 6, k: 3, linear: linear)
    case (6, 1): return innovateSixStateScalar(linear: linear)
    default: return innovateLoops(n: storage.stateCount, k: k, linear: linear)
    }
    #endif
  }

  @inline(__always)
  func innovateLoops(n: Int, k: Int, linear: Bool) -> Result<Double, LinearAlgebraError> {
    let s = storage
    if linear {
      // y = z - H x
      for i in 0..<k {
        var hx = 0.0
        for j in 0..<n { hx += s.H[i * n + j] * s.x[j] }
        s.y[i] = s.z[i] - hx
      }
    }
    // K = P Hᵀ   (n x k)
    for i in 0..<n {
      for j in 0..<k {
        var sum = 0.0
        for l in 0..<n { sum += s.P[i * n + l] * s.H[j * n + l] }
        s.K[i * k + j] = sum
      }
    }
    // S = H (P Hᵀ) + R   (k x k)
    for i in 0..<k {
      for j in 0..<k {
        var sum = s.R[i * k + j]
        for l in 0..<n { sum += s.H[i * n + l] * s.K[l * k + j] }
        s.S[i * k + j] = sum
      }
    }
    // S = L Lᵀ, L overwrites the lower triangle (Cholesky-Banachiewicz,
    // Golub & Van Loan, Matrix Computations, 4th ed., Alg. 4.2.1)
    for j in 0..<k {
      var diagonal = s.S[j * k + j]
      for l in 0..<j { diagonal -= s.S[j * k + l] * s.S[j * k + l] }
      guard diagonal > 0 else { return .failure(.notPositiveDefinite) }
      let ljj = diagonal.squareRoot()
      s.S[j * k + j] = ljj
      for i in (j + 1)..<max(j + 1, k) {
        var sum = s.S[i * k + j]
        for l in 0..<j { sum -= s.S[i * k + l] * s.S[j * k + l] }
        s.S[i * k + j] = sum / ljj
      }
    }
    // w = L⁻¹ y (forward substitution); yᵀ S⁻¹ y = |w|²
    var squaredDistance = 0.0
    for i in 0..<k {
      var sum = s.y[i]
      for l in 0..<i { sum -= s.S[i * k + l] * s.w[l] }
      s.w[i] = sum / s.S[i * k + i]
      squaredDistance += s.w[i] * s.w[i]
    }
    return .success(squaredDistance)
  }

  @inlinable @inline(__always)
  public func correct(measurementCount k: Int) -> Result<Void, LinearAlgebraError> {
    if storage.stateCount == 2 && k == 1 { correctTwoState(); return .success(()) }
    return correctLoops(measurementCount: k)
  }

  @usableFromInline @inline(never)
  func correctLoops(measurementCount k: Int) -> Result<Void, LinearAlgebraError> {
    #if hasFeature(Embedded)
    return correctLoops(n: storage.stateCount, k: k)
    #else
    switch (storage.stateCount, k) {
    case (6, 3):
      if storage.measuresSixStatePosition() {
        correctSixStatePosition()
        return .success(())
      }
      return correctLoops(n: 6, k: 3)
    case (6, 1):
      correctSixStateScalar()
      return .success(())
    default: return correctLoops(n: storage.stateCount, k: k)
    }
    #endif
  }

  @inline(__always)
  func correctLoops(n: Int, k: Int) -> Result<Void, LinearAlgebraError> {
    let s = storage
    // K = (P Hᵀ) S⁻¹ = (P Hᵀ) L⁻ᵀ L⁻¹: each row r of K solves L Lᵀ rᵀ = (row of P Hᵀ)ᵀ
    for row in 0..<n {
      let r = s.K + row * k
      for i in 0..<k {  // forward: L u = r
        var sum = r[i]
        for l in 0..<i { sum -= s.S[i * k + l] * r[l] }
        r[i] = sum / s.S[i * k + i]
      }
      for i in stride(from: k - 1, through: 0, by: -1) {  // backward: Lᵀ v = u
        var sum = r[i]
        for l in (i + 1)..<max(i + 1, k) { sum -= s.S[l * k + i] * r[l] }
        r[i] = sum / s.S[i * k + i]
      }
    }
    // x = x + K y
    for i in 0..<n {
      var sum = 0.0
      for j in 0..<k { sum += s.K[i * k + j] * s.y[j] }
      s.x[i] += sum
    }
    // A = I - K H
    for i in 0..<n {
      for j in 0..<n {
        var sum = i == j ? 1.0 : 0.0
        for l in 0..<k { sum -= s.K[i * k + l] * s.H[l * n + j] }
        s.A[i * n + j] = sum
      }
    }
    // B = A P
    for i in 0..<n {
      for j in 0..<n {
        var sum = 0.0
        for l in 0..<n { sum += s.A[i * n + l] * s.P[l * n + j] }
        s.B[i * n + j] = sum
      }
    }
    // P = B Aᵀ + K R Kᵀ: first B Aᵀ, then B is reused for K R (n x k), then
    // (K R) Kᵀ is added term by term, the same additions in the same order as
    // one sum per element.
    for i in 0..<n {
      for j in 0..<n {
        var sum = 0.0
        for l in 0..<n { sum += s.B[i * n + l] * s.A[j * n + l] }
        s.P[i * n + j] = sum
      }
    }
    for i in 0..<n {
      for a in 0..<k {
        var kr = 0.0
        for b in 0..<k { kr += s.K[i * k + b] * s.R[b * k + a] }
        s.B[i * k + a] = kr
      }
    }
    for i in 0..<n {
      for j in 0..<n {
        var sum = s.P[i * n + j]
        for a in 0..<k { sum += s.B[i * k + a] * s.K[j * k + a] }
        s.P[i * n + j] = sum
      }
    }
    s.symmetrizeCovariance()
    return .success(())
  }
}
