// SPDX-License-Identifier: Apache-2.0
extension ZoneList {
  /// The warning for a replay whose zones include some gated by angle
  /// (`door=1.5@30`) while no accepted measurement carried a direction: such
  /// a zone is entered only within its angle of straight ahead, which
  /// range-only data never shows, so it can have no event. Said rather than
  /// left as a silent 0 events; nil when no zone is gated or some row had a
  /// direction.
  ///
  /// - Parameters:
  ///   - summary: the replay's summary, which counts the accepted
  ///     measurements and those with a direction.
  ///   - path: the input's name, for the message.
  public func angleGateWarning(for summary: ReplaySummary, path: String) -> String? {
    angleGateWarning(measurements: summary.measurementsAccepted, withDirection: summary.measurementsWithDirection,
                     path: path)
  }

  /// ``angleGateWarning(for:path:)`` from the counts alone, for a caller
  /// that keeps no ``ReplaySummary`` (`rangectl plot` counts its trace's rows).
  ///
  /// - Parameters:
  ///   - measurements: the accepted measurements.
  ///   - withDirection: how many of them carried a direction.
  ///   - path: the input's name, for the message.
  public func angleGateWarning(measurements: Int, withDirection: Int, path: String) -> String? {
    guard measurements > 0, withDirection == 0 else { return nil }
    let gated = zip(names, angleLimitsDegrees).compactMap { name, degrees in
      degrees.map { "'\(name)' (±\($0.formattedDegrees)°)" }
    }
    guard !gated.isEmpty else { return nil }
    return "\(path): zone\(gated.count == 1 ? "" : "s") \(gated.joined(separator: ", ")) "
      + "\(gated.count == 1 ? "is" : "are") gated by angle, but none of the \(measurements) "
      + "measurements has a direction (dir_x,dir_y,dir_z or horizontal_angle), so "
      + "\(gated.count == 1 ? "it" : "they") can have no events; drop the @angle to gate by distance only"
  }
}

extension Double {
  /// Degrees as given on the command line: `30` rather than `30.0`.
  fileprivate var formattedDegrees: String {
    rounded() == self && abs(self) < 1e15 ? String(Int(self)) : description
  }
}
