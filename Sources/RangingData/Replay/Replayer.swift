import RangingEngine
import ZoneMonitor

/// Runs a recording through the engine: reads rows one at a time, feeds the
/// pipeline, hands each zone event and each filtered state to the caller as
/// it happens, and accounts for every row. Memory does not grow with the
/// file: only per-object state and the counts are kept.
public struct Replayer<Backend: KalmanBackend> {
  public var pipeline: RangingPipeline<Backend>
  public var zoneNames: [String]
  /// Rejected rows are reported through this, with file, line, field and reason.
  public var onRejection: (RowRejection) -> Void = { _ in }
  /// Each zone event, with the object's name.
  public var onEvent: (ZoneEvent, String) -> Void = { _, _ in }
  /// Each accepted measurement's filtered state, with the input's time in seconds and the object's name.
  public var onState: (Double, String, TrackState) -> Void = { _, _, _ in }

  public init(pipeline: RangingPipeline<Backend>, zoneNames: [String]) {
    precondition(zoneNames.count == pipeline.monitor.zones.count, "Replayer: one name per zone")
    self.pipeline = pipeline
    self.zoneNames = zoneNames
  }

  /// Replays every row of `reader`.
  ///
  /// Inlinable so that the pipeline is specialised for `Backend` in the
  /// caller's module; the row loop itself (``replayRows(_:measurement:lifecycle:)``)
  /// does not depend on the backend. A usable row allocates nothing: the
  /// object is interned from the reader's bytes (README, Performance).
  ///
  /// - Throws: ``DatasetError`` when the input cannot be read further.
  @inlinable
  public func run(_ reader: inout RangingCSVReader) throws(DatasetError) -> ReplaySummary {
    let pipeline = self.pipeline
    // Every measurement the reader returns passed the reader's value checks;
    // when the tracker's are the same, they are not run a second time.
    let validated = pipeline.tracker.configuration.validation == RangingCSVReader.rowValidation
    var summary = try replayRows(
      &reader,
      measurement: validated
        ? { object, update, emit in pipeline.process(object: object, validatedUpdate: update, emit: emit) }
        : { object, update, emit in pipeline.process(object: object, update: update, emit: emit) },
      lifecycle: { object, event, time, emit in pipeline.process(object: object, lifecycle: event, at: time, emit: emit) })
    summary.evictions = pipeline.tracker.evictionCount
    return summary
  }

  /// The row loop of ``run(_:)``, with the pipeline's two entry points passed in.
  @usableFromInline
  func replayRows(
    _ reader: inout RangingCSVReader,
    measurement: (UInt64, RangingUpdate, (ZoneEvent) -> Void) -> TrackerUpdate,
    lifecycle: (UInt64, LifecycleEvent, Timestamp, (ZoneEvent) -> Void) -> Void
  ) throws(DatasetError) -> ReplaySummary {
    // The counts and names live in a class that the local functions share by
    // reference: captured variables would be boxed and access-checked per row.
    let tally = ReplayTally()
    let timeColumn = reader.columns.firstIndex(of: "t").map { $0 + 1 }
    func emit(_ event: ZoneEvent) {
      if event.kind == .enter { tally.summary.enterEvents += 1 } else { tally.summary.exitEvents += 1 }
      onEvent(event, tally.names.name(of: event.object))
    }
    func reject(_ rejection: RowRejection) {
      tally.summary.rejectedByReason[rejection.reason, default: 0] += 1
      onRejection(rejection)
    }
    func measured(line: Int, id: UInt64, seconds: Double, update: RangingUpdate) {
      switch measurement(id, update, emit) {
      case .accepted(_, let state, _, _):
        tally.summary.measurementsAccepted += 1
        onState(seconds, tally.names.name(of: id), state)
      case .rejected(let reason):
        reject(RowRejection(line: line, column: reason == .timeWentBackwards ? timeColumn : nil,
                            field: reason == .timeWentBackwards ? "t" : "row",
                            reason: String(describing: reason.name), text: "\(seconds)"))
      }
    }
    // Ground truth is not replayed: the reader only checks it.
    let convertedTruth = reader.convertsTruth
    reader.convertsTruth = false
    defer { reader.convertsTruth = convertedTruth }
    var object = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    while let row = try reader.nextRow(object: &object) {
      tally.summary.rowsRead += 1
      switch row {
      case .scanned(let line):
        let id = tally.names.id(forLineBytes: object)
        if let event = reader.scanned.event {
          tally.summary.lifecycleAccepted += 1
          lifecycle(id, event, Timestamp(seconds: reader.scanned.seconds), emit)
        } else {
          measured(line: line, id: id, seconds: reader.scanned.seconds, update: reader.scanned.update)
        }
      case .record(.rejected(let rejection)):
        reject(rejection)
      case .record(.lifecycle(_, let name, let seconds, let event)):
        tally.summary.lifecycleAccepted += 1
        lifecycle(tally.names.id(for: name), event, Timestamp(seconds: seconds), emit)
      case .record(.measurement(let line, let name, let seconds, let update, _)):
        measured(line: line, id: tally.names.id(for: name), seconds: seconds, update: update)
      }
    }
    tally.summary.objects = tally.names.count
    return tally.summary
  }
}

/// What a replay counts and the names it interned, shared by reference
/// between the row loop and the event callback (see ``Replayer/replayRows(_:measurement:lifecycle:)``).
/// Exclusivity is unchecked: one replay runs on one thread.
final class ReplayTally {
  @exclusivity(unchecked) var summary = ReplaySummary()
  @exclusivity(unchecked) var names = ObjectNames()
}
