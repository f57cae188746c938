// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import ZoneMonitor

/// Runs a recording through the engine: reads rows one at a time, feeds the
/// pipeline, hands each zone event and each filtered state to a
/// ``ReplayObserver`` as it happens, and accounts for every row. Memory does not grow with the
/// file, nor with the number of distinct objects in it: only the tracked
/// objects' state, their names, and the counts are kept (a name is forgotten
/// once its object is no longer tracked and over `ReplayTally.minimumNamesKept` names,
/// or twice the capacity, are live).
public struct Replayer<Backend: KalmanBackend> {
  public var pipeline: RangingPipeline<Backend>
  public var zoneNames: [String]
  /// With a shard, only the shard's objects go through the engine, and the
  /// other usable rows only move its clock (``ReplayShard``); reader
  /// rejections are reported by shard 0 alone. Nil: every object.
  public var shard: ReplayShard? = nil
  /// Range calibrations of single objects, by name: each corrects that
  /// object's validated distances before the engine sees them, as the
  /// tracker's own `TrackerConfiguration.rangeCalibration` does for every
  /// object (`RangeCalibration.correctedDistance(_:minimumDistanceMeters:)`).
  /// For recordings of several devices whose biases differ (each anchor
  /// of the LIAS trolley reads its own 0.09 to 0.28 m long); use one or the
  /// other, since both would apply. Empty: no row is touched.
  public var objectCalibrations: [String: RangeCalibration] = [:]
  /// Whether to skip the `pose_*` columns: pose-only rows count as read and
  /// accepted but feed nothing, measurement rows run without their pose
  /// (`rangectl evaluate` scores the direction both ways).
  public var ignoresPoses = false

  public init(pipeline: RangingPipeline<Backend>, zoneNames: [String]) {
    precondition(zoneNames.count == pipeline.monitor.zones.count, "Replayer: one name per zone")
    self.pipeline = pipeline
    self.zoneNames = zoneNames
  }

  /// Replays every row of `reader`, handing its output to `observer` as it goes.
  ///
  /// Inlinable, with the row loop, so that the whole loop, the pipeline and
  /// its filters are specialised for `Backend` in the caller's module and the
  /// pipeline is called directly rather than through closures
  /// (docs/PERFORMANCE.md). A usable row allocates nothing: the object is interned
  /// from the reader's bytes.
  ///
  /// - Throws: `DatasetError` when the input cannot be read further.
  @inlinable
  public func run<Observer: ReplayObserver>(_ reader: inout RangingCSVReader, observer: Observer) throws(DatasetError)
    -> ReplaySummary
  {
    try run(rowsOf: &reader, observer: observer)
  }

  /// ``run(_:)`` over any ``ReplayRowSource``: a reader, or the rows another
  /// thread parsed (`ShardedReplay`).
  @inlinable
  package func run<Source: ReplayRowSource, Observer: ReplayObserver>(rowsOf reader: inout Source, observer: Observer)
    throws(DatasetError) -> ReplaySummary
  {
    var summary = try replayRows(&reader, observer: observer)
    summary.evictions = pipeline.tracker.evictionCount
    return summary
  }

