// SPDX-License-Identifier: Apache-2.0
// Held to GSL: runs in builds with the package's GSL trait (the default).
#if GSL
import RangingEngine
import Testing

/// GSLKalmanBackend and SwiftKalmanBackend held to each other on random
/// problems, plus contracts both must keep (symmetric P, Cholesky failure).
@Suite("KalmanBackend")
struct KalmanBackendTests {
  struct Shape: Sendable, CustomTestStringConvertible {
    var n: Int
    var k: Int
    /// Capacity min(n, 3), so k < capacity also exercises R and S with row stride k.
    var capacity: Int { min(n, 3) }
    var seed: UInt64 { 0xC0FF_EE00 &+ UInt64(n * 10 + k) }
    var testDescription: String { "n = \(n), k = \(k), capacity \(capacity)" }
    static let all = [2, 4, 6].flatMap { n in (1...min(n, 3)).map { Shape(n: n, k: $0) } }
  }

  /// Writes the same random SPD matrix `scale (A Aᵀ) + ridge I` (`size x size`, row-major) to both pointers.
  static func writeSPD(
    _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, size: Int, scale: Double, ridge: Double,
    _ random: inout SplitMix64
  ) {
    var m = [Double](repeating: 0, count: size * size)
    for i in m.indices { m[i] = random.normal() }
    for i in 0..<size {
      for j in 0..<size {
        var sum = i == j ? ridge : 0
        for l in 0..<size { sum += scale * m[i * size + l] * m[j * size + l] }
        a[i * size + j] = sum
        b[i * size + j] = sum
      }
    }
  }

  static func write(_ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, count: Int, _ value: (Int) -> Double) {
    for i in 0..<count {
      let v = value(i)
      a[i] = v
      b[i] = v
    }
  }

  /// Largest |u - v| over `count` entries, and the largest |v|.
  static func difference(_ u: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, count: Int) -> (Double, Double) {
    var diff = 0.0, size = 0.0
    for i in 0..<count {
      diff = max(diff, abs(u[i] - v[i]))
      size = max(size, abs(v[i]))
    }
    return (diff, size)
  }

  static func isSymmetric(_ s: KalmanStorage) -> Bool {
    let n = s.stateCount
    for i in 0..<n { for j in 0..<n where s.P[i * n + j] != s.P[j * n + i] { return false } }
    return true
  }

  @Test("Both backends give the same x, P and Mahalanobis distance on long random sequences",
        arguments: Shape.all)
  func backendsAgree(shape: Shape) {
    let (n, k, seed) = (shape.n, shape.k, shape.seed)
    var random = SplitMix64(seed: seed)
    let gsl = GSLKalmanBackend(stateCount: n, measurementCapacity: shape.capacity)
    let swift = SwiftKalmanBackend(stateCount: n, measurementCapacity: shape.capacity)
    let g = gsl.storage, s = swift.storage
    Self.write(g.x, s.x, count: n) { _ in random.normal() }
    Self.writeSPD(g.P, s.P, size: n, scale: 1, ridge: 0.1, &random)
    let tolerance = 1e-9
    for step in 0..<400 {
      // F near a contraction, so P stays bounded; Q = B Bᵀ / n + 1e-3 I.
      Self.write(g.F, s.F, count: n * n) { i in (i / n == i % n ? 0.95 : 0) + 0.15 * random.normal() / Double(n).squareRoot() }
      Self.writeSPD(g.Q, s.Q, size: n, scale: 0.1 / Double(n), ridge: 1e-3, &random)
      let predicted = (gsl.predict(), swift.predict())
      guard case .success = predicted.0, case .success = predicted.1 else {
        Issue.record("predict failed at step \(step): \(predicted), seed \(seed)")
        return
      }
      // H is k x n (row stride n); R is k x k with row stride k.
      Self.write(g.H, s.H, count: k * n) { _ in random.normal() }
      Self.writeSPD(g.R, s.R, size: k, scale: 0.25, ridge: 0.05, &random)
      let linear = step % 5 != 0
      if linear {
        Self.write(g.z, s.z, count: k) { _ in 3 * random.normal() }
      } else {
        Self.write(g.y, s.y, count: k) { _ in 3 * random.normal() }  // y = z - h(x) from the caller
      }
      let innovated = (gsl.innovate(measurementCount: k, linear: linear), swift.innovate(measurementCount: k, linear: linear))
      guard case .success(let d2GSL) = innovated.0, case .success(let d2Swift) = innovated.1 else {
        Issue.record("innovate failed at step \(step): \(innovated), seed \(seed)")
        return
      }
      #expect(isClose(d2GSL, d2Swift, relative: tolerance, floor: 1), "y'S^-1y at step \(step), seed \(seed)")
      let corrected = (gsl.correct(measurementCount: k), swift.correct(measurementCount: k))
      guard case .success = corrected.0, case .success = corrected.1 else {
        Issue.record("correct failed at step \(step): \(corrected), seed \(seed)")
        return
      }
      let (dx, sizeX) = Self.difference(g.x, s.x, count: n)
      let (dP, sizeP) = Self.difference(g.P, s.P, count: n * n)
      #expect(dx <= tolerance * max(1, sizeX), "x differs by \(dx) at step \(step), seed \(seed)")
      #expect(dP <= tolerance * max(1, sizeP), "P differs by \(dP) at step \(step), seed \(seed)")
      #expect(Self.isSymmetric(g) && Self.isSymmetric(s), "P not symmetric at step \(step), seed \(seed)")
      let pArray = (0..<n * n).map { s.P[$0] }
      #expect(choleskySucceeds(pArray, n), "P not positive definite at step \(step), seed \(seed)")
      if dx > tolerance * max(1, sizeX) || dP > tolerance * max(1, sizeP) { return }
    }
  }

  struct FailureCase: Sendable, CustomTestStringConvertible {
    var backend: BackendKind
    var shape: Shape
    var testDescription: String { "\(backend.testDescription), \(shape.testDescription)" }
    static let all = BackendKind.allCases.flatMap { b in Shape.all.map { FailureCase(backend: b, shape: $0) } }
  }

  static func innovateWithNegativeR<B: KalmanBackend>(_: B.Type, _ shape: Shape) -> Result<Double, LinearAlgebraError> {
    let backend = B(stateCount: shape.n, measurementCapacity: shape.capacity)
    let s = backend.storage
    let (n, k) = (shape.n, shape.k)
    var random = SplitMix64(seed: shape.seed)
    for i in 0..<n { s.P[i * n + i] = 1 }
    for i in 0..<k * n { s.H[i] = 0.1 * random.normal() }  // H Hᵀ is far below 10 I
    for i in 0..<k { s.R[i * k + i] = -10; s.z[i] = 1 }
    return backend.innovate(measurementCount: k, linear: true)
  }

  @Test("innovate reports a non-positive-definite S instead of trapping", arguments: FailureCase.all)
  func negativeMeasurementNoiseFails(_ c: FailureCase) {
    let result = switch c.backend {
    case .gsl: Self.innovateWithNegativeR(GSLKalmanBackend.self, c.shape)
    case .swift: Self.innovateWithNegativeR(SwiftKalmanBackend.self, c.shape)
    }
    #expect(result == .failure(.notPositiveDefinite), "seed \(c.shape.seed)")
  }
}
#endif
