// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import RangingEngine
import Testing

/// When the zone decision may smooth with the object's measured σ̂
/// (`ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval:)`): the
/// threshold against its closed form, the closed form against a simulation
/// of constant-velocity motion, and the filter's decision against the
/// smoother fed the variance the rule names (the smoother with the floor
/// alone is FilterPy's textbook filter: `ZoneDecisionSmootherTests`).
@Suite("Zone decision noise")
struct ZoneDecisionNoiseTests {
  /// The interval at which the motion the decision's model expects in one
  /// pseudo-residual, q Δ³ / 9, reaches the floor's variance 0.15²: (9 · 0.15² / 0.3)^(1/3).
  static let threshold = cbrt(9 * 0.15 * 0.15 / 0.3)

  @Test("σ̂ is trusted below (9 · 0.15² / 0.3)^(1/3) = 0.877 s between readings and not from there on")
  func thresholdIsTheClosedForm() {
    #expect(abs(Self.threshold - 0.877205) < 1e-6)
    #expect(ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: Self.threshold - 1e-6))
    #expect(!ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: Self.threshold + 1e-6))
    for interval in [0.0, 0.05, 0.2, 0.5, 0.8] {
      #expect(ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: interval), "interval \(interval) s")
    }
    for interval in [0.9, 1.0, 2.0, 60, Double.infinity] {
      #expect(!ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: interval), "interval \(interval) s")
    }
    // No interval known yet (fewer than two readings, or a broken time): as before the rule.
    #expect(ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: .nan))
  }

  @Test("Constant-velocity motion of density q gives a pseudo-residual of mean square q Δ³ / 9", arguments: [0.2, 0.5, 1.0])
  func motionInAPseudoResidual(interval: Double) {
    // Three positions Δ apart of the continuous white-noise acceleration model, drawn
    // exactly (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2: Q = q [[Δ³/3, Δ²/2], [Δ²/2, Δ]],
    // sampled through its Cholesky factor), and MeasurementNoiseEstimator's pseudo-residual
    // for equal spacing, e² = (d₁ - 2 d₂ + d₃)² / 6, with no reading noise.
    let q = 0.3, dt = interval, samples = 200_000
    let l11 = (q * dt * dt * dt / 3).squareRoot()
    let l21 = q * dt * dt / 2 / l11
    let l22 = (q * dt - l21 * l21).squareRoot()
    var random = SplitMix64(seed: 0x5EED_0D15)
    var sum = 0.0
    for _ in 0..<samples {
      var d = 0.0, v = random.normal()
      var positions: [Double] = [d]
      for _ in 0..<2 {
        let z1 = random.normal(), z2 = random.normal()
        d += dt * v + l11 * z1
        v += l21 * z1 + l22 * z2
        positions.append(d)
      }
      let second = positions[0] - 2 * positions[1] + positions[2]
      sum += second * second / 6
    }
    let expected = q * dt * dt * dt / 9
    // e² / expected is a χ² with one degree of freedom: relative standard error √(2 / n) = 0.3 %.
    #expect(abs(sum / Double(samples) / expected - 1) < 0.015, "mean square \(sum / Double(samples)), q Δ³ / 9 = \(expected)")
  }

  @Test("The interval σ̂ is measured over is a running mean with σ̂'s weight: a gap moves it by 1/32 of its excess")
  func readingIntervalIsARunningMean() {
    var estimator = MeasurementNoiseEstimator(priorSigmaMeters: 0.065)
    #expect(estimator.readingIntervalSeconds == 0)
    estimator.add(distanceMeters: 3, at: Timestamp(microseconds: 0))
    #expect(estimator.readingIntervalSeconds == 0)
    var time: Int64 = 0
    for _ in 0..<100 {
      time += 50_000
      estimator.add(distanceMeters: 3, at: Timestamp(microseconds: time))
    }
    #expect(abs(estimator.readingIntervalSeconds - 0.05) < 1e-12)
    // A 2 s gap in a 20 Hz stream: 0.05 + (2 - 0.05) / 32 = 0.1109375 s, still well inside the threshold.
    time += 2_000_000
    estimator.add(distanceMeters: 3, at: Timestamp(microseconds: time))
    #expect(abs(estimator.readingIntervalSeconds - 0.1109375) < 1e-12)
    #expect(ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: estimator.readingIntervalSeconds))
    estimator.reset()
    #expect(estimator.readingIntervalSeconds == 0)
  }

  /// Readings of an object standing at 5 m from a device of sigma 0.3 m, every `interval`
  /// seconds, through a filter whose gates never reject (so that every reading reaches the
  /// decision as a fusion); checks the decision after each reading against the smoother
  /// fed, at each reading, the variance `expectedVariance(R)` of the filter's `R` then.
  private func decisionFollows(
    _ kind: BackendKind, interval: Double, expectedVariance: (Double) -> Double
  ) -> (worst: Double, lastSigma: Double) {
    let configuration = RangeFilterConfiguration(gateSigmas: 1000, shortGateSigmas: 1000)
    let filter = RangeFilterTests.AnyRangeFilter(kind, configuration)
    var reference = ZoneDecisionSmoother()
    var random = SplitMix64(seed: 0xDEC1_5104)
    var worst = 0.0, sigma = 0.0
    for step in 0..<80 {
      let reading = 5 + 0.3 * random.normal()
      let time = Timestamp(microseconds: Int64((Double(step) * interval * 1e6).rounded()))
      _ = filter.update(reading, time)
      let estimate = filter.estimate()
      // The R this update used is the one the estimate reports after it.
      sigma = estimate.measurementSigmaMeters
      let variance = expectedVariance(sigma * sigma)
      if step == 0 {
        reference.start(
          at: reading, measuredVariance: variance, initialRateSigma: configuration.initialRateSigmaMetersPerSecond)
      } else {
        reference.predict(dt: interval)
        reference.fuse(reading, measuredVariance: variance)
      }
      worst = max(worst, abs(estimate.decisionDistanceMeters - reference.distanceMeters))
    }
    return (worst, sigma)
  }

  @Test("At 1 Hz the decision smooths with the floor alone, though σ̂ reads a 0.3 m device", arguments: BackendKind.allCases)
  func oneHertzDecidesWithTheFloor(_ kind: BackendKind) {
    let result = decisionFollows(kind, interval: 1.0) { _ in 0 }
    #expect(result.lastSigma > 0.2, "σ̂ \(result.lastSigma) m: the device's noise is measured")
    #expect(result.worst < 1e-12, "largest difference from the floor-only smoother \(result.worst) m")
  }

  @Test("At 5 Hz the decision smooths with σ̂ where it is above the floor", arguments: BackendKind.allCases)
  func fiveHertzDecidesWithTheMeasuredNoise(_ kind: BackendKind) {
    let result = decisionFollows(kind, interval: 0.2) { $0 }
    #expect(result.lastSigma > 0.2, "σ̂ \(result.lastSigma) m")
    #expect(result.worst < 1e-12, "largest difference from the smoother fed σ̂² \(result.worst) m")
    // And that differs from the floor alone: the rule is what separates the two rates.
    let floorOnly = decisionFollows(kind, interval: 0.2) { _ in 0 }
    #expect(floorOnly.worst > 1e-3, "the floor-only smoother is \(floorOnly.worst) m from the decision")
  }
}
