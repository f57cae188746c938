// SPDX-License-Identifier: Apache-2.0
// Held to GSL: runs in builds with the package's GSL trait (the default).
#if GSL
import RangingEngine
import Testing

/// GSLKalmanBackend's six-state path (GSLKalmanBackend+SixState.swift) held
/// to the Kalman equations written out here with dense matrices (no shape
/// assumed, the Joseph form as its product `(I - K H) P (I - K H)ᵀ + K R Kᵀ`),
/// on the shapes the path is written for (`F = [I dt·I; 0 I]`, `H = [I 0]`,
/// one-component rows) and on shapes one entry away from them, which must
/// take the general steps: were they sent down the structured path, the
/// result would be off by about the 1e-3 of the moved entry.
@Suite("GSLKalmanBackend six-state path")
struct GSLSixStatePathTests {
  static let n = 6

  /// The filter state and steps in plain arrays (row-major), for any F and H.
  struct DenseReference {
    var x: [Double]
    var P: [Double]

    static func product(_ a: [Double], _ b: [Double], _ rows: Int, _ inner: Int, _ cols: Int) -> [Double] {
      var c = [Double](repeating: 0, count: rows * cols)
      for i in 0..<rows {
        for j in 0..<cols {
          var sum = 0.0
          for l in 0..<inner { sum += a[i * inner + l] * b[l * cols + j] }
          c[i * cols + j] = sum
        }
      }
      return c
    }

    static func transpose(_ a: [Double], _ rows: Int, _ cols: Int) -> [Double] {
      var t = [Double](repeating: 0, count: rows * cols)
      for i in 0..<rows { for j in 0..<cols { t[j * rows + i] = a[i * cols + j] } }
      return t
    }

    /// `x = F x`, `P = F P Fᵀ + Q`.
    mutating func predict(F: [Double], Q: [Double]) {
      let n = GSLSixStatePathTests.n
      x = Self.product(F, x, n, n, 1)
      let fpft = Self.product(Self.product(F, P, n, n, n), Self.transpose(F, n, n), n, n, n)
      P = (0..<n * n).map { fpft[$0] + Q[$0] }
    }

    /// `S = H P Hᵀ + R`, `K = P Hᵀ S⁻¹`, `x = x + K y`, Joseph-form P.
    /// Returns `yᵀ S⁻¹ y` and K (n x k), or nil when S is not positive definite.
    mutating func update(H: [Double], R: [Double], y: [Double], k: Int) -> (distance: Double, gain: [Double])? {
      let n = GSLSixStatePathTests.n
      let pht = Self.product(P, Self.transpose(H, k, n), n, n, k)
      let hpht = Self.product(H, pht, k, n, k)
      let s = (0..<k * k).map { hpht[$0] + R[$0] }
      guard let inverse = Self.inverseSPD(s, k) else { return nil }
      let gain = Self.product(pht, inverse, n, k, k)
      let distance = Self.product(y, Self.product(inverse, y, k, k, 1), 1, k, 1)[0]
      let ky = Self.product(gain, y, n, k, 1)
      x = (0..<n).map { x[$0] + ky[$0] }
      let kh = Self.product(gain, H, n, k, n)
      let a = (0..<n * n).map { (($0 / n == $0 % n) ? 1 : 0) - kh[$0] }
      let apat = Self.product(Self.product(a, P, n, n, n), Self.transpose(a, n, n), n, n, n)
      let krkt = Self.product(Self.product(gain, R, n, k, k), Self.transpose(gain, n, k), n, k, n)
      P = (0..<n * n).map { apat[$0] + krkt[$0] }
      return (distance, gain)
    }

    /// The inverse of a small SPD matrix by Gauss-Jordan elimination with
    /// pivots checked positive (none is skipped for an SPD matrix).
    static func inverseSPD(_ a: [Double], _ k: Int) -> [Double]? {
      guard choleskySucceeds(a, k) else { return nil }
      var m = a
      var inverse = (0..<k * k).map { ($0 / k == $0 % k) ? 1.0 : 0.0 }
      for c in 0..<k {
        let pivot = m[c * k + c]
        for j in 0..<k {
          m[c * k + j] /= pivot
          inverse[c * k + j] /= pivot
        }
        for r in 0..<k where r != c {
          let factor = m[r * k + c]
          for j in 0..<k {
            m[r * k + j] -= factor * m[c * k + j]
            inverse[r * k + j] -= factor * inverse[c * k + j]
          }
        }
      }
      return inverse
    }
  }

