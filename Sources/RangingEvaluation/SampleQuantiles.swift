// SPDX-License-Identifier: Apache-2.0
/// Sample quantiles, by GSL's definition, in Swift (so evaluation needs no GSL).
enum SampleQuantiles {
  /// The `fractions` quantiles of `values`, or nil when `values` is empty.
  ///
  /// GSL's definition (`gsl_stats_quantile_from_sorted_data`, GSL manual
  /// "Median and Percentiles"): with the values sorted ascending and
  /// `δ = (n - 1)·f`, `i = ⌊δ⌋`, the quantile is `(1 - (δ - i))·x[i] + (δ - i)·x[i+1]`
  /// (`x[i]` when `i = n - 1`), the same as NumPy's default
  /// `percentile(method="linear")`. Built with the package's GSL trait, the
  /// tests hold this to GSL's function exactly.
  ///
  /// - Parameters:
  ///   - values: finite numbers.
  ///   - fractions: each in 0...1.
  /// - Complexity: O(n log n). Sorts a copy.
  static func quantiles(of values: [Double], _ fractions: [Double]) -> [Double]? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let n = sorted.count
    return fractions.map { fraction in
      precondition((0...1).contains(fraction), "SampleQuantiles: fraction must be in 0...1")
      let position = fraction * Double(n - 1)
      let i = Int(position)
      let delta = position - Double(i)
      if i >= n - 1 { return sorted[n - 1] }
      return (1 - delta) * sorted[i] + delta * sorted[i + 1]
    }
  }
}
