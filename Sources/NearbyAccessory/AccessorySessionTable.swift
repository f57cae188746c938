// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The accessory's concurrent sessions, one per iPhone, each in a fixed slot
/// that is also its Accessory Configuration Data characteristic instance.
///
/// An iPhone's `initialize` takes a slot: its own if it has one, else a free
/// (`idle`) one, else the `stopped` one touched longest ago. Every other
/// input goes to the iPhone's slot. Each slot runs an ``AccessorySession``;
/// the actions it emits come out tagged with the slot and the object.
///
/// Storage is allocated once, in `init`: one buffer of ``capacity`` slots
/// (an object ID and an ``AccessorySession`` each), freed in `deinit`, the
/// way the Kalman backends own their `KalmanStorage`. Inputs and clock advances never
/// allocate and have no copy-on-write path. The `emit` closures must not call back into the table.
///
/// Example: feed the actions to the engine and to the data link.
/// ```swift
/// sessions.handle(.rangingUpdate, from: phone, at: now) { action in
///   if case .feedEngine(let event) = action.kind {
///     pipeline.process(object: action.object, lifecycle: event, at: now) { zoneEvents.append($0) }
///   }
/// }
/// ```
public final class AccessorySessionTable {
  public let policy: AccessorySessionPolicy
  /// One entry per slot: the object holding it (nil when free) and its session.
  private let slots: UnsafeMutableBufferPointer<(object: UInt64?, session: AccessorySession)>

  /// - Parameters:
  ///   - capacity: the most concurrent sessions, which is the number of
  ///     Accessory Configuration Data characteristic instances the GATT
  ///     table has; at least 1.
  ///   - policy: timeouts and retries of every session.
  public init(capacity: Int, policy: AccessorySessionPolicy = AccessorySessionPolicy()) {
    precondition(capacity >= 1, "AccessorySessionTable: capacity must be at least 1")
    self.policy = policy
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: (object: nil, session: AccessorySession()))
  }

  deinit {
    slots.deallocate()  // the elements are trivial: nothing to deinitialize
  }

  /// The number of slots.
  public var capacity: Int { slots.count }

  /// The session in `slot` (0 ..< ``capacity``).
  public func session(at slot: Int) -> AccessorySession {
    precondition(slots.indices.contains(slot), "AccessorySessionTable: no such slot")
    return slots[slot].session
  }

  /// The object that holds `slot`, or nil when the slot is free.
  public func object(at slot: Int) -> UInt64? {
    precondition(slots.indices.contains(slot), "AccessorySessionTable: no such slot")
    return slots[slot].object
  }

  /// The slot of `object`, or nil when it has none.
  /// - Complexity: O(capacity).
  public func slot(of object: UInt64) -> Int? {
    slots.firstIndex { $0.object == object }
  }

  /// Applies one input from (or about) the iPhone `object` at `time`.
  ///
  /// - Returns: the session's verdict, `noFreeSession` when `initialize`
  ///   finds every slot busy, `unknownObject` for other inputs from an
  ///   object without a slot.
  /// - Complexity: O(capacity). Does not allocate.
  @discardableResult
  public func handle(
    _ input: AccessorySessionInput, from object: UInt64, at time: Timestamp, emit: (AccessoryAction) -> Void
  ) -> AccessoryInputResult {
    var slot = self.slot(of: object)
    if slot == nil, case .initialize = input {
      slot = freeSlot()
      guard let slot else { return .noFreeSession }
      slots[slot] = (object: object, session: AccessorySession())
    }
    guard let slot else { return .unknownObject }
    let result = slots[slot].session.handle(input, at: time, policy: policy) { kind in
      emit(AccessoryAction(session: slot, object: object, kind: kind))
    }
    if slots[slot].session.state == .idle { slots[slot].object = nil }
    return result
  }

  /// Fires every timeout due at `time` (call it from a timer; once a second
  /// is plenty, since the shortest default timeout is 2 s).
  ///
  /// - Complexity: O(capacity). Does not allocate.
  public func advanceClock(to time: Timestamp, emit: (AccessoryAction) -> Void) {
    for slot in slots.indices {
      guard let object = slots[slot].object else { continue }
      slots[slot].session.advanceClock(to: time, policy: policy) { kind in
        emit(AccessoryAction(session: slot, object: object, kind: kind))
      }
    }
  }

  /// An idle slot, else the stopped slot whose session saw time longest ago.
  private func freeSlot() -> Int? {
    if let idle = slots.firstIndex(where: { $0.session.state == .idle }) { return idle }
    var best: Int?
    for slot in slots.indices where slots[slot].session.state == .stopped {
      guard let current = best else {
        best = slot
        continue
      }
      let never = Timestamp(microseconds: .min)
      if slots[slot].session.clock ?? never < slots[current].session.clock ?? never { best = slot }
    }
    return best
  }
}
