// SPDX-License-Identifier: Apache-2.0
import ZoneMonitor

/// Named zones as given on the command line: `inner=1.5,outer=3`, or with an
/// angle gate in degrees either side of straight ahead: `door=1.5@30`.
public struct ZoneList: Equatable, Sendable {
  /// Names and radii in metres, in the order given.
  public var entries: [(name: String, radiusMeters: Double)] {
    zip(names, radii).map { ($0, $1) }
  }
  public private(set) var names: [String]
  public private(set) var radii: [Double]
  /// Half-angle limits in degrees, nil for zones in every direction.
  public private(set) var angleLimitsDegrees: [Double?]

  /// `inner` 1.5 m and `outer` 3 m (docs/FORMATS.md §2).
  public static let defaults = ZoneList(names: ["inner", "outer"], radii: [1.5, 3])

  public init(names: [String], radii: [Double], angleLimitsDegrees: [Double?]? = nil) {
    self.names = names
    self.radii = radii
    self.angleLimitsDegrees = angleLimitsDegrees ?? Array(repeating: nil, count: radii.count)
  }

  /// Parses `name=radius[,name=radius...]`.
  ///
  /// - Throws: a message a user can act on: empty list, a missing `=`, an
  ///   empty or duplicate name, a name with a quote, backslash or control
  ///   character, or a radius that is not a positive finite number.
  public init(parsing text: String) throws(ZoneListError) {
    names = []
    radii = []
    angleLimitsDegrees = []
    guard !text.isEmpty else { throw ZoneListError("expected name=radius pairs, e.g. inner=1.5,outer=3") }
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { throw ZoneListError("'\(item)' is not name=radius") }
      let name = String(parts[0])
      guard !name.isEmpty else { throw ZoneListError("'\(item)' has an empty zone name") }
      guard !name.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 }) else {
        throw ZoneListError("zone name '\(name)' contains a quote, backslash or control character")
      }
      guard !names.contains(name) else { throw ZoneListError("zone '\(name)' is given twice") }
      let value = parts[1].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      guard let radius = Double(value[0]), radius.isFinite, radius > 0 else {
        throw ZoneListError("zone '\(name)': radius '\(value[0])' is not a positive number of metres")
      }
      var limit: Double? = nil
      if value.count == 2 {
        guard let degrees = Double(value[1]), degrees > 5, degrees < 180 else {
          throw ZoneListError("zone '\(name)': angle '\(value[1])' is not a number of degrees in (5, 180)")
        }
        limit = degrees
      }
      names.append(name)
      radii.append(radius)
      angleLimitsDegrees.append(limit)
    }
  }

  /// Engine zones with the given hysteresis and dwell settings.
  public func zones(
    hysteresisMeters: Double = Zone.defaultHysteresisMeters,
    enterDwellSeconds: Double = Zone.defaultEnterDwellSeconds,
    exitDwellSeconds: Double = Zone.defaultExitDwellSeconds,
    enterSigmaMultiplier: Double = Zone.defaultEnterSigmaMultiplier,
    bandOffsetMeters: Double = Zone.defaultBandOffsetMeters
  ) -> [Zone] {
    zip(radii, angleLimitsDegrees).map { radius, degrees in
      Zone(radiusMeters: radius, hysteresisMeters: min(hysteresisMeters, radius), enterDwellSeconds: enterDwellSeconds,
           exitDwellSeconds: exitDwellSeconds, enterSigmaMultiplier: enterSigmaMultiplier, bandOffsetMeters: bandOffsetMeters,
           angleLimitRadians: degrees.map { $0 * .pi / 180 })
    }
  }
}

/// A `--zones` value that cannot be used.
public struct ZoneListError: Error, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
