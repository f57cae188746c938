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
  // Unchecked: `results` entries are written by their shard's thread before it
  // signals `finished`, and read by the merging thread after waiting for it.
  private let rounds: ReplayRounds
  private let unusedColumns: [String]
  private let timeColumn: (name: String, column: Int)?
  private var results: [Result<ReplaySummary, DatasetError>?]
  private let finished = DispatchSemaphore(value: 0)
  /// The reader's lines and rows read at the end, written by the reader thread before its last hand-over.
  private var linesRead = 0
  private var rowsRead = 0
  /// Shares the objects out and the rows of each batch; the reader thread's.
  private let router: ShardRouter

  /// - Parameters:
  ///   - tracker: the replayers' tracker settings (checks on measurements and
  ///     poses, capacity, lost timeout).
  ///   - ignoresPoses: the replayers' `Replayer.ignoresPoses`.
  @usableFromInline
  init(
    reader: RangingCSVReader, shardCount: Int, batches: Int, rowsPerBatch: Int, nameBytesPerBatch: Int,
    tracker: TrackerConfiguration, ignoresPoses: Bool
  ) {
    // Clamped, so that no setting traps: entries keep name offsets in 32 bits.
    rounds = ReplayRounds(
      count: Swift.min(Swift.max(1, batches), 1 << 10), shardCount: shardCount,
      rowsPerBatch: Swift.min(Swift.max(1, rowsPerBatch), 1 << 20),
      nameBytesPerBatch: Swift.min(Swift.max(1, nameBytesPerBatch), 1 << 28))
    unusedColumns = reader.unusedColumns
    timeColumn = reader.headerColumn(for: "t")
    results = Array(repeating: nil, count: shardCount)
    // Rows the replayers check as the reader does are refused by the tracker
    // only for going back in time, which the one table follows.
    let table = tracker.validation == RangingCSVReader.rowValidation
      ? ShardedTrackRegistry(
        capacity: tracker.capacity, lostTimeoutSeconds: tracker.lostTimeoutSeconds,
        poseValidation: tracker.validation, ignoresPoses: ignoresPoses)
      : nil
    router = ShardRouter(shardCount: shardCount, table: table)
  }

  /// The rows shard `index` replays.
  @usableFromInline
  func source(forShard index: Int) -> ReplayBatchSource {
    ReplayBatchSource(rounds: rounds, shard: index, unusedColumns: unusedColumns, timeColumn: timeColumn)
  }

  /// Runs shard `index`'s replay on a thread of its own.
  @usableFromInline
  func startShard(_ index: Int, _ replay: @escaping () throws(DatasetError) -> ReplaySummary) {
    let body = UncheckedBox(replay)
    Self.spawn { [self] in
      results[index] = Result { () throws(DatasetError) in try body.value() }
      finished.signal()
    }
  }

  /// Reads `reader` on a thread of its own, filling and handing over batches.
  @usableFromInline
  func startReader(_ reader: RangingCSVReader, live: Bool) {
    let box = UncheckedBox(reader)
    Self.spawn { [self] in read(box.value, live: live) }
  }

  private func read(_ reader: RangingCSVReader, live: Bool) {
    var reader = reader
    // Ground truth is not replayed: only checked.
    reader.convertsTruth = false
    let filling = BatchFilling(rounds: rounds, router: router)
    if live {
      // Every row read so far is handed over before a wait for input, so that
      // its output is written then, as on one thread.
      reader.beforeRead = { read in if !filling.batch.isEmpty { filling.handOver(read) } }
    }
    do throws(DatasetError) {
      var object = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
      var row = RowScanner.Row()
      while let line = try reader.nextRow(object: &object, scanned: &row) {
        if line > 0 {
          filling.batch.append(line: line, row: row, object: object, nameKey: router.key(ofLineBytes: object))
        } else if let record = reader.parsed {
          filling.batch.append(record, nameKey: router.key(of: record))
        }
        if filling.batch.isFull {
          filling.handOver(ReadProgress(bytesRead: reader.bytesRead, lines: reader.linesRead))
        }
      }
      filling.batch.end = .input
    } catch {
      filling.batch.end = .failure(error)
    }
    reader.beforeRead = nil
    linesRead = reader.linesRead
    rowsRead = filling.rowsHandedOver + filling.batch.count
    filling.handOver(ReadProgress(bytesRead: reader.bytesRead, lines: reader.linesRead), last: true)
  }

  /// Merges and hands to `write` every batch, in order, until the last;
  /// then waits for the shards.
  @usableFromInline
  func merge(write: (ShardedReplayBatch) -> Void) throws(DatasetError) -> (summary: ReplaySummary, linesRead: Int) {
    var sequence = 0
    var merged = ShardedReplayBatch()
    var end: ReplayRowBatch.End? = nil
    while end == nil {
      let (batch, outputs) = rounds.waitForShards(sequence)
      merged.removeAll()
      Self.merge(outputs, into: &merged)
      merged.linesRead = batch.linesRead
      merged.bytesRead = batch.bytesRead
      end = batch.end
      rounds.release(sequence)
      sequence += 1
      write(merged)
    }
    for _ in results.indices { finished.wait() }
    if case .failure(let error)? = end { throw error }
    var summaries: [ReplaySummary] = []
    for result in results {
      switch result {
      case .success(let summary)?: summaries.append(summary)
      case .failure(let error)?: throw error
      case nil: preconditionFailure("ShardedReplayThreads: a shard signalled without a result")
      }
    }
    var summary = ReplaySummary.merging(summaries)
    // Each shard reads only some of the rows, and counts names by its own.
    // The router, the reader thread's, routed the last batch before handing
    // it over, so its count is complete and written before this reads it.
    summary.rowsRead = rowsRead
    if let objects = router.objects { summary.objects = objects }
    return (summary, linesRead)
  }

  /// One replay's order: events by line, then by step (an eviction's exits,
  /// the row's own events, its lost check's exits in the one table's slot
  /// order), then by shard; rejections and filtered rows by line.
  ///
  /// Each shard's lists are in row order, and each row's events in step
  /// order, but one lost check that finds several of a shard's objects
  /// exits them in the order of the shard's own table, not the one table's:
  /// those runs are put in slot order first (``sortLostCheckRuns(_:)``), and
  /// then this is a k-way merge.
  static func merge(_ outputs: [ShardOutput], into merged: inout ShardedReplayBatch) {
    for output in outputs { sortLostCheckRuns(&output.events) }
    mergeInOrder(outputs.map(\.events), key: eventKey) { merged.events.append($0.text) }
    mergeInOrder(outputs.map(\.rejections), key: { ($0.line, 0) }) { merged.rejections.append($0) }
    mergeInOrder(outputs.map(\.states), key: { ($0.line, 0) }) { merged.states.append($0.text) }
  }

  /// Where an event falls in one replay's order (`ReplayEventPlace`).
  private static func eventKey(_ event: (place: ReplayEventPlace, text: String)) -> (Int, Int) {
    (event.place.line, Int(event.place.step.rawValue) << 32 | event.place.slot)
  }

  /// Puts the events of a shard's output in ``eventKey(_:)`` order, keeping
  /// the order of events with equal keys (the zones of one object). They are
  /// out of order only within the exits of one lost check, so the usual
  /// case is one pass that finds them sorted; a stable insertion sort then
  /// moves each event only past the run of one check.
  ///
  /// - Complexity: O(events) when sorted; O(events + run²) otherwise.
  static func sortLostCheckRuns(_ events: inout [(place: ReplayEventPlace, text: String)]) {
    guard events.count > 1 else { return }
    for index in 1..<events.count where eventKey(events[index]) < eventKey(events[index - 1]) {
      let event = events[index]
      let key = eventKey(event)
      var hole = index
      while hole > 0 && key < eventKey(events[hole - 1]) {
        events[hole] = events[hole - 1]
        hole -= 1
      }
      events[hole] = event
    }
  }

  /// Calls `take` on the elements of `lists` (each sorted by `key`) in
  /// `key` order, the lower list first on equal keys.
  ///
  /// - Complexity: O(elements × lists).
  static func mergeInOrder<Element>(
    _ lists: [[Element]], key: (Element) -> (Int, Int), take: (Element) -> Void
  ) {
    var heads = [Int](repeating: 0, count: lists.count)
    while true {
      var best = -1
      var bestKey = (0, 0)
      for list in lists.indices where heads[list] < lists[list].count {
        let candidate = key(lists[list][heads[list]])
        if best < 0 || candidate < bestKey {
          best = list
          bestKey = candidate
        }
      }
      if best < 0 { return }
      take(lists[best][heads[best]])
      heads[best] += 1
    }
  }

  /// Starts a thread: a thread of its own, not a Dispatch worker, since each
  /// blocks on the others and Dispatch's pool is not bound to run them all at once.
  private static func spawn(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.start()
  }
}

/// The batch the reader thread is filling, and handing it over.
private final class BatchFilling {
  let rounds: ReplayRounds
  let router: ShardRouter
  private(set) var batch: ReplayRowBatch
  private var sequence = 0
  /// Rows in the batches handed over.
  private(set) var rowsHandedOver = 0

  init(rounds: ReplayRounds, router: ShardRouter) {
    self.rounds = rounds
    self.router = router
    batch = rounds.waitToFill(0)
  }

  /// Routes the batch's rows, hands the batch to the shards and, unless it is
  /// the last, waits for the next one to fill.
  func handOver(_ read: ReadProgress, last: Bool = false) {
    batch.linesRead = read.lines
    batch.bytesRead = read.bytesRead
    router.route(batch)
    rowsHandedOver += batch.count
    rounds.publish()
    sequence += 1
    if !last { batch = rounds.waitToFill(sequence) }
  }
}

/// A value moved to another thread that then owns it alone.
private struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