  static func randomSPD(size: Int, scale: Double, ridge: Double, _ random: inout SplitMix64) -> [Double] {
    let m = (0..<size * size).map { _ in random.normal() }
    var a = [Double](repeating: 0, count: size * size)
    for i in 0..<size {
      for j in 0..<size {
        var sum = i == j ? ridge : 0
        for l in 0..<size { sum += scale * m[i * size + l] * m[j * size + l] }
        a[i * size + j] = sum
      }
    }
    return a
  }

  /// `[I dt·I; 0 I]` with entry `bumped` (if any) moved by 1e-3.
  static func transition(dt: Double, kept: Double = 1, bumped: Int?) -> [Double] {
    (0..<36).map { index in
      let (i, j) = (index / 6, index % 6)
      let value: Double = i == j ? (i < 3 ? 1 : kept) : (i < 3 && j == i + 3 ? dt : 0)
      return index == bumped ? value + 1e-3 : value
    }
  }

  /// `[I 0]` (3 x 6) with entry `bumped` (if any) moved by 1e-3.
  static func positionRows(bumped: Int?) -> [Double] {
    (0..<18).map { index in (index / 6 == index % 6 ? 1 : 0) + (index == bumped ? 1e-3 : 0) }
  }

  static func write(_ values: [Double], to pointer: UnsafeMutablePointer<Double>) {
    for (i, v) in values.enumerated() { pointer[i] = v }
  }

  static func array(_ pointer: UnsafeMutablePointer<Double>, _ count: Int) -> [Double] {
    (0..<count).map { pointer[$0] }
  }

  /// Largest |a - b| against `tolerance · max(1, largest |b|)`.
  static func agree(_ a: [Double], _ b: [Double], tolerance: Double = 1e-9) -> Bool {
    var difference = 0.0, size = 0.0
    for i in a.indices {
      difference = max(difference, abs(a[i] - b[i]))
      size = max(size, abs(b[i]))
    }
    return difference <= tolerance * max(1, size)
  }

  static func succeeded(_ result: Result<Void, LinearAlgebraError>) -> Bool {
    if case .success = result { return true }
    return false
  }

  static func isSymmetric(_ p: UnsafeMutablePointer<Double>) -> Bool {
    for i in 0..<6 { for j in 0..<6 where p[i * 6 + j] != p[j * 6 + i] { return false } }
    return true
  }

  typealias Case = SixStateShapeCase

