// SPDX-License-Identifier: Apache-2.0
/// One nearby-object measurement: a distance and/or a direction.
///
/// Any field may be absent: Nearby Interaction leaves `direction` nil outside
/// the field of view, and some updates carry only `horizontalAngleRadians`.
public struct RangingUpdate: Sendable {
  /// When the update was measured.
  public var time: Timestamp
  /// Measured distance in metres, or nil.
  public var distanceMeters: Double?
  /// Measured unit direction in the phone frame, or nil.
  public var direction: Direction?
  /// Azimuth-only estimate, radians, positive to the right, or nil.
  public var horizontalAngleRadians: Double?
  /// Coarse vertical estimate, or nil.
  public var vertical: VerticalEstimate?

  @inlinable
  public init(
    time: Timestamp, distanceMeters: Double? = nil, direction: Direction? = nil,
    horizontalAngleRadians: Double? = nil, vertical: VerticalEstimate? = nil
  ) {
    self.time = time
    self.distanceMeters = distanceMeters
    self.direction = direction
    self.horizontalAngleRadians = horizontalAngleRadians
    self.vertical = vertical
  }
}
