// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

/// A live ranging session for apps: named objects and zones in, named zone
/// events out, as return values and as an `AsyncSequence`.
///
/// Feed it each update your ranging stack delivers (for Nearby Interaction,
/// each `NINearbyObject` of `session(_:didUpdate:)`); read the events it
/// returns, or iterate ``events`` from a task:
///
/// ```swift
/// let session = try ZoneSession(zones: [
///   NamedZone("near", radiusMeters: 1.0),
///   NamedZone("room", radiusMeters: 3.0),
/// ])
/// Task { for await event in session.events { print(event) } }
/// session.update("lock-1", at: 0.0, distanceMeters: 2.4)
/// ```
///
/// Underneath is one `DefaultRangingPipeline` (validation, calibration,
/// object table, distance and direction filters, zones with hysteresis);
/// this type adds the names, seconds as `Double`, and the stream. Its own
/// work allocates (names, arrays of events); use `RangingPipeline` directly
/// where updates must not allocate.
///
/// Not thread-safe: call it from one thread or actor at a time. ``events``
/// may be iterated from anywhere.
public final class ZoneSession {
  /// The zones, in the order given.
  public let zones: [NamedZone]
  /// The pipeline the session drives.
  public let pipeline: DefaultRangingPipeline
  /// The session's events, as they happen, until ``finish()``.
  ///
  /// Buffers every event until it is read (a session has one reader). The
  /// same events are also returned by the calls that cause them.
  public let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  private var identifiers: [String: UInt64] = [:]
  private var names: [UInt64: String] = [:]
  private var nextIdentifier: UInt64 = 1
  private var latest: [UInt64: TrackState] = [:]

  /// The most objects a session can track at once.
  public static let maximumObjects = 1 << 20

  /// A session with `zones` that tracks up to `maximumObjects` objects at once.
  ///
  /// - Parameters:
  ///   - zones: at least one, with distinct names.
  ///   - maximumObjects: objects tracked at once, `1...ZoneSession.maximumObjects`;
  ///     when more appear, the one heard from least recently is dropped (its
  ///     zones exit with reason `evicted`).
  ///   - tracker: the tracker's other settings (filters, timeouts, calibration);
  ///     its capacity is replaced by `maximumObjects`.
  /// - Throws: ``ZoneSessionError`` for no zones, duplicate names or a capacity out of range.
  public init(
    zones: [NamedZone], maximumObjects: Int = 64, tracker: TrackerConfiguration = TrackerConfiguration()
  ) throws(ZoneSessionError) {
    guard !zones.isEmpty else { throw .noZones }
    var seen = Set<String>()
    for zone in zones where !seen.insert(zone.name).inserted { throw .duplicateZoneName(zone.name) }
    guard (1...Self.maximumObjects).contains(maximumObjects) else { throw .invalidObjectCapacity(maximumObjects) }
    var configuration = tracker
    configuration.capacity = maximumObjects
    self.zones = zones
    pipeline = DefaultRangingPipeline(tracker: configuration, zones: zones.map(\.zone))
    // AsyncStream's initialiser runs the closure at once (makeStream needs newer Apple OS versions).
    var captured: AsyncStream<Event>.Continuation?
    events = AsyncStream(bufferingPolicy: .unbounded) { captured = $0 }
    continuation = captured!
  }

  deinit { continuation.finish() }

  /// Feeds one measurement of `object`.
  ///
  /// - Parameters:
  ///   - object: the object's name (an accessory's name, a token's hash).
  ///   - seconds: when it was measured, on any clock that does not go back.
  ///   - distanceMeters: the measured distance, or nil.
  ///   - direction: the measured unit direction in the phone frame (+x right,
  ///     +y up, +z towards the user), or nil outside the field of view.
  /// - Returns: the zone events the update caused (also sent to ``events``).
  ///   An update the engine rejects (a negative or non-finite distance, time
  ///   going back) causes none; ``rejectedUpdates`` counts it.
  @discardableResult
  public func update(_ object: String, at seconds: Double, distanceMeters: Double?, direction: Direction? = nil)
    -> [Event]
  {
    guard seconds.isFinite, abs(seconds) < 9e12 else {
      rejectedUpdates += 1
      return []
    }
    let id = identifier(of: object)
    var raw: [ZoneEvent] = []
    let result = pipeline.process(
      object: id, update: RangingUpdate(time: Timestamp(seconds: seconds), distanceMeters: distanceMeters, direction: direction)
    ) { raw.append($0) }
    switch result {
    case .rejected: rejectedUpdates += 1
    case .accepted(_, let state, _, let evicted):
      latest[id] = state
      if let evicted { latest[evicted] = nil }
    }
    return publish(raw)
  }

  /// Updates the engine rejected, since the session began.
  public private(set) var rejectedUpdates = 0

  /// Tells the session that `object` is gone (the ranging session removed
  /// it, or the peer ended): its zones exit with that reason.
  ///
  /// - Returns: the exit events (also sent to ``events``).
  @discardableResult
  public func remove(_ object: String, at seconds: Double, because event: LifecycleEvent = .removedPeerEnded) -> [Event] {
    guard seconds.isFinite, abs(seconds) < 9e12, let id = identifiers[object] else { return [] }
    var raw: [ZoneEvent] = []
    pipeline.process(object: id, lifecycle: event, at: Timestamp(seconds: seconds)) { raw.append($0) }
    if pipeline.tracker.slot(of: id) == nil { latest[id] = nil }
    return publish(raw)
  }

  /// Moves the clock forward without an update, for example from a timer,
  /// so that objects not heard from for the lost timeout leave their zones.
  ///
  /// - Returns: the exit events (also sent to ``events``).
  @discardableResult
  public func advanceClock(to seconds: Double) -> [Event] {
    guard seconds.isFinite, abs(seconds) < 9e12 else { return [] }
    var raw: [ZoneEvent] = []
    pipeline.advanceClock(to: Timestamp(seconds: seconds)) { raw.append($0) }
    return publish(raw)
  }

  /// The filtered state of `object` after its last accepted update, or nil
  /// when it is not tracked (never seen, removed, lost or evicted).
  public func state(of object: String) -> TrackState? {
    guard let id = identifiers[object], pipeline.tracker.slot(of: id) != nil else { return nil }
    return latest[id]
  }

  /// Ends ``events``: a loop over it stops after the events already sent.
  public func finish() { continuation.finish() }

  private func identifier(of object: String) -> UInt64 {
    if let id = identifiers[object] { return id }
    let id = nextIdentifier
    nextIdentifier += 1
    identifiers[object] = id
    names[id] = object
    return id
  }

  private func publish(_ raw: [ZoneEvent]) -> [Event] {
    let named = raw.map { event in
      Event(
        time: event.time.seconds, object: names[event.object] ?? String(event.object), zone: zones[event.zone].name,
        kind: event.kind == .enter ? .enter : .exit, distanceMeters: event.distanceMeters,
        sigmaMeters: event.sigmaMeters, reason: event.reason.map { $0.name.description })
    }
    for event in named { continuation.yield(event) }
    return named
  }
}
