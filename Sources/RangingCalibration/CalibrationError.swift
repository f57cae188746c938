// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// A recording that cannot give a range calibration: the file is a valid
/// ranging CSV, but its rows do not determine the fit asked for.
///
///     walk.csv: no measurement rows with both 'distance' and 'true_distance' (1200 rows have a distance); ...
///     static.csv: 'true_distance' is 5.0 m on every row: the scale cannot be fitted; use --fit offset
///
/// `rangectl calibrate` exits with status 65 (EX_DATAERR) for every kind.
public struct CalibrationError: Error, Equatable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    /// `--object` names no object of the file; `available` lists those it has.
    case unknownObject(String, available: [String])
    /// No measurement row (of `object`, when given) has a distance.
    case noDistances(object: String?)
    /// A fit against truth, but no row with a distance has `true_distance`.
    case noTruth(object: String?, rowsWithDistance: Int)
    /// Every true distance is the same, so the scale is not determined.
    case constantTruth(meters: Double)
    /// Fewer rows than the fit needs (one more than its parameters).
    case tooFewRows(rows: Int, needed: Int)
    /// GSL refused the fit with this status.
    case fitFailed(status: Int32)
    /// The package was built without its GSL trait, and the robust fit runs on GSL.
    case needsGSL
    /// `--known-distance` outside `GroundTruth.distanceRangeMeters` (0 to 1e6 m).
    case knownDistanceOutOfRange(meters: Double)
    /// A known distance with ``RangeCalibrationFit/Model/offsetScale``: rows
    /// at one distance cannot determine a scale.
    case knownDistanceFitsOffsetOnly
    /// The fit gave a `quantity` (`offset`, `scale standard error`, ...) that
    /// is NaN or infinite: it is reported, never printed as a result.
    case nonFiniteResult(quantity: String, value: Double)
  }

  /// The path as the caller gave it.
  public var path: String
  public var kind: Kind

  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }

  /// `<path>: <what>[; <what to do>]`.
  public var description: String {
    let location = DatasetError.displayName(for: path)
    func of(_ object: String?) -> String { object.map { " of object '\($0)'" } ?? "" }
    switch kind {
    case .unknownObject(let name, let available):
      return "\(location): no measurement rows for object '\(name)'; the file has "
        + (available.isEmpty ? "none" : available.map { "'\($0)'" }.joined(separator: ", "))
    case .noDistances(let object):
      return "\(location): no measurement rows\(of(object)) with a 'distance'"
    case .noTruth(let object, let count):
      return "\(location): no measurement rows\(of(object)) with both 'distance' and 'true_distance' "
        + "(\(count) rows have a distance); for a static recording give --known-distance M"
    case .constantTruth(let meters):
      return "\(location): 'true_distance' is \(meters) m on every row: the scale cannot be fitted; use --fit offset"
    case .tooFewRows(let rows, let needed):
      return "\(location): \(rows) usable rows, the fit needs at least \(needed)"
    case .fitFailed(let status):
      return "\(location): the robust fit failed (GSL status \(status))"
    case .knownDistanceOutOfRange(let meters):
      return "\(location): the known distance \(meters) m is outside 0 to 1e6 m, the range of true_distance"
    case .knownDistanceFitsOffsetOnly:
      return "\(location): a known distance fits the offset only: the scale needs truth at several distances; fit the offset"
    case .nonFiniteResult(let quantity, let value):
      return "\(location): the fit's \(quantity) is not finite (\(value)); "
        + "check that 'distance' and the true distance are both in metres"
    case .needsGSL:
      return "\(location): the robust fit needs a build with the package's GSL trait (this one was built without it)"
    }
  }
}
