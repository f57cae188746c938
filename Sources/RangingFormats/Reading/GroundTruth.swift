// SPDX-License-Identifier: Apache-2.0
/// The ground truth recorded alongside a measurement, for evaluation only.
///
/// Read from the `true_distance`, `true_x`, `true_y` and `true_z` columns
/// (docs/FORMATS.md §1). It must never be fed to a filter; it exists so that
/// evaluation can compare filtered output with what really happened. Each
/// value is nil when its column is absent or its field is empty.
public struct GroundTruth: Equatable, Sendable {
  /// True distance from the phone to the object, metres, or nil.
  public var distanceMeters: Double?
  /// True position of the object in the phone frame, metres (+x right, +y up,
  /// +z out of the screen towards the user), or nil.
  public var x: Double?
  /// See ``x``.
  public var y: Double?
  /// See ``x``.
  public var z: Double?

  /// Creates a ground truth; all values default to absent.
  ///
  /// - Parameters:
  ///   - distanceMeters: true distance, metres, finite.
  ///   - x: true x position, metres, finite.
  ///   - y: true y position, metres, finite.
  ///   - z: true z position, metres, finite.
  public init(
    distanceMeters: Double? = nil, x: Double? = nil, y: Double? = nil, z: Double? = nil
  ) {
    self.distanceMeters = distanceMeters
    self.x = x
    self.y = y
    self.z = z
  }

  /// True when no truth value is present.
  public var isEmpty: Bool {
    distanceMeters == nil && x == nil && y == nil && z == nil
  }
}
