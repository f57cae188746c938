// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import RangingEngine
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

  @Test("½ log2 κ is the normalisation 1/√κ as a power of two")
  func halfLog2VarianceFactor() {
    let expected = 0.5 * Foundation.log2(NonLineOfSightDetector.varianceFactor)
    #expect(abs(NonLineOfSightDetector.halfLog2VarianceFactor - expected) <= 2 * expected.ulp)
    #expect(abs(Foundation.exp2(-NonLineOfSightDetector.halfLog2VarianceFactor)
      - 1 / NonLineOfSightDetector.varianceFactor.squareRoot()) <= 1e-15)
  }

  @Test("Rescaling the weights changes no probability: 40 updates at the 2^87 clamp, then line of sight, against the normalised recursion")
  func rescalingKeepsTheProbability() {
    // The normalised forward recursion (π, not the detector's unnormalised
    // weights), with Λ from the C library's exp2 of the same clamped log2 ratio.
    func referenceStep(_ p: Double, y: Double, S: Double, dt: Double) -> Double {
      let b = NonLineOfSightDetector.biasMeters, kappa = NonLineOfSightDetector.varianceFactor
      let log2Ratio = (y * y - (y - b) * (y - b) / kappa) / (2 * S) / Foundation.log(2) - 0.5 * Foundation.log2(kappa)
      let ratio = Foundation.exp2(min(max(log2Ratio, -87), 87))
      let stationary = NonLineOfSightDetector.initialProbability
      let prior = p + min(1, (1 / NonLineOfSightDetector.meanLineOfSightSeconds
        + 1 / NonLineOfSightDetector.meanNonLineOfSightSeconds) * dt) * (stationary - p)
      return prior * ratio / (prior * ratio + 1 - prior)
    }
    var detector = NonLineOfSightDetector()
    var reference = NonLineOfSightDetector.initialProbability
    // Λ = 2^87 forty times: without rescaling the weights' sum would pass 2^3000.
    let steps = Array(repeating: (y: 1e6, S: 1e-12, dt: 0.01), count: 40)
      + (0..<60).map { i in (y: 0.01 * Double(i % 5 - 2), S: 0.0025, dt: 0.2) }
    for (index, step) in steps.enumerated() {
      detector.update(innovation: step.y, innovationVariance: step.S, dt: step.dt)
      reference = referenceStep(reference, y: step.y, S: step.S, dt: step.dt)
      #expect(detector.probability.isFinite && abs(detector.probability - reference) <= 1e-5, "step \(index)")
    }
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
