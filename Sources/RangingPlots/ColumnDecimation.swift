// SPDX-License-Identifier: Apache-2.0
/// Min/max decimation per pixel column, so that a series of any length draws
/// in a size bounded by the plot's width rather than by the recording.
///
/// A pixel column is `⌊x⌋` for a point at pixel `x`. Within one column a line
/// can only light the pixels between the lowest and the highest of its
/// points, entered from the first and left from the last, so keeping those
/// four points of each column (first, lowest, highest, last, in their
/// original order) draws the same pixels as the whole line. This is M4
/// (Jugel, Jerzak, Hackenbroich and Markl, "M4: A Visualization-Oriented
/// Time Series Data Aggregation", PVLDB 7(10), 2014, pp. 797-808, §4), used
/// here for lines and band edges. Scatters keep each column's lowest and
/// highest point and how many it had (``scatter(_:)``).
///
/// Columns are compared as `Double`s, so a pixel far outside the plot never
/// becomes an `Int` that could overflow.
enum ColumnDecimation {
  /// One pixel column of a scatter: its points' lowest and highest y, the
  /// x of the first point, and how many points fell in it.
  struct ScatterColumn: Equatable {
    var x: Double
    var lowY: Double
    var highY: Double
    var count: Int
  }

  /// The points of `line` that M4 keeps: at most four per pixel column, in
  /// their original order. `line` is in drawing order (x not decreasing).
  ///
  /// - Complexity: O(n) for n points; the result has at most
  ///   `4 · (number of columns touched)` points.
  static func m4(_ line: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
    guard line.count > 4 else { return line }
    var kept: [(x: Double, y: Double)] = []
    var start = 0
    while start < line.count {
      let column = line[start].x.rounded(.down)
      var end = start + 1
      var lowest = start
      var highest = start
      while end < line.count, line[end].x.rounded(.down) == column {
        if line[end].y < line[lowest].y { lowest = end }
        if line[end].y > line[highest].y { highest = end }
        end += 1
      }
      var previous = -1
      for index in [start, min(lowest, highest), max(lowest, highest), end - 1] where index != previous {
        kept.append(line[index])
        previous = index
      }
      start = end
    }
    return kept
  }

  /// The columns of a scatter, left to right: each column's lowest and
  /// highest y and its count. `points` is in x order.
  ///
  /// - Complexity: O(n); the result has one entry per column touched.
  static func scatter(_ points: [(x: Double, y: Double)]) -> [ScatterColumn] {
    var columns: [ScatterColumn] = []
    var column = -Double.infinity
    for point in points {
      let pixel = point.x.rounded(.down)
      if pixel == column, let last = columns.last {
        columns[columns.count - 1] = ScatterColumn(
          x: last.x, lowY: min(last.lowY, point.y), highY: max(last.highY, point.y), count: last.count + 1)
      } else {
        column = pixel
        columns.append(ScatterColumn(x: point.x, lowY: point.y, highY: point.y, count: 1))
      }
    }
    return columns
  }

  /// Intervals `[left, right]` in pixels, merged where they overlap or lie
  /// less than `gap` pixels apart; `intervals` is sorted by `left`.
  static func merged(_ intervals: [(left: Double, right: Double)], gap: Double = 1) -> [(left: Double, right: Double)] {
    var out: [(left: Double, right: Double)] = []
    for interval in intervals {
      if let last = out.last, interval.left <= last.right + gap {
        out[out.count - 1].right = max(last.right, interval.right)
      } else {
        out.append(interval)
      }
    }
    return out
  }
}
