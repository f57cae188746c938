// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The pipeline's step order as ``TrackRegistry`` states it, against cases
/// worked out by hand from the rules of its overview (a 5 s lost timeout, the
/// lost check due at the first time and then 0.5 s after the previous one).
@Suite("TrackRegistry: the pipeline's step order")
struct TrackRegistryTests {
  static func t(_ seconds: Double) -> Timestamp { Timestamp(seconds: seconds) }

  @Test("A new object is placed, a known one touched; the first time and every 0.5 s after run the lost check")
  func placesAndChecks() {
    var registry = TrackRegistry(capacity: 4, lostTimeoutSeconds: 5)
    let first = registry.measure(7, at: Self.t(0))
    #expect(first.expiredSlot == -1 && !first.isRefused && first.isNew && first.evicted == nil && first.checksLost)
    let again = registry.measure(7, at: Self.t(0.4))
    #expect(again.slot == first.slot && !again.isNew && !again.checksLost)
    #expect(registry.measure(7, at: Self.t(0.5)).checksLost)
    #expect(registry.lastSeen(in: first.slot) == Self.t(0.5) && registry.time == Self.t(0.5))
  }

  @Test("A measurement earlier than its object's latest is refused and changes nothing, not even the clock")
  func refusesEarlier() {
    var registry = TrackRegistry(capacity: 4, lostTimeoutSeconds: 5)
    let slot = registry.measure(7, at: Self.t(2)).slot
    let refused = registry.measure(7, at: Self.t(1))
    #expect(refused.isRefused && refused.expiredSlot == -1 && !refused.checksLost)
    #expect(registry.lastSeen(in: slot) == Self.t(2) && registry.time == Self.t(2) && registry.count == 1)
  }

  @Test("An object silent for longer than the timeout is lost by its own gap first, then starts a new track")
  func expiresBeforePlacing() {
    var registry = TrackRegistry(capacity: 4, lostTimeoutSeconds: 5)
    let slot = registry.measure(7, at: Self.t(0)).slot
    // 5 s is not longer than the timeout: still the same track.
    #expect(registry.measure(7, at: Self.t(5)).expiredSlot == -1)
    let back = registry.measure(7, at: Self.t(10.5))
    #expect(back.expiredSlot == slot && back.isNew && !back.isRefused)
    #expect(registry.count == 1)
  }

  @Test("A full table evicts the object heard from least recently, and the newcomer takes its slot")
  func evictsStalest() {
    var registry = TrackRegistry(capacity: 2, lostTimeoutSeconds: 5)
    let a = registry.measure(1, at: Self.t(0)).slot
    _ = registry.measure(2, at: Self.t(0.1))
    _ = registry.measure(1, at: Self.t(0.2))  // 2 is now the stalest
    let c = registry.measure(3, at: Self.t(0.3))
    #expect(c.evicted == 2 && c.isNew && c.slot != a)
    #expect(registry.slot(of: 2) == nil && registry.slot(of: 1) == a && registry.slot(of: 3) == c.slot)
  }

  @Test("The lost check removes the silent objects in slot order, and only those")
  func removesLostInSlotOrder() {
    var registry = TrackRegistry(capacity: 4, lostTimeoutSeconds: 5)
    let slots = [10, 11, 12].map { registry.measure(UInt64($0), at: Self.t(0)).slot }
    _ = registry.measure(11, at: Self.t(3))
    let due = registry.advanceClock(to: Self.t(6))
    #expect(due)
    var removed: [(Int, UInt64)] = []
    registry.removeLost(at: Self.t(6)) { removed.append(($0, $1)) }
    #expect(removed.map(\.1) == [10, 12] && removed.map(\.0) == [slots[0], slots[2]].sorted())
    #expect(registry.count == 1 && registry.slot(of: 11) == slots[1])
  }

  @Test("A life-cycle row: a silent object is lost first, a removal frees the slot, a suspension keeps it; the clock moves")
  func lifecycleRows() {
    var registry = TrackRegistry(capacity: 4, lostTimeoutSeconds: 5)
    let slot = registry.measure(7, at: Self.t(0)).slot
    let suspended = registry.lifecycle(7, endsTrack: LifecycleEvent.suspended.endsTrack, at: Self.t(1))
    #expect(suspended.expiredSlot == -1 && suspended.removedSlot == -1 && suspended.checksLost)
    let removed = registry.lifecycle(7, endsTrack: LifecycleEvent.removedPeerEnded.endsTrack, at: Self.t(1.2))
    #expect(removed.removedSlot == slot && removed.expiredSlot == -1 && !removed.checksLost)
    _ = registry.measure(8, at: Self.t(2))
    let late = registry.lifecycle(8, endsTrack: true, at: Self.t(8))
    #expect(late.expiredSlot >= 0 && late.removedSlot == -1 && late.checksLost)
    #expect(registry.count == 0)
  }

  @Test("Removal and invalidation end a track; a suspension and its end do not")
  func endsTrack() {
    #expect(LifecycleEvent.removedTimeout.endsTrack && LifecycleEvent.removedPeerEnded.endsTrack)
    #expect(LifecycleEvent.invalidated.endsTrack)
    #expect(!LifecycleEvent.suspended.endsTrack && !LifecycleEvent.suspensionEnded.endsTrack)
  }
}
