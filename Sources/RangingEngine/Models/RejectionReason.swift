// SPDX-License-Identifier: Apache-2.0
/// Why an update was not used. Every rejected input carries exactly one.
public enum RejectionReason: UInt8, CaseIterable, Sendable {
  /// The time is NaN or infinite.
  case nonFiniteTime
  /// The time is earlier than the previous accepted update of the same object.
  case timeWentBackwards
  /// The distance is NaN or infinite.
  case nonFiniteDistance
  /// The distance is negative.
  case negativeDistance
  /// A direction component is NaN or infinite.
  case nonFiniteDirection
  /// The direction's length differs from 1 by more than the tolerance.
  case directionNotUnit
  /// The horizontal angle is NaN, infinite, or outside [-pi, pi].
  case horizontalAngleOutOfRange
  /// The update carries no distance, direction, horizontal angle or vertical estimate.
  case noMeasurement
  /// The distance is finite and not negative but outside the physical range
  /// of ``SampleValidation``: non-zero and below its minimum, or above its maximum.
  case distanceOutOfRange
  /// A component of the phone's attitude quaternion is NaN or infinite.
  case nonFinitePose
  /// The attitude quaternion's norm differs from 1 by more than
  /// ``SampleValidation/attitudeNormTolerance``.
  case poseNotUnit

  /// A stable snake_case name for reports and machine-readable output.
  public var name: StaticString {
    switch self {
    case .nonFiniteTime: "non_finite_time"
    case .timeWentBackwards: "time_went_backwards"
    case .nonFiniteDistance: "non_finite_distance"
    case .negativeDistance: "negative_distance"
    case .nonFiniteDirection: "non_finite_direction"
    case .directionNotUnit: "direction_not_unit"
    case .horizontalAngleOutOfRange: "horizontal_angle_out_of_range"
    case .noMeasurement: "no_measurement"
    case .distanceOutOfRange: "distance_out_of_range"
    case .nonFinitePose: "non_finite_pose"
    case .poseNotUnit: "pose_not_unit"
    }
  }
}
