// SPDX-License-Identifier: Apache-2.0
/// Checks an update's values before it reaches a filter.
///
/// Validation never traps: bad data is the sensor's fault, not the caller's,
/// so it yields a ``RejectionReason`` (docs/CONVENTIONS.md §5, tier 2). The per-object
/// time order is checked by the tracker, which knows the previous time.
///
/// Distances must lie in the physical range a ranging radio can report: 0,
/// or from ``minimumDistanceMeters`` to ``maximumDistanceMeters``. Anything
/// else is `distance_out_of_range`. A value like 1e155 m squared overflows
/// the direction filter, and one like 1e-150 m makes its angle the ratio of
/// two rounding errors; both are corrupt data, not measurements.
public struct SampleValidation: Sendable, Equatable {
  /// Largest accepted `| |direction| - 1 |`. Nearby Interaction reports unit
  /// vectors rounded to float precision; 0.05 admits any rounding and the
  /// ~6-digit text in recordings, while rejecting vectors that are not
  /// directions at all (zero placeholders, unnormalised positions).
  public var directionLengthTolerance: Double
  /// Smallest non-zero distance accepted, metres (0 itself is accepted:
  /// devices report it when an antenna-delay correction overshoots). The
  /// default, 1e-4 m, is fifty times finer than a DW1000 time tick (4.7 mm of
  /// range) and Nearby Interaction reports millimetres at best, so no radio
  /// reports a non-zero distance below it; the direction filter's geometry
  /// holds down to about 1e-7 m.
  public var minimumDistanceMeters: Double
  /// Largest distance accepted, metres. The default, 1 km, is beyond the
  /// longest Ultra-Wideband links (a few hundred metres in line of sight
  /// with DW1000-class radios at their lowest data rate; Nearby Interaction
  /// tens of metres); the recordings in the project reach 51 m.
  public var maximumDistanceMeters: Double

  @inlinable
  public init(
    directionLengthTolerance: Double = 0.05, minimumDistanceMeters: Double = SampleValidation.defaultMinimumDistanceMeters,
    maximumDistanceMeters: Double = SampleValidation.defaultMaximumDistanceMeters
  ) {
    self.directionLengthTolerance = directionLengthTolerance
    self.minimumDistanceMeters = minimumDistanceMeters
    self.maximumDistanceMeters = maximumDistanceMeters
  }

  /// 1e-4 m; see ``minimumDistanceMeters``.
  public static var defaultMinimumDistanceMeters: Double { 1e-4 }
  /// 1000 m; see ``maximumDistanceMeters``.
  public static var defaultMaximumDistanceMeters: Double { 1000 }

  /// Accepted ``directionLengthTolerance``: 0 to 0.5. At 1 or more a zero
  /// vector would pass, and it has no direction.
  public static let directionLengthToleranceRange: ClosedRange<Double> = 0...0.5
  /// Accepted ``minimumDistanceMeters``: 0 (off) to 1 m.
  public static let minimumDistanceRange: ClosedRange<Double> = 0...1
  /// Accepted ``maximumDistanceMeters``: 1 m (so above any minimum) to 1000 km.
  public static let maximumDistanceRange: ClosedRange<Double> = 1...1e6

  /// Returns nil when the update is usable, or the first reason it is not.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rejection(of update: RangingUpdate) -> RejectionReason? {
    if let d = update.distanceMeters {
      if !d.isFinite { return .nonFiniteDistance }
      if d < 0 { return .negativeDistance }
      // Written so that the usual distance takes one comparison each side.
      if d > maximumDistanceMeters || (d < minimumDistanceMeters && d != 0) { return .distanceOutOfRange }
    }
    if let v = update.direction {
      if !(v.x.isFinite && v.y.isFinite && v.z.isFinite) { return .nonFiniteDirection }
      if !(abs(v.length - 1) <= directionLengthTolerance) { return .directionNotUnit }
    }
    if let a = update.horizontalAngleRadians {
      if !(a.isFinite && abs(a) <= Double.pi) { return .horizontalAngleOutOfRange }
    }
    if update.distanceMeters == nil && update.direction == nil
      && update.horizontalAngleRadians == nil && update.vertical == nil
    {
      return .noMeasurement
    }
    return nil
  }

  /// Largest accepted `| |q| - 1 |` of an ``Attitude``. Attitude sources
  /// report unit quaternions to float precision or better, and six digits of
  /// text leave an error near 1e-6; 0.01 admits those while rejecting what
  /// is not a rotation at all (zero placeholders, Euler angles in the wrong
  /// columns). The engine normalises what it accepts.
  public static var attitudeNormTolerance: Double { 0.01 }

  /// Returns nil when the phone's attitude is usable, or the reason it is not:
  /// ``RejectionReason/nonFinitePose``, ``RejectionReason/poseNotUnit``.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rejection(of attitude: Attitude) -> RejectionReason? {
    if !(attitude.w.isFinite && attitude.x.isFinite && attitude.y.isFinite && attitude.z.isFinite) {
      return .nonFinitePose
    }
    if !(abs(attitude.norm - 1) <= Self.attitudeNormTolerance) { return .poseNotUnit }
    return nil
  }

  /// Throws when a setting is outside its range: ``directionLengthToleranceRange``,
  /// ``minimumDistanceRange``, ``maximumDistanceRange``.
  ///
  /// - Throws: ``ConfigurationError``.
  /// - Complexity: O(1). Does not allocate.
  public func validate() throws(ConfigurationError) {
    try ConfigurationError.check(
      .validationDirectionLengthTolerance, directionLengthTolerance, in: Self.directionLengthToleranceRange)
    try ConfigurationError.check(.validationMinimumDistance, minimumDistanceMeters, in: Self.minimumDistanceRange)
    try ConfigurationError.check(.validationMaximumDistance, maximumDistanceMeters, in: Self.maximumDistanceRange)
  }
}
