// SPDX-License-Identifier: Apache-2.0
import RangingOutputs
import RangingReplay

/// Where a ``ReplayJob`` writes: the writers of the events and of the
/// filtered track, the outputs it closes when the rows end, and the observer
/// that writes a replay on one thread row by row, through the same writers.
/// On several threads the job writes the events and the filtered track
/// itself, and hands the observer only the rejected rows and the end of the
/// rows, so that one observer serves both.
public struct ReplaySinks<Observer: ReplayObserver> {
  /// The events' writer (JSON Lines).
  public var events: EventsWriter
  /// The filtered track's writer (CSV, its header already written), if the track is written.
  public var filtered: FilteredTrackWriter?
  /// Other outputs the observer writes, closed after the filtered track's
  /// (the rejected rows of the replay reached from C).
  public var others: [OutputFile]
  /// Writes the events, states and rejected rows of a replay on one
  /// thread; takes the rejected rows on several (`ReplayObserver.rowsEnded()` on both).
  public var observer: Observer
  /// Lines and bytes read so far, now and then, for a progress line (not for live input).
  public var progress: ((_ lines: Int, _ bytes: Int) -> Void)?

  public init(
    events: EventsWriter, filtered: FilteredTrackWriter?, others: [OutputFile] = [], observer: Observer,
    progress: ((_ lines: Int, _ bytes: Int) -> Void)? = nil
  ) {
    self.events = events
    self.filtered = filtered
    self.others = others
    self.observer = observer
    self.progress = progress
  }

  /// Every output, in the order the job closes them.
  public var outputs: [OutputFile] { [events.output] + (filtered.map { [$0.output] } ?? []) + others }
}
