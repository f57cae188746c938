// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// One data row of a ranging CSV, as ``RangingCSVReader`` yields it.
///
/// Every data row (not a comment, blank or header line) becomes exactly one
/// record, so `rows = measurements + lifecycle events + poses + rejections`.
/// A row with a measurement and a pose is a measurement that carries its pose.
///
/// It is the public row, beside the one row shape the package reads
/// internally (`RowView`), and stays so: ``RangingCSVReader/next()`` and a
/// replay observer's `record(_:)` (RangingReplay) hand it to users of the
/// library products, and it owns its values, where a `RowView` borrows its
/// object's bytes from the reader until the reader's next row, which is
/// no contract to publish. The slow path of the readers makes it, and a
/// view becomes one when one is asked for (`RowView.record(name:)`), so
/// the two cannot disagree.
public enum DatasetRecord: Sendable {
  /// A usable measurement row: its values passed `SampleValidation`.
  ///
  /// - `line`: 1-based physical line.
  /// - `object`: the `object` field, trimmed of surrounding spaces.
  /// - `seconds`: the `t` field as written (finite); `update.time` is the same
  ///   instant rounded to a microsecond.
  /// - `update`: the measurement for the tracker.
  /// - `truth`: ground truth, for evaluation only.
  /// - `pose`: the phone's attitude at the row's time (`pose_w` ... `pose_z`),
  ///   to feed before the measurement, or nil.
  case measurement(
    line: Int, object: String, seconds: Double, update: RangingUpdate, truth: GroundTruth, pose: Attitude? = nil)
  /// A pose-only row: the phone's attitude at `seconds` and no measurement.
  ///
  /// - `line`: 1-based physical line.
  /// - `seconds`: the `t` field (finite).
  /// - `attitude`: the pose, validated (`SampleValidation.rejection(of:)`).
  case pose(line: Int, seconds: Double, attitude: Attitude)
  /// A session life-cycle row (`event` non-empty).
  ///
  /// - `line`: 1-based physical line.
  /// - `object`: the `object` field, trimmed.
  /// - `seconds`: the `t` field (finite).
  /// - `event`: the life-cycle event.
  case lifecycle(line: Int, object: String, seconds: Double, event: LifecycleEvent)
  /// A row that cannot be used, with where and why.
  case rejected(RowRejection)

  /// The 1-based physical line the record came from.
  public var line: Int {
    switch self {
    case .measurement(let line, _, _, _, _, _): line
    case .lifecycle(let line, _, _, _): line
    case .pose(let line, _, _): line
    case .rejected(let rejection): rejection.line
    }
  }
}
