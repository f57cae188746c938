// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import ZoneMonitor

/// One replay from its rows to its exit status: the rows of a file or a
/// table through a `Replayer`, on one thread or on ``threads`` (a
/// `ShardedReplay`, which writes the same bytes), into its sinks
/// (``ReplaySinks``); then every output closed, and the ending told as
/// `rangectl replay` tells it (``ReplayOutcome``): the read error, the
/// outputs that were lost, or the warnings and the summary.
///
/// `rangectl replay` (one file, or each of several) and the replay reached
/// from C (`ranging_replay_file`, `ranging_replay_table`) are adapters over
/// it: they turn their options into a replayer and sinks, and the outcome
/// into an exit or a result, so that a replay ends the same way from both.
public struct ReplayJob {
  /// The input as given ("-": standard input), as messages name it.
  public var path: String
  /// The zones, for the warnings (an angle gate without directions).
  public var zones: ZoneList
  /// The input's columns and units, for the warnings on units.
  public var mapping: ColumnMapping
  /// Threads that share the objects: more than 1 replays the input, a
  /// file's or a table's, in shards (`ShardedReplay`).
  public var threads = 1
  /// Whether the input is read live: the outputs are flushed before every
  /// wait for input, and no progress is reported.
  public var live = false
  /// Whether the summary (and a stop's note) is written; the warnings are written regardless.
  public var writesSummary = true
  /// Why a live input ended before its end ("SIGINT"), asked once the rows
  /// end; nil when it ran to its end.
  public var stopReason: (() -> String?)? = nil

  public init(path: String, zones: ZoneList, mapping: ColumnMapping) {
    self.path = path
    self.zones = zones
    self.mapping = mapping
  }

  /// Replays the rows of `reader` with `replayer` into `sinks`, and closes
  /// them. Inlinable, as the loops it runs, so that they are specialised for
  /// the backend and the observer in the caller's module.
  @inlinable
  public func run<Backend: KalmanBackend, Observer: ReplayObserver>(
    _ replayer: Replayer<Backend>, reading reader: RangingCSVReader, into sinks: ReplaySinks<Observer>
  ) -> ReplayOutcome {
    guard threads == 1 else {
      return runSharded(
        replayer, reading: reader, into: sinks, outputs: ShardedTextOutputs(events: sinks.events, filtered: sinks.filtered))
    }
    var reader = reader
    if live {
      // Each event leaves with its row (the observer flushes it); the track at least once per read.
      let events = sinks.events.output, filtered = sinks.filtered?.output
      reader.beforeRead = { _ in Self.flush(events, filtered) }
    } else if let progress = sinks.progress {
      reader.beforeRead = { read in progress(read.lines, read.bytesRead) }
    }
    let ended = Self.rows(of: replayer, &reader, observer: sinks.observer)
    return end(ended, linesRead: reader.linesRead, closing: sinks.outputs)
  }

  /// Replays the rows of `source` (a table's, say) with `replayer` into
  /// `sinks`, whose observer writes every output: on one thread, or on
  /// ``threads`` shards, where `outputs` (the same outputs) make the events
  /// and states. No lines read are reported.
  @inlinable
  package func run<
    Backend: KalmanBackend, Source: ShardedRowSource, Observer: ReplayObserver, Outputs: ShardedReplayOutputs
  >(
    _ replayer: Replayer<Backend>, rowsOf source: inout Source, into sinks: ReplaySinks<Observer>,
    sharding outputs: Outputs
  ) -> ReplayOutcome {
    guard threads == 1 else {
      var outcome = runSharded(replayer, reading: source, into: sinks, outputs: outputs)
      outcome.linesRead = 0
      return outcome
    }
    return end(Self.rows(of: replayer, &source, observer: sinks.observer), linesRead: 0, closing: sinks.outputs)
  }

  /// Every row of `source` through `replayer` to `observer`, and the observer told that they ended.
  @inlinable
  static func rows<Backend: KalmanBackend, Source: StandaloneRowSource, Observer: ReplayObserver>(
    of replayer: Replayer<Backend>, _ source: inout Source, observer: Observer
  ) -> Result<ReplaySummary, DatasetError> {
    do {
      let summary = try replayer.run(rowsOf: &source, observer: observer)
      observer.rowsEnded()
      return .success(summary)
    } catch {
      return .failure(error)
    }
  }

  /// The replay of `reader` on ``threads`` shards: `outputs` make the events
  /// and states on the shards and write them, merged, on this thread; after
  /// each round's, the observer takes the round's rejected rows.
  @inlinable
  func runSharded<Backend: KalmanBackend, Source: ShardedRowSource, Observer: ReplayObserver, Outputs: ShardedReplayOutputs>(
    _ replayer: Replayer<Backend>, reading reader: Source, into sinks: ReplaySinks<Observer>, outputs: Outputs
  ) -> ReplayOutcome {
    let events = sinks.events.output, filtered = sinks.filtered?.output
    let observer = sinks.observer, progress = live ? nil : sinks.progress
    let ended: Result<(summary: ReplaySummary, linesRead: Int), DatasetError>
    do {
      ended = .success(
        try ShardedReplay(replayer: replayer, jobs: threads).run(reader, live: live, into: outputs) { rejections, read in
          for rejection in rejections { observer.rejected(rejection) }
          if live { Self.flush(events, filtered) }
          progress?(read.lines, read.bytesRead)
        })
      observer.rowsEnded()
    } catch {
      ended = .failure(error)
    }
    return end(ended.map { $0.summary }, linesRead: (try? ended.get().linesRead) ?? 0, closing: sinks.outputs)
  }

  /// Live input: what was written so far leaves before the next wait. A
  /// failure is kept, and thrown when the output is closed.
  @usableFromInline
  static func flush(_ events: OutputFile, _ filtered: OutputFile?) {
    try? events.flush()
    try? filtered?.flush()
  }
}
