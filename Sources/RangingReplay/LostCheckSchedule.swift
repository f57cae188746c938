// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// The rows at which a replay of a whole recording runs the engine's lost
/// check, found without an engine: the reader thread of a ``ShardedReplay``
/// hands every shard those rows (the "ticks") and otherwise only the shard's
/// own, since the check is all another object's row does to a shard's engine.
///
/// It moves a `LostCheckClock`, the rule `RangingPipeline.advanceClock(to:emit:)`
/// follows, as the whole replay's rows move the pipeline's clock. Between two
/// checks the clock stays below the previous check plus the interval, so a
/// shard that sees every check and only its own rows otherwise keeps the same
/// previous check as the whole replay, and its own rows run the check exactly
/// where the whole replay runs it.
///
/// Which rows move the whole replay's clock: every accepted measurement and
/// every life-cycle row. A measurement the tracker refuses for its time going
/// backwards is taken as moving it too, which changes nothing: its time is
/// before that object's latest, so before the clock. A measurement whose pose
/// the tracker refuses is skipped by ``Replayer``, so poses are followed here
/// (``posed(at:attitude:)``) with the tracker's own rule, a `PoseGate`.
struct LostCheckSchedule {
  private var clock = LostCheckClock()
  private var poses = PoseGate()
  /// The replayers' checks on poses (`TrackerConfiguration.validation`).
  private let validation: SampleValidation
  /// ``Replayer/ignoresPoses``: every pose is then taken, and none is checked.
  private let ignoresPoses: Bool

  init(validation: SampleValidation, ignoresPoses: Bool) {
    self.validation = validation
    self.ignoresPoses = ignoresPoses
  }

  /// A row moves the clock to `time`: whether the lost check runs there.
  ///
  /// - Complexity: O(1).
  mutating func advance(to time: Timestamp) -> Bool {
    clock.advance(to: time)
  }

  /// A pose at `time` reaches the tracker: whether it takes it
  /// (`ObjectTracker.update(pose:at:)`). A measurement whose pose is refused is not replayed.
  mutating func posed(at time: Timestamp, attitude: Attitude) -> Bool {
    ignoresPoses || poses.admit(attitude, at: time, validation: validation) == nil
  }
}
