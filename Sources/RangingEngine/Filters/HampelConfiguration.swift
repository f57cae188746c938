// SPDX-License-Identifier: Apache-2.0
/// Settings of the causal Hampel identifier (``HampelFilter``).
///
/// `threshold = 0` makes it a plain moving median; `window = 1` turns it off.
public struct HampelConfiguration: Sendable {
  /// Number of latest samples in the window, 1 to ``HampelFilter/maximumWindow``.
  public var window: Int
  /// Outlier threshold t: a sample is replaced when `|x - median| > t · scale`.
  public var threshold: Double
  /// Smallest scale used, metres. A window of repeated values (Nearby
  /// Interaction repeats a value until a new one is measured) has MAD = 0,
  /// which would flag every new value; the floor keeps centimetre jitter
  /// untouched while metre-scale spikes are still replaced.
  public var minimumScaleMeters: Double
  /// Which outliers are replaced. Ultra-Wideband ranging errors from
  /// multipath and non-line-of-sight propagation are positive: the measured
  /// path is never shorter than the direct one (Decawave APS006 part 2,
  /// "Non line of sight operation and optimizations to improve performance
  /// in DW1000 based systems", §2). So by default only samples above the
  /// median are replaced, and a quick approach passes without delay.
  public var side: OutlierSide

  public init(window: Int = 5, threshold: Double = 3, minimumScaleMeters: Double = 0.1, side: OutlierSide = .above) {
    self.window = window
    self.threshold = threshold
    self.minimumScaleMeters = minimumScaleMeters
    self.side = side
    do { try validate() } catch { error.trap() }
  }

  /// Accepted ``window``: 1 (off) to ``HampelFilter/maximumWindow``.
  public static var windowRange: ClosedRange<Int> { 1...HampelFilter.maximumWindow }
  /// Accepted ``threshold``: 0 (a moving median) to 1e6 (never replaces).
  public static let thresholdRange: ClosedRange<Double> = 0...1e6
  /// Accepted ``minimumScaleMeters``: 0 to 1 km.
  public static let minimumScaleRange: ClosedRange<Double> = 0...1000

  /// Throws the first setting outside ``windowRange``, ``thresholdRange`` or
  /// ``minimumScaleRange``.
  ///
  /// - Throws: ``ConfigurationError``.
  /// - Complexity: O(1). Does not allocate.
  public func validate() throws(ConfigurationError) {
    try ConfigurationError.check(.hampelWindow, window, in: Self.windowRange)
    try ConfigurationError.check(.hampelThreshold, threshold, in: Self.thresholdRange)
    try ConfigurationError.check(.hampelMinimumScale, minimumScaleMeters, in: Self.minimumScaleRange)
  }

  /// No pre-filtering: every sample passes unchanged.
  public static var off: HampelConfiguration { HampelConfiguration(window: 1) }
}

/// Which side of the median an outlier may lie on.
public enum OutlierSide: UInt8, Sendable {
  /// Only samples above the median (longer distances) are outliers.
  case above
  /// Samples on either side are outliers (the textbook Hampel identifier).
  case both
}
