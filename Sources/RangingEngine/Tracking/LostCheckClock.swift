// SPDX-License-Identifier: Apache-2.0
/// The engine's clock and when it runs the periodic lost check: the rule that
/// ``TrackRegistry`` follows for the pipeline (`RangingPipeline.advanceClock(to:emit:)`)
/// and for a replay's row loop alike.
///
/// The clock is the latest time seen: an earlier time leaves it where it is.
/// The check is due at the first time, and then whenever the clock reaches at
/// least ``intervalSeconds`` past the time of the previous check. Checking is
/// O(capacity), so it is amortised over many updates: between two checks the
/// clock stays below the previous check plus the interval.
public struct LostCheckClock: Sendable {
  /// The latest time seen, or nil before the first.
  @usableFromInline var latest: Timestamp? = nil
  /// The time of the latest check, or nil before the first.
  @usableFromInline var lastCheck: Timestamp? = nil

  /// How often, in clock time, the lost check runs.
  @inlinable
  public static var intervalSeconds: Double { 0.5 }

  /// A clock that has seen no time yet: its first ``advance(to:)`` runs the check.
  @inlinable
  public init() {}

  /// The latest time seen, or nil before the first.
  @inlinable
  public var time: Timestamp? { latest }

  /// Moves the clock to `time`, unless `time` is earlier than the clock.
  ///
  /// - Returns: whether the lost check is due at `time`: the clock moved, and
  ///   `time` is the first time seen or at least ``intervalSeconds`` past the
  ///   previous check (`time` is then the previous check).
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public mutating func advance(to time: Timestamp) -> Bool {
    if let latest, time < latest { return false }
    latest = time
    if let lastCheck, time.seconds(since: lastCheck) < Self.intervalSeconds { return false }
    lastCheck = time
    return true
  }
}
