// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The whole per-update path: validation, object table, distance filter and
/// zones (docs/DESIGN.md "Data flow"). Hosts, firmware and the C API all drive
/// this one type. The order of the steps on the object table and the clock
/// lives in `TrackRegistry`, which the tracker holds (a replay's row loop
/// drives it too); this type acts on each step's outcome.
///
/// It sits in the ZoneMonitor module because it needs both the tracker
/// (RangingEngine) and the zones, and RangingEngine does not depend on zones.
/// Everything is allocated in `init`; updates allocate nothing.
public final class RangingPipeline<Backend: KalmanBackend> {
  public let tracker: ObjectTracker<Backend>
  // Exclusivity unchecked: one thread drives a pipeline and nothing lends these
  // out; the runtime checks cost more than the zone logic (docs/PERFORMANCE.md).
  @exclusivity(unchecked) @usableFromInline var zoneMembership: ZoneMembership
  /// Which zones each slot's object is inside, and since when.
  public var monitor: ZoneMembership { zoneMembership }

  /// The engines and zones of the slots, in place, for a replay's row loop
  /// (`ObjectTracker.withRegistry(_:)` says why through this module's code).
  @inlinable package func withSlots<Result>(
    _ body: (inout SlotEngines<Backend>, inout ZoneMembership) -> Result
  ) -> Result {
    tracker.withEngines { engines in body(&engines, &zoneMembership) }
  }
  public let suspensionPolicy: SuspensionPolicy

  /// The latest time seen on any update or clock advance.
  public var clock: Timestamp? { tracker.clock }

  /// How often, in clock time, objects are checked for the lost timeout
  /// (`LostCheckClock.intervalSeconds`).
  /// Checking is O(capacity), so it is amortised over many updates.
  public static var lostCheckIntervalSeconds: Double { LostCheckClock.intervalSeconds }

  ///
  /// Precondition: the configuration and every zone pass their `validate()`
  /// and there is at least one zone (values written in code); for user
  /// values use ``validated(tracker:zones:suspensionPolicy:)``, which throws.
  public init(
    tracker configuration: TrackerConfiguration = TrackerConfiguration(),
    zones: [Zone] = RangingPipeline.defaultZones, suspensionPolicy: SuspensionPolicy = .exitZones
  ) {
    do { try Self.validate(tracker: configuration, zones: zones) } catch { error.trap() }
    tracker = ObjectTracker<Backend>(configuration: configuration)
    zoneMembership = ZoneMembership(zones: zones, capacity: configuration.capacity)
    self.suspensionPolicy = suspensionPolicy
  }

  /// A pipeline from user configuration: as ``init(tracker:zones:suspensionPolicy:)``,
  /// but a setting outside its documented range throws instead of trapping.
  ///
  /// - Throws: `ConfigurationError` for the first setting out of range:
  ///   the tracker's (`TrackerConfiguration.validate()`), then each zone's
  ///   (``Zone/validate()``), or `zones.count` when there is no zone.
  /// - Complexity: O(capacity · zones); allocates everything the pipeline uses.
  public static func validated(
    tracker configuration: TrackerConfiguration = TrackerConfiguration(),
    zones: [Zone] = RangingPipeline.defaultZones, suspensionPolicy: SuspensionPolicy = .exitZones
  ) throws(ConfigurationError) -> RangingPipeline {
    try validate(tracker: configuration, zones: zones)
    return RangingPipeline(tracker: configuration, zones: zones, suspensionPolicy: suspensionPolicy)
  }

  /// The checks of ``validated(tracker:zones:suspensionPolicy:)``.
  private static func validate(tracker configuration: TrackerConfiguration, zones: [Zone]) throws(ConfigurationError) {
    try configuration.validate()
    if zones.isEmpty { throw ConfigurationError(setting: .zoneCount, value: 0, allowed: 1...Double(Int.max)) }
    for zone in zones { try zone.validate() }
  }

  /// `inner` at 1.5 m, then `outer` at 3 m.
  public static var defaultZones: [Zone] { [Zone(radiusMeters: 1.5), Zone(radiusMeters: 3)] }

  /// Processes one measurement of `object` and emits the zone events it causes.
  ///
  /// - Returns: the tracker's verdict (rejected with reason, or accepted with the state).
  /// - Complexity: O(zones) expected. Does not allocate.
  ///
  /// An object already tracked but silent for longer than the lost timeout
  /// (`TrackerConfiguration.lostTimeoutSeconds`) is lost by its own gap,
  /// whatever other objects did meanwhile: its zones exit first, with reason
  /// `lost` and this update's time, and the update then starts a new track,
  /// exactly as if a clock advance had found it lost during the gap.
  @inlinable @inline(__always) @discardableResult
  public func process(object: UInt64, update: RangingUpdate, emit: (ZoneEvent) -> Void) -> TrackerUpdate {
    // Inlinable so that the tracker and its filters are specialised in the
    // caller's module (docs/PERFORMANCE.md); the zones run in `zonesAfter`.
    // Validation first: a rejected update tells nothing about the object, so
    // it neither ends its track nor changes anything else.
    if let reason = tracker.configuration.validation.rejection(of: update) {
      return .rejected(reason)
    }
    return process(object: object, validatedUpdate: update, emit: emit)
  }

