// SPDX-License-Identifier: Apache-2.0
/// The running sums behind an ``ErrorStatistics``: errors are added one at
/// a time and never kept, except the magnitudes in a bounded
/// ``QuantileSample`` for the 95th percentile.
struct ErrorTally: Equatable, Sendable {
  private(set) var count = 0
  /// Σ e², m².
  private(set) var sumOfSquares = 0.0
  /// Σ |e|, m.
  private(set) var sumOfMagnitudes = 0.0
  /// |e| of every error, or a uniform sample of them.
  private(set) var magnitudes = QuantileSample()

  /// Adds one error (estimate minus truth, metres, finite).
  mutating func add(_ error: Double) {
    count += 1
    sumOfSquares += error * error
    sumOfMagnitudes += abs(error)
    magnitudes.add(abs(error))
  }

  /// Adds everything added to `other`.
  mutating func merge(_ other: ErrorTally) {
    count += other.count
    sumOfSquares += other.sumOfSquares
    sumOfMagnitudes += other.sumOfMagnitudes
    magnitudes.merge(other.magnitudes)
  }
}

/// The running state of a ``DistanceErrorComparison``: filtered and raw
/// errors on the same rows, unpaired rows, and the sigma coverage.
struct DistanceErrorTally: Equatable, Sendable {
  private(set) var filtered = ErrorTally()
  private(set) var raw = ErrorTally()
  private(set) var unpaired = 0
  private(set) var sigma = SigmaCoverage()

  /// Adds one filtered row against its dataset row: counted when the row has
  /// a measured distance (errors filtered minus true and measured minus
  /// true), else unpaired.
  mutating func add(filtered row: FilteredDistanceRow, measuredMeters: Double?, trueMeters: Double) {
    guard let measuredMeters else {
      unpaired += 1
      return
    }
    let error = row.distanceMeters - trueMeters
    filtered.add(error)
    raw.add(measuredMeters - trueMeters)
    if let sigmaMeters = row.sigmaMeters { sigma.add(errorMeters: error, sigmaMeters: sigmaMeters) }
  }

  /// Adds a filtered row that found no dataset row with truth.
  mutating func addUnpaired() {
    unpaired += 1
  }

  /// Adds everything added to `other`.
  mutating func merge(_ other: DistanceErrorTally) {
    filtered.merge(other.filtered)
    raw.merge(other.raw)
    unpaired += other.unpaired
    sigma.merge(other.sigma)
  }
}
