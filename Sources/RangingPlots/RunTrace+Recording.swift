// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import RangingSmoothing
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
  ///   - smoothed: record the track smoothed offline (`TrackSmoother`,
  ///     needs the `GSL` trait) instead of the live filter's.
  ///   - mapping: how the file's columns and units map (docs/FORMATS.md §5).
  ///   - window: the span of time to keep; the whole file is still replayed,
  ///     so the engine's state at the window's start is the same as without it.
  ///   - onRead: called before each read of the input with the lines and
  ///     bytes read so far, counted over both passes (so the bytes end at
  ///     twice the file's size).
  /// - Throws: ``RunTraceError``.
  public static func record<Backend: KalmanBackend>(
    path: String, object: String?, replayer: Replayer<Backend>, smoothed: Bool = false,
    mapping: ColumnMapping = .identity, window: PlotWindow = .all, onRead: ((Int, Int) -> Void)? = nil
  ) throws(RunTraceError) -> RunTrace {
    var firstPass = (lines: 0, bytes: 0)
    var trace = try rows(path: path, object: object, mapping: mapping, window: window) { lines, bytes in
      firstPass = (lines, bytes)
      onRead?(lines, bytes)
    }
    trace.isSmoothed = smoothed
    trace.window = window
    let observer = TraceObserver(trace: trace, window: window, zoneNames: replayer.zoneNames)
    // One object's smoothed states come out in their order, as the plot needs.
    if smoothed {
      observer.smoother = replayer.smoothingStates { [unowned observer] seconds, name, state in
        observer.keep(seconds: seconds, objectName: name, state)
      }
    }
    do throws(DatasetError) {
      var reader = try RangingCSVReader(path: path, mapping: mapping)
      if let onRead {
        let before = firstPass
        reader.beforeRead = { read in onRead(before.lines + read.lines, before.bytes + read.bytesRead) }
      }
      _ = try replayer.run(&reader, observer: observer)
    } catch {
      throw .dataset(error)
    }
    observer.smoother?.finish()
    trace = observer.trace
    trace.zones = zip(replayer.zoneNames, replayer.pipeline.monitor.zones).map {
      ZoneBand(name: $0, radiusMeters: $1.radiusMeters, hysteresisMeters: $1.hysteresisMeters,
      bandOffsetMeters: $1.bandOffsetMeters)
    }
    return trace
  }

  /// The object's measurement and life-cycle rows, with no engine output yet.
  private static func rows(
    path: String, object wanted: String?, mapping: ColumnMapping, window: PlotWindow, onRead: @escaping (Int, Int) -> Void
  ) throws(RunTraceError) -> RunTrace {
    // The first names only, for the message naming the objects there are:
    // memory does not grow with the objects in the file (issue 23).
    var available: [String] = []
    var object = wanted
    var measurements: [Measurement] = []
    var lifecycle: [Lifecycle] = []
    var span: (first: Double, last: Double)?
    do throws(DatasetError) {
      var reader = try RangingCSVReader(path: path, mapping: mapping)
      reader.beforeRead = { read in onRead(read.lines, read.bytesRead) }
      while let record = try reader.next() {
        switch record {
        case .measurement(_, let name, let seconds, let update, let truth, _):
          if available.count <= RunTraceError.listedObjects, !available.contains(name) { available.append(name) }
          if object == nil { object = name }
          guard name == object else { continue }
          span = (span?.first ?? seconds, seconds)
          guard window.contains(seconds) else { continue }
          measurements.append(Measurement(
            timeSeconds: seconds, distanceMeters: update.distanceMeters,
            azimuthDegrees: update.direction.map(azimuthDegrees(of:)),
            horizontalAngleDegrees: update.horizontalAngleRadians.map { $0 * 180 / Double.pi },
            trueDistanceMeters: truth.distanceMeters))
        case .lifecycle(_, let name, let seconds, let event):
          if name == object, window.contains(seconds) { lifecycle.append(Lifecycle(timeSeconds: seconds, name: event.name.description)) }
        case .rejected, .pose:
          continue
        }
      }
    } catch {
      throw .dataset(error)
    }
    guard let object else { throw RunTraceError.noMeasurements(path: path) }
    guard let span else { throw RunTraceError.unknownObject(object, path: path, available: available) }
    guard !measurements.isEmpty else {
      throw RunTraceError.outsideWindow(object, path: path, window: window, first: span.first, last: span.last)
    }
    return RunTrace(source: path, object: object, measurements: measurements, lifecycle: lifecycle)
  }
}

/// The replay's observer of ``RunTrace/record(path:object:replayer:smoothed:mapping:window:onRead:)``:
/// the traced object's filtered (or smoothed) states and events within the window.
private final class TraceObserver: ReplayObserver {
  var trace: RunTrace
  private let window: PlotWindow
  private let zoneNames: [String]
  /// With `smoothed`: takes the distance filter's steps and hands the smoothed states to ``keep(seconds:objectName:_:)``.
  var smoother: TrackSmoother?

  init(trace: RunTrace, window: PlotWindow, zoneNames: [String]) {
    self.trace = trace
    self.window = window
    self.zoneNames = zoneNames
  }

  var observesStates: Bool { smoother == nil }
  var observesRangeSteps: Bool { smoother != nil }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) { keep(seconds: seconds, objectName: objectName, state) }

  func rangeStep(_ step: RangeStep) { smoother?.record(step) }

  /// Keeps a state of the traced object within the window.
  func keep(seconds: Double, objectName: String, _ state: TrackState) {
    guard objectName == trace.object, state.range.distanceMeters.isFinite, window.contains(seconds) else { return }
    trace.filtered.append(RunTrace.FilteredPoint(
      timeSeconds: seconds, distanceMeters: state.range.distanceMeters, sigmaMeters: state.range.sigmaMeters,
      azimuthDegrees: state.direction.map(RunTrace.azimuthDegrees(of:)), isDirectionPredicted: state.directionState == .predicted))
  }

  func event(_ event: ZoneEvent, objectName: String) {
    guard objectName == trace.object, window.contains(event.time.seconds) else { return }
    trace.events.append(RunTrace.Event(
      timeSeconds: event.time.seconds, zone: zoneNames[event.zone], kind: event.kind == .enter ? .enter : .exit,
      distanceMeters: event.distanceMeters.isFinite ? event.distanceMeters : nil))
  }
}
