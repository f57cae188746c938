// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation
import RangingEngine
import RangingFormats
import RangingReplay

/// The threads of a ``ShardedReplay`` and the merging of their outputs: the
/// part that does not depend on the engine's backend, so it is compiled once.
@usableFromInline
final class ShardedReplayThreads: @unchecked Sendable {
  // Unchecked: the shards' counts are read by the merging thread once every
  // shard thread has signalled `finished`; the reader's loop is read by the
  // merging thread after the last round.
  private let rounds: ReplayRounds
  @usableFromInline let unusedColumns: [String]
  @usableFromInline let timeColumn: (name: String, column: Int)?
  /// Each shard's enter and exit events so far (set by ``startShards(run:counts:)``).
  private var shardCounts: [() -> (enter: Int, exit: Int)] = []
  private let finished = DispatchSemaphore(value: 0)
  /// The reader's lines read at the end, written by the reader thread before its last hand-over.
  private var linesRead = 0
  /// Shares the objects out; the reader thread's.
  private let router: ShardRouter
  /// The rows read and not yet replayed; the reader thread's.
  private let staging: ReplayRowBatch
  /// The row loop's counts and names, its slots' commands and its rejections; the reader thread's.
  @usableFromInline let tally: ReplayTally
  @usableFromInline let dispatch: ShardDispatch
  @usableFromInline let rejections = RoundRejections()
  /// The replay's counts once the last round is merged (set by ``startReader(_:live:replay:summary:)``).
  private var summary: (() -> ReplaySummary)? = nil

  /// - Parameters:
  ///   - reader: the input, for its header's unused columns and its column of `t`.
  ///   - capacity: the object table's (`TrackerConfiguration.capacity`).
  ///   - makeOutput: makes each shard's output of each round.
  @usableFromInline
  init<Source: ReplayRowSource>(
    reader: Source, shardCount: Int, batches: Int, rowsPerBatch: Int, nameBytesPerBatch: Int, capacity: Int,
    makeOutput: () -> ShardOutputStorage
  ) {
    // Clamped, so that no setting traps: entries keep name offsets in 32 bits.
    rounds = ReplayRounds(
      count: Swift.min(Swift.max(1, batches), 1 << 10), shardCount: shardCount, makeOutput: makeOutput)
    staging = ReplayRowBatch(
      rowCapacity: Swift.min(Swift.max(1, rowsPerBatch), 1 << 20),
      nameBytesCapacity: Swift.min(Swift.max(1, nameBytesPerBatch), 1 << 28))
    unusedColumns = reader.unusedColumns
    timeColumn = reader.headerColumn(for: "t")
    router = ShardRouter(shardCount: shardCount)
    tally = ReplayTally(observesStates: false, observesSteps: false)
    dispatch = ShardDispatch(capacity: capacity, shardCount: shardCount, tally: tally)
  }

  /// Slots of each shard's engines.
  @usableFromInline var slotsPerShard: Int { dispatch.slotsPerShard }

  /// The staged rows as the row loop's source.
  @usableFromInline
  func rows() -> BatchRows {
    BatchRows(batch: staging, router: router, dispatch: dispatch, unusedColumns: unusedColumns, timeColumn: timeColumn)
  }

  /// Carries out the shards' commands, round by round, on a thread per
  /// shard: `run[k]` takes shard `k`'s commands of a round and the output to
  /// write them to, and `counts[k]` gives the enter and exit events it wrote,
  /// at the end. Thread `k` carries out shard `k`'s rounds while it has them,
  /// and another shard's next one when it has not (``ReplayRounds``).
  @usableFromInline
  func startShards(
    run: [(ShardCommandList, ShardOutputStorage) -> Void], counts: [() -> (enter: Int, exit: Int)]
  ) {
    shardCounts = counts
    let body = UncheckedBox(run)
    for index in run.indices {
      Self.spawn { [self] in
        while let (shard, sequence, list, output) = rounds.claim(preferring: index) {
          body.value[shard](list, output)
          rounds.finishReplay(shard: shard, sequence: sequence)
        }
        finished.signal()
      }
    }
  }

  /// Reads `reader` on a thread of its own, batch by batch: each batch's new
  /// objects are shared out (``ShardRouter``), `replay` runs the row loop on
  /// its rows, filling a round with commands, and the round is handed over.
  /// `summary` gives the loop's counts once the last round is handed over.
  @usableFromInline
  func startReader<Source: ShardedRowSource>(
    _ reader: Source, live: Bool, replay: @escaping () -> Void, summary: @escaping () -> ReplaySummary
  ) {
    self.summary = summary
    let box = UncheckedBox((reader, replay))
    Self.spawn { [self] in read(box.value.0, live: live, replay: box.value.1) }
  }

