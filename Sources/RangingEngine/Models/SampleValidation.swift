// SPDX-License-Identifier: Apache-2.0
/// Checks an update's values before it reaches a filter.
///
/// Validation never traps: bad data is the sensor's fault, not the caller's,
/// so it yields a ``RejectionReason`` (docs/CONVENTIONS.md §5, tier 2). The per-object
/// time order is checked by the tracker, which knows the previous time.
public struct SampleValidation: Sendable, Equatable {
  /// Largest accepted `| |direction| - 1 |`. Nearby Interaction reports unit
  /// vectors rounded to float precision; 0.05 admits any rounding and the
  /// ~6-digit text in recordings, while rejecting vectors that are not
  /// directions at all (zero placeholders, unnormalised positions).
  public var directionLengthTolerance: Double

  @inlinable
  public init(directionLengthTolerance: Double = 0.05) {
    self.directionLengthTolerance = directionLengthTolerance
  }

  /// Returns nil when the update is usable, or the first reason it is not.
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func rejection(of update: RangingUpdate) -> RejectionReason? {
    if let d = update.distanceMeters {
      if !d.isFinite { return .nonFiniteDistance }
      if d < 0 { return .negativeDistance }
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
}
