// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingOutputs
import ZoneMonitor

/// The outputs of `rangectl replay --jobs N`: each shard formats its events
/// and filtered rows as lines of text with the writers a replay on one
/// thread writes through (only formatting there, so that the shards may
/// share them), and the calling thread writes each merged line to its
/// output as it comes, then its newline. So the bytes are one replay's.
///
/// The one way a ``ShardedReplay`` writes text: ``ReplayJob`` writes
/// through it, and the tests that hold `--jobs N` to `--jobs 1`'s bytes
/// drive a ``ShardedReplay`` with it too, rather than with outputs of their
/// own, so that what they check is what the product writes.
@usableFromInline
final class ShardedTextOutputs: ShardedReplayOutputs {
  @usableFromInline let events: EventsWriter
  @usableFromInline let filtered: FilteredTrackWriter?

  @usableFromInline
  init(events: EventsWriter, filtered: FilteredTrackWriter?) {
    self.events = events
    self.filtered = filtered
  }

  @usableFromInline var writesStates: Bool { filtered != nil }

  @usableFromInline
  func shardEvent(_ event: ZoneEvent, objectName: String) -> String { events.line(for: event, objectName: objectName) }

  /// Asked for only when ``writesStates``; else an empty row, never written.
  @usableFromInline
  func shardState(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) -> String {
    filtered?.row(seconds: seconds, objectName: objectName, state: state) ?? ""
  }

  @usableFromInline func write(event line: String) { events.output.write(line: line) }

  @usableFromInline
  func write(state line: String) { filtered?.output.write(line: line) }
}