  @Test("GSL agrees with the dense equations to 1e-9 on long random sequences", arguments: Case.all)
  func agreesWithDenseReference(c: Case) {
    let (n, k, seed) = (Self.n, c.k, c.seed(0x6516_5A7E))
    var random = SplitMix64(seed: seed)
    let backend = GSLKalmanBackend(stateCount: n, measurementCapacity: 3)
    let s = backend.storage
    var reference = DenseReference(
      x: (0..<n).map { _ in random.normal() }, P: Self.randomSPD(size: n, scale: 1, ridge: 0.1, &random))
    Self.write(reference.x, to: s.x)
    Self.write(reference.P, to: s.P)
    for step in 0..<400 {
      let dt = 0.01 + 0.5 * random.uniform()
      // Constant velocity on even steps, a decaying velocity on odd ones.
      let kept = step % 2 == 0 ? 1 : 0.5 + 0.5 * random.uniform()
      let f = Self.transition(dt: dt, kept: kept, bumped: c.structuredF ? nil : Int(random.next() % 36))
      let q = Self.randomSPD(size: n, scale: 0.05 * dt, ridge: 1e-4, &random)
      Self.write(f, to: s.F)
      Self.write(q, to: s.Q)
      reference.predict(F: f, Q: q)
      guard case .success = backend.predict() else {
        Issue.record("predict failed at step \(step), seed \(seed)")
        return
      }
      #expect(Self.agree(Self.array(s.x, n), reference.x), "predicted x at step \(step), seed \(seed)")
      #expect(Self.agree(Self.array(s.P, n * n), reference.P), "predicted P at step \(step), seed \(seed)")

      let h: [Double]
      if k == 3 {
        h = Self.positionRows(bumped: c.structuredH ? nil : Int(random.next() % 18))
      } else {
        h = (0..<n).map { j in c.structuredH && j >= 3 ? 0 : random.normal() }
      }
      let r = Self.randomSPD(size: k, scale: 0.25, ridge: 0.05, &random)
      Self.write(h, to: s.H)
      Self.write(r, to: s.R)
      let linear = step % 5 != 0
      var y: [Double]
      if linear {
        let z = (0..<k).map { i in s.x[i] + random.normal() }
        Self.write(z, to: s.z)
        let hx = DenseReference.product(h, reference.x, k, n, 1)
        y = (0..<k).map { z[$0] - hx[$0] }
      } else {
        y = (0..<k).map { _ in random.normal() }
        Self.write(y, to: s.y)
      }
      guard case .success(let distance) = backend.innovate(measurementCount: k, linear: linear) else {
        Issue.record("innovate failed at step \(step), seed \(seed)")
        return
      }
      #expect(Self.agree(Self.array(s.y, k), y), "y at step \(step), seed \(seed)")
      guard let expected = reference.update(H: h, R: r, y: y, k: k) else {
        Issue.record("the reference's S is not positive definite at step \(step), seed \(seed)")
        return
      }
      #expect(isClose(distance, expected.distance, relative: 1e-9, floor: 1), "y'S^-1y at step \(step), seed \(seed)")
      guard case .success = backend.correct(measurementCount: k) else {
        Issue.record("correct failed at step \(step), seed \(seed)")
        return
      }
      let xAgrees = Self.agree(Self.array(s.x, n), reference.x)
      let pAgrees = Self.agree(Self.array(s.P, n * n), reference.P)
      #expect(xAgrees, "x at step \(step), seed \(seed)")
      #expect(pAgrees, "P at step \(step), seed \(seed)")
      #expect(Self.agree(Self.array(s.K, n * k), expected.gain), "K at step \(step), seed \(seed)")
      #expect(Self.isSymmetric(s.P), "P not symmetric at step \(step), seed \(seed)")
      #expect(choleskySucceeds(Self.array(s.P, n * n), n), "P not positive definite at step \(step), seed \(seed)")
      if !xAgrees || !pAgrees { return }
      // Continue from the backend's state, so that rounding differences do not accumulate.
      reference.x = Self.array(s.x, n)
      reference.P = Self.array(s.P, n * n)
    }
  }

  @Test("Each entry of F moved by 1e-3 takes the general predict", arguments: 0..<36)
  func perturbedTransitionTakesGeneralPath(entry: Int) {
    var random = SplitMix64(seed: 0xF00D &+ UInt64(entry))
    let backend = GSLKalmanBackend(stateCount: Self.n, measurementCapacity: 3)
    let s = backend.storage
    var reference = DenseReference(
      x: (0..<6).map { _ in random.normal() }, P: Self.randomSPD(size: 6, scale: 1, ridge: 0.1, &random))
    Self.write(reference.x, to: s.x)
    Self.write(reference.P, to: s.P)
    let f = Self.transition(dt: 0.25, bumped: entry)
    let q = Self.randomSPD(size: 6, scale: 0.01, ridge: 1e-4, &random)
    Self.write(f, to: s.F)
    Self.write(q, to: s.Q)
    reference.predict(F: f, Q: q)
    #expect(Self.succeeded(backend.predict()))
    #expect(Self.agree(Self.array(s.x, 6), reference.x, tolerance: 1e-12))
    #expect(Self.agree(Self.array(s.P, 36), reference.P, tolerance: 1e-12))
  }

