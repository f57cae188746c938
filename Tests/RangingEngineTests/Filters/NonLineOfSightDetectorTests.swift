// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The NLOS probability against the forward recursion computed independently
/// with SciPy's normal densities (scripts/reference/nlos_detector_reference.py).
@Suite("NonLineOfSightDetector")
struct NonLineOfSightDetectorTests {
  @Test("Follows the SciPy forward recursion to 1e-5 through a step, an outlier and back")
  func matchesReference() {
    var detector = NonLineOfSightDetector()
    #expect(abs(detector.probability - 3.0 / 13.0) < 1e-15)
    for (index, step) in nonLineOfSightReference.enumerated() {
      detector.update(innovation: step.y, innovationVariance: step.s, dt: step.dt)
      // 1e-5: the core's 2^x is good to 3.5e-6 relative (ExponentialFunction), and a
      // relative error e in Λ moves π by at most e π (1 - π) <= e / 4 per update
      #expect(abs(detector.probability - step.probability) <= 1e-5, "step \(index)")
    }
  }

  @Test("A +0.5 m step raises the probability above 0.9; line-of-sight updates bring it below 0.1")
  func stepAndRecovery() {
    var detector = NonLineOfSightDetector()
    for _ in 0..<5 { detector.update(innovation: 0, innovationVariance: 0.0025, dt: 0.2) }
    #expect(detector.probability < 0.1)
    detector.update(innovation: 0.5, innovationVariance: 0.0025, dt: 0.2)
    #expect(detector.probability > 0.9)
    for _ in 0..<3 { detector.update(innovation: 0, innovationVariance: 0.0025, dt: 0.2) }
    #expect(detector.probability < 0.1)
  }

  @Test("A NaN innovation variance leaves the probability as it was; huge innovations keep it in [0, 1]")
  func staysAProbability() {
    var detector = NonLineOfSightDetector()
    let before = detector.probability
    detector.update(innovation: 1, innovationVariance: .nan, dt: 0.2)
    #expect(detector.probability == before)
    detector.update(innovation: .nan, innovationVariance: 0.01, dt: 0.2)
    detector.update(innovation: .infinity, innovationVariance: 0.01, dt: 0.2)
    #expect(detector.probability == before)
    for y in [1e6, -1e6, 1e-300, 0] {
      detector.update(innovation: y, innovationVariance: 1e-12, dt: 1)
      #expect(detector.probability >= 0 && detector.probability <= 1)
    }
    detector.reset()
    #expect(abs(detector.probability - NonLineOfSightDetector.initialProbability) < 1e-15)
  }
}
