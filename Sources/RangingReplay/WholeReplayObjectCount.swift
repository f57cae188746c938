// SPDX-License-Identifier: Apache-2.0

/// The `objects` count of one replay of the whole input (``ReplaySummary/objects``),
/// kept by the reader thread of a ``ShardedReplay`` beside its
/// `WholeReplayTable`, since the shards' own counts do not add up to it once
/// names are forgotten.
///
/// One ``Replayer`` counts a name when it interns it, and before each row,
/// when more than `ReplayTally.namesKept(capacity:)` names are live, forgets
/// those whose objects its tracker no longer holds; a forgotten name that
/// comes back counts again. This follows the same rule, on the router's keys
/// and the one table's idea of what is tracked. Each shard holds fewer live
/// names, so it forgets at other rows, and its count differs.
struct WholeReplayObjectCount {
  /// Names counted so far.
  private(set) var objects = 0
  private let namesKept: Int
  /// Whether each names entry of the router is live, and the live ones.
  private var isLiveEntry: [Bool] = []
  private var liveEntries: [Int32] = []
  /// Live objects whose names the router does not keep, by their table key.
  private var liveHashed: Set<UInt64> = []

  init(capacity: Int) {
    namesKept = ReplayTally.namesKept(capacity: capacity)
  }

  private var liveCount: Int { liveEntries.count + liveHashed.count }

  /// Before each row: forgets, when more than the names kept are live,
  /// every name whose object `isTracked` says the table does not hold.
  ///
  /// - Complexity: O(1), or O(live names) for a sweep, which leaves at most
  ///   the table's capacity live: O(1) amortised per counted name.
  mutating func beforeRow(isTracked: (UInt64) -> Bool) {
    guard liveCount > namesKept else { return }
    liveEntries.removeAll { entry in
      if isTracked(UInt64(entry)) { return false }
      isLiveEntry[Int(entry)] = false
      return true
    }
    liveHashed = liveHashed.filter(isTracked)
  }

  /// A row interns its object's name: keyed `nameKey` by the router, and
  /// `tableKey` in the table.
  ///
  /// - Complexity: O(1) expected.
  mutating func interned(nameKey: Int32, tableKey: UInt64) {
    guard nameKey >= 0 else {
      if liveHashed.insert(tableKey).inserted { objects += 1 }
      return
    }
    let entry = Int(nameKey)
    if entry >= isLiveEntry.count { isLiveEntry.append(contentsOf: repeatElement(false, count: entry + 1 - isLiveEntry.count)) }
    if isLiveEntry[entry] { return }
    isLiveEntry[entry] = true
    liveEntries.append(nameKey)
    objects += 1
  }
}
