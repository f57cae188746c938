// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import ZoneMonitor

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

/// One shard's `ReplayObserver`: what its replay hands out goes, as text
/// formed on the shard's thread, into the output of the batch it is
/// replaying (``ShardOutputCursor``).
@usableFromInline
final class ShardObserver: ReplayObserver {
  @usableFromInline let cursor: ShardOutputCursor
  @usableFromInline let eventText: (ZoneEvent, String) -> String
  @usableFromInline let stateText: ((Double, String, TrackState) -> String)?

  @usableFromInline
  init(
    cursor: ShardOutputCursor, eventText: @escaping (ZoneEvent, String) -> String,
    stateText: ((Double, String, TrackState) -> String)?
  ) {
    self.cursor = cursor
    self.eventText = eventText
    self.stateText = stateText
  }

  @usableFromInline var observesStates: Bool { stateText != nil }

  @usableFromInline func rejected(_ rejection: RowRejection) { cursor.current?.rejections.append(rejection) }

  @usableFromInline func event(_ event: ZoneEvent, objectName: String, place: ReplayEventPlace) {
    cursor.current?.events.append((place, eventText(event, objectName)))
  }

  @usableFromInline func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
    guard let stateText else { return }
    cursor.current?.states.append((cursor.line, stateText(seconds, objectName, state)))
  }
}
