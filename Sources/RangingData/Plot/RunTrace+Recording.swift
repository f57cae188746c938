// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor

extension RunTrace {
  /// Records one object's run: its rows from the ranging CSV at `path`, and
  /// what `replayer` (the engine, configured by the caller exactly as for
  /// `rangectl replay`) makes of the whole file.
  ///
  /// The file is read twice: once for the object's measurements, truth and
  /// life-cycle rows, once through `replayer`, so every object is replayed
  /// (the engine's object table is shared) but only this object's filtered
  /// states and events are kept. Zone bands are the replayer's zones.
  ///
  /// - Parameters:
  ///   - path: a ranging CSV (not standard input: it is read twice).
  ///   - object: the object to record, or nil for the object of the first
  ///     measurement row.
  ///   - replayer: the engine to run; its callbacks are replaced.
  ///   - smoothed: record the track smoothed offline (``TrackSmoother``,
  ///     needs the `GSL` trait) instead of the live filter's.
  ///   - mapping: how the file's columns and units map (docs/FORMATS.md §5).
  /// - Throws: ``RunTraceError``.
  public static func record<Backend: KalmanBackend>(
    path: String, object: String?, replayer: Replayer<Backend>, smoothed: Bool = false,
    mapping: ColumnMapping = .identity
  ) throws(RunTraceError) -> RunTrace {
    do {
      var trace = try rows(path: path, object: object, mapping: mapping)
      trace.isSmoothed = smoothed
      var replayer = replayer
      replayer.onRejection = { _ in }
      let keep = { (seconds: Double, name: String, state: TrackState) in
        guard name == trace.object, state.range.distanceMeters.isFinite else { return }
        trace.filtered.append(FilteredPoint(
          timeSeconds: seconds, distanceMeters: state.range.distanceMeters, sigmaMeters: state.range.sigmaMeters,
          azimuthDegrees: state.direction.map(azimuthDegrees(of:))))
      }
      // One object's smoothed states come out in their order, as the plot needs.
      let smoother = smoothed ? replayer.smoothingStates(keep) : nil
      if !smoothed { replayer.onState = keep }
      let names = replayer.zoneNames
      replayer.onEvent = { event, name in
        guard name == trace.object else { return }
        trace.events.append(Event(
          timeSeconds: event.time.seconds, zone: names[event.zone], kind: event.kind == .enter ? .enter : .exit,
          distanceMeters: event.distanceMeters.isFinite ? event.distanceMeters : nil))
      }
      var reader = try RangingCSVReader(path: path, mapping: mapping)
      _ = try replayer.run(&reader)
      smoother?.finish()
      trace.zones = zip(names, replayer.pipeline.monitor.zones).map {
        ZoneBand(name: $0, radiusMeters: $1.radiusMeters, hysteresisMeters: $1.hysteresisMeters)
      }
      return trace
    } catch let error as RunTraceError {
      throw error
    } catch let error as DatasetError {
      throw .dataset(error)
    } catch {
      preconditionFailure("RunTrace.record: unexpected error \(error)")
    }
  }

  /// The object's measurement and life-cycle rows, with no engine output yet.
  private static func rows(path: String, object wanted: String?, mapping: ColumnMapping) throws -> RunTrace {
    var reader = try RangingCSVReader(path: path, mapping: mapping)
    var available: [String] = []
    var seen: Set<String> = []
    var object = wanted
    var measurements: [Measurement] = []
    var lifecycle: [Lifecycle] = []
    while let record = try reader.next() {
      switch record {
      case .measurement(_, let name, let seconds, let update, let truth):
        if seen.insert(name).inserted { available.append(name) }
        if object == nil { object = name }
        guard name == object else { continue }
        measurements.append(Measurement(
          timeSeconds: seconds, distanceMeters: update.distanceMeters,
          azimuthDegrees: update.direction.map(azimuthDegrees(of:)),
          horizontalAngleDegrees: update.horizontalAngleRadians.map { $0 * 180 / Double.pi },
          trueDistanceMeters: truth.distanceMeters))
      case .lifecycle(_, let name, let seconds, let event):
        if name == object { lifecycle.append(Lifecycle(timeSeconds: seconds, name: event.rowName)) }
      case .rejected:
        continue
      }
    }
    guard let object else { throw RunTraceError.noMeasurements(path: path) }
    guard !measurements.isEmpty else {
      throw RunTraceError.unknownObject(object, path: path, available: available)
    }
    return RunTrace(source: path, object: object, measurements: measurements, lifecycle: lifecycle)
  }
}

extension LifecycleEvent {
  /// The `event` column's text (docs/FORMATS.md §1).
  fileprivate var rowName: String {
    switch self {
    case .removedTimeout: "removed_timeout"
    case .removedPeerEnded: "removed_peer_ended"
    case .suspended: "suspended"
    case .suspensionEnded: "suspension_ended"
    case .invalidated: "invalidated"
    }
  }
}
