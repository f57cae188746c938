// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import ZoneMonitor

/// One replay's row loop (`Replayer.run(_:observer:)`): what each kind of
/// row does to the replay's one object table, the counts and the observer,
/// and the commands it sends to the engines of the table's slots.
///
/// The loop owns the only `TrackRegistry` of a replay (its pipeline's): it
/// decides, in the registry's step order, which slot each measurement goes
/// to, which object a new one evicts, which objects a lost check finds, and
/// which poses are taken; it checks and rejects rows, interns names and
/// counts. What a slot's engines and zones make of each step is the
/// ``ReplaySlots``' work: on one thread the pipeline's own engines
/// (``PipelineSlots``), over several threads the engines of each thread's
/// slots, each command numbered so that their outputs merge into this
/// loop's order (`ShardedReplay`). So one replay runs this one loop whatever
/// its number of threads.
///
/// Inlinable, so that the loop, the pipeline and its filters are specialised
/// for `Backend`, `Observer` and `Slots` in the caller's module
/// (docs/PERFORMANCE.md). The counts and names live in ``ReplayTally``, a
/// class the methods share by reference. A class itself, so that closures
/// handed to the registry capture one reference rather than a copy of every
/// field. A usable row allocates nothing.
@usableFromInline
package final class ReplayRowLoop<Backend: KalmanBackend, Observer: ReplayObserver, Slots: ReplaySlots> {
  @usableFromInline let pipeline: RangingPipeline<Backend>
  @usableFromInline let observer: Observer
  @usableFromInline let tally: ReplayTally
  @usableFromInline let slots: Slots
  /// Every measurement the reader returns passed the reader's value checks;
  /// when the tracker's are the same, they are not run a second time.
  @usableFromInline let validated: Bool
  /// The time column, for rejections of a row's time.
  @usableFromInline let timeColumn: Int?
  @usableFromInline let timeField: String
  @usableFromInline let calibrations: [String: RangeCalibration]
  @usableFromInline let minimumDistance: Double
  @usableFromInline let ignoresPoses: Bool
  /// Names leave once their objects are no longer tracked (evicted, lost,
  /// removed, or never accepted): checked whenever the live names pass this.
  @usableFromInline let namesKept: Int

  /// A loop of `replayer` whose rows come from a source like `reader`, whose
  /// output goes to `observer` (rejections, records) and to `slots`
  /// (events, states), with the counts in `tally`.
  @inlinable
  package init<Source: ReplayRowSource>(
    replayer: Replayer<Backend>, observer: Observer, slots: Slots, tally: ReplayTally, reader: Source
  ) {
    pipeline = replayer.pipeline
    self.observer = observer
    self.slots = slots
    self.tally = tally
    tally.summary.unusedColumns = reader.unusedColumns
    validated = pipeline.tracker.configuration.validation == RangingCSVReader.rowValidation
    let time = reader.headerColumn(for: "t")
    timeColumn = time?.column
    timeField = time?.name ?? "t"
    calibrations = replayer.objectCalibrations
    minimumDistance = pipeline.tracker.configuration.validation.minimumDistanceMeters
    ignoresPoses = replayer.ignoresPoses
    namesKept = ReplayTally.namesKept(capacity: pipeline.tracker.capacity)
  }

  /// `body` on the one object table (the pipeline's registry), in place.
  @inlinable @inline(__always)
  func table<Result>(_ body: (inout TrackRegistry) -> Result) -> Result {
    pipeline.tracker.withRegistry(body)
  }

  /// Replays every row of `reader`; may be called again with the next rows
  /// (a reader thread replays its input batch by batch).
  @inlinable
  package func replay<Source: ReplayRowSource>(_ reader: inout Source) throws(Source.ReadFailure) {
    // Ground truth is not replayed: the reader only checks it (and converts it for an observer).
    let convertedTruth = reader.convertsTruth
    reader.convertsTruth = observer.observesRecords
    defer { reader.convertsTruth = convertedTruth }
    var row = RowView()
    while try reader.nextRow(&row) {
      if tally.names.count > namesKept { forgetUntracked() }
      tally.summary.rowsRead += 1
      replay(row, reader: &reader)
    }
  }

  /// The counts of every row replayed so far.
  @inlinable
  package var summary: ReplaySummary {
    var summary = tally.summary
    summary.objects = tally.names.assignedCount
    return summary
  }

  /// Forgets the names of objects the table no longer holds (``ReplayTally/forgetUntracked(by:calibrations:)``).
  @usableFromInline @inline(never)
  func forgetUntracked() {
    tally.forgetUntracked(by: pipeline.tracker)
  }

  /// One row, whichever path of the reader read it: a rejection, a pose
  /// alone, or a life-cycle row or measurement (with its pose, from the
  /// parser) of the object named by the row's bytes.
  ///
  /// A rejection and a pose alone are told by the slow path's record, which
  /// carries them, so that neither is asked of a row that has none; a row
  /// of the fast path has no record.
  @inlinable @inline(__always)
  func replay<Source: ReplayRowSource>(_ row: RowView, reader: inout Source) {
    switch row.parsed {
    case .rejected(let rejection)?:
      reject(rejection)
    case .pose(let line, let seconds, let attitude)?:
      if posed(line: line, seconds: seconds, attitude: attitude) { tally.summary.posesAccepted += 1 }
    case .measurement?, .lifecycle?, nil:
      if observer.observesRecords {
        // The parser's record names its object itself; a scanned row's name is interned first.
        observer.record(row.record(name: name(ofObject: row.object, key: reader.objectKey)))
      }
      // A rejected pose rejects its row before the object is named: it is not an object of the replay.
      if let pose = row.pose, !posed(line: row.line, seconds: row.seconds, attitude: pose) { return }
      let id = tally.id(forLineBytes: row.object, key: reader.objectKey)
      if let event = row.event {
        lifecycle(line: row.line, id: id, seconds: row.seconds, event: event)
      } else {
        measured(line: row.line, id: id, seconds: row.seconds, update: row.update)
      }
    }
  }

  /// The name of the object named by `bytes`, interned (``ReplayTally/id(forLineBytes:key:)``).
  @inlinable
  func name(ofObject bytes: UnsafeBufferPointer<UInt8>, key: Int32) -> String {
    // Two steps: interning modifies the names that the name is then read from.
    let id = tally.id(forLineBytes: bytes, key: key)
    return tally.names.name(of: id)
  }

  /// Counts a rejected row and hands it to the observer.
  @inlinable
  func reject(_ rejection: RowRejection) {
    tally.summary.rejectedByReason[rejection.reason, default: 0] += 1
    observer.rejected(rejection)
  }

  /// A row refused for `reason`.
  @usableFromInline @inline(never)
  func reject(line: Int, seconds: Double, reason: RejectionReason) {
    reject(RowRejection(line: line, column: reason == .timeWentBackwards ? timeColumn : nil,
                        field: reason == .timeWentBackwards ? timeField : "row",
                        reason: String(describing: reason.name), text: "\(seconds)"))
  }

  /// A measurement of the object `id`: calibrated when the replay has its
  /// calibration, checked, placed in the table (`TrackRegistry`'s steps 1-4),
  /// fused by its slot's engines, counted, and its state handed out.
  @inlinable
  func measured(line: Int, id: UInt64, seconds: Double, update: RangingUpdate) {
    var update = update
    let distanceRead = update.distanceMeters
    // After the reader's checks, which apply to what the device reported, as in the tracker.
    if !calibrations.isEmpty, let distance = update.distanceMeters, let calibration = calibration(of: id) {
      update.distanceMeters = calibration.correctedDistance(distance, minimumDistanceMeters: minimumDistance)
    }
    // Validation first: a rejected update tells nothing about the object, so
    // it neither ends its track nor changes anything else.
    if !validated, let reason = pipeline.tracker.configuration.validation.rejection(of: update) {
      reject(line: line, seconds: seconds, reason: reason)
      return
    }
    let time = update.time
    let measured = table { $0.measure(id, at: time) }
    if measured.expiredSlot >= 0 {
      // Lost by its own silence: its zones exit as a lost check during the gap would have.
      slots.exit(slot: measured.expiredSlot, object: id, at: time, reason: .lost, endsTrack: true)
    }
    guard !measured.isRefused else {
      reject(line: line, seconds: seconds, reason: .timeWentBackwards)
      return
    }
    var newTrack: RangeCalibration? = nil
    if measured.isNew {
      if let evicted = measured.evicted {
        tally.summary.evictions += 1
        slots.exit(slot: measured.slot, object: evicted, at: time, reason: .evicted, endsTrack: true)
      }
      newTrack = pipeline.tracker.rangeCalibration(forObject: id)
    }
    slots.measure(slot: measured.slot, object: id, update: update, seconds: seconds, newTrack: newTrack)
    tally.summary.measurementsAccepted += 1
    tally.noteUnits(line: line, object: id, seconds: seconds, distanceMeters: distanceRead)
    if update.direction != nil || update.horizontalAngleRadians != nil { tally.summary.measurementsWithDirection += 1 }
    if measured.checksLost { removeLost(at: time) }
    slots.handOutState()
  }

  /// The lost check (`TrackRegistry`, step 4): the zones of every object
  /// silent for the lost timeout exit, in slot order, with reason `lost`.
  @usableFromInline
  func removeLost(at time: Timestamp) {
    table { registry in
      registry.removeLost(at: time) { slot, object in
        slots.exit(slot: slot, object: object, at: time, reason: .lost, endsTrack: true)
      }
    }
  }

  /// The calibration the loop applies to the object `id`'s distances itself:
  /// nil when the replay has none for it, or when the tracker's table of
  /// calibrations took it as the object's own, which it does while it has
  /// room, so that the slot's engines apply it and report the smaller sigma
  /// of a calibrated device, as the C API's per-object calibration does.
  @usableFromInline
  func calibration(of id: UInt64) -> RangeCalibration? {
    if let known = tally.calibrationByID[id] { return known }
    var found = calibrations[tally.names.name(of: id)]
    if let calibration = found, pipeline.tracker.setObjectCalibration(calibration, forObject: id) {
      found = nil
      // A direction-only row may have placed the object already: its slot takes the calibration now.
      if let slot = table({ $0.slot(of: id) }) { slots.setCalibration(calibration, slot: slot) }
    }
    tally.calibrationByID[id] = .some(found)
    return found
  }

  /// Feeds a pose; a rejected one rejects its row (nothing of it is applied).
  @inlinable
  func posed(line: Int, seconds: Double, attitude: Attitude) -> Bool {
    if ignoresPoses { return true }
    tally.summary.posesFed += 1
    let time = Timestamp(seconds: seconds)
    let validation = pipeline.tracker.configuration.validation
    if let reason = table({ $0.admit(attitude, at: time, validation: validation) }) {
      reject(RowRejection(line: line, column: timeColumn, field: timeField,
                          reason: String(describing: reason.name), text: "\(seconds)"))
      return false
    }
    slots.take(attitude)
    return true
  }

  /// A life-cycle row of the object `id` (`RangingPipeline.process(object:lifecycle:at:emit:)`'s steps).
  @inlinable
  func lifecycle(line: Int, id: UInt64, seconds: Double, event: LifecycleEvent) {
    tally.summary.lifecycleAccepted += 1
    let time = Timestamp(seconds: seconds)
    let steps = table { $0.lifecycle(id, endsTrack: event.endsTrack, at: time) }
    if steps.expiredSlot >= 0 {
      slots.exit(slot: steps.expiredSlot, object: id, at: time, reason: .lost, endsTrack: true)
    }
    if steps.removedSlot >= 0, let reason = event.exitReason {
      slots.exit(slot: steps.removedSlot, object: id, at: time, reason: reason, endsTrack: true)
    }
    switch event {
    case .suspended:
      if pipeline.suspensionPolicy == .exitZones, let slot = table({ $0.slot(of: id) }) {
        slots.exit(slot: slot, object: id, at: time, reason: .suspended, endsTrack: false)
      }
    case .suspensionEnded:
      if let slot = table({ $0.slot(of: id) }) { slots.restart(slot: slot) }
    case .removedTimeout, .removedPeerEnded, .invalidated:
      break
    }
    if steps.checksLost { removeLost(at: time) }
  }
}