  /// ``process(object:update:emit:)`` for an update that already passed the
  /// tracker's `TrackerConfiguration/validation` (see
  /// `ObjectTracker/update(object:withValidated:)`): the value checks are not repeated.
  ///
  /// Precondition (not checked): `tracker.configuration.validation.rejection(of: update)` is nil.
  /// - Complexity: O(zones) expected. Does not allocate.
  @inlinable @inline(__always) @discardableResult
  public func process(object: UInt64, validatedUpdate update: RangingUpdate, emit: (ZoneEvent) -> Void) -> TrackerUpdate {
    // The steps on the object table and the clock, in their order (TrackRegistry).
    let measured = tracker.measure(object: object, at: update.time)
    if measured.expiredSlot >= 0 { expired(slot: measured.expiredSlot, object: object, at: update.time, emit: emit) }
    guard !measured.isRefused else { return .rejected(.timeWentBackwards) }
    let result = tracker.update(object: object, withValidated: update, measured: measured)
    if case .accepted(let slot, let state, _, let evicted) = result {
      zonesAfter(object: object, slot: slot, state: state, evicted: evicted, at: update.time, emit: emit)
    }
    if measured.checksLost { removeLost(at: update.time, emit: emit) }
    return result
  }

  /// The zones of `object`, lost by its own silence (`TrackRegistry`, step 1),
  /// exit with reason `lost` and this update's time, as if a lost check had
  /// found it during the gap; the update then starts a new track. Out of line: rare.
  @usableFromInline @inline(never)
  func expired(slot: Int, object: UInt64, at time: Timestamp, emit: (ZoneEvent) -> Void) {
    zoneMembership.exitAll(slot: slot, object: object, at: time, reason: .lost, emit: emit)
  }

  /// The zone steps of ``process(object:update:emit:)`` after an accepted
  /// update: the evicted object's exits, then the object's own events.
  @usableFromInline
  func zonesAfter(
    object: UInt64, slot: Int, state: TrackState, evicted: UInt64?, at time: Timestamp, emit: (ZoneEvent) -> Void
  ) {
    if let evicted {
      zoneMembership.exitAll(slot: slot, object: evicted, at: time, reason: .evicted, emit: emit)
    }
    SlotSteps.evaluate(zones: &zoneMembership, slot: slot, object: object, state: state, at: time, emit: emit)
  }

  /// The lost check (`TrackRegistry`, step 4): the zones of every object
  /// silent for the lost timeout exit, in slot order, with reason `lost`.
  @usableFromInline
  func removeLost(at time: Timestamp, emit: (ZoneEvent) -> Void) {
    tracker.removeLost(at: time) { slot, object in
      zoneMembership.exitAll(slot: slot, object: object, at: time, reason: .lost, emit: emit)
    }
  }

  /// Takes the phone's attitude at `time` (`ObjectTracker.update(pose:at:)`):
  /// directions are then tracked in a fixed world frame and reported in the
  /// phone frame at the latest pose. A pose moves no object, no zone and not
  /// the clock; each object's next update uses it.
  ///
  /// - Returns: nil when the pose was taken, else the reason it was not
  ///   (not finite, norm not 1, or earlier than the previous pose).
  /// - Complexity: O(1). Does not allocate.
  @discardableResult
  public func process(pose: Attitude, at time: Timestamp) -> RejectionReason? {
    tracker.update(pose: pose, at: time)
  }

  /// Applies a session life-cycle event to `object` at `time`.
  ///
  /// Removal and invalidation exit every zone with the matching reason and
  /// forget the track. Suspension follows ``suspensionPolicy``; the end of a
  /// suspension restarts the filter. Unknown objects are ignored, and so is
  /// an object silent for longer than the lost timeout: it is lost first
  /// (its zones exit with reason `lost`), as in ``process(object:update:emit:)``.
  /// - Complexity: O(zones). Does not allocate.
  public func process(object: UInt64, lifecycle event: LifecycleEvent, at time: Timestamp, emit: (ZoneEvent) -> Void) {
    let reason = event.exitReason
    // The zones still hold the slot's state: the registry has freed it, nothing has reused it.
    let steps = tracker.lifecycle(object: object, endsTrack: event.endsTrack, at: time)
    if steps.expiredSlot >= 0 { expired(slot: steps.expiredSlot, object: object, at: time, emit: emit) }
    if let reason, steps.removedSlot >= 0 {
      zoneMembership.exitAll(slot: steps.removedSlot, object: object, at: time, reason: reason, emit: emit)
    }
    switch event {
    case .suspended:
      if suspensionPolicy == .exitZones, let slot = tracker.slot(of: object) {
        zoneMembership.exitAll(slot: slot, object: object, at: time, reason: .suspended, emit: emit)
      }
    case .suspensionEnded:
      tracker.restart(object: object)
    case .removedTimeout, .removedPeerEnded, .invalidated:
      break
    }
    if steps.checksLost { removeLost(at: time, emit: emit) }
  }

  /// Moves the clock forward (for example from a firmware timer) and exits
  /// the zones of objects not heard from for the lost timeout, when the lost
  /// check is due (`LostCheckClock`).
  ///
  /// - Complexity: O(capacity) at most every ``lostCheckIntervalSeconds``, else O(1).
  public func advanceClock(to time: Timestamp, emit: (ZoneEvent) -> Void) {
    if tracker.advanceClock(to: time) { removeLost(at: time, emit: emit) }
  }
}
