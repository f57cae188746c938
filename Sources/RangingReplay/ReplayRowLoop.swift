// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import ZoneMonitor

/// One replay's row loop (`Replayer.run(_:observer:)`): what each kind of
/// row does to the pipeline, the counts and the observer.
///
/// Inlinable, so that the loop, the pipeline and its filters are specialised
/// for `Backend` and `Observer` in the caller's module (docs/PERFORMANCE.md).
/// The counts and names live in ``ReplayTally``, a class the methods share by
/// reference. A class itself, so that the `emit` handed to the pipeline on
/// every row captures one reference rather than a copy of every field (a
/// struct cost 8 % more CPU per replay). A usable row allocates nothing.
@usableFromInline
final class ReplayRowLoop<Backend: KalmanBackend, Observer: ReplayObserver> {
  @usableFromInline let pipeline: RangingPipeline<Backend>
  @usableFromInline let observer: Observer
  @usableFromInline let tally: ReplayTally
  /// With a shard, only its objects go through the engine (``Replayer/shard``).
  @usableFromInline let shard: ReplayShard?
  /// Every measurement the reader returns passed the reader's value checks;
  /// when the tracker's are the same, they are not run a second time.
  @usableFromInline let validated: Bool
  /// The time column, for rejections of a row's time.
  @usableFromInline let timeColumn: Int?
  @usableFromInline let timeField: String
  @usableFromInline let calibrations: [String: RangeCalibration]
  @usableFromInline let minimumDistance: Double
  @usableFromInline let ignoresPoses: Bool

  @inlinable
  init<Source: ReplayRowSource>(replayer: Replayer<Backend>, observer: Observer, reader: Source) {
    pipeline = replayer.pipeline
    self.observer = observer
    tally = ReplayTally(observesStates: observer.observesStates, observesSteps: observer.observesRangeSteps)
    tally.summary.unusedColumns = reader.unusedColumns
    shard = replayer.shard
    validated = pipeline.tracker.configuration.validation == RangingCSVReader.rowValidation
    let time = reader.headerColumn(for: "t")
    timeColumn = time?.column
    timeField = time?.name ?? "t"
    calibrations = replayer.objectCalibrations
    minimumDistance = pipeline.tracker.configuration.validation.minimumDistanceMeters
    ignoresPoses = replayer.ignoresPoses
  }

  /// Replays every row of `reader` and returns the counts.
  @inlinable
  func replay<Source: ReplayRowSource>(_ reader: inout Source) throws(DatasetError) -> ReplaySummary {
    // Ground truth is not replayed: the reader only checks it (and converts it for an observer).
    let convertedTruth = reader.convertsTruth
    reader.convertsTruth = observer.observesRecords
    defer { reader.convertsTruth = convertedTruth }
    var object = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var row = RowScanner.Row()
    // Names leave once their objects are no longer tracked (evicted, lost,
    // removed, or never accepted): checked whenever the live names pass this.
    let namesKept = ReplayTally.namesKept(capacity: pipeline.tracker.capacity)
    while let line = try reader.nextRow(object: &object, scanned: &row) {
      if tally.names.count > namesKept { tally.forgetUntracked(by: pipeline.tracker) }
      tally.summary.rowsRead += 1
      if line > 0 {
        scanned(line: line, object: object, row: row, reader: &reader)
      } else {
        parsed(reader: &reader)
      }
    }
    tally.summary.objects = tally.names.assignedCount
    return tally.summary
  }

  /// A row of the reader's fast path (`RowScanner`): a measurement or a
  /// life-cycle row of the object named by `object`'s bytes.
  @inlinable @inline(__always)
  func scanned<Source: ReplayRowSource>(
    line: Int, object: UnsafeBufferPointer<UInt8>, row: RowScanner.Row, reader: inout Source
  ) {
    let evicted = reader.evictedWholeSlot
    if evicted >= 0 { evict(wholeSlot: evicted, line: line, seconds: row.seconds) }
    if let shard, !reader.isScannedRow(ownedBy: shard, object: object) {
      advanceClock(line: line, seconds: row.seconds)
      return
    }
    let id = tally.id(forLineBytes: object, key: reader.objectKey)
    if let event = row.event {
      if observer.observesRecords {
        observer.record(.lifecycle(line: line, object: tally.names.name(of: id), seconds: row.seconds, event: event))
      }
      lifecycle(line: line, id: id, seconds: row.seconds, event: event)
    } else {
      if observer.observesRecords {
        observer.record(.measurement(
          line: line, object: tally.names.name(of: id), seconds: row.seconds, update: row.update, truth: row.truth))
      }
      measured(line: line, id: id, seconds: row.seconds, update: row.update, wholeSlot: reader.wholeSlot)
    }
  }

  /// A row the reader parsed in full (`reader.parsed`): a rejection, a
  /// life-cycle row, a measurement (with its pose), or a pose alone.
  @inlinable
  func parsed<Source: ReplayRowSource>(reader: inout Source) {
    if observer.observesRecords, let record = reader.parsed {
      switch record {
      case .lifecycle(_, let name, _, _), .measurement(_, let name, _, _, _, _):
        if shard.map({ reader.isParsedRecord(ownedBy: $0, name: name) }) ?? true { observer.record(record) }
      case .rejected, .pose: break
      }
    }
    switch reader.parsed {
    case .rejected(let rejection):
      reject(rejection, byReader: true)
    case .lifecycle(let line, let name, let seconds, let event):
      if let shard, !reader.isParsedRecord(ownedBy: shard, name: name) {
        advanceClock(line: line, seconds: seconds)
      } else {
        lifecycle(line: line, id: tally.names.id(for: name), seconds: seconds, event: event)
      }
    case .measurement(let line, let name, let seconds, let update, _, let pose):
      if let pose, !posed(line: line, seconds: seconds, attitude: pose) { break }
      let evicted = reader.evictedWholeSlot
      if evicted >= 0 { evict(wholeSlot: evicted, line: line, seconds: seconds) }
      if let shard, !reader.isParsedRecord(ownedBy: shard, name: name) {
        advanceClock(line: line, seconds: seconds)
      } else {
        measured(line: line, id: tally.names.id(for: name), seconds: seconds, update: update, wholeSlot: reader.wholeSlot)
      }
    case .pose(let line, let seconds, let attitude):
      if posed(line: line, seconds: seconds, attitude: attitude), shard.map({ $0.index == 0 }) ?? true {
        tally.summary.posesAccepted += 1
      }
    case nil:
      preconditionFailure("Replayer: the reader returned no parsed row")
    }
  }

