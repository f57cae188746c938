// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

/// The engine behind a `ranging_engine_t *`: the pipeline on the plain-Swift
/// backend (so hosts and firmware run the same arithmetic), the latest state
/// of every track slot, and the queue of zone events awaiting a drain.
///
/// Everything is allocated in `init`; the update path allocates nothing
/// (the `emit` closures are non-escaping).
final class CAPIEngine {
  let pipeline: RangingPipeline<SwiftKalmanBackend>
  private(set) var events: DropNewestQueue<ranging_zone_event_t>
  /// The state after the latest accepted update of the object in each slot.
  private let states: UnsafeMutablePointer<ranging_object_state_t>
  private(set) var updatesAccepted: UInt64 = 0
  private(set) var updatesRejected: UInt64 = 0

  init(configuration: CAPIConfiguration) {
    pipeline = RangingPipeline<SwiftKalmanBackend>(
      tracker: configuration.tracker, zones: configuration.zones, suspensionPolicy: configuration.suspensionPolicy)
    events = DropNewestQueue(capacity: configuration.eventCapacity, blank: ranging_zone_event_t())
    let capacity = configuration.tracker.capacity
    states = UnsafeMutablePointer<ranging_object_state_t>.allocate(capacity: capacity)
    states.initialize(repeating: ranging_object_state_t(), count: capacity)
  }

  deinit {
    states.deallocate()
    events.deallocate()
  }

  /// The engine a handle from ``handle`` refers to (+0), or nil for NULL.
  static func from(_ handle: OpaquePointer?) -> CAPIEngine? {
    guard let handle else { return nil }
    return Unmanaged<CAPIEngine>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
  }

  /// A handle owning one reference, released by ``destroy(_:)``.
  var handle: OpaquePointer { OpaquePointer(Unmanaged.passRetained(self).toOpaque()) }

  /// Releases the reference a handle owns.
  static func destroy(_ handle: OpaquePointer) {
    Unmanaged<CAPIEngine>.fromOpaque(UnsafeRawPointer(handle)).release()
  }

  /// Feeds one update through the pipeline and queues its zone events.
  ///
  /// - Parameters:
  ///   - stateOut: when not nil and the update is accepted, receives the
  ///     object's state after it, as ``state(of:)`` reads it (the batch call).
  /// - Complexity: as ``RangingPipeline/process(object:update:emit:)``. Does not allocate.
  func process(
    object: UInt64, update: RangingUpdate, stateOut: UnsafeMutablePointer<ranging_object_state_t>? = nil
  ) -> ranging_status_t {
    let dropped = events.droppedCount
    switch pipeline.process(object: object, update: update, emit: { self.events.push(ranging_zone_event_t($0)) }) {
    case .rejected(let reason):
      updatesRejected &+= 1
      return CAPIStatus.rejection(reason)
    case .accepted(let slot, let state, _, _):
      updatesAccepted &+= 1
      states[slot] = CAPIEngine.objectState(state)
      stateOut?.pointee = self.state(inSlot: slot)
    }
    return events.droppedCount == dropped ? CAPIStatus.ok : CAPIStatus.eventsDropped
  }

  /// Feeds the phone's attitude (ranging_engine_update_pose and the batch's poses).
  /// A pose moves no zone, so it queues no event. Does not allocate.
  func process(pose: Attitude, at time: Timestamp) -> ranging_status_t {
    guard let reason = pipeline.process(pose: pose, at: time) else { return CAPIStatus.ok }
    return CAPIStatus.rejection(reason)
  }

  /// Applies a life-cycle event and queues its zone events. Does not allocate.
  func process(object: UInt64, lifecycle: LifecycleEvent, at time: Timestamp) -> ranging_status_t {
    let dropped = events.droppedCount
    pipeline.process(object: object, lifecycle: lifecycle, at: time, emit: { self.events.push(ranging_zone_event_t($0)) })
    return events.droppedCount == dropped ? CAPIStatus.ok : CAPIStatus.eventsDropped
  }

  /// Advances the clock and queues the lost objects' exits. Does not allocate.
  func advanceClock(to time: Timestamp) -> ranging_status_t {
    let dropped = events.droppedCount
    pipeline.advanceClock(to: time, emit: { self.events.push(ranging_zone_event_t($0)) })
    return events.droppedCount == dropped ? CAPIStatus.ok : CAPIStatus.eventsDropped
  }

  /// Moves up to `limit` queued events to `out`; returns how many. Does not allocate.
  func drainEvents(into out: UnsafeMutablePointer<ranging_zone_event_t>?, limit: Int) -> Int {
    events.drain(into: out, limit: limit)
  }

  /// The latest state of `object` with its current zone membership, or nil
  /// when it is not tracked. Does not allocate.
  func state(of object: UInt64) -> ranging_object_state_t? {
    guard let slot = pipeline.tracker.slot(of: object) else { return nil }
    return state(inSlot: slot)
  }

  /// The latest state of the object in `slot` with its current zone
  /// membership. Does not allocate.
  private func state(inSlot slot: Int) -> ranging_object_state_t {
    var state = states[slot]
    let monitor = pipeline.monitor
    var inside: UInt32 = 0
    for zone in 0..<monitor.zones.count where monitor.isInside(slot: slot, zone: zone) {
      inside |= 1 << UInt32(zone)
    }
    state.zones_inside = inside
    return state
  }

  var stats: ranging_stats_t {
    var stats = ranging_stats_t()
    stats.updates_accepted = updatesAccepted
    stats.updates_rejected = updatesRejected
    stats.events_queued = events.queuedCount
    stats.events_dropped = events.droppedCount
    stats.objects_evicted = UInt64(pipeline.tracker.evictionCount)
    stats.objects_tracked = UInt32(pipeline.tracker.count)
    stats.events_pending = UInt32(events.count)
    return stats
  }

  /// The C form of a tracker state (zone membership is filled in on reading).
  private static func objectState(_ state: TrackState) -> ranging_object_state_t {
    var out = ranging_object_state_t()
    out.time_us = state.time.microseconds
    out.distance_m = state.range.distanceMeters
    out.distance_sigma_m = state.range.sigmaMeters
    out.distance_rate_m_per_s = state.range.rateMetersPerSecond
    out.nlos_probability = state.range.nonLineOfSightProbability
    let direction = state.directionState == .unknown ? nil : state.direction
    out.direction = (direction?.x ?? .nan, direction?.y ?? .nan, direction?.z ?? .nan)
    out.direction_sigma_rad = state.directionSigmaRadians
    out.direction_state = CAPIStatus.directionState(state.directionState)
    out.is_confirmed = state.isConfirmed
    return out
  }
}
