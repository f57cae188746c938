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
  /// - Throws: ``DatasetError`` when the input cannot be read further.
  public func run(_ reader: inout RangingCSVReader) throws(DatasetError) -> ReplaySummary {
    var summary = ReplaySummary()
    var names = ObjectNames()
    let timeColumn = reader.columns.firstIndex(of: "t").map { $0 + 1 }
    func emit(_ event: ZoneEvent) {
      if event.kind == .enter { summary.enterEvents += 1 } else { summary.exitEvents += 1 }
      onEvent(event, names.name(of: event.object))
    }
    func reject(_ rejection: RowRejection) {
      summary.rejectedByReason[rejection.reason, default: 0] += 1
      onRejection(rejection)
    }
    while let record = try reader.next() {
      summary.rowsRead += 1
      switch record {
      case .rejected(let rejection):
        reject(rejection)
      case .lifecycle(_, let object, let seconds, let event):
        summary.lifecycleAccepted += 1
        let id = names.id(for: object)
        pipeline.process(object: id, lifecycle: event, at: Timestamp(seconds: seconds), emit: emit)
      case .measurement(let line, let object, let seconds, let update, _):
        let id = names.id(for: object)
        switch pipeline.process(object: id, update: update, emit: emit) {
        case .accepted(_, let state, _, _):
          summary.measurementsAccepted += 1
          onState(seconds, object, state)
        case .rejected(let reason):
          reject(RowRejection(line: line, column: reason == .timeWentBackwards ? timeColumn : nil,
                              field: reason == .timeWentBackwards ? "t" : "row",
                              reason: String(describing: reason.name), text: "\(seconds)"))
        }
      }
    }
    summary.objects = names.count
    summary.evictions = pipeline.tracker.evictionCount
    return summary
  }

}
