import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

/// A fixed-capacity FIFO of C zone events between two drains.
///
/// The ring is allocated once in `init`. When it is full a new event is
/// dropped (and counted) rather than overwriting an older one: the caller
/// then still sees every event up to the overflow in order, and the status
/// of the call that overflowed tells it to drain more often.
struct ZoneEventQueue {
  let capacity: Int
  private let ring: UnsafeMutablePointer<ranging_zone_event_t>
  private var head = 0
  /// Events waiting.
  private(set) var count = 0
  /// Events accepted into the queue since creation.
  private(set) var queuedCount: UInt64 = 0
  /// Events dropped because the queue was full, since creation.
  private(set) var droppedCount: UInt64 = 0

  /// - Parameter capacity: >= 1 (the configuration has been validated).
  init(capacity: Int) {
    precondition(capacity >= 1, "ZoneEventQueue: capacity must be at least 1")
    self.capacity = capacity
    ring = UnsafeMutablePointer<ranging_zone_event_t>.allocate(capacity: capacity)
    ring.initialize(repeating: ranging_zone_event_t(), count: capacity)
  }

  /// Frees the ring. Call exactly once.
  func deallocate() { ring.deallocate() }

  /// Appends `event`, or counts it as dropped when the queue is full.
  ///
  /// - Complexity: O(1). Does not allocate.
  mutating func push(_ event: ZoneEvent) {
    guard count < capacity else {
      droppedCount &+= 1
      return
    }
    ring[(head + count) % capacity] = ZoneEventQueue.cEvent(event)
    count += 1
    queuedCount &+= 1
  }

  /// Moves up to `limit` events, oldest first, to `out`.
  ///
  /// - Returns: the number moved.
  /// - Complexity: O(returned count). Does not allocate.
  mutating func drain(into out: UnsafeMutablePointer<ranging_zone_event_t>?, limit: Int) -> Int {
    guard let out else { return 0 }
    let moved = min(limit, count)
    for i in 0..<moved { out[i] = ring[(head + i) % capacity] }
    head = (head + moved) % capacity
    count -= moved
    return moved
  }

  /// The C form of an event.
  private static func cEvent(_ event: ZoneEvent) -> ranging_zone_event_t {
    var out = ranging_zone_event_t()
    out.time_us = event.time.microseconds
    out.object_id = event.object
    out.distance_m = event.distanceMeters
    out.distance_sigma_m = event.sigmaMeters
    out.zone = UInt32(event.zone)
    out.kind = ranging_zone_event_kind_t(event.kind == .enter ? RANGING_ZONE_ENTER : RANGING_ZONE_EXIT)
    out.reason = CAPIStatus.exitReason(event.reason)
    return out
  }
}
