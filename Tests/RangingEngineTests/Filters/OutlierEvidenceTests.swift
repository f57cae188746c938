// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outlier evidence (OutlierEvidence, fed by MeasurementNoiseEstimator): a
/// spike is evidence and motion is not, one pair lasts the closed-form number
/// of readings, Gaussian noise at every device sigma and rate of the sweep
/// shows it as often as the closed form says, and the distance filter's gate
/// is as set with evidence and twice as wide without.
@Suite("OutlierEvidence")
struct OutlierEvidenceTests {
  static func time(_ seconds: Double) -> Timestamp { Timestamp(seconds: seconds) }

  /// Readings `distance(t)` at `rate` Hz for `count` readings; whether the
  /// evidence was present after each.
  static func presence(
    prior: Double = 0.05, rate: Double, count: Int, distance: (Int, Double) -> Double
  ) -> [Bool] {
    var estimator = MeasurementNoiseEstimator(priorSigmaMeters: prior)
    return (0..<count).map { i in
      let t = Double(i) / rate
      estimator.add(distanceMeters: distance(i, t), at: Self.time(t))
      return estimator.outliers.isPresent
    }
  }

  /// On a line, one reading 0.5 m long at index 100 of 10 Hz readings: the
  /// pseudo-residuals of readings 99, 100 and 101 are 0.5/√6 = 0.20 m,
  /// -2 · 0.5/√6 and 0.5/√6, all far beyond 3 σ̂ (σ̂ <= 0.05 m), of
  /// alternating signs: two pairs, complete when readings 101 and 102 arrive
  /// (a pseudo-residual needs the reading after it). The count is then
  /// 1 · (1 - w) + 1, and stays at or above 1/2 for n more readings while
  /// (2 - w)(1 - w)ⁿ >= 1/2: n <= ln(1/2 / (2 - w)) / ln(1 - w) = 353.
  @Test("A spike makes two pairs of opposite pseudo-residuals: outliers are present from the reading after it")
  func spike() {
    let w = OutlierEvidence.weight
    let last = Int((log(0.5 / (2 - w)) / log(1 - w)).rounded(.down))
    #expect(last == 353)
    let present = Self.presence(rate: 10, count: 600) { i, t in 3 + 0.5 * t + (i == 100 ? 0.5 : 0) }
    #expect(present[..<101].allSatisfy { !$0 })
    #expect(present[101...(102 + last)].allSatisfy { $0 })
    #expect(!present[102 + last + 1])
  }

  /// The closed form for a jump of 0.5 m at reading 100 (pseudo-residuals
  /// 0.5/√6 and -0.5/√6 for readings 99 and 100, then 0): one pair, complete at
  /// reading 101, adds 1 to the count, which then decays by 1 - 1/256 per
  /// reading and stays at or above 1/2 for n readings while (1 - 1/256)ⁿ >= 1/2,
  /// n <= ln(1/2) / ln(1 - 1/256) = 177.09: present through the 177th reading
  /// after the pair, gone at the 178th.
  @Test("One pair (a jump) keeps outliers present for ln 2 / -ln(1 - 1/256) = 177 readings")
  func decay() {
    let last = Int((log(0.5) / log(1 - OutlierEvidence.weight)).rounded(.down))
    #expect(last == 177)
    let present = Self.presence(rate: 10, count: 400) { i, t in 3 + 0.5 * t + (i >= 100 ? 0.5 : 0) }
    #expect(present[..<101].allSatisfy { !$0 })
    #expect(present[101...(101 + last)].allSatisfy { $0 })
    #expect(!present[101 + last + 1])
  }

  /// Exact readings of a walker who turns back (rate -1 m/s to +1 m/s at one
  /// reading: one pseudo-residual of 2 · 0.2 / √6 = 0.16 m at 5 Hz), and of one
  /// passing 0.5 m from the phone at 1.4 m/s (d = √(x² + 0.25): the line bends
  /// the same way for several readings, pseudo-residuals up to about 0.1 m
  /// at 5 Hz), both beyond 3 σ̂ as σ̂ falls towards its 1 cm floor on exact
  /// readings: neither is evidence.
  @Test("Motion is not evidence: a turn and a close pass", arguments: [1.0, 2, 5, 20])
  func motion(rate: Double) {
    let turn = Self.presence(rate: rate, count: 400) { i, _ in 3 + abs(Double(i - 200)) / rate }
    #expect(turn.allSatisfy { !$0 })
    let pass = Self.presence(rate: rate, count: 400) { _, t in
      let x = 1.4 * (t - 200 / rate)
      return (x * x + 0.25).squareRoot()
    }
    #expect(pass.allSatisfy { !$0 })
    // The bends are large enough to count if they alternated: the turn's one
    // pseudo-residual against 3 cm (3 σ̂ at σ̂'s 1 cm floor).
    #expect(2 / rate / 6.0.squareRoot() > 0.03)
  }

