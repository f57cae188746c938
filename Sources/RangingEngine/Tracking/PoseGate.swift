// SPDX-License-Identifier: Apache-2.0
/// Which phone poses the tracker takes (``ObjectTracker/update(pose:at:)``):
/// a valid attitude (`SampleValidation.rejection(of:)`) not earlier than the
/// previous pose taken. The rule lives here alone; ``TrackRegistry`` holds
/// the gate, for the pipeline and for a replay's row loop alike.
public struct PoseGate: Sendable {
  /// The time of the latest pose taken, or nil before the first.
  public private(set) var latestTime: Timestamp? = nil

  /// A gate that has taken no pose yet: its first valid pose is taken, whatever its time.
  public init() {}

  /// Takes `pose` at `time` when it passes `validation` and is not earlier
  /// than the latest pose taken (a pose at the same time is taken).
  ///
  /// - Returns: nil when the pose was taken (``latestTime`` is then `time`),
  ///   else why not: ``RejectionReason/nonFinitePose`` or
  ///   ``RejectionReason/poseNotUnit`` from `validation`, or
  ///   ``RejectionReason/timeWentBackwards``. A pose not taken changes nothing.
  /// - Complexity: O(1). Does not allocate.
  public mutating func admit(_ pose: Attitude, at time: Timestamp, validation: SampleValidation) -> RejectionReason? {
    if let reason = validation.rejection(of: pose) { return reason }
    if let latestTime, time < latestTime { return .timeWentBackwards }
    latestTime = time
    return nil
  }
}
