// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// What a step on one slot does to its engines and zones, in one home: the
/// commands of a replay's row loop (`ReplaySlots` in RangingReplay), carried
/// out by the replayer's pipeline or by the shards of a replay split over
/// threads, and the zones' step of ``RangingPipeline``'s own updates.
///
/// ``RangingPipeline`` takes ``evaluate(zones:slot:object:state:at:emit:)``
/// from here, but not ``measure(engines:zones:slot:object:update:newTrack:minimumDistanceMeters:emit:)``
/// or ``exit(engines:zones:slot:object:at:reason:endsTrack:emit:)``: hosts,
/// firmware and the C API drive it through `ObjectTracker`, whose
/// `update(object:withValidated:measured:)` places the object in its table,
/// starts its track and fuses in one call, and whose removals reset a slot's
/// engines as they free it. A replay's loop drives the table itself
/// (`ObjectTracker.withRegistry(_:)`) and sends each slot's steps apart, so
/// that a shard can carry them out with no table. The engines' part of a
/// fusion has one home either way: `SlotEngines.fuse(_:in:minimumDistanceMeters:)`.
@usableFromInline
package enum SlotSteps {
  /// `ReplaySlots.exit(slot:object:at:reason:endsTrack:)`: the object exits
  /// every zone it is inside; when the step ends its track, the slot's engines start over.
  @inlinable
  package static func exit<Backend: KalmanBackend>(
    engines: inout SlotEngines<Backend>, zones: inout ZoneMembership, slot: Int, object: UInt64, at time: Timestamp,
    reason: ExitReason, endsTrack: Bool, emit: (ZoneEvent) -> Void
  ) {
    zones.exitAll(slot: slot, object: object, at: time, reason: reason, emit: emit)
    if endsTrack { engines.reset(slot) }
  }

  /// `ReplaySlots.measure(slot:object:update:seconds:newTrack:)`: the
  /// engines fuse the update (`minimumDistanceMeters`: the tracker's
  /// validation's), and a confirmed track's zones are evaluated.
  @inlinable @inline(__always)
  package static func measure<Backend: KalmanBackend>(
    engines: inout SlotEngines<Backend>, zones: inout ZoneMembership, slot: Int, object: UInt64,
    update: RangingUpdate, newTrack: RangeCalibration?, minimumDistanceMeters: Double, emit: (ZoneEvent) -> Void
  ) -> (state: TrackState, outcome: UpdateOutcome?) {
    if let calibration = newTrack { engines.startTrack(in: slot, calibration: calibration) }
    let fused = engines.fuse(update, in: slot, minimumDistanceMeters: minimumDistanceMeters)
    evaluate(zones: &zones, slot: slot, object: object, state: fused.state, at: update.time, emit: emit)
    return fused
  }

  /// The zones' step after a fusion: a confirmed track's zones are evaluated
  /// at its state; an unconfirmed track (still in its confirmation) moves no zone.
  @inlinable @inline(__always)
  package static func evaluate(
    zones: inout ZoneMembership, slot: Int, object: UInt64, state: TrackState, at time: Timestamp,
    emit: (ZoneEvent) -> Void
  ) {
    if state.isConfirmed {
      zones.evaluate(
        slot: slot, object: object, range: state.range, direction: state.direction,
        directionState: state.directionState, at: time, emit: emit)
    }
  }
}
