// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// What one shard of a ``ShardedReplay`` wrote while it replayed one batch of
/// rows, each list in the shard's own order, which is row order: the zone
/// events (as text, formatted on the shard's thread) with their place, the
/// rejected rows, and the filtered track's rows with their line.
@usableFromInline
final class ShardOutput: @unchecked Sendable {
  // Unchecked: written by its shard's thread, then read by the merging
  // thread once the shard has signalled the batch done (ReplayRounds).
  @usableFromInline @exclusivity(unchecked) var events: [(place: ReplayEventPlace, text: String)] = []
  @usableFromInline @exclusivity(unchecked) var rejections: [RowRejection] = []
  @usableFromInline @exclusivity(unchecked) var states: [(line: Int, text: String)] = []

  func removeAll() {
    events.removeAll(keepingCapacity: true)
    rejections.removeAll(keepingCapacity: true)
    states.removeAll(keepingCapacity: true)
  }
}
