// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// Where a replay's row loop (``ReplayRowLoop``) sends what each row does to
/// the slots of its one object table: the commands that the engines and
/// zones of those slots carry out, in the loop's order. The loop alone keeps
/// the table, the clock and the pose gate; an implementation keeps no table
/// and no clock, only the engines of its slots: ``PipelineSlots`` (the
/// replayer's pipeline's, on the loop's thread) or the shards of a replay
/// split over threads (`ShardedReplay`), each command numbered in order.
@usableFromInline
package protocol ReplaySlots: AnyObject {
  /// The object in `slot` exits every zone it is inside with `reason` at
  /// `time`; when `endsTrack`, it leaves the slot (evicted, lost, removed),
  /// and the slot's engines start over.
  func exit(slot: Int, object: UInt64, at time: Timestamp, reason: ExitReason, endsTrack: Bool)
  /// A measurement of `object` in `slot`, which passed the tracker's checks:
  /// when `newTrack` is not nil, the object's track starts in the slot with
  /// that calibration first. Its state is handed out by ``handOutState()``.
  func measure(slot: Int, object: UInt64, update: RangingUpdate, seconds: Double, newTrack: RangeCalibration?)
  /// The state of the last measurement, handed out after the lost check its row made due.
  func handOutState()
  /// The filters of `slot` start over (the end of a suspension).
  func restart(slot: Int)
  /// The object in `slot` takes `calibration` from its next update on.
  func setCalibration(_ calibration: RangeCalibration, slot: Int)
  /// A pose the table's gate took: every slot's direction filter uses it from its object's next update on.
  func take(_ pose: Attitude)
}

/// The slots of a replay on one thread: the replayer's pipeline's engines
/// and zones, carrying out each command as the loop sends it, and handing
/// events, states and filter steps to the replay's observer at once.
@usableFromInline
package final class PipelineSlots<Backend: KalmanBackend, Observer: ReplayObserver>: ReplaySlots {
  @usableFromInline let pipeline: RangingPipeline<Backend>
  @usableFromInline let observer: Observer
  @usableFromInline let tally: ReplayTally
  /// The last measurement, until ``handOutState()``.
  /// Exclusivity unchecked: one replay runs on one thread, and nothing holds an access across a call.
  @usableFromInline @exclusivity(unchecked) var slot = 0
  @usableFromInline @exclusivity(unchecked) var object: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var seconds = 0.0
  @usableFromInline @exclusivity(unchecked) var state: TrackState? = nil
  @usableFromInline @exclusivity(unchecked) var outcome: UpdateOutcome? = nil
  @usableFromInline @exclusivity(unchecked) var measuredMeters: Double? = nil

  @inlinable
  package init(pipeline: RangingPipeline<Backend>, observer: Observer, tally: ReplayTally) {
    self.pipeline = pipeline
    self.observer = observer
    self.tally = tally
  }

  /// Counts an event and hands it to the observer.
  @inlinable
  func emit(_ event: ZoneEvent) {
    if event.kind == .enter { tally.summary.enterEvents += 1 } else { tally.summary.exitEvents += 1 }
    observer.event(event, objectName: tally.names.name(of: event.object))
  }

  @inlinable
  package func exit(
    slot: Int, object: UInt64, at time: Timestamp, reason: ExitReason, endsTrack: Bool
  ) {
    if tally.observesSteps { observer.exitCommand(objectName: tally.names.name(of: object), at: time, reason: reason) }
    pipeline.withSlots { engines, zones in
      SlotSteps.exit(
        engines: &engines, zones: &zones, slot: slot, object: object, at: time, reason: reason,
        endsTrack: endsTrack, emit: emit)
    }
  }

  @inlinable @inline(__always)
  package func measure(slot: Int, object: UInt64, update: RangingUpdate, seconds: Double, newTrack: RangeCalibration?) {
    let minimumDistance = pipeline.tracker.configuration.validation.minimumDistanceMeters
    let fused = pipeline.withSlots { engines, zones in
      SlotSteps.measure(
        engines: &engines, zones: &zones, slot: slot, object: object, update: update, newTrack: newTrack,
        minimumDistanceMeters: minimumDistance, emit: emit)
    }
    if tally.observesStates || tally.observesSteps {
      self.slot = slot
      self.object = object
      self.seconds = seconds
      state = fused.state
      outcome = fused.outcome
      measuredMeters = update.distanceMeters
    }
  }

  @inlinable
  package func handOutState() {
    guard let state else { return }
    self.state = nil
    // The name is looked up only for an observer: copying it costs a retain and a release.
    if tally.observesStates {
      observer.state(seconds: seconds, object: object, objectName: tally.names.name(of: object), state)
    }
    if tally.observesSteps {
      observer.rangeStep(RangeStep(
        seconds: seconds, objectName: tally.names.name(of: object), object: object, state: state, outcome: outcome,
        covariance: pipeline.tracker.rangeCovariance(inSlot: slot),
        filterState: pipeline.tracker.rangeFilterState(inSlot: slot),
        undidPreviousFusion: pipeline.tracker.rangeFilterHealth(inSlot: slot).contains(.undidPreviousFusion),
        measuredMeters: measuredMeters))
    }
  }

  @inlinable
  package func restart(slot: Int) { pipeline.tracker.withEngines { $0.reset(slot) } }

  @inlinable
  package func setCalibration(_ calibration: RangeCalibration, slot: Int) {
    pipeline.tracker.withEngines { $0.setCalibration(calibration, in: slot) }
  }

  @inlinable
  package func take(_ pose: Attitude) { pipeline.tracker.withEngines { $0.take(pose) } }
}
