// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingReplay

/// A capacity is refused when its preallocated filters cannot fit (issue 13, row 6).
@Suite("TrackerMemory")
struct TrackerMemoryTests {
  @Test("16,777,216 slots do not fit in 24 GB, and the message gives the largest capacity that does")
  func largestCapacity() throws {
    let message = try #require(TrackerMemory.shortfall(
      capacity: 1 << 24, directionTracking: true, availableBytes: 24_000_000_000))
    // 16777216 · 3500 bytes = 58720 MB; 12e9 / 3500 = 3428571 slots; 12e9 / 1100 = 10909090.
    #expect(message == "16777216 objects need about 58720 MB of filter state (3500 bytes each, allocated up front), "
      + "more than half the 24000 MB available; at most 3428571 here (10909090 with --direction off)")
  }

  @Test("The default capacity fits in 64 MB; without direction tracking a slot costs less", arguments: [true, false])
  func smallCapacities(direction: Bool) {
    #expect(TrackerMemory.shortfall(capacity: 64, directionTracking: direction, availableBytes: 64_000_000) == nil)
    #expect(TrackerMemory.shortfall(capacity: 20_000, directionTracking: false, availableBytes: 64_000_000) == nil)
    #expect(TrackerMemory.shortfall(capacity: 20_000, directionTracking: true, availableBytes: 64_000_000) != nil)
  }

  @Test("This machine reports some memory available")
  func available() {
    #expect(TrackerMemory.availableBytes() > 0)
  }
}
