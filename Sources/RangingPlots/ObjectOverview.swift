// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import ZoneMonitor

/// Everything ``OverviewPlot`` draws: for each object of a recording, when
/// it was measured, which zones it was in, and its zone events.
///
/// Recorded in one pass of the engine over the file. Memory grows with the
/// number of objects and their events and presence intervals, not with the
/// rows: an object's accepted measurements less than
/// ``presenceGapSeconds`` apart extend one interval.
public struct ObjectOverview: Sendable {
  /// One object's row.
  public struct Row: Sendable {
    public var object: String
    /// Accepted measurements of the object (inside the window).
    public var measurementCount = 0
    /// When the object was measured: intervals, seconds, ascending.
    public var presence: [Interval] = []
    /// For each zone (in ``ObjectOverview/zones`` order), the intervals
    /// from an enter event to its exit (or to the object's last
    /// measurement when it never left), seconds, ascending.
    public var occupancy: [[Interval]]
    /// The object's zone events inside the window, in order.
    public var events: [RunTrace.Event] = []

    public init(object: String, zoneCount: Int) {
      self.object = object
      occupancy = Array(repeating: [], count: zoneCount)
    }
  }

  /// A span of time, seconds.
  public struct Interval: Equatable, Sendable {
    public var start: Double
    public var end: Double

    public init(start: Double, end: Double) {
      self.start = start
      self.end = end
    }
  }

  /// Measurements of one object closer than this extend one presence interval.
  public static let presenceGapSeconds = 1.0

  /// The recording's name as shown in the title.
  public var source: String
  public var zones: [RunTrace.ZoneBand]
  /// The objects shown, in order of first measurement.
  public var rows: [Row]
  /// How many objects had measurements inside the window (shown or not).
  public var objectCount: Int
  /// Accepted measurements of every object inside the window.
  public var measurementCount: Int
  /// The busiest object (the most accepted measurements inside the window).
  public var busiest: (object: String, measurements: Int)?
  /// The span drawn; open ends are the data's first and last measurement.
  public var window: PlotWindow
  /// First and last accepted measurement inside the window, seconds.
  public var firstSeconds: Double
  public var lastSeconds: Double

  /// Records the overview of the ranging CSV at `path` through `replayer`.
  ///
  /// - Parameters:
  ///   - path: a ranging CSV, or `-` for standard input (it is read once).
  ///   - replayer: the engine to run; its callbacks are replaced.
  ///   - mapping: how the file's columns and units map (docs/FORMATS.md §5).
  ///   - window: the span of time to keep; the whole file is replayed.
  ///   - maximumRows: at most this many objects are kept, those with the most
  ///     measurements (ties: the first measured); 1 or more.
  ///   - onRead: called before each read of the input, with lines and bytes read so far.
  /// - Throws: ``RunTraceError``: `.noMeasurements` when no object has a
  ///   measurement inside the window.
  public static func record<Backend: KalmanBackend>(
    path: String, replayer: Replayer<Backend>, mapping: ColumnMapping = .identity, window: PlotWindow = .all,
    maximumRows: Int = 30, onRead: ((Int, Int) -> Void)? = nil
  ) throws(RunTraceError) -> ObjectOverview {
    let zoneCount = replayer.zoneNames.count
    let table = OverviewTable(zoneCount: zoneCount, window: window)
    var replayer = replayer
    replayer.onRejection = { _ in }
    replayer.onState = { seconds, name, _ in table.measured(name, at: seconds) }
    let names = replayer.zoneNames
    replayer.onEvent = { event, name in
      let seconds = event.time.seconds
      table.event(RunTrace.Event(
        timeSeconds: seconds, zone: names[event.zone], kind: event.kind == .enter ? .enter : .exit,
        distanceMeters: event.distanceMeters.isFinite ? event.distanceMeters : nil), zone: event.zone, of: name)
    }
    do {
      var reader = try RangingCSVReader(path: path, mapping: mapping)
      if let onRead { reader.beforeRead = { read in onRead(read.lines, read.bytesRead) } }
      _ = try replayer.run(&reader)
    } catch {
      throw .dataset(error)
    }
    let zones = zip(names, replayer.pipeline.monitor.zones).map {
      RunTrace.ZoneBand(name: $0, radiusMeters: $1.radiusMeters, hysteresisMeters: $1.hysteresisMeters)
    }
    guard let span = table.span else { throw .noMeasurements(path: path) }
    let all = table.finishedRows()
    let kept = all.enumerated().sorted { ($0.element.measurementCount, -$0.offset) > ($1.element.measurementCount, -$1.offset) }
      .prefix(max(1, maximumRows)).sorted { $0.offset < $1.offset }.map(\.element)
    let busiest = all.max { $0.measurementCount < $1.measurementCount }
    return ObjectOverview(
      source: path, zones: zones, rows: kept, objectCount: all.count,
      measurementCount: all.reduce(0) { $0 + $1.measurementCount },
      busiest: busiest.map { ($0.object, $0.measurementCount) }, window: window,
      firstSeconds: span.first, lastSeconds: span.last)
  }
}

/// The rows of an ``ObjectOverview`` while the engine runs, shared by the
/// replayer's callbacks.
private final class OverviewTable {
  let window: PlotWindow
  var rows: [ObjectOverview.Row] = []
  var index: [String: Int] = [:]
  /// Per object and zone, when the open occupancy began.
  var entered: [[Double?]] = []
  /// Per object, its last accepted measurement, seconds.
  var lastSeen: [Double] = []
  var span: (first: Double, last: Double)?
  let zoneCount: Int

  init(zoneCount: Int, window: PlotWindow) {
    self.zoneCount = zoneCount
    self.window = window
  }

  func row(of name: String) -> Int {
    if let row = index[name] { return row }
    index[name] = rows.count
    rows.append(ObjectOverview.Row(object: name, zoneCount: zoneCount))
    entered.append(Array(repeating: nil, count: zoneCount))
    lastSeen.append(-Double.infinity)
    return rows.count - 1
  }

  func measured(_ name: String, at seconds: Double) {
    let row = row(of: name)
    lastSeen[row] = seconds
    guard window.contains(seconds) else { return }
    span = (span?.first ?? seconds, max(span?.last ?? seconds, seconds))
    rows[row].measurementCount += 1
    if let last = rows[row].presence.last, seconds - last.end <= ObjectOverview.presenceGapSeconds {
      rows[row].presence[rows[row].presence.count - 1].end = seconds
    } else {
      rows[row].presence.append(.init(start: seconds, end: seconds))
    }
  }

  func event(_ event: RunTrace.Event, zone: Int, of name: String) {
    let row = row(of: name)
    if window.contains(event.timeSeconds) { rows[row].events.append(event) }
    if event.kind == .enter {
      if entered[row][zone] == nil { entered[row][zone] = event.timeSeconds }
    } else if let start = entered[row][zone] {
      rows[row].occupancy[zone].append(.init(start: start, end: event.timeSeconds))
      entered[row][zone] = nil
    }
  }

  /// The rows with a measurement inside the window, open occupancies closed
  /// at the object's last measurement.
  func finishedRows() -> [ObjectOverview.Row] {
    for row in rows.indices {
      for zone in 0..<zoneCount {
        if let start = entered[row][zone] {
          rows[row].occupancy[zone].append(.init(start: start, end: max(start, lastSeen[row])))
        }
      }
    }
    return rows.filter { $0.measurementCount > 0 }
  }
}
