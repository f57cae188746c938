// SPDX-License-Identifier: Apache-2.0
#if GSL
  import CGSL
#endif
import RangingEngine
import Testing

/// The streaming Hampel identifier against a batch reference built from GSL's
/// moving-window statistics (gsl_movstat, trailing window, truncated ends).
@Suite("HampelFilter")
struct HampelFilterTests {
  /// GSL's MAD scale, 1/Φ⁻¹(3/4) (gsl_movstat_mad). The engine uses 1.4826
  /// (Pearson et al. 2016); the two differ by 1.5e-6 relative, so decisions
  /// that close to the threshold are not compared.
  static let gslMADScale = 1.482602218505602

  struct Case: Sendable, CustomTestStringConvertible {
    var window: Int
    var threshold: Double
    var minimumScale: Double
    var noise: Double
    /// Hold each value for a few samples (Nearby Interaction repeats values), so MAD is often 0.
    var repeats: Bool
    var side: OutlierSide
    var seed: UInt64
    var testDescription: String {
      "window \(window), t \(threshold), floor \(minimumScale), noise \(noise)\(repeats ? ", repeated values" : ""), \(side)"
    }
    static let all: [Case] = {
      var cases: [Case] = []
      var seed: UInt64 = 0xA11C_E000
      for window in [2, 3, 4, 5, 8, 15] {
        for (threshold, floor) in [(3.0, 0.1), (2.0, 0.0), (0.0, 0.0)] {
          for (noise, repeats) in [(0.02, false), (0.3, false), (0.05, true)] {
            for side in [OutlierSide.both, .above] {
              seed += 1
              cases.append(Case(window: window, threshold: threshold, minimumScale: floor, noise: noise,
                                repeats: repeats, side: side, seed: seed))
            }
          }
        }
      }
      return cases
    }()
  }

  /// A walk plus noise, with 5 % spikes of ±0.5..3 m.
  static func series(_ c: Case, count: Int) -> [Double] {
    var random = SplitMix64(seed: c.seed)
    var level = 4.0, held = 0.0
    var values: [Double] = []
    for i in 0..<count {
      level += 0.01 * random.normal()
      var x = level + c.noise * random.normal()
      if random.uniform() < 0.05 { x += (random.uniform() < 0.5 ? -1 : 1) * random.uniform(0.5, 3) }
      if c.repeats {
        if i % 3 != 0 { x = held } else { held = x }
      }
      values.append(x)
    }
    return values
  }

  #if GSL
  /// Moving median and scaled MAD of the trailing window (`window - 1` samples
  /// before and none after, truncated at the start), from GSL.
  static func gslMovingStatistics(_ x: [Double], window: Int) -> (median: [Double], scaledMAD: [Double]) {
    let n = x.count
    let input = gsl_vector_alloc(n)!, median = gsl_vector_alloc(n)!
    let madMedian = gsl_vector_alloc(n)!, mad = gsl_vector_alloc(n)!
    let workspace = gsl_movstat_alloc2(window - 1, 0)!
    defer {
      gsl_vector_free(input); gsl_vector_free(median); gsl_vector_free(madMedian); gsl_vector_free(mad)
      gsl_movstat_free(workspace)
    }
    for i in 0..<n { gsl_vector_set(input, i, x[i]) }
    let statuses = (
      gsl_movstat_median(GSL_MOVSTAT_END_TRUNCATE, input, median, workspace),
      gsl_movstat_mad(GSL_MOVSTAT_END_TRUNCATE, input, madMedian, mad, workspace))
    precondition(statuses.0 == GSL_SUCCESS && statuses.1 == GSL_SUCCESS, "gsl_movstat failed")
    let medians = (0..<n).map { gsl_vector_get(median, $0) }
    precondition(medians == (0..<n).map { gsl_vector_get(madMedian, $0) }, "GSL's two medians disagree")
    return (medians, (0..<n).map { gsl_vector_get(mad, $0) })
  }

  @Test("GSL's moving median takes the mean of the two middle values in even truncated windows, as the engine does")
  func gslEvenWindowConvention() {
    // Window 4 over [1, 3, 10, 2]: the prefixes hold 1, 2, 3 and 4 samples.
    let stats = Self.gslMovingStatistics([1, 3, 10, 2], window: 4)
    #expect(stats.median == [1, 2, 3, 2.5])
  }

  @Test("The streaming filter replaces exactly the samples the GSL reference flags, by the same median",
        arguments: Case.all)
  func matchesGSLReference(_ c: Case) {
    let x = Self.series(c, count: 600)
    let stats = Self.gslMovingStatistics(x, window: c.window)
    var filter = HampelFilter(
      configuration: HampelConfiguration(
        window: c.window, threshold: c.threshold, minimumScaleMeters: c.minimumScale, side: c.side))
    var ambiguous = 0, replacedCount = 0
    for i in x.indices {
      let (value, replaced) = filter.filter(x[i])
      let median = stats.median[i]
      let scale = max(stats.scaledMAD[i], c.minimumScale)
      let limit = c.threshold * scale
      // Two-sided: |x - median|; above only: x - median (short samples always pass).
      let deviation = c.side == .both ? abs(x[i] - median) : x[i] - median
      if limit > 0 && abs(deviation - limit) <= 1e-5 * limit {
        ambiguous += 1
        continue
      }
      let expectReplaced = deviation > limit
      replacedCount += expectReplaced ? 1 : 0
      guard replaced == expectReplaced, abs(value - (expectReplaced ? median : x[i])) <= 1e-12 else {
        Issue.record("sample \(i) = \(x[i]): engine (\(value), \(replaced)), GSL median \(median), limit \(limit); seed \(c.seed)")
        return
      }
    }
    #expect(ambiguous <= 2, "\(ambiguous) decisions too close to the threshold to compare, seed \(c.seed)")
    // With two samples |x - median| = MAD, so t >= 1/1.4826 can never flag one.
    if c.window > 2 || c.threshold < 0.6 { #expect(replacedCount > 0, "seed \(c.seed)") }
  }
  #endif

  @Test("Window 1 passes every sample unchanged")
  func windowOneIsOff() {
    var filter = HampelFilter(configuration: .off)
    var random = SplitMix64(seed: 7)
    for _ in 0..<100 {
      let x = random.uniform(-10, 10)
      let (value, replaced) = filter.filter(x)
      #expect(value == x && !replaced)
    }
  }
}
