// SPDX-License-Identifier: Apache-2.0
// Held to GSL: runs in builds with the package's GSL trait (the default).
#if GSL
import RangingEngine
import Testing

/// SwiftKalmanBackend's six-state path (SwiftKalmanBackend+SixState.swift)
/// held to GSLKalmanBackend, which shares no code with it, on the shapes the
/// path is written for (`F = [I b·I; 0 a·I]`, `H = [I 0]`, one-component rows)
/// and on shapes one entry away from them, which must take the loops.
@Suite("SwiftKalmanBackend six-state path")
struct SixStatePathTests {
  typealias Case = SixStateShapeCase

  static let n = 6

  /// `[I dt·I; 0 kept·I]`, and with `perturbed` one entry (chosen at random) moved by 1e-3.
  static func writeTransition(
    _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, dt: Double, kept: Double, perturbed: Bool,
    _ random: inout SplitMix64
  ) {
    let bumped = perturbed ? Int(random.next() % 36) : -1
    KalmanBackendTests.write(a, b, count: 36) { index in
      let (i, j) = (index / 6, index % 6)
      let value: Double = i == j ? (i < 3 ? 1 : kept) : (i < 3 && j == i + 3 ? dt : 0)
      return index == bumped ? value + 1e-3 : value
    }
  }

  /// Rows of the measurement matrix for `c` (see ``Case``).
  static func writeMeasurementMatrix(
    _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, _ c: Case, _ random: inout SplitMix64
  ) {
    if c.k == 3 {
      let bumped = c.structuredH ? -1 : Int(random.next() % 18)
      KalmanBackendTests.write(a, b, count: 18) { index in
        (index / 6 == index % 6 ? 1 : 0) + (index == bumped ? 1e-3 : 0)
      }
    } else {
      KalmanBackendTests.write(a, b, count: 6) { j in c.structuredH && j >= 3 ? 0 : random.normal() }
    }
  }

  @Test("The six-state path agrees with GSL to 1e-9 on long random sequences", arguments: Case.all)
  func agreesWithGSL(c: Case) {
    let (n, k, seed) = (Self.n, c.k, c.seed(0x5EC5_7A7E))
    var random = SplitMix64(seed: seed)
    let gsl = GSLKalmanBackend(stateCount: n, measurementCapacity: 3)
    let swift = SwiftKalmanBackend(stateCount: n, measurementCapacity: 3)
    let g = gsl.storage, s = swift.storage
    KalmanBackendTests.write(g.x, s.x, count: n) { _ in random.normal() }
    KalmanBackendTests.writeSPD(g.P, s.P, size: n, scale: 1, ridge: 0.1, &random)
    let tolerance = 1e-9
    for step in 0..<400 {
      let dt = 0.01 + 0.5 * random.uniform()
      // Constant velocity on even steps, a decaying velocity on odd ones.
      let kept = step % 2 == 0 ? 1 : 0.5 + 0.5 * random.uniform()
      Self.writeTransition(g.F, s.F, dt: dt, kept: kept, perturbed: !c.structuredF, &random)
      KalmanBackendTests.writeSPD(g.Q, s.Q, size: n, scale: 0.05 * dt, ridge: 1e-4, &random)
      let predicted = (gsl.predict(), swift.predict())
      guard case .success = predicted.0, case .success = predicted.1 else {
        Issue.record("predict failed at step \(step): \(predicted), seed \(seed)")
        return
      }
      let (dPredicted, sizePredicted) = KalmanBackendTests.difference(g.P, s.P, count: n * n)
      #expect(dPredicted <= tolerance * max(1, sizePredicted), "predicted P differs by \(dPredicted) at step \(step)")
      Self.writeMeasurementMatrix(g.H, s.H, c, &random)
      KalmanBackendTests.writeSPD(g.R, s.R, size: k, scale: 0.25, ridge: 0.05, &random)
      let linear = step % 5 != 0
      if linear {
        KalmanBackendTests.write(g.z, s.z, count: k) { i in s.x[i] + random.normal() }
      } else {
        KalmanBackendTests.write(g.y, s.y, count: k) { _ in random.normal() }
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
      let (dx, sizeX) = KalmanBackendTests.difference(g.x, s.x, count: n)
      let (dP, sizeP) = KalmanBackendTests.difference(g.P, s.P, count: n * n)
      let (dK, sizeK) = KalmanBackendTests.difference(g.K, s.K, count: n * k)
      #expect(dx <= tolerance * max(1, sizeX), "x differs by \(dx) at step \(step), seed \(seed)")
      #expect(dP <= tolerance * max(1, sizeP), "P differs by \(dP) at step \(step), seed \(seed)")
      #expect(dK <= tolerance * max(1, sizeK), "K differs by \(dK) at step \(step), seed \(seed)")
      #expect(KalmanBackendTests.isSymmetric(s), "P not symmetric at step \(step), seed \(seed)")
      let pArray = (0..<n * n).map { s.P[$0] }
      #expect(choleskySucceeds(pArray, n), "P not positive definite at step \(step), seed \(seed)")
      if dx > tolerance * max(1, sizeX) || dP > tolerance * max(1, sizeP) || dPredicted > tolerance * max(1, sizePredicted) {
        return
      }
    }
  }

  @Test("A position update whose S is not positive definite fails on the six-state path")
  func positionUpdateFailsOnNegativeNoise() {
    let backend = SwiftKalmanBackend(stateCount: 6, measurementCapacity: 3)
    let s = backend.storage
    for i in 0..<6 { s.P[i * 6 + i] = 1 }
    for i in 0..<3 { s.H[i * 6 + i] = 1 }
    // S = Ppp + R: positive in its first two pivots, not the third.
    s.R[0] = 1; s.R[4] = 1; s.R[8] = -5
    #expect(backend.innovate(measurementCount: 3, linear: true) == .failure(.notPositiveDefinite))
    s.R[8] = .nan
    #expect(backend.innovate(measurementCount: 3, linear: true) == .failure(.notPositiveDefinite))
  }
}
#endif
