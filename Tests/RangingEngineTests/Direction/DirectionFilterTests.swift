// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@Suite("DirectionFilter")
struct DirectionFilterTests {
  /// Configuration whose field-of-view evidence has no weight, so a test sees one update alone.
  static func configuration(
    rangeSigma: Double = 0.05, angleSigmaDegrees: Double = 4, velocitySigma: Double = 1, q: Double = 1
  ) -> DirectionFilterConfiguration {
    DirectionFilterConfiguration(
      accelerationSpectralDensity: q, rangeSigmaMeters: rangeSigma, angleSigmaRadians: angleSigmaDegrees * .pi / 180,
      initialVelocitySigmaMetersPerSecond: velocitySigma, fieldOfViewEdgeSigmaRadians: 1e6)
  }

  static func at(_ seconds: Double, distance: Double? = nil, direction: Direction? = nil) -> RangingUpdate {
    RangingUpdate(time: Timestamp(seconds: seconds), distanceMeters: distance, direction: direction)
  }

  @Test("A range-only update moves the position along the ray by P u y / (uᵀ P u + r²)", arguments: BackendKind.allCases)
  func rangeOnlyGeometry(backend: BackendKind) {
    // Start 2 m straight ahead. R_pos has u = (0,0,-1) as an eigenvector with
    // eigenvalue σr², so P u = σr² u and uᵀ P u = σr²; a range update of d
    // with the same σr moves the position by σr² / (σr² + σr²) · (d - 2) = (d - 2) / 2
    // along u, and leaves the along-ray variance σr² - σr⁴ / (2σr²) = σr² / 2.
    let filter = AnyDirectionFilter(backend, Self.configuration())
    filter.update(Self.at(0, distance: 2, direction: Direction(x: 0, y: 0, z: -1)))
    filter.update(Self.at(0, distance: 2.3))
    let p = filter.position
    #expect(abs(p.x) < 1e-12 && abs(p.y) < 1e-12)
    #expect(abs(p.z - (-2.15)) < 1e-12)
    #expect(abs(filter.covariance(2, 2) - 0.05 * 0.05 / 2) < 1e-12)
    // Across the ray nothing changes: (d σθ)² with d = 2.
    let across = (2 * 4 * Double.pi / 180) * (2 * 4 * Double.pi / 180)
    #expect(abs(filter.covariance(0, 0) - across) < 1e-12)
  }

  @Test("Off the axis, the range update follows Δp = P u (d - |p|) / (uᵀ P u + r²) with P from the documented R", arguments: BackendKind.allCases)
  func rangeOnlyGeometryOffAxis(backend: BackendKind) {
    // u = (0.6, 0, -0.8), d = 3: P_pp = σr² u uᵀ + (d σθ)² (I - u uᵀ); P u = σr² u again
    // (u is an eigenvector), so the move is along u by (d' - 3) / 2. Written out per axis.
    let u = Direction(x: 0.6, y: 0, z: -0.8)
    let filter = AnyDirectionFilter(backend, Self.configuration())
    filter.update(Self.at(1, distance: 3, direction: u))
    filter.update(Self.at(1, distance: 2.8))
    let p = filter.position
    let expected = 3 + (2.8 - 3) / 2
    #expect(abs(p.x - 0.6 * expected) < 1e-12)
    #expect(abs(p.z - (-0.8 * expected)) < 1e-12)
  }

  @Test(
    "Coasting: the angular sigma grows as sqrt((dσθ)² + (τ(1-a))²σv² + q τ²(t - 2τ(1-a) + τ(1-a²)/2)) / d, a = e^(-t/τ)",
    arguments: BackendKind.allCases)
  func coastingSigma(backend: BackendKind) {
    // At the start P_pp across the ray is (d σθ)², P_vv = σv² I, P_pv = 0. With no
    // measurement the variance after t is that of one step of length t, F(t) P(0) F(t)ᵀ
    // + Q(t), because the continuous-time model composes exactly: the position part
    // of the Ornstein-Uhlenbeck velocity's transition and noise, written out here.
    let d = 2.0, sigmaTheta = 4 * Double.pi / 180, sigmaV = 1.0, q = 1.0
    let tau = DirectionFilterConfiguration().velocityCorrelationSeconds
    let filter = AnyDirectionFilter(backend, Self.configuration(velocitySigma: sigmaV, q: q))
    filter.update(Self.at(0, distance: d, direction: Direction(x: 0, y: 0, z: -1)))
    for t in [0.2, 0.5, 1.0, 1.5] {
      let estimate = filter.update(Self.at(t))
      let a = Foundation.exp(-t / tau)
      let across = (d * sigmaTheta) * (d * sigmaTheta) + (tau * (1 - a)) * (tau * (1 - a)) * sigmaV * sigmaV
        + q * tau * tau * (t - 2 * tau * (1 - a) + tau * (1 - a * a) / 2)
      #expect(abs(estimate.angleSigmaRadians - across.squareRoot() / d) < 1e-12, "t = \(t)")
      // Predicted while the sigma is within the 30° default limit, unknown past it.
      let limit = DirectionFilterConfiguration().unknownAngleSigmaRadians
      #expect(estimate.state == (across.squareRoot() / d <= limit ? .predicted : .unknown), "t = \(t)")
    }
  }

