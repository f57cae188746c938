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
    var objects: [String: ObjectTruthCrossings] = [:]
    var crossings: [ZoneCrossing] = []
    let outwards = ObjectTruthCrossings.outwards(zones)
    for row in rows {
      objects[row.object, default: ObjectTruthCrossings(zoneCount: zones.count)].add(
        time: row.time, trueDistanceMeters: row.trueDistanceMeters, object: row.object, zones: zones, outwards: outwards
      ) {
          crossings.append($0)
        }
    }
    // Stable sort by time: keep generation order among equal times.
    return crossings.enumerated()
      .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }
}

/// The truth crossings of one object, row by row: ``TruthCrossings``' rules
/// with the state they need between rows (the previous row and which zones
/// the object is inside), so that a streaming evaluation keeps only this per
/// live object.
struct ObjectTruthCrossings: Sendable {
  private var previous: (time: Timestamp, distanceMeters: Double)?
  private var inside: [Bool]

  init(zoneCount: Int) {
    inside = Array(repeating: false, count: zoneCount)
  }

  /// The zone indices by increasing radius, for ``add(time:trueDistanceMeters:object:zones:outwards:emit:)``.
  static func outwards(_ zones: [(name: String, radiusMeters: Double)]) -> [Int] {
    zones.indices.sorted { zones[$0].radiusMeters < zones[$1].radiusMeters }
  }

  /// The next truth row of the object (not earlier than the previous one);
  /// hands each crossing it makes to `emit`, in ``TruthCrossings``' order.
  /// `outwards` is ``outwards(_:)`` of `zones`.
  mutating func add(
    time: Timestamp, trueDistanceMeters d: Double, object: String, zones: [(name: String, radiusMeters: Double)],
    outwards: [Int], emit: (ZoneCrossing) -> Void
  ) {
    let approaching = previous.map { d < $0.distanceMeters } ?? true
    // Inwards (largest radius first) when approaching, outwards when leaving.
    for index in approaching ? outwards.reversed() : outwards {
      let r = zones[index].radiusMeters
      let kind: CrossingKind
      if !inside[index] && d < r {
        kind = .enter
      } else if inside[index] && d >= r {
        kind = .exit
      } else {
        continue
      }
      inside[index].toggle()
      let at = previous.map { Self.interpolatedTime(from: $0, to: (time, d), radiusMeters: r) } ?? time
      emit(ZoneCrossing(time: at, object: object, zone: zones[index].name, kind: kind))
    }
    previous = (time, d)
  }

  /// t0 + (r - d0) / (d1 - d0) · (t1 - t0), in whole microseconds.
  /// The caller guarantees r lies between d0 and d1 with d0 ≠ d1.
  private static func interpolatedTime(
    from a: (time: Timestamp, distanceMeters: Double), to b: (time: Timestamp, distanceMeters: Double),
    radiusMeters r: Double
  ) -> Timestamp {
    let fraction = (r - a.distanceMeters) / (b.distanceMeters - a.distanceMeters)
    // The span as a distance in UInt64: two valid times (±9.2e12 s) can lie more than Int64.max µs
    // apart. The crossing lies between them, so stepping from t0 in wrapping arithmetic lands on it.
    let apart = b.time.microsecondsApart(from: a.time)
    let step = (fraction * Double(apart)).rounded()
    // fraction is in [0, 1]; Double(apart) may round up to 2⁶⁴, which UInt64 cannot hold.
    let offset = step > 0 ? (step < Double(apart) ? UInt64(step) : apart) : 0
    let t0 = UInt64(bitPattern: a.time.microseconds)
    return Timestamp(microseconds: Int64(bitPattern: b.time < a.time ? t0 &- offset : t0 &+ offset))
  }
}
