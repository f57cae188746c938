// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// Zone crossings of the ground truth.
public enum TruthCrossings {
  /// The default zones of docs/FORMATS.md §2: `inner` 1.5 m, `outer` 3 m.
  public static let defaultZones: [(name: String, radiusMeters: Double)] = [("inner", 1.5), ("outer", 3)]

  /// The crossings of each zone radius by each object's true distance.
  ///
  /// Rules, per object and zone of radius r:
  /// - Every object starts outside every zone.
  /// - Enter when the true distance goes from ≥ r to < r; exit when it goes
  ///   from < r to ≥ r.
  /// - The time is the linear interpolation between the two rows,
  ///   `t0 + (r - d0) / (d1 - d0) · (t1 - t0)`, rounded to the microsecond;
  ///   for a piecewise-linear path sampled on each leg this is exact.
  /// - When an object's first row is already inside, the enter is at that row's time.
  ///
  /// - Parameters:
  ///   - rows: measurement rows with truth, each object's in non-decreasing
  ///     time (objects may interleave).
  ///   - zones: names and radii, metres > 0.
  /// - Returns: crossings sorted by time; ties keep row order, and crossings
  ///   at the same instant of one object come outer before inner when
  ///   approaching and inner before outer when leaving (as docs/FORMATS.md §2 orders
  ///   engine events).
  /// - Complexity: O(n·z + e log e) for n rows, z zones, e crossings.
  public static func crossings(
    in rows: [TruthRow], zones: [(name: String, radiusMeters: Double)] = defaultZones
  ) -> [ZoneCrossing] {
    var previous: [String: TruthRow] = [:]
    var inside: [String: [Bool]] = [:]
    var crossings: [ZoneCrossing] = []
    let outwards = zones.indices.sorted { zones[$0].radiusMeters < zones[$1].radiusMeters }
    let inwards = Array(outwards.reversed())
    for row in rows {
      var state = inside[row.object] ?? Array(repeating: false, count: zones.count)
      let before = previous[row.object]
      let approaching = before.map { row.trueDistanceMeters < $0.trueDistanceMeters } ?? true
      for index in approaching ? inwards : outwards {
        let zone = zones[index]
        let r = zone.radiusMeters
        let d = row.trueDistanceMeters
        let kind: CrossingKind
        if !state[index] && d < r {
          kind = .enter
        } else if state[index] && d >= r {
          kind = .exit
        } else {
          continue
        }
        state[index].toggle()
        let time = before.map { interpolatedTime(from: $0, to: row, radiusMeters: r) } ?? row.time
        crossings.append(ZoneCrossing(time: time, object: row.object, zone: zone.name, kind: kind))
      }
      inside[row.object] = state
      previous[row.object] = row
    }
    // Stable sort by time: keep generation order among equal times.
    return crossings.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }

  /// t0 + (r - d0) / (d1 - d0) · (t1 - t0), in whole microseconds.
  /// The caller guarantees r lies between d0 and d1 with d0 ≠ d1.
  private static func interpolatedTime(from a: TruthRow, to b: TruthRow, radiusMeters r: Double) -> Timestamp {
    let fraction = (r - a.trueDistanceMeters) / (b.trueDistanceMeters - a.trueDistanceMeters)
    let span = Double(b.time.microseconds - a.time.microseconds)
    return Timestamp(microseconds: a.time.microseconds + Int64((fraction * span).rounded()))
  }
}