  /// Counts an event and hands it to the observer with its place.
  @inlinable
  func emit(_ event: ZoneEvent) {
    if event.kind == .enter { tally.summary.enterEvents += 1 } else { tally.summary.exitEvents += 1 }
    // The lost check's exits are ordered by the one table's slots, which the shards share.
    let slot = event.step == .lostCheck ? tally.wholeSlot(of: event.object, in: pipeline.tracker) : 0
    observer.event(
      event, objectName: tally.names.name(of: event.object), place: ReplayEventPlace(line: tally.line, step: event.step, slot: slot))
  }

  /// The shards together fill one table, which is full: this shard's
  /// object in its slot `wholeSlot` makes room for the row's object.
  @inlinable
  func evict(wholeSlot: Int32, line: Int, seconds: Double) {
    tally.line = line
    if let object = tally.object(inWholeSlot: wholeSlot) {
      pipeline.evict(object: object, at: Timestamp(seconds: seconds), emit: emit)
    }
  }

  /// Another shard's usable row: the clock moves as that row would move it.
  @inlinable
  func advanceClock(line: Int, seconds: Double) {
    tally.line = line
    pipeline.advanceClock(to: Timestamp(seconds: seconds), emit: emit)
  }

  /// Counts a rejected row and hands it to the observer; with shards, the
  /// reader's own rejections are shard 0's alone.
  @inlinable
  func reject(_ rejection: RowRejection, byReader: Bool = false) {
    if byReader, let shard, shard.index != 0 { return }
    tally.summary.rejectedByReason[rejection.reason, default: 0] += 1
    observer.rejected(rejection)
  }

  /// A measurement of the object `id`: calibrated when the replay has its
  /// calibration, fed to the pipeline, counted, and its state handed out.
  @inlinable
  func measured(line: Int, id: UInt64, seconds: Double, update: RangingUpdate, wholeSlot: Int32) {
    tally.line = line
    var update = update
    let distanceRead = update.distanceMeters
    // After the reader's checks, which apply to what the device reported, as in the tracker.
    if !calibrations.isEmpty, let distance = update.distanceMeters,
      let calibration = tally.calibration(of: id, from: calibrations, tracker: pipeline.tracker)
    {
      update.distanceMeters = calibration.correctedDistance(distance, minimumDistanceMeters: minimumDistance)
    }
    let result = validated
      ? pipeline.process(object: id, validatedUpdate: update, emit: emit)
      : pipeline.process(object: id, update: update, emit: emit)
    switch result {
    case .accepted(let slot, let state, let outcome, _):
      tally.summary.measurementsAccepted += 1
      tally.noteUnits(line: line, object: id, seconds: seconds, distanceMeters: distanceRead)
      if wholeSlot >= 0 { tally.note(object: id, inSlot: slot, wholeSlot: wholeSlot, capacity: pipeline.tracker.capacity) }
      if update.direction != nil || update.horizontalAngleRadians != nil { tally.summary.measurementsWithDirection += 1 }
      // The name is looked up only for an observer: copying it costs a retain and a release.
      if tally.observesStates {
        observer.state(seconds: seconds, object: id, objectName: tally.names.name(of: id), state)
      }
      if tally.observesSteps {
        observer.rangeStep(RangeStep(
          seconds: seconds, objectName: tally.names.name(of: id), object: id, state: state, outcome: outcome,
          covariance: pipeline.tracker.rangeCovariance(inSlot: slot),
          undidPreviousFusion: pipeline.tracker.rangeFilterHealth(inSlot: slot).contains(.undidPreviousFusion),
          measuredMeters: update.distanceMeters))
      }
    case .rejected(let reason):
      reject(RowRejection(line: line, column: reason == .timeWentBackwards ? timeColumn : nil,
                          field: reason == .timeWentBackwards ? timeField : "row",
                          reason: String(describing: reason.name), text: "\(seconds)"))
    }
  }

  /// Feeds a pose; a rejected one rejects its row (nothing of it is applied).
  /// With shards, every shard feeds it (a pose turns every object) and
  /// shard 0 alone counts it.
  @inlinable
  func posed(line: Int, seconds: Double, attitude: Attitude) -> Bool {
    if ignoresPoses { return true }
    let counts = shard.map { $0.index == 0 } ?? true
    if counts { tally.summary.posesFed += 1 }
    guard let reason = pipeline.process(pose: attitude, at: Timestamp(seconds: seconds)) else { return true }
    if counts {
      reject(RowRejection(line: line, column: timeColumn, field: timeField,
                          reason: String(describing: reason.name), text: "\(seconds)"))
    }
    return false
  }

  /// A life-cycle row of the object `id`.
  @inlinable
  func lifecycle(line: Int, id: UInt64, seconds: Double, event: LifecycleEvent) {
    tally.line = line
    tally.summary.lifecycleAccepted += 1
    pipeline.process(object: id, lifecycle: event, at: Timestamp(seconds: seconds), emit: emit)
  }
}
