// SPDX-License-Identifier: Apache-2.0
/// One track of a ``ResidualLibrary``: the rows of one device pair of one
/// recording, in time order.
public struct ResidualTrack: Equatable, Sendable {
  /// The recording's origin (`hanyang`, `lias`, `arexp`).
  public var source: String
  /// `<recording>/<object>`, unique within the source.
  public var name: String
  /// Seconds since the track's start, non-decreasing.
  public private(set) var seconds: [Double]
  /// True distance of each row, metres; nil for a gap.
  public private(set) var trueDistanceMeters: [Double?]
  /// Measured minus true distance of each row, metres; nil for a gap.
  public private(set) var residualMeters: [Double?]

  init(source: String, name: String, first row: ResidualLibrary.Row) {
    self.source = source
    self.name = name
    seconds = [row.seconds]
    trueDistanceMeters = [row.trueDistanceMeters]
    residualMeters = [row.residualMeters]
  }

  mutating func append(_ row: ResidualLibrary.Row) {
    seconds.append(row.seconds)
    trueDistanceMeters.append(row.trueDistanceMeters)
    residualMeters.append(row.residualMeters)
  }

  /// `source/name`, as the generated files' comments name the track.
  public var qualifiedName: String { "\(source)/\(name)" }

  /// Time from the first to the last row, seconds.
  public var durationSeconds: Double { seconds[seconds.count - 1] - seconds[0] }

  /// The median time between consecutive rows, seconds (0 for a single row):
  /// the track's own update interval, away from its gaps.
  public var medianIntervalSeconds: Double {
    guard seconds.count > 1 else { return 0 }
    let intervals = zip(seconds.dropFirst(), seconds).map { $0 - $1 }.sorted()
    return intervals[intervals.count / 2]
  }

  /// The index of the row nearest in time to `time` (the earlier on a tie).
  ///
  /// - Complexity: O(log n), a binary search.
  public func nearestRow(to time: Double) -> Int {
    var low = 0
    var high = seconds.count
    while low < high {  // first row at or after `time`
      let middle = (low + high) / 2
      if seconds[middle] < time { low = middle + 1 } else { high = middle }
    }
    if low == seconds.count { return low - 1 }
    if low > 0 && time - seconds[low - 1] <= seconds[low] - time { return low - 1 }
    return low
  }
}
