// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import ZoneMonitor

/// A replay of one input on several threads (`rangectl replay --jobs N`) that
/// writes what a `Replayer` of the whole input writes, in the same order.
///
/// One reader thread reads and validates the rows, and runs the replay's one
/// row loop (`ReplayRowLoop`, the loop of a `Replayer` on one thread) with
/// the replay's only object table, its pipeline's `TrackRegistry`: it decides
/// which slot each measurement goes to, which object a new one evicts, which
/// objects each lost check finds, which poses are taken, which rows are
/// rejected, and counts. Its commands to the slots (measure, exit, restart,
/// calibrate, pose) go, numbered, to N shards (`ShardDispatch`): each
/// shard holds the engines and zones of its own slots alone (`SlotEngines`,
/// `ZoneMembership`; about capacity / N of them), no table and no clock,
/// and formats its events and filtered rows itself. Each object's track is
/// placed in a shard when it starts, by rows (`ShardRouter`: each new object
/// to the shard with the fewest rows). N threads carry the shards' rounds
/// out: a shard's rounds run one at a time and in order, each on whichever
/// thread claims it, a thread taking its own shard's rounds while it has
/// them and another's when it has not, so that no core idles while one
/// shard lags. Rounds of commands pass through a ring of a few
/// (`ReplayRounds`); the calling thread merges the shards' outputs round by
/// round, by command number, which is the order of one replay, and has the
/// replay's outputs (``ShardedReplayOutputs``) write them.
///
/// It is run through ``ReplayJob`` (`rangectl replay --jobs N`, the replay
/// reached from C), whose outputs write as they are merged; its tests run
/// it with the same outputs, so that what they hold to one replay's bytes
/// is what the product writes. Of package access: outside the package the
/// job is the way in.
///
/// Memory is bounded however long the input: ``batchesInFlight`` rounds of
/// commands for at most ``rowsPerBatch`` rows and ``nameBytesPerBatch`` bytes
/// of names (plus one line) each, the shards' outputs for those rounds, the
/// one table and the engines of its slots.
@usableFromInline
package struct ShardedReplay<Backend: KalmanBackend> {
  /// The replay: its pipeline's object table is the one table, its settings
  /// every shard's; its pipeline's own engines are not used.
  @usableFromInline var replayer: Replayer<Backend>
  /// Shard threads.
  @usableFromInline package let jobs: Int
  /// Rows in one batch, and so in one round of commands (clamped to 1...2^20).
  /// A round holds a command of about 120 bytes for each step of a row (a
  /// measurement; an eviction's exits too) and the events it made, so 2,048
  /// rows keep eight rounds within about 6 MB even when every row evicts
  /// (docs/PERFORMANCE.md: 1,000 objects in a table of 64).
  @usableFromInline package var rowsPerBatch = 2048
  /// Rounds handed round at once: one being filled, the others carried out or merged (clamped to 1...1,024).
  /// Eight of 2,048 rows (16,384 rows, about 5 ms of the reader's work)
  /// let the reader and the shards run on while one of them is off its core
  /// for a scheduler slice, as when three threads share two cores
  /// (docs/PERFORMANCE.md).
  @usableFromInline package var batchesInFlight = 8
  /// Bytes of object names after which a batch is handed over early (clamped to 1...2^28).
  @usableFromInline package var nameBytesPerBatch = 1 << 18

  /// Replays with `replayer`'s settings on `jobs` shard threads.
  ///
  /// - Precondition: `jobs` is in 1...65,536.
  @usableFromInline package init(replayer: Replayer<Backend>, jobs: Int) {
    precondition((1...(1 << 16)).contains(jobs), "ShardedReplay: 1...65536 jobs")
    self.replayer = replayer
    self.jobs = jobs
  }

  /// Replays every row of `reader` (a file's or a table's), has `outputs`
  /// make the events and filtered states on the shards' threads and write
  /// them in one replay's order on the calling thread, and hands each
  /// round's rejected rows and the reader's progress to `roundEnded` after
  /// the round's events and states.
  ///
  /// - Parameters:
  ///   - live: hand a batch over before every wait for input (a file's
  ///     `beforeRead`), so that each row's output is written before the next wait.
  /// - Returns: the summary of the replay and the reader's lines read (0 for a table).
  /// - Throws: the reader's `DatasetError`, after the rows before it were written.
  @inlinable
  package func run<Source: ShardedRowSource, Outputs: ShardedReplayOutputs>(
    _ reader: Source, live: Bool, into outputs: Outputs,
    roundEnded: (_ rejections: [RowRejection], _ read: ReadProgress) -> Void
  ) throws(DatasetError) -> (summary: ReplaySummary, linesRead: Int) {
    typealias Output = ShardOutput<Outputs.Event, Outputs.State>
    let (threads, shards) = parts(reading: reader, outputs: outputs)
    threads.startShards(
      run: shards.map { slots in { list, output in slots.run(list, into: unsafeDowncast(output, to: Output.self)) } },
      counts: shards.map { slots in { (slots.enterEvents, slots.exitEvents) } })
    let loop = ReplayRowLoop(
      replayer: replayer, observer: threads.rejections, slots: threads.dispatch, tally: threads.tally, reader: reader)
    var rows = threads.rows()
    threads.startReader(
      reader, live: live,
      replay: {
        rows.rewind()
        loop.replay(&rows)
      },
      summary: { loop.summary })
    return try threads.merge { shardOutputs, rejections, read in
      Output.merge(
        shardOutputs.map { unsafeDowncast($0, to: Output.self) }, event: { outputs.write(event: $0) },
        state: { outputs.write(state: $0) })
      roundEnded(rejections, read)
    }
  }
}

extension ShardedReplay {
  /// The replay's parts, before any thread starts: what the threads share
  /// (the reader's row loop keeps the replayer's pipeline's table) and each
  /// shard's slots. Built in inlinable code, so that the shards' engines are
  /// specialised for Backend in the caller's module.
  @inlinable
  func parts<Source: ReplayRowSource, Outputs: ShardedReplayOutputs>(
    reading reader: Source, outputs: Outputs
  ) -> (threads: ShardedReplayThreads, shards: [ShardSlots<Backend, Outputs>]) {
    let configuration = replayer.pipeline.tracker.configuration
    let threads = ShardedReplayThreads(
      reader: reader, shardCount: jobs, batches: batchesInFlight, rowsPerBatch: rowsPerBatch,
      nameBytesPerBatch: nameBytesPerBatch, capacity: configuration.capacity,
      makeOutput: { ShardOutput<Outputs.Event, Outputs.State>() })
    let zones = replayer.pipeline.monitor.zones
    let shards = (0..<jobs).map { _ in
      ShardSlots<Backend, Outputs>(
        configuration: configuration, zones: zones, count: threads.slotsPerShard, outputs: outputs)
    }
    return (threads, shards)
  }
}
