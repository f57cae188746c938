// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// The rows at which a replay of a whole recording runs the engine's lost
/// check, found without an engine: the reader thread of a ``ShardedReplay``
/// hands every shard those rows (the "ticks") and otherwise only the shard's
/// own, since the check is all another object's row does to a shard's engine.
///
/// It follows `RangingPipeline.advanceClock(to:emit:)` step by step: the clock
/// is the latest time seen, and the check runs when a row moves it at least
/// `RangingPipeline.lostCheckIntervalSeconds` past the previous check. Between
/// two checks the clock stays below the previous check plus the interval, so a
/// shard that sees every check and only its own rows otherwise keeps the same
/// previous check as the whole replay, and its own rows run the check exactly
/// where the whole replay runs it.
///
/// Which rows move the whole replay's clock: every accepted measurement and
/// every life-cycle row. A measurement the tracker refuses for its time going
/// backwards is taken as moving it too, which changes nothing: its time is
/// before that object's latest, so before the clock. A measurement whose pose
/// the tracker refuses is skipped by ``Replayer``, so poses are followed here
/// (``posed(at:attitude:)``).
struct LostCheckSchedule {
  private var clock: Timestamp? = nil
  private var lastCheck: Timestamp? = nil
  private var lastPose: Timestamp? = nil
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
    if let clock, time < clock { return false }
    clock = time
    if let lastCheck, time.seconds(since: lastCheck) < RangingPipeline<SwiftKalmanBackend>.lostCheckIntervalSeconds {
      return false
    }
    lastCheck = time
    return true
  }

  /// A pose at `time` reaches the tracker: whether it takes it
  /// (`ObjectTracker.update(pose:at:)`: a valid attitude, not earlier than
  /// the previous pose taken). A measurement whose pose is refused is not replayed.
  mutating func posed(at time: Timestamp, attitude: Attitude) -> Bool {
    if ignoresPoses { return true }
    if validation.rejection(of: attitude) != nil { return false }
    if let lastPose, time < lastPose { return false }
    lastPose = time
    return true
  }
}
