// SPDX-License-Identifier: Apache-2.0
/// The ground truth recorded alongside a measurement, for evaluation only.
///
/// Read from the `true_distance`, `true_x`, `true_y` and `true_z` columns
/// (docs/FORMATS.md §1). It must never be fed to a filter; it exists so that
/// evaluation can compare filtered output with what really happened. Each
/// value is nil when its column is absent or its field is empty.
///
/// Values reach the arithmetic of `rangectl evaluate` and `calibrate`
/// (errors, their squares and sums, a robust regression), so they have a
/// range, as a measured distance has: `true_distance` from 0 to
/// ``limitMeters``, `true_x`, `true_y`, `true_z` within ±``limitMeters``. The
/// reader rejects a row outside it as `truth_out_of_range` (``RowRejection``).
public struct GroundTruth: Equatable, Sendable {
  /// Largest true distance, and largest magnitude of a true coordinate,
  /// accepted: 1e6 m (1000 km), the largest
  /// `SampleValidation.maximumDistanceMeters` a configuration may set, so
  /// that every distance the engine can be told to accept can have its truth.
  /// An error against it is below 2e6 m, its square below 4e12 m², and a sum
  /// of such squares over 10¹⁵ rows still far from `Double`'s 1.8e308.
  public static let limitMeters = 1e6

  /// The accepted `true_distance`, metres: 0 to ``limitMeters``.
  public static let distanceRangeMeters: ClosedRange<Double> = 0...limitMeters
  /// The accepted `true_x`, `true_y`, `true_z`, metres: ±``limitMeters``.
  public static let coordinateRangeMeters: ClosedRange<Double> = -limitMeters...limitMeters

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

  /// True when `value` may be the truth of `column` (one of the `true_*`).
  static func accepts(_ value: Double, in column: KnownColumn) -> Bool {
    column == .trueDistance ? distanceRangeMeters.contains(value) : coordinateRangeMeters.contains(value)
  }

  /// True when no truth value is present.
  public var isEmpty: Bool {
    distanceMeters == nil && x == nil && y == nil && z == nil
  }
}
