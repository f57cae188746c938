// SPDX-License-Identifier: Apache-2.0
import RangingReplay

/// The `objects` count of one replay of the whole input (`ReplaySummary.objects`),
/// kept by the reader thread of a ``ShardedReplay`` beside its
/// `ShardedTrackRegistry`, since the shards' own counts do not add up to it once
/// names are forgotten.
///
/// One `Replayer` counts a name when it interns it, and before each row,
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

  /// Whether more than the names kept are live: checked before each row,
  /// which then calls ``forgetUntracked(by:)``.
  var isOverNamesKept: Bool { liveEntries.count + liveHashed.count > namesKept }

  /// Forgets every name whose object `table` does not hold.
  ///
  /// - Complexity: O(live names); it leaves at most the table's capacity
  ///   live, so O(1) amortised per counted name.
  mutating func forgetUntracked(by table: ShardedTrackRegistry) {
    var kept: [Int32] = []
    for entry in liveEntries {
      if table.tracks(UInt64(entry)) { kept.append(entry) } else { isLiveEntry[Int(entry)] = false }
    }
    liveEntries = kept
    liveHashed = liveHashed.filter(table.tracks)
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
