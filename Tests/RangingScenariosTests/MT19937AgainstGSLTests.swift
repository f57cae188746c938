// SPDX-License-Identifier: Apache-2.0
#if GSL
  @preconcurrency import CGSL
  import Testing

  @testable import RangingEvaluation
  @testable import RangingScenarios

  /// MT19937RandomSource and SampleQuantiles held to GSL's own functions, bit
  /// for bit: the generator must give the same recordings with and without the
  /// package's GSL trait.
  @Suite("MT19937RandomSource against GSL")
  struct MT19937AgainstGSLTests {
    /// Runs `body` with a GSL MT19937 seeded as MT19937RandomSource seeds it.
    private func withGSL<T>(seed: UInt64, _ body: (UnsafeMutablePointer<gsl_rng>) -> T) -> T {
      let rng = gsl_rng_alloc(gsl_rng_mt19937)!
      defer { gsl_rng_free(rng) }
      gsl_rng_set(rng, UInt(MT19937RandomSource.folded(seed)))
      return body(rng)
    }

    @Test("Raw outputs, uniform, flat, integer and gaussian draws equal GSL's", arguments: [0, 1, 7, 2026, (1 << 40) | 3] as [UInt64])
    func sameStreams(seed: UInt64) {
      let swift = MT19937RandomSource(seed: seed)
      let mismatches = withGSL(seed: seed) { gsl -> Int in
        var mismatches = 0
        for i in 0..<20_000 {
          switch i % 5 {
          case 0: if UInt(swift.next()) != gsl_rng_get(gsl) { mismatches += 1 }
          case 1: if swift.uniform() != gsl_rng_uniform(gsl) { mismatches += 1 }
          case 2: if swift.uniform(-0.3, 2.5) != gsl_ran_flat(gsl, -0.3, 2.5) { mismatches += 1 }
          case 3:
            let upper = 1 + i % 97
            if swift.integer(2, 2 + upper) != 2 + Int(gsl_rng_uniform_int(gsl, UInt(upper + 1))) { mismatches += 1 }
          default: if swift.gaussian(sigma: 0.15) != gsl_ran_gaussian(gsl, 0.15) { mismatches += 1 }
          }
        }
        return mismatches
      }
      #expect(mismatches == 0, "seed \(seed)")
    }

    @Test("SampleQuantiles equals gsl_stats_quantile_from_sorted_data")
    func quantiles() {
      let swift = MT19937RandomSource(seed: 11)
      for count in [1, 2, 3, 10, 101, 1000] {
        let values = (0..<count).map { _ in swift.gaussian(sigma: 2) }
        let fractions = [0, 0.05, 0.5, 0.95, 0.999, 1]
        var sorted = values
        let expected = sorted.withUnsafeMutableBufferPointer { buffer in
          gsl_sort(buffer.baseAddress, 1, buffer.count)
          return fractions.map { gsl_stats_quantile_from_sorted_data(buffer.baseAddress, 1, buffer.count, $0) }
        }
        #expect(SampleQuantiles.quantiles(of: values, fractions) == expected, "n = \(count)")
      }
    }
  }
#endif
import RangingEvaluation
import RangingScenarios
