// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Error statistics of a distance series against the truth, metres.
///
/// With errors `e_i = estimate_i - truth_i`, i = 1...n:
/// `rmse = √(Σ e_i² / n)`, `mae = Σ |e_i| / n`, and `p95` the 95th
/// percentile of `|e_i|` (GSL's linear interpolation between order
/// statistics; from a bounded sample beyond ``QuantileSample/capacity``
/// errors, see there). All three are absent (omitted in JSON) when n = 0.
public struct ErrorStatistics: Codable, Equatable, Sendable {
  /// Number of errors.
  public var count: Int
  public var rmseMeters: Double?
  public var maeMeters: Double?
  public var p95AbsoluteErrorMeters: Double?

  /// Statistics of `errors` (estimate minus truth, metres, finite).
  public init(errors: [Double]) {
    var tally = ErrorTally()
    for error in errors { tally.add(error) }
    self.init(tally)
  }

  /// The statistics of the errors added to `tally`.
  init(_ tally: ErrorTally) {
    count = tally.count
    guard tally.count > 0 else { return }
    let n = Double(tally.count)
    rmseMeters = (tally.sumOfSquares / n).squareRoot()
    maeMeters = tally.sumOfMagnitudes / n
    p95AbsoluteErrorMeters = tally.magnitudes.quantiles([0.95])?[0]
  }
}

/// Filtered and raw distance errors over the same rows, so the two compare.
///
/// A filtered row is paired with the dataset row of the same object whose
/// time is nearest, if within the time tolerance (the filtered track repeats
/// the input's time, so normally they are equal). Only rows that have a
/// filtered distance, a measured distance and a true distance count; the
/// filtered row's error is `filtered - true` and the raw error `measured - true`.
public struct DistanceErrorComparison: Codable, Equatable, Sendable {
  /// Rows that count (paired, with all three distances).
  public var rows: Int
  /// Filtered rows that found no dataset row, or one without measured or true distance.
  public var unpairedFilteredRows: Int
  /// Filtered distance minus true distance.
  public var filtered: ErrorStatistics
  /// Measured distance minus true distance, on the same rows.
  public var raw: ErrorStatistics

  /// How the filtered rows' reported sigma covers their error, or nil
  /// (omitted in JSON) when no paired row carried a sigma (the baselines).
  public var filteredSigma: SigmaCoverage?

  /// The running sums, kept for pooling; not encoded.
  var tally = DistanceErrorTally()

  private enum CodingKeys: String, CodingKey { case rows, unpairedFilteredRows, filtered, raw, filteredSigma }

  /// Pairs `filtered` with `truth` and computes both statistics.
  ///
  /// - Parameters:
  ///   - filtered: filtered rows, any order.
  ///   - truth: dataset rows with truth, any order.
  ///   - timeToleranceSeconds: largest |Δt| of a pair, seconds, ≥ 0.
  /// - Complexity: O((n + m) log m).
  public init(filtered: [FilteredDistanceRow], truth: [TruthRow], timeToleranceSeconds: Double = 0.0005) {
    let byObject = Dictionary(grouping: truth, by: \.object).mapValues { $0.sorted { $0.time < $1.time } }
    let tolerance = UInt64((timeToleranceSeconds * 1_000_000).rounded())
    var tally = DistanceErrorTally()
    for row in filtered {
      // Distances in UInt64: two valid times (±9.2e12 s) can be more than Int64.max µs apart.
      guard let rows = byObject[row.object],
        let match = DistanceErrorComparison.nearest(to: row.time, in: rows),
        match.time.microsecondsApart(from: row.time) <= tolerance
      else {
        tally.addUnpaired()
        continue
      }
      tally.add(filtered: row, measuredMeters: match.measuredDistanceMeters, trueMeters: match.trueDistanceMeters)
    }
    self.init(tally)
  }

  /// Several comparisons as one: rows add and errors pool.
  public static func pooled(_ comparisons: [DistanceErrorComparison]) -> DistanceErrorComparison {
    var tally = DistanceErrorTally()
    for comparison in comparisons { tally.merge(comparison.tally) }
    return DistanceErrorComparison(tally)
  }

  /// The comparison of the rows added to `tally`.
  init(_ tally: DistanceErrorTally) {
    rows = tally.filtered.count
    unpairedFilteredRows = tally.unpaired
    filtered = ErrorStatistics(tally.filtered)
    raw = ErrorStatistics(tally.raw)
    filteredSigma = tally.sigma.rows > 0 ? tally.sigma : nil
    self.tally = tally
  }

  /// The row of `rows` (sorted by time) nearest to `time`; the earlier on a tie.
  private static func nearest(to time: Timestamp, in rows: [TruthRow]) -> TruthRow? {
    var low = 0
    var high = rows.count
    while low < high {  // first index with rows[i].time >= time
      let mid = (low + high) / 2
      if rows[mid].time < time { low = mid + 1 } else { high = mid }
    }
    let candidates = [low - 1, low].filter { rows.indices.contains($0) }
    return candidates.map { rows[$0] }.min {
      $0.time.microsecondsApart(from: time) < $1.time.microsecondsApart(from: time)
    }
  }
}