  /// Gaussian noise of the sweep's sigmas at 1 to 20 Hz: two neighbouring
  /// pseudo-residuals are correlated -2/3 at equal spacing, and both lie
  /// beyond 3σ with opposite signs with probability
  /// p = 2 ∫₃^∞ φ(x) Φ((-3 + 2x/3) / √(5/9)) dx = 3.9e-4 per reading
  /// (Simpson's rule on libm's erfc, below). Such pairs come about as a
  /// Poisson stream, and each keeps outliers present for 177 readings, so
  /// they are present a share 1 - exp(-177 p) = 6.7 % of the time. Over
  /// 100,000 readings that is about 39 pairs (a Poisson count, standard
  /// deviation 16 %): the share is held within half of it either way. A
  /// device with one reading in fifty 15 sigmas long (rare multipath: each
  /// makes a pair far beyond 3 σ̂) shows outliers unless no spike came in the
  /// last 177 readings, probability exp(-177 / 50) = 3 %: held above 90 %.
  @Test("Gaussian noise shows outliers 6.7 % of the time, as the closed form says; rare spikes almost always",
        arguments: [0.02, 0.05, 0.15, 0.3], [1.0, 2, 5, 20])
  func gaussian(sigma: Double, rate: Double) {
    let p = Self.oppositePairProbability(threshold: 3, correlation: -2.0 / 3)
    #expect(abs(p - 3.9e-4) < 0.01e-4, "p = \(p)")
    let expectedShare = 1 - exp(-177 * p)
    var random = SplitMix64(seed: UInt64(sigma * 1000) &* 131 &+ UInt64(rate))
    let clean = Self.presence(prior: 0.065, rate: rate, count: 100_000) { _, t in
      4 + 0.8 * t + sigma * random.normal()
    }
    let cleanShare = Double(clean.filter { $0 }.count) / Double(clean.count)
    #expect(abs(cleanShare / expectedShare - 1) < 0.5,
            "present \(cleanShare) of the time at \(sigma) m, \(rate) Hz; closed form \(expectedShare)")
    let spiky = Self.presence(prior: 0.065, rate: rate, count: 20_000) { _, t in
      4 + 0.8 * t + sigma * random.normal() + (random.uniform() < 0.02 ? 15 * sigma : 0)
    }
    let spikyShare = Double(spiky.filter { $0 }.count) / Double(spiky.count)
    #expect(spikyShare > 0.9, "present \(spikyShare) of the time at \(sigma) m, \(rate) Hz with 2 % spikes")
  }

  /// P(X > c, Y < -c) + P(X < -c, Y > c) for a standard bivariate normal with
  /// correlation ρ: 2 ∫_c^∞ φ(x) Φ((-c - ρ x) / √(1 - ρ²)) dx, Simpson's rule
  /// on [c, c + 12] with 2,400 intervals (the integrand is below 1e-33 beyond).
  static func oppositePairProbability(threshold c: Double, correlation rho: Double) -> Double {
    func phi(_ x: Double) -> Double { exp(-x * x / 2) / (2 * Double.pi).squareRoot() }
    func cdf(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }
    let scale = (1 - rho * rho).squareRoot()
    func f(_ x: Double) -> Double { phi(x) * cdf((-c - rho * x) / scale) }
    let n = 2400, h = 12.0 / Double(n)
    var sum = f(c) + f(c + 12)
    for i in 1..<n { sum += (i % 2 == 1 ? 4 : 2) * f(c + Double(i) * h) }
    return 2 * sum * h / 3
  }

  /// A quiet device (prior 0.02 m) on a line at 5 Hz, then one reading 6 sigmas
  /// of the innovation (√(P00 + R), from the filter's own extrapolated estimate
  /// and R) beyond the prediction: fused with no evidence (the gate is 8
  /// sigmas), rejected with `.always` gating (4 sigmas), and rejected with
  /// evidence, after a spike 2 s before it.
  @Test("The gate is as set with evidence and twice as wide without")
  func gateWidth() {
    func outcome(gatesOnEvidence: Bool, spike: Bool) -> UpdateOutcome {
      let filter = RangeFilter<SwiftKalmanBackend>(
        configuration: RangeFilterConfiguration(measurementSigmaMeters: 0.02, gatesOnEvidence: gatesOnEvidence))
      for i in 0..<100 {
        let t = Double(i) / 5
        filter.update(distanceMeters: 3 + 0.5 * t + (spike && i == 90 ? 1 : 0), at: Self.time(t))
      }
      let t = 100.0 / 5
      let predicted = filter.estimate(at: Self.time(t))
      let innovationSigma = (predicted.sigmaMeters * predicted.sigmaMeters
        + filter.measurementSigmaMeters * filter.measurementSigmaMeters).squareRoot()
      return filter.update(distanceMeters: predicted.distanceMeters + 6 * innovationSigma, at: Self.time(t))
    }
    #expect(Self.isFused(outcome(gatesOnEvidence: true, spike: false)))
    #expect(!Self.isFused(outcome(gatesOnEvidence: false, spike: false)))
    #expect(!Self.isFused(outcome(gatesOnEvidence: true, spike: true)))
  }

  static func isFused(_ outcome: UpdateOutcome) -> Bool {
    if case .fused = outcome { return true }
    return false
  }
}