  /// The row loop of ``run(_:)``.
  @inlinable
  func replayRows<Source: ReplayRowSource, Observer: ReplayObserver>(_ reader: inout Source, observer: Observer)
    throws(DatasetError) -> ReplaySummary
  {
    let pipeline = self.pipeline
    // Every measurement the reader returns passed the reader's value checks;
    // when the tracker's are the same, they are not run a second time.
    let validated = pipeline.tracker.configuration.validation == RangingCSVReader.rowValidation
    // The counts and names live in a class that the local functions share by
    // reference: captured variables would be boxed and access-checked per row.
    let tally = ReplayTally(observesStates: observer.observesStates, observesSteps: observer.observesRangeSteps)
    let observesRecords = observer.observesRecords
    let shard = self.shard
    let time = reader.headerColumn(for: "t")
    let timeColumn = time?.column
    let timeField = time?.name ?? "t"
    tally.summary.unusedColumns = reader.unusedColumns
    let calibrations = objectCalibrations
    let minimumDistance = pipeline.tracker.configuration.validation.minimumDistanceMeters
    let capacity = pipeline.tracker.capacity
    func emit(_ event: ZoneEvent) {
      if event.kind == .enter { tally.summary.enterEvents += 1 } else { tally.summary.exitEvents += 1 }
      // The lost check's exits are ordered by the one table's slots, which the shards share.
      let slot = event.step == .lostCheck ? tally.wholeSlot(of: event.object, in: pipeline.tracker) : 0
      observer.event(
        event, objectName: tally.names.name(of: event.object), place: ReplayEventPlace(line: tally.line, step: event.step, slot: slot))
    }
    /// The shards together fill one table, which is full: this shard's
    /// object in its slot `wholeSlot` makes room for the row's object.
    func evict(wholeSlot: Int32, line: Int, seconds: Double) {
      tally.line = line
      if let object = tally.object(inWholeSlot: wholeSlot) {
        pipeline.evict(object: object, at: Timestamp(seconds: seconds), emit: emit)
      }
    }
    /// Another shard's usable row: the clock moves as that row would move it.
    func advanceClock(line: Int, seconds: Double) {
      tally.line = line
      pipeline.advanceClock(to: Timestamp(seconds: seconds), emit: emit)
    }
    func reject(_ rejection: RowRejection, byReader: Bool = false) {
      if byReader, let shard, shard.index != 0 { return }
      tally.summary.rejectedByReason[rejection.reason, default: 0] += 1
      observer.rejected(rejection)
    }
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
        if wholeSlot >= 0 { tally.note(object: id, inSlot: slot, wholeSlot: wholeSlot, capacity: capacity) }
        if update.direction != nil || update.horizontalAngleRadians != nil { tally.summary.measurementsWithDirection += 1 }
        // The name is looked up only for an observer: copying it costs a retain and a release.
        if tally.observesStates { observer.state(seconds: seconds, objectName: tally.names.name(of: id), state) }
        if tally.observesSteps {
          observer.rangeStep(RangeStep(
            seconds: seconds, objectName: tally.names.name(of: id), object: id, state: state, outcome: outcome,
            covariance: pipeline.tracker.rangeCovariance(inSlot: slot),
            undidPreviousFusion: pipeline.tracker.rangeFilterHealth(inSlot: slot).contains(.undidPreviousFusion)))
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
    func lifecycle(line: Int, id: UInt64, seconds: Double, event: LifecycleEvent) {
      tally.line = line
      tally.summary.lifecycleAccepted += 1
      pipeline.process(object: id, lifecycle: event, at: Timestamp(seconds: seconds), emit: emit)
    }
    // Ground truth is not replayed: the reader only checks it (and converts it for an observer).
    let convertedTruth = reader.convertsTruth
    reader.convertsTruth = observesRecords
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
        let evicted = reader.evictedWholeSlot
        if evicted >= 0 { evict(wholeSlot: evicted, line: line, seconds: row.seconds) }
        if let shard, !reader.isScannedRow(ownedBy: shard, object: object) {
          advanceClock(line: line, seconds: row.seconds)
          continue
        }
        let id = tally.id(forLineBytes: object, key: reader.objectKey)
        if let event = row.event {
          if observesRecords {
            observer.record(.lifecycle(line: line, object: tally.names.name(of: id), seconds: row.seconds, event: event))
          }
          lifecycle(line: line, id: id, seconds: row.seconds, event: event)
        } else {
          if observesRecords {
            observer.record(.measurement(
              line: line, object: tally.names.name(of: id), seconds: row.seconds, update: row.update, truth: row.truth))
          }
          measured(line: line, id: id, seconds: row.seconds, update: row.update, wholeSlot: reader.wholeSlot)
        }
        continue
      }
      if observesRecords, let record = reader.parsed {
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
    tally.summary.objects = tally.names.assignedCount
    return tally.summary
  }
}

/// What a replay counts and the names it interned, shared by reference
/// between the row loop and its local functions (``Replayer/run(_:observer:)``).
/// Exclusivity is unchecked: one replay runs on one thread.
@usableFromInline
package final class ReplayTally {
  @usableFromInline @exclusivity(unchecked) var summary = ReplaySummary()
  @usableFromInline @exclusivity(unchecked) var names = ObjectNames()
  /// The line of the row being replayed, for each event's ``ReplayEventPlace``.
  @usableFromInline @exclusivity(unchecked) var line = 0
  /// For a shard whose replay fills one table with the other shards'
  /// (``ReplayRowSource/wholeSlot``): each slot's object's slot in that
  /// table, and each slot of that table's object, as far as this shard's
  /// objects took them; `capacity` entries each, allocated at the first such
  /// slot (raw storage, so that the per-row write needs no uniqueness check).
  @usableFromInline @exclusivity(unchecked) var wholeSlotOfSlot: UnsafeMutablePointer<Int32>? = nil
  @usableFromInline @exclusivity(unchecked) var objectOfWholeSlot: UnsafeMutablePointer<UInt64>? = nil
  /// Each object's last accepted measurement, for ``UnitEvidence/intervalsSeconds``.
  @usableFromInline @exclusivity(unchecked) var lastMeasurementTimes = LastMeasurementTimes()

  /// Adds an accepted measurement to ``ReplaySummary/unitEvidence``.
  @inlinable
  func noteUnits(line: Int, object: UInt64, seconds: Double, distanceMeters: Double?) {
    if let distanceMeters { summary.unitEvidence.distancesMeters.add(distanceMeters, line: line) }
    if let interval = lastMeasurementTimes.interval(of: object, at: seconds) {
      summary.unitEvidence.intervalsSeconds.add(interval, line: line)
    }
  }

  deinit {
    wholeSlotOfSlot?.deallocate()
    objectOfWholeSlot?.deallocate()
  }

  /// Notes that `object`, in the tracker's `slot`, holds `wholeSlot` of the
  /// one table (both below `capacity`, the tracker's).
  @inlinable
  func note(object: UInt64, inSlot slot: Int, wholeSlot: Int32, capacity: Int) {
    if wholeSlotOfSlot == nil { allocateWholeSlots(capacity: capacity) }
    wholeSlotOfSlot.unsafelyUnwrapped[slot] = wholeSlot
    objectOfWholeSlot.unsafelyUnwrapped[Int(wholeSlot)] = object
  }

  @usableFromInline @inline(never)
  func allocateWholeSlots(capacity: Int) {
    wholeSlotOfSlot = .allocate(capacity: capacity)
    wholeSlotOfSlot!.initialize(repeating: 0, count: capacity)
    objectOfWholeSlot = .allocate(capacity: capacity)
    objectOfWholeSlot!.initialize(repeating: 0, count: capacity)
  }

  /// The one table's slot of the tracked `object` (0 when there is no such table).
  @usableFromInline
  func wholeSlot<Backend: KalmanBackend>(of object: UInt64, in tracker: ObjectTracker<Backend>) -> Int {
    guard let wholeSlotOfSlot, let slot = tracker.slot(of: object) else { return 0 }
    return Int(wholeSlotOfSlot[slot])
  }

  /// The object of this shard that last took `wholeSlot` of the one table
  /// (``note(object:inSlot:wholeSlot:capacity:)``), or nil before any took one.
  @usableFromInline
  func object(inWholeSlot wholeSlot: Int32) -> UInt64? {
    objectOfWholeSlot.map { $0[Int(wholeSlot)] }
  }
  /// Whether the observer takes states (``ReplayObserver/observesStates``), so that each state needs the object's name.
  @usableFromInline let observesStates: Bool
  /// Whether the observer takes the distance filter's steps (``ReplayObserver/observesRangeSteps``).
  @usableFromInline let observesSteps: Bool

  /// Live names kept at least before untracked ones are forgotten: no
  /// recording with fewer objects ever forgets a name, so its summary counts
  /// exactly its distinct objects.
  @usableFromInline package static var minimumNamesKept: Int { 1024 }

  /// Live names past which untracked ones are forgotten, for a tracker of `capacity` objects.
  @usableFromInline package static func namesKept(capacity: Int) -> Int { Swift.max(minimumNamesKept, 2 * capacity) }

  @usableFromInline
  init(observesStates: Bool, observesSteps: Bool) {
    self.observesStates = observesStates
    self.observesSteps = observesSteps
  }

  /// The id of each object key of the row source (``ReplayRowSource/objectKey``) seen so far, nil for none.
  @usableFromInline @exclusivity(unchecked) var idOfKey: [UInt64?] = []

  /// The id of a scanned row's object, named by `bytes` (readable 16 bytes
  /// past their end) and keyed `key` by the row source: by key when the key
  /// was seen before, so that the name's bytes are not even read.
  ///
  /// - Complexity: O(1), allocating only for a new name or key.
  @inlinable
  func id(forLineBytes bytes: UnsafeBufferPointer<UInt8>, key: Int32) -> UInt64 {
    guard key >= 0 else { return names.id(forLineBytes: bytes) }
    let index = Int(key)
    if index < idOfKey.count, let id = idOfKey[index] { return id }
    let id = names.id(forLineBytes: bytes)
    if index >= idOfKey.count { idOfKey.append(contentsOf: repeatElement(nil, count: index + 1 - idOfKey.count)) }
    idOfKey[index] = id
    return id
  }

  /// Each object's entry of ``Replayer/objectCalibrations`` (nil: none), by
  /// id, so that the name is looked up once per object rather than per row.
  @usableFromInline @exclusivity(unchecked) var calibrationByID: [UInt64: RangeCalibration?] = [:]

  /// Forgets every name whose object `tracker` does not hold. After it, at
  /// most `tracker.capacity` names are live, so with a threshold of twice the
  /// capacity the sweeps cost O(1) amortised per new name.
  @usableFromInline
  func forgetUntracked<Backend: KalmanBackend>(by tracker: ObjectTracker<Backend>) {
    // A forgotten name's key must not find its old id: every key is looked up by name again once.
    idOfKey.removeAll(keepingCapacity: true)
    for id in names.ids where tracker.slot(of: id) == nil {
      names.forget(id)
      // A forgotten id never comes back (a returning name gets a new one): free its calibration.
      if calibrationByID.removeValue(forKey: id) != nil { tracker.setRangeCalibration(nil, forObject: id) }
    }
  }

  /// The calibration the replayer must apply to the object `id`'s distances:
  /// nil when `calibrations` has none for it, or when `tracker` took it as the
  /// object's own (`ObjectTracker.setRangeCalibration(_:forObject:)`), which
  /// it does while it has room, so that the tracker applies it and reports
  /// the smaller sigma of a calibrated device, as the C API's per-object
  /// calibration does.
  @usableFromInline
  func calibration<Backend: KalmanBackend>(
    of id: UInt64, from calibrations: [String: RangeCalibration], tracker: ObjectTracker<Backend>
  ) -> RangeCalibration? {
    if let known = calibrationByID[id] { return known }
    var found = calibrations[names.name(of: id)]
    if let calibration = found, tracker.setRangeCalibration(calibration, forObject: id) { found = nil }
    calibrationByID[id] = .some(found)
    return found
  }
}
