// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// Zone events decided offline: the zones of a replay (`ZoneMembership`, with
/// the live zones' thresholds, dwell and angle limits) applied to the
/// smoothed states of ``TrackSmoother``, whose decision distance is
/// `OfflineZoneDecision`'s (the live decision's filter, smoothed backward
/// over each run).
///
/// States come in per object, in input order, but objects come run by run
/// (``TrackSmoother``), so the events of different objects are not
/// interleaved by time. An exit that no measurement decides (the replay's
/// exit commands, `ReplayObserver.exitCommand`: the object lost, removed,
/// suspended, invalidated or evicted) is held and applied to the offline
/// zones, with its reason, before the object's first later state, or at
/// ``finish(emit:)``: every command, also for an object that the live
/// engine held in no zone (its live decision may have lagged the offline
/// one), so that no offline zone outlives the object's track.
///
///     let offline = OfflineZoneEvents(zones: pipeline.monitor.zones)
///     smoother.onSmoothed = { _, name, state in offline.state(objectName: name, state) { write($0, $1) } }
///     // and the replay observer's exitCommand(objectName:at:reason:) calls offline.exitCommand(...)
public final class OfflineZoneEvents {
  /// The zones, in the pipeline's order; events carry indices into it.
  public let zones: [Zone]

  private struct Object {
    var id: UInt64
    var membership: ZoneMembership
    /// Exit commands not yet applied, oldest first.
    var pendingExits: [(time: Timestamp, reason: ExitReason)] = []
  }
  private var objects: [String: Object] = [:]
  /// Order of first appearance, for ``finish(emit:)``.
  private var order: [String] = []

  /// Events decided so far.
  public private(set) var eventCount = 0

  /// - Parameter zones: the live pipeline's zones (at least one).
  public init(zones: [Zone]) {
    precondition(!zones.isEmpty, "OfflineZoneEvents: at least one zone is required")
    self.zones = zones
  }

  private func object(_ name: String) -> Object {
    if let known = objects[name] { return known }
    order.append(name)
    return Object(id: UInt64(order.count - 1), membership: ZoneMembership(zones: zones, capacity: 1))
  }

  /// One smoothed state of `objectName`: the exits held for it before the
  /// state's time, then the zones decided on the state's decision distance.
  ///
  /// - Parameters:
  ///   - objectName: the object, as the recording names it.
  ///   - state: its smoothed state, whose `decisionDistanceMeters` decides the zones.
  ///   - emit: receives each event and its object's name.
  public func state(objectName: String, _ state: TrackState, emit: (ZoneEvent, String) -> Void) {
    var entry = object(objectName)
    applyExits(&entry, before: state.time, name: objectName, emit: emit)
    entry.membership.evaluate(
      slot: 0, object: entry.id, range: state.range, direction: state.direction,
      directionState: state.directionState, at: state.time
    ) {
      eventCount += 1
      emit($0, objectName)
    }
    objects[objectName] = entry
  }

  /// One of the replay's exit commands (`ReplayObserver.exitCommand`): held
  /// for the offline zones until the object's next state (see the type's discussion).
  public func exitCommand(objectName: String, at time: Timestamp, reason: ExitReason) {
    var entry = object(objectName)
    entry.pendingExits.append((time, reason))
    objects[objectName] = entry
  }

  /// Applies every exit still held, object by object in order of first appearance.
  public func finish(emit: (ZoneEvent, String) -> Void) {
    for name in order {
      guard var entry = objects[name] else { continue }
      applyExits(&entry, before: nil, name: name, emit: emit)
      objects[name] = entry
    }
  }

  /// Applies the held exits earlier than `time` (all when nil).
  private func applyExits(
    _ entry: inout Object, before time: Timestamp?, name: String, emit: (ZoneEvent, String) -> Void
  ) {
    while let exit = entry.pendingExits.first, time.map({ exit.time < $0 }) ?? true {
      entry.pendingExits.removeFirst()
      entry.membership.exitAll(slot: 0, object: entry.id, at: exit.time, reason: exit.reason) {
        eventCount += 1
        emit($0, name)
      }
    }
  }
}
