// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import ZoneMonitor

/// A replay of one input on several threads (`rangectl replay --jobs N`) that
/// writes what a `Replayer` of the whole input writes, in the same order.
///
/// One reader thread reads and validates the rows and hands them out in
/// batches (`ReplayRowBatch`) through a ring of a few batches
/// (`ReplayRounds`). It shares the objects among N shard threads by their
/// rows (`ShardRouter`: each new object to the shard with the fewest rows),
/// keeps the object table one replay of the whole input would fill
/// (`ShardedTrackRegistry`), and lists, for each shard, its own objects' rows,
/// the rows where that replay runs the lost check, the rows whose new object
/// evicts one of the shard's objects from the full table, and the rare rows
/// kept as records. Each shard replays those with its own engine (with the
/// whole capacity, so it never evicts by itself): its own objects' rows go
/// through the engine, the others only move its clock (`ReplayShard`) or
/// evict, so each shard runs the lost check at the same rows as one replay,
/// loses and evicts its objects at the same times. Shards format their
/// events (and filtered rows) themselves.
/// The calling thread merges the shards' outputs batch by batch, by the line
/// of the row that caused each (an eviction's exits, the row's own events,
/// then the exits its lost check found in the one table's slot order:
/// `ReplayEventPlace`), and hands each merged batch to `write`.
///
/// Memory is bounded however long the input: ``batchesInFlight`` batches of at
/// most ``rowsPerBatch`` rows and ``nameBytesPerBatch`` bytes of names (plus
/// one line), the shards' outputs for those batches, and the one table.
///
/// The output is the whole replay's for replayers whose tracker checks rows
/// as the reader does (`RangingCSVReader.rowValidation`, as `rangectl`'s
/// always do). With other checks the tracker may refuse rows the reader took,
/// so there is no one table: every usable row goes to every shard, to move
/// its clock, each shard has the whole capacity for its own objects (a
/// replay that evicts then gives other events), and objects of different
/// shards lost by one check come out shard by shard.
public struct ShardedReplay<Backend: KalmanBackend> {
  /// One replayer per shard; replayer `k` replays shard `k` of `count`.
  @usableFromInline var replayers: [Replayer<Backend>]
  /// Rows in one batch (clamped to 1...2^20).
  public var rowsPerBatch = 16384
  /// Batches handed round at once: one being read, the others replayed or merged (clamped to 1...1,024).
  /// Eight of 16,384 rows (131,072 rows, about 20 ms of the reader's work)
  /// let the reader and the shards run on while one of them is off its core
  /// for a scheduler slice, as when three threads share two cores
  /// (docs/PERFORMANCE.md).
  public var batchesInFlight = 8
  /// Bytes of object names after which a batch is handed over early (clamped to 1...2^28).
  public var nameBytesPerBatch = 1 << 18

  /// Shares the objects among `replayers.count` shards, replayer `k` taking
  /// shard `k` (its `Replayer.shard` is set here; while it runs, its output
  /// goes to the shard's own observer).
  ///
  /// - Precondition: `replayers` holds 1...65,536 replayers.
  public init(replayers: [Replayer<Backend>]) {
    precondition((1...(1 << 16)).contains(replayers.count), "ShardedReplay: 1...65536 replayers")
    self.replayers = replayers
    for index in replayers.indices {
      self.replayers[index].shard = ReplayShard(index: index, count: replayers.count)
    }
  }

  /// Replays every row of `reader` and hands the merged output to `write`,
  /// batch by batch, on the calling thread.
  ///
  /// - Parameters:
  ///   - reader: the opened ranging CSV, read on a thread of its own.
  ///   - live: hand a batch over before every wait for input
  ///     (`RangingCSVReader.beforeRead`), so that each row's output is written
  ///     before the next wait, as a live replay on one thread does.
  ///   - eventText: an event's JSON line (on the shards' threads).
  ///   - stateText: a filtered-track row (on the shards' threads), or nil for none.
  ///   - write: takes each merged batch, in input order, on the calling thread.
  /// - Returns: the summary of one replay of the whole input
  ///   (`ReplaySummary.merging(_:)`) and the reader's lines read.
  /// - Throws: the reader's `DatasetError`, after the rows before it were written.
  @inlinable
  public func run(
    _ reader: RangingCSVReader, live: Bool,
    eventText: @escaping (ZoneEvent, String) -> String,
    stateText: ((Double, String, TrackState) -> String)?,
    write: (ShardedReplayBatch) -> Void
  ) throws(DatasetError) -> (summary: ReplaySummary, linesRead: Int) {
    let threads = ShardedReplayThreads(
      reader: reader, shardCount: replayers.count, batches: batchesInFlight, rowsPerBatch: rowsPerBatch,
      nameBytesPerBatch: nameBytesPerBatch, tracker: replayers[0].pipeline.tracker.configuration,
      ignoresPoses: replayers[0].ignoresPoses)
    for index in replayers.indices {
      let replayer = replayers[index]
      var source = threads.source(forShard: index)
      let observer = ShardObserver(cursor: source.output, eventText: eventText, stateText: stateText)
      // Built here, in inlinable code, so that the replay is specialised for Backend in the caller's module.
      threads.startShard(index) { () throws(DatasetError) in try replayer.run(rowsOf: &source, observer: observer) }
    }
    threads.startReader(reader, live: live)
    return try threads.merge(write: write)
  }
}

/// What the shards of a ``ShardedReplay`` wrote for one batch of rows, merged
/// into one replay's order.
public struct ShardedReplayBatch {
  /// Zone events, each a JSON line without its newline.
  public var events: [String] = []
  /// Rejected rows, by line.
  public var rejections: [RowRejection] = []
  /// Filtered-track rows, by line, each without its newline (when asked for).
  public var states: [String] = []
  /// Lines and bytes the reader had read when it handed the batch over.
  public var linesRead = 0
  public var bytesRead = 0

  public init() {}

  mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    rejections.removeAll(keepingCapacity: true)
    states.removeAll(keepingCapacity: true)
  }
}
