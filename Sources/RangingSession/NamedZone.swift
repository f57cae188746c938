// SPDX-License-Identifier: Apache-2.0
import ZoneMonitor

/// A zone with a name, as a ``ZoneSession`` reports it in its events.
///
/// Its initialiser validates every value and throws instead of trapping, so
/// zones read from a settings screen or a file can be checked and the
/// problem shown to the user.
public struct NamedZone: Sendable {
  /// The name events carry in ``ZoneSession/Event/zone``.
  public let name: String
  /// The zone's geometry, hysteresis and dwell.
  public let zone: Zone

  /// A circular zone of `radiusMeters` around the phone, with the engine's
  /// default hysteresis band and dwell times.
  ///
  /// - Parameters:
  ///   - name: not empty.
  ///   - radiusMeters: finite and positive.
  ///   - hysteresisMeters: the band in which the state is held, in `0..<2·radius`.
  ///   - enterDwellSeconds: how long the enter condition must hold, finite and not negative.
  ///   - exitDwellSeconds: how long the exit condition must hold, finite and not negative.
  /// - Throws: ``ZoneSessionError/invalidZone(name:problem:)`` naming the first value out of range.
  public init(
    _ name: String, radiusMeters: Double, hysteresisMeters: Double = Zone.defaultHysteresisMeters,
    enterDwellSeconds: Double = Zone.defaultEnterDwellSeconds, exitDwellSeconds: Double = Zone.defaultExitDwellSeconds
  ) throws(ZoneSessionError) {
    func invalid(_ problem: String) -> ZoneSessionError { .invalidZone(name: name, problem: problem) }
    guard !name.isEmpty else { throw invalid("the name is empty") }
    guard radiusMeters.isFinite, radiusMeters > 0 else { throw invalid("radius \(radiusMeters) m is not a positive number") }
    guard hysteresisMeters.isFinite, hysteresisMeters >= 0, hysteresisMeters < 2 * radiusMeters else {
      throw invalid("hysteresis \(hysteresisMeters) m is outside 0..<2·radius")
    }
    guard radiusMeters - hysteresisMeters / 2 + Zone.defaultBandOffsetMeters > 0 else {
      throw invalid("the enter threshold of radius \(radiusMeters) m with hysteresis \(hysteresisMeters) m is not above 0")
    }
    guard enterDwellSeconds.isFinite, enterDwellSeconds >= 0, exitDwellSeconds.isFinite, exitDwellSeconds >= 0 else {
      throw invalid("dwell times must be finite and not negative")
    }
    self.name = name
    self.zone = Zone(
      radiusMeters: radiusMeters, hysteresisMeters: hysteresisMeters, enterDwellSeconds: enterDwellSeconds,
      exitDwellSeconds: exitDwellSeconds)
  }
}

/// Why a ``ZoneSession`` or a ``NamedZone`` could not be made.
public enum ZoneSessionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A zone value is out of range; `problem` says which.
  case invalidZone(name: String, problem: String)
  /// The session was given no zone.
  case noZones
  /// Two zones have this name.
  case duplicateZoneName(String)
  /// The number of objects tracked at once is outside `1...maximumObjects`.
  case invalidObjectCapacity(Int)

  public var description: String {
    switch self {
    case .invalidZone(let name, let problem): "zone '\(name)': \(problem)"
    case .noZones: "a session needs at least one zone"
    case .duplicateZoneName(let name): "two zones are named '\(name)'"
    case .invalidObjectCapacity(let capacity):
      "object capacity \(capacity) is outside 1...\(ZoneSession.maximumObjects)"
    }
  }
}
