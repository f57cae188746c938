@preconcurrency internal import CGSL

/// Sample quantiles through GSL, one thin wrapper per call (STYLE.md §4).
enum SampleQuantiles {
  /// The `fractions` quantiles of `values`, or nil when `values` is empty.
  ///
  /// GSL's definition (`gsl_stats_quantile_from_sorted_data`, GSL manual
  /// "Median and Percentiles"): with the values sorted ascending and
  /// `δ = (n - 1)·f`, `i = ⌊δ⌋`, the quantile is `(1 - (δ - i))·x[i] + (δ - i)·x[i+1]`,
  /// the same as NumPy's default `percentile(method="linear")`.
  ///
  /// - Parameters:
  ///   - values: finite numbers.
  ///   - fractions: each in 0...1.
  /// - Complexity: O(n log n) (`gsl_sort`). Sorts a copy.
  static func quantiles(of values: [Double], _ fractions: [Double]) -> [Double]? {
    guard !values.isEmpty else { return nil }
    var sorted = values
    return sorted.withUnsafeMutableBufferPointer { buffer in
      gsl_sort(buffer.baseAddress, 1, buffer.count)
      return fractions.map { fraction in
        precondition((0...1).contains(fraction), "SampleQuantiles: fraction must be in 0...1")
        return gsl_stats_quantile_from_sorted_data(buffer.baseAddress, 1, buffer.count, fraction)
      }
    }
  }
}