  // Specialised for both readers, so that the reader thread's loop calls
  // their row reading directly, as a replay on one thread does.
  @_specialize(where Source == RangingCSVReader)
  @_specialize(where Source == RangingTableReader)
  private func read<Source: ShardedRowSource>(_ reader: Source, live: Bool, replay: @escaping () -> Void) {
    var reader = reader
    // Ground truth is not replayed: only checked.
    reader.convertsTruth = false
    let filling = RoundFilling(
      rounds: rounds, router: router, staging: staging, dispatch: dispatch, rejections: rejections, replay: replay)
    if live {
      // Every row read so far is replayed and handed over before a wait for
      // input, so that its output is written then, as on one thread.
      reader.beforeRead = { read in if !filling.staging.isEmpty { filling.handOver(read) } }
    }
    var end = ReplayRound.End.input
    do throws(DatasetError) {
      var row = RowView()
      while try reader.nextRow(&row) {
        staging.append(row, nameKey: router.key(of: row))
        if staging.isFull { filling.handOver(reader.progress) }
      }
    } catch {
      end = .failure(error)
    }
    reader.beforeRead = nil
    linesRead = reader.progress.lines
    filling.handOver(reader.progress, end: end)
  }

  /// Hands every round, in order, until the last, to `take`: each shard's
  /// output, the rows the reader rejected (in order) and how far it had read;
  /// then waits for the shards.
  @usableFromInline
  func merge(
    take: ([ShardOutputStorage], [RowRejection], ReadProgress) -> Void
  ) throws(DatasetError) -> (summary: ReplaySummary, linesRead: Int) {
    var sequence = 0
    var end: ReplayRound.End? = nil
    while end == nil {
      let round = rounds.waitForShards(sequence)
      end = round.end
      take(round.outputs, round.rejections, ReadProgress(bytesRead: round.bytesRead, lines: round.linesRead))
      rounds.release(sequence)
      sequence += 1
    }
    for _ in 0..<rounds.shardCount { finished.wait() }
    if case .failure(let error)? = end { throw error }
    // The loop's counts, complete before the last round was handed over; the shards count the events.
    var summary = self.summary.map { $0() } ?? ReplaySummary()
    for counts in shardCounts {
      let (enter, exit) = counts()
      summary.enterEvents += enter
      summary.exitEvents += exit
    }
    return (summary, linesRead)
  }

  /// Starts a thread: a thread of its own, not a Dispatch worker, since each
  /// blocks on the others and Dispatch's pool is not bound to run them all at once.
  private static func spawn(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.start()
  }
}

/// The round the reader thread is filling, and handing it over.
private final class RoundFilling {
  let rounds: ReplayRounds
  let router: ShardRouter
  let staging: ReplayRowBatch
  let dispatch: ShardDispatch
  let rejections: RoundRejections
  let replay: () -> Void
  private var round: ReplayRound
  private var sequence = 0

  init(
    rounds: ReplayRounds, router: ShardRouter, staging: ReplayRowBatch, dispatch: ShardDispatch,
    rejections: RoundRejections, replay: @escaping () -> Void
  ) {
    self.rounds = rounds
    self.router = router
    self.staging = staging
    self.dispatch = dispatch
    self.rejections = rejections
    self.replay = replay
    round = rounds.waitToFill(0)
  }

  /// Shares out the staged rows' new objects, replays the rows into the
  /// round, hands the round to the shards and, unless it is the last (`end`
  /// given), waits for the next one to fill.
  func handOver(_ read: ReadProgress, end: ReplayRound.End? = nil) {
    router.place(staging)
    dispatch.round = round
    rejections.round = round
    replay()
    staging.removeAll()
    round.linesRead = read.lines
    round.bytesRead = read.bytesRead
    round.end = end
    rounds.publish(isLast: end != nil)
    sequence += 1
    if end == nil { round = rounds.waitToFill(sequence) }
  }
}

/// The row loop's observer on the reader thread: its rejected rows go to the round being filled.
@usableFromInline
final class RoundRejections: ReplayObserver {
  @exclusivity(unchecked) var round: ReplayRound? = nil
  @usableFromInline init() {}
  @usableFromInline func rejected(_ rejection: RowRejection) { round?.rejections.append(rejection) }
}

/// A value moved to another thread that then owns it alone.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