  @Test("The state goes measured, predicted, then unknown when the sigma passes its limit")
  func stateMachine() {
    let filter = AnyDirectionFilter(.swift, Self.configuration())
    #expect(filter.update(Self.at(0, distance: 1)).state == .unknown)  // no direction yet: no track
    #expect(filter.update(Self.at(0.1, distance: 2, direction: Direction(x: 0, y: 0, z: -1))).state == .measured)
    #expect(filter.update(Self.at(0.3, distance: 2)).state == .predicted)
    // The 25° default limit at 2 m needs 0.87 m of spread across the ray; with
    // τ = 1.5 s the formula of coastingSigma gives 24.98° 1.0 s after the
    // direction (t = 1.1) and 27.06° at 1.1 s (t = 1.2), before the 1.5 s coast limit.
    var t = 0.3
    var state = DirectionState.predicted
    while state == .predicted && t < 10 {
      t += 0.1
      state = filter.update(Self.at(t)).state
    }
    #expect(state == .unknown)
    #expect(t > 1.15 && t < 1.25, "unknown at t = \(t)")
  }

  @Test("An azimuth alone starts and keeps a measured direction at that azimuth, elevation near 0, sigma bounded",
        arguments: BackendKind.allCases)
  func azimuthOnly(_ backend: BackendKind) {
    let filter = AnyDirectionFilter(backend, DirectionFilterConfiguration())
    var last = DirectionEstimate.unknown
    for step in 0..<100 {
      // 10 Hz, 3 m, the azimuth sweeping from +0.3 to -0.2 rad (to the left of straight ahead).
      let azimuth = 0.3 - 0.005 * Double(step)
      last = filter.update(RangingUpdate(
        time: Timestamp(seconds: 0.1 * Double(step)), distanceMeters: 3, direction: nil, horizontalAngleRadians: azimuth))
      #expect(last.state == .measured, "step \(step)")
    }
    let u = try! #require(last.direction)
    // atan2(x, -z) is the azimuth (FieldOfView.azimuth); the last azimuth was 0.3 - 0.495 = -0.195 rad.
    #expect(abs(FieldOfView.azimuth(x: u.x, z: u.z) - -0.195) < 0.02)
    #expect(abs(FieldOfView.elevation(x: u.x, y: u.y, z: u.z)) < 0.01)
    // The elevation prior (30°) keeps the mean across-ray sigma bounded: below 25° (the unknown limit).
    #expect(last.angleSigmaRadians < 25 * Double.pi / 180)
  }

  #if GSL
  @Test("The GSL and Swift backends agree to 1e-9 on a long run with gaps, ranges and azimuths")
  func backendsAgree() {
    var random = SplitMix64(seed: 0xD1EC_7104)
    let gsl = AnyDirectionFilter(.gsl, DirectionFilterConfiguration())
    let swift = AnyDirectionFilter(.swift, DirectionFilterConfiguration())
    var t = 0.0
    for step in 0..<2000 {
      t += 0.05 + 0.3 * random.uniform()
      let angle = 0.3 * Double(step) / 20
      let d = 2 + 0.5 * (random.uniform() - 0.5)
      let u = Direction(x: (angle).sinApprox, y: 0.05, z: -(angle).cosApprox).normalized
      let kind = step % 7
      let update = RangingUpdate(
        time: Timestamp(seconds: t), distanceMeters: kind == 6 ? nil : d, direction: kind < 3 ? u : nil,
        horizontalAngleRadians: kind == 4 ? 0.2 : nil, vertical: kind == 5 ? .same : nil)
      let a = gsl.update(update), b = swift.update(update)
      #expect(a.state == b.state)
      for i in 0..<6 {
        for j in 0..<6 {
          let x = gsl.covariance(i, j), y = swift.covariance(i, j)
          if abs(x - y) > 1e-9 * max(1, abs(x)) {
            Issue.record("step \(step) P[\(i)][\(j)]: \(x) vs \(y)")
            return
          }
        }
      }
      let p = gsl.position, q = swift.position
      if abs(p.x - q.x) > 1e-9 || abs(p.y - q.y) > 1e-9 || abs(p.z - q.z) > 1e-9 {
        Issue.record("step \(step): position \(p) vs \(q)")
        return
      }
    }
  }
  #endif
}

extension Double {
  /// sin and cos by Taylor series for test inputs in [-2π, 2π] (the core has
  /// no Foundation, and the test needs only smooth, repeatable angles).
  var sinApprox: Double {
    var x = self
    while x > .pi { x -= 2 * .pi }
    while x < -.pi { x += 2 * .pi }
    var term = x, sum = x
    for n in stride(from: 3, through: 25, by: 2) {
      term *= -x * x / Double((n - 1) * n)
      sum += term
    }
    return sum
  }
  var cosApprox: Double { (self + .pi / 2).sinApprox }
}

/// A DirectionFilter on either backend.
final class AnyDirectionFilter {
  #if GSL
    private let gsl: DirectionFilter<GSLKalmanBackend>?
  #else
    private let gsl: DirectionFilter<SwiftKalmanBackend>? = nil  // no GSL backend in this build
  #endif
  private let swift: DirectionFilter<SwiftKalmanBackend>?

  init(_ kind: BackendKind, _ configuration: DirectionFilterConfiguration) {
    switch kind {
    #if GSL
      case .gsl: gsl = DirectionFilter(configuration: configuration); swift = nil
    #endif
    default: swift = DirectionFilter(configuration: configuration)
      #if GSL
        gsl = nil
      #endif
    }
  }

  @discardableResult
  func update(_ update: RangingUpdate, attitude: RotationMatrix? = nil) -> DirectionEstimate {
    gsl?.update(with: update, attitude: attitude) ?? swift!.update(with: update, attitude: attitude)
  }
  var isWorldFrame: Bool { gsl?.isWorldFrame ?? swift!.isWorldFrame }
  var position: (x: Double, y: Double, z: Double) { gsl?.position ?? swift!.position }
  func covariance(_ i: Int, _ j: Int) -> Double { gsl?.covariance(i, j) ?? swift!.covariance(i, j) }
}
