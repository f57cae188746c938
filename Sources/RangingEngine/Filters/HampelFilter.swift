// SPDX-License-Identifier: Apache-2.0
/// A causal Hampel identifier: replaces a sample by the median of the latest
/// `window` samples when it lies more than `threshold` robust standard
/// deviations from that median (above it only, with ``OutlierSide/above``).
///
/// `scale = max(1.4826 · MAD, minimumScale)`, where MAD is the median absolute
/// deviation from the median and 1.4826 (1 / Φ⁻¹(3/4), GSL's value) makes it a consistent estimator of a
/// gaussian sigma (Pearson, Neuvo, Astola & Gabbouj, "Generalized Hampel
/// Filters", EURASIP J. Adv. Signal Process. 2016:87, eq. 4). The window holds
/// raw samples (replaced ones too), as in that paper; it is trailing (the
/// current sample and the `window - 1` before it), so it adds no delay to
/// samples that pass. Until the window fills, the statistics use the samples
/// seen so far; an even count takes the mean of the two middle values.
///
/// Fixed storage, so it compiles as Embedded Swift and never allocates.
public struct HampelFilter: Sendable {
  /// The largest supported window.
  public static let maximumWindow = 15

  public let configuration: HampelConfiguration
  private var ring: InlineArray<15, Double> = .init(repeating: 0)
  private var count = 0
  private var newest = -1

  public init(configuration: HampelConfiguration) {
    self.configuration = configuration
  }

  /// Forgets every sample (a new track starts).
  public mutating func reset() {
    count = 0
    newest = -1
  }

  /// Adds a sample and returns it, or the window median if it is an outlier.
  ///
  /// - Complexity: O(w²) for window w (insertion sort of at most 15 values).
  ///   Does not allocate.
  public mutating func filter(_ sample: Double) -> (value: Double, replaced: Bool) {
    let window = configuration.window
    newest = (newest + 1) % window
    ring[newest] = sample
    count = min(count + 1, window)
    if window == 1 { return (sample, false) }

    var sorted = InlineArray<15, Double>(repeating: 0)
    for i in 0..<count { sorted[i] = ring[i] }
    let median = Self.sortAndTakeMedian(&sorted, count)
    for i in 0..<count { sorted[i] = abs(ring[i] - median) }
    let mad = Self.sortAndTakeMedian(&sorted, count)
    let scale = max(1.482602218505602 * mad, configuration.minimumScaleMeters)
    let deviation = configuration.side == .above ? sample - median : abs(sample - median)
    if deviation > configuration.threshold * scale {
      return (median, true)
    }
    return (sample, false)
  }

  /// Sorts the first `count` values in place and returns their median.
  private static func sortAndTakeMedian(_ values: inout InlineArray<15, Double>, _ count: Int) -> Double {
    for i in 1..<max(1, count) {
      let value = values[i]
      var j = i - 1
      while j >= 0 && values[j] > value {
        values[j + 1] = values[j]
        j -= 1
      }
      values[j + 1] = value
    }
    let middle = count / 2
    return count % 2 == 1 ? values[middle] : 0.5 * (values[middle - 1] + values[middle])
  }
}