  @Test("Each entry of H moved by 1e-3 takes the general position update", arguments: 0..<18)
  func perturbedMeasurementMatrixTakesGeneralPath(entry: Int) {
    var random = SplitMix64(seed: 0xBEEF &+ UInt64(entry))
    let backend = GSLKalmanBackend(stateCount: Self.n, measurementCapacity: 3)
    let s = backend.storage
    var reference = DenseReference(
      x: (0..<6).map { _ in random.normal() }, P: Self.randomSPD(size: 6, scale: 1, ridge: 0.1, &random))
    Self.write(reference.x, to: s.x)
    Self.write(reference.P, to: s.P)
    let h = Self.positionRows(bumped: entry)
    let r = Self.randomSPD(size: 3, scale: 0.01, ridge: 0.01, &random)
    let z = (0..<3).map { _ in random.normal() }
    Self.write(h, to: s.H)
    Self.write(r, to: s.R)
    Self.write(z, to: s.z)
    let hx = DenseReference.product(h, reference.x, 3, 6, 1)
    let expected = reference.update(H: h, R: r, y: (0..<3).map { z[$0] - hx[$0] }, k: 3)
    guard case .success(let distance) = backend.innovate(measurementCount: 3, linear: true), let expected else {
      Issue.record("innovate failed")
      return
    }
    #expect(isClose(distance, expected.distance, relative: 1e-12, floor: 1))
    #expect(Self.succeeded(backend.correct(measurementCount: 3)))
    #expect(Self.agree(Self.array(s.x, 6), reference.x, tolerance: 1e-12))
    #expect(Self.agree(Self.array(s.P, 36), reference.P, tolerance: 1e-12))
    #expect(Self.agree(Self.array(s.K, 18), expected.gain, tolerance: 1e-12))
  }

  @Test("The predict is the model's arithmetic written out, to the bit, with and without velocity decay", arguments: [1, 0.8])
  func predictIsWrittenOutModel(kept: Double) {
    var random = SplitMix64(seed: 0x0B17)
    let backend = GSLKalmanBackend(stateCount: Self.n, measurementCapacity: 3)
    let s = backend.storage
    let x = (0..<6).map { _ in random.normal() }
    let p = Self.randomSPD(size: 6, scale: 1, ridge: 0.1, &random)
    let q = Self.randomSPD(size: 6, scale: 0.01, ridge: 1e-4, &random)
    let dt = 0.1 + random.uniform()
    Self.write(x, to: s.x)
    Self.write(p, to: s.P)
    Self.write(Self.transition(dt: dt, kept: kept, bumped: nil), to: s.F)
    Self.write(q, to: s.Q)
    #expect(Self.succeeded(backend.predict()))
    // x = F x and A = F P: a position entry plus dt times its velocity entry;
    // a velocity entry times kept.
    let expectedX = (0..<6).map { i in i < 3 ? x[i] + dt * x[i + 3] : kept * x[i] }
    let a = (0..<36).map { index in index < 18 ? p[index] + dt * p[index + 18] : kept * p[index] }
    // A Fᵀ + Q: a position column plus dt times its velocity column, a
    // velocity column times kept, then Q; then (P + Pᵀ) / 2.
    let afq = (0..<36).map { index in
      let (i, j) = (index / 6, index % 6)
      return (j < 3 ? a[i * 6 + j] + dt * a[i * 6 + j + 3] : kept * a[i * 6 + j]) + q[index]
    }
    let expectedP = (0..<36).map { index in
      let (i, j) = (index / 6, index % 6)
      return i == j ? afq[index] : 0.5 * (afq[min(i, j) * 6 + max(i, j)] + afq[max(i, j) * 6 + min(i, j)])
    }
    #expect(Self.array(s.x, 6) == expectedX)
    #expect(Self.array(s.P, 36) == expectedP)
  }

  @Test("A position update whose S is not positive definite fails on the six-state path")
  func positionUpdateFailsOnNegativeNoise() {
    let backend = GSLKalmanBackend(stateCount: 6, measurementCapacity: 3)
    let s = backend.storage
    for i in 0..<6 { s.P[i * 6 + i] = 1 }
    for i in 0..<3 { s.H[i * 6 + i] = 1 }
    // S = Ppp + R: positive in its first two pivots, not the third.
    s.R[0] = 1; s.R[4] = 1; s.R[8] = -5
    #expect(backend.innovate(measurementCount: 3, linear: true) == .failure(.notPositiveDefinite))
  }

  @Test("A one-component update whose S is not positive (or NaN) fails on the six-state path")
  func scalarUpdateFailsOnNegativeNoise() {
    let backend = GSLKalmanBackend(stateCount: 6, measurementCapacity: 3)
    let s = backend.storage
    for i in 0..<6 { s.P[i * 6 + i] = 1 }
    s.H[0] = 0.6; s.H[2] = 0.8
    s.R[0] = -2
    #expect(backend.innovate(measurementCount: 1, linear: true) == .failure(.notPositiveDefinite))
    s.R[0] = .nan
    #expect(backend.innovate(measurementCount: 1, linear: true) == .failure(.notPositiveDefinite))
  }
}
#endif
