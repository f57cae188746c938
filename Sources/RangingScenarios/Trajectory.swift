// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A ground-truth path in the phone frame, as keyframes in spherical
/// coordinates interpolated linearly in time.
///
/// Between keyframes the distance, azimuth and elevation each change linearly,
/// so the true distance is piecewise linear in time and its zone crossings
/// have a closed form (a constant-speed leg from 5 m at 1 m/s crosses 3 m at
/// exactly 2 s). Azimuth is positive to the right and elevation positive up,
/// both measured from straight ahead (-z):
///
///     x = r·cos(el)·sin(az),  y = r·sin(el),  z = -r·cos(el)·cos(az)
///
/// Before the first keyframe and after the last, the object stays put.
public struct Trajectory: Equatable, Sendable {
  /// One point of the path.
  public struct Keyframe: Equatable, Sendable {
    /// Scenario time, seconds from the scenario's start.
    public var seconds: Double
    /// True distance from the phone, metres, ≥ 0.
    public var distanceMeters: Double
    /// Azimuth, radians, positive to the right of -z.
    public var azimuthRadians: Double
    /// Elevation, radians, positive above the x-z plane.
    public var elevationRadians: Double

    public init(seconds: Double, distanceMeters: Double, azimuthRadians: Double, elevationRadians: Double) {
      self.seconds = seconds
      self.distanceMeters = distanceMeters
      self.azimuthRadians = azimuthRadians
      self.elevationRadians = elevationRadians
    }
  }

  /// Keyframes in non-decreasing time; at least one.
  public private(set) var keyframes: [Keyframe]

  /// A path that starts at `start`.
  public init(start: Keyframe) { keyframes = [start] }

  /// A path through `keyframes`. Precondition: at least one, times non-decreasing.
  public init(keyframes: [Keyframe]) {
    precondition(!keyframes.isEmpty, "Trajectory: needs at least one keyframe")
    precondition(zip(keyframes, keyframes.dropFirst()).allSatisfy { $0.seconds <= $1.seconds },
                 "Trajectory: keyframe times must not decrease")
    self.keyframes = keyframes
  }

  /// The time of the last keyframe, seconds.
  public var endSeconds: Double { keyframes[keyframes.count - 1].seconds }

  /// Moves to `distanceMeters` at `speedMetersPerSecond` (> 0), turning
  /// linearly to the given angles on the way (unchanged when nil). The move
  /// lasts long enough that neither the radial speed nor the sideways speed
  /// (the arc swept at the mean distance) exceeds `speedMetersPerSecond`, so
  /// a large turn at a small change of distance is not a jump.
  public mutating func move(
    toDistance distanceMeters: Double, speedMetersPerSecond: Double,
    azimuthRadians: Double? = nil, elevationRadians: Double? = nil
  ) {
    precondition(speedMetersPerSecond > 0 && distanceMeters >= 0, "Trajectory: speed must be positive, distance not negative")
    let last = keyframes[keyframes.count - 1]
    let azimuth = azimuthRadians ?? last.azimuthRadians
    let elevation = elevationRadians ?? last.elevationRadians
    let meanDistance = (distanceMeters + last.distanceMeters) / 2
    let turn = max(abs(azimuth - last.azimuthRadians), abs(elevation - last.elevationRadians))
    let seconds = max(abs(distanceMeters - last.distanceMeters), meanDistance * turn) / speedMetersPerSecond
    keyframes.append(Keyframe(
      seconds: last.seconds + seconds, distanceMeters: distanceMeters, azimuthRadians: azimuth,
      elevationRadians: elevation))
  }

  /// Walks around the phone at the current distance to `azimuthRadians`
  /// (which may pass ±π: angles are not wrapped) at `angularSpeedRadiansPerSecond` (> 0).
  public mutating func turn(toAzimuth azimuthRadians: Double, angularSpeedRadiansPerSecond: Double) {
    precondition(angularSpeedRadiansPerSecond > 0, "Trajectory: angular speed must be positive")
    let last = keyframes[keyframes.count - 1]
    keyframes.append(Keyframe(
      seconds: last.seconds + abs(azimuthRadians - last.azimuthRadians) / angularSpeedRadiansPerSecond,
      distanceMeters: last.distanceMeters, azimuthRadians: azimuthRadians, elevationRadians: last.elevationRadians))
  }

  /// Stays at the current point for `seconds` (≥ 0).
  public mutating func pause(seconds: Double) {
    precondition(seconds >= 0, "Trajectory: pause must not be negative")
    var last = keyframes[keyframes.count - 1]
    last.seconds += seconds
    keyframes.append(last)
  }

  /// The interpolated keyframe at `seconds`.
  ///
  /// - Complexity: O(log k) for k keyframes.
  public func state(at seconds: Double) -> Keyframe {
    if seconds <= keyframes[0].seconds { return keyframes[0] }
    if seconds >= endSeconds { return keyframes[keyframes.count - 1] }
    // First keyframe strictly after `seconds`; the one before it is at or before.
    var low = 0
    var high = keyframes.count - 1
    while low < high {
      let mid = (low + high) / 2
      if keyframes[mid].seconds > seconds { high = mid } else { low = mid + 1 }
    }
    let a = keyframes[low - 1]
    let b = keyframes[low]
    let span = b.seconds - a.seconds
    let f = span > 0 ? (seconds - a.seconds) / span : 1
    return Keyframe(
      seconds: seconds, distanceMeters: a.distanceMeters + f * (b.distanceMeters - a.distanceMeters),
      azimuthRadians: a.azimuthRadians + f * (b.azimuthRadians - a.azimuthRadians),
      elevationRadians: a.elevationRadians + f * (b.elevationRadians - a.elevationRadians))
  }

  /// The true position in the phone frame at `seconds`, metres.
  public func position(at seconds: Double) -> (x: Double, y: Double, z: Double) {
    let s = state(at: seconds)
    let horizontal = s.distanceMeters * cos(s.elevationRadians)
    return (horizontal * sin(s.azimuthRadians), s.distanceMeters * sin(s.elevationRadians),
            -horizontal * cos(s.azimuthRadians))
  }
}
