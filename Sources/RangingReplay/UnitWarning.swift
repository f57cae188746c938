// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats

/// Warnings for data that is implausible in the units it was read in: a log
/// whose `range_cm` was mapped as `distance` without `--distance-unit cm`,
/// or whose `timestamp_ms` became `t` without `--time-unit ms`, replays
/// without an error and gives no events, since every object then stands
/// hundreds of metres away or updates once in minutes. Said on standard
/// error, as the angle-gate warning is (even with `--quiet`); the exit
/// status stays 0. The medians come from ``ReplaySummary/unitEvidence``,
/// samples of fixed size, so a live replay keeps no more memory for this.
public enum UnitWarning {
  /// A median accepted distance above this is not UWB ranging (its reach is
  /// tens of metres) but, most often, centimetres or millimetres.
  static let largestPlausibleMedianMeters = 100.0
  /// A median interval between an object's updates of this or more is not
  /// ranging (a few to tens of updates a second) but, most often, milliseconds.
  static let smallestImplausibleMedianIntervalSeconds = 100.0
  /// Sampled values needed before a median is judged.
  static let fewestValues = 3

  /// The warnings for `evidence` read under `mapping`, each a line without
  /// the `rangectl COMMAND: warning: ` prefix; empty when the data is plausible.
  public static func warnings(for evidence: UnitEvidence, mapping: ColumnMapping, path: String) -> [String] {
    var warnings: [String] = []
    let distances = evidence.distancesMeters, intervals = evidence.intervalsSeconds
    if distances.count >= fewestValues, let median = distances.median, median > largestPlausibleMedianMeters,
      let smaller = smallerDistanceUnits(than: mapping.distanceUnit)
    {
      warnings.append(
        "\(path): the median accepted distance is \(figure(median)) m, far beyond UWB's reach: if 'distance' is in "
          + smaller.map(\.name).joined(separator: " or ") + ", give "
          + smaller.map { "--distance-unit \($0.flag)" }.joined(separator: " or "))
    }
    if intervals.count >= fewestValues, let median = intervals.median, median >= smallestImplausibleMedianIntervalSeconds,
      let smaller = smallerTimeUnit(than: mapping.timeUnit)
    {
      warnings.append(
        "\(path): the median interval between an object's updates is \(figure(median)) s, where ranging updates "
          + "several times a second: if 't' is in \(smaller.name), give --time-unit \(smaller.flag)")
    }
    return warnings
  }

  private static func smallerDistanceUnits(than unit: DistanceUnit) -> [(name: String, flag: String)]? {
    switch unit {
    case .m: [("centimetres", "cm"), ("millimetres", "mm")]
    case .cm: [("millimetres", "mm")]
    case .mm: nil
    }
  }

  private static func smallerTimeUnit(than unit: TimeUnit) -> (name: String, flag: String)? {
    switch unit {
    case .s: ("milliseconds", "ms")
    case .ms: ("microseconds", "us")
    case .us: ("nanoseconds", "ns")
    case .ns: nil
    }
  }

  /// Whole units (a median judged here is over 100): `150`, or `1.5e+18` when too large for that.
  private static func figure(_ value: Double) -> String {
    value < 1e15 ? String(Int(value.rounded())) : String(format: "%.2g", value)
  }
}
