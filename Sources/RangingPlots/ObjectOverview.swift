// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import ZoneMonitor

/// Everything ``OverviewPlot`` draws: for each object of a recording, when
/// it was measured, which zones it was in, and its zone events.
///
/// Recorded in one pass of the engine over the file, in a bounded table
/// with eviction (issue 23): memory grows with the objects measured at once
/// and the rows drawn, not with the objects in the file nor with its rows
/// (an object's accepted measurements less than ``presenceGapSeconds``
/// apart extend one interval). Once the table holds more than
/// 1,024 objects (`OverviewTable.minimumRowsKept`), the row of an object that is
/// not among the busiest `maximumRows` so far and has not been measured for
/// the engine's lost timeout is dropped: it cannot be drawn unless it comes
/// back, and then it starts a new row, counted again in ``objectCount``,
/// as `rangectl replay` counts an object whose name it forgot. A file with
/// at most that many objects, or whose objects do not come back after the
/// lost timeout, is drawn exactly as if every row were kept.
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
  /// How many objects had measurements inside the window (shown or not); an
  /// object whose row was dropped and that came back counts again.
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
    let table = OverviewTable(
      zoneCount: zoneCount, window: window, maximumRows: max(1, maximumRows),
      idleSeconds: replayer.pipeline.tracker.configuration.lostTimeoutSeconds)
    let names = replayer.zoneNames
    do {
      var reader = try RangingCSVReader(path: path, mapping: mapping)
      if let onRead { reader.beforeRead = { read in onRead(read.lines, read.bytesRead) } }
      _ = try replayer.run(&reader, observer: OverviewObserver(table: table, zoneNames: names))
    } catch {
      throw .dataset(error)
    }
    let zones = zip(names, replayer.pipeline.monitor.zones).map {
      RunTrace.ZoneBand(name: $0, radiusMeters: $1.radiusMeters, hysteresisMeters: $1.hysteresisMeters,
        bandOffsetMeters: $1.bandOffsetMeters)
    }
    guard let span = table.span else { throw .noMeasurements(path: path) }
    return ObjectOverview(
      source: path, zones: zones, rows: table.finishedRows(), objectCount: table.objectCount,
      measurementCount: table.measurementCount, busiest: table.busiest.map { ($0.object, $0.measurements) },
      window: window, firstSeconds: span.first, lastSeconds: span.last)
  }
}

/// The rows of an ``ObjectOverview`` while the engine runs, shared by the
/// replayer's callbacks: a bounded table with eviction (see ``ObjectOverview``).
final class OverviewTable {
  /// One object's row and what recording it needs.
  struct Entry {
    var row: ObjectOverview.Row
    /// Order of creation: ties in measurements go to the first measured.
    let serial: Int
    /// Per zone, when the open occupancy began.
    var entered: [Double?]
    /// The last accepted measurement, seconds (inside the window or not).
    var lastSeen = -Double.infinity
  }

  /// Rows kept at least before idle ones are dropped: fewer objects than
  /// this are never dropped.
  static let minimumRowsKept = 1024

  let window: PlotWindow
  let zoneCount: Int
  /// The rows drawn: the busiest this many are never dropped.
  let maximumRows: Int
  /// A row not measured for this long (the engine's lost timeout) may be dropped.
  let idleSeconds: Double
  private(set) var entries: [Entry] = []
  private var index: [String: Int] = [:]
  private var nextSerial = 0
  /// The table is swept when it grows past this.
  private var sweepAbove = OverviewTable.minimumRowsKept
  /// The latest accepted measurement of any object, seconds.
  private var latestSeconds = -Double.infinity
  var span: (first: Double, last: Double)?
  /// Rows that had a measurement inside the window.
  private(set) var objectCount = 0
  /// Accepted measurements inside the window, of every object.
  private(set) var measurementCount = 0
  /// The row with the most measurements inside the window; on a tie, the first created.
  private(set) var busiest: (object: String, measurements: Int, serial: Int)?

  init(zoneCount: Int, window: PlotWindow, maximumRows: Int, idleSeconds: Double) {
    self.zoneCount = zoneCount
    self.window = window
    self.maximumRows = maximumRows
    self.idleSeconds = idleSeconds
  }

  func entry(of name: String) -> Int {
    if let entry = index[name] { return entry }
    if entries.count >= sweepAbove { sweep() }
    index[name] = entries.count
    entries.append(Entry(
      row: ObjectOverview.Row(object: name, zoneCount: zoneCount), serial: nextSerial,
      entered: Array(repeating: nil, count: zoneCount)))
    nextSerial += 1
    return entries.count - 1
  }

  func measured(_ name: String, at seconds: Double) {
    let entry = entry(of: name)
    entries[entry].lastSeen = seconds
    latestSeconds = max(latestSeconds, seconds)
    guard window.contains(seconds) else { return }
    span = (span?.first ?? seconds, max(span?.last ?? seconds, seconds))
    measurementCount += 1
    entries[entry].row.measurementCount += 1
    let count = entries[entry].row.measurementCount, serial = entries[entry].serial
    if count == 1 { objectCount += 1 }
    if let last = entries[entry].row.presence.last, seconds - last.end <= ObjectOverview.presenceGapSeconds {
      entries[entry].row.presence[entries[entry].row.presence.count - 1].end = seconds
    } else {
      entries[entry].row.presence.append(.init(start: seconds, end: seconds))
    }
    if busiest.map({ (count, -serial) > ($0.measurements, -$0.serial) }) ?? true {
      busiest = (name, count, serial)
    }
  }

  func event(_ event: RunTrace.Event, zone: Int, of name: String) {
    let entry = entry(of: name)
    if window.contains(event.timeSeconds) { entries[entry].row.events.append(event) }
    if event.kind == .enter {
      if entries[entry].entered[zone] == nil { entries[entry].entered[zone] = event.timeSeconds }
    } else if let start = entries[entry].entered[zone] {
      entries[entry].row.occupancy[zone].append(.init(start: start, end: event.timeSeconds))
      entries[entry].entered[zone] = nil
    }
  }

  /// The busiest ``maximumRows`` entries so far (ties: the first created), by index.
  private func busiestEntries() -> Set<Int> {
    let ranked = entries.indices.filter { entries[$0].row.measurementCount > 0 }.sorted {
      (entries[$0].row.measurementCount, -entries[$0].serial) > (entries[$1].row.measurementCount, -entries[$1].serial)
    }
    return Set(ranked.prefix(maximumRows))
  }

  /// Drops the rows that are neither among the busiest nor measured within
  /// ``idleSeconds`` of the latest measurement. Their objects are not drawn
  /// unless they come back (as new rows). The next sweep waits until the
  /// table has doubled, so sweeps cost O(log) amortised per new row.
  private func sweep() {
    let busiest = busiestEntries()
    entries = entries.indices.filter { busiest.contains($0) || latestSeconds - entries[$0].lastSeen <= idleSeconds }
      .map { entries[$0] }
    index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.row.object, $0) })
    sweepAbove = max(Self.minimumRowsKept, 2 * entries.count)
  }

  /// The busiest ``maximumRows`` rows with a measurement inside the window,
  /// in order of creation (first measurement), open occupancies closed at the
  /// object's last measurement.
  func finishedRows() -> [ObjectOverview.Row] {
    busiestEntries().sorted().map { position in
      var entry = entries[position]
      for zone in 0..<zoneCount {
        if let start = entry.entered[zone] {
          entry.row.occupancy[zone].append(.init(start: start, end: max(start, entry.lastSeen)))
        }
      }
      return entry.row
    }
  }
}

/// The replay's observer of ``ObjectOverview/record(path:replayer:mapping:window:maximumRows:onRead:)``:
/// every object's measurements and events, into its ``OverviewTable``.
private final class OverviewObserver: ReplayObserver {
  private let table: OverviewTable
  private let zoneNames: [String]

  init(table: OverviewTable, zoneNames: [String]) {
    self.table = table
    self.zoneNames = zoneNames
  }

  var observesStates: Bool { true }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) { table.measured(objectName, at: seconds) }

  func event(_ event: ZoneEvent, objectName: String) {
    table.event(RunTrace.Event(
      timeSeconds: event.time.seconds, zone: zoneNames[event.zone], kind: event.kind == .enter ? .enter : .exit,
      distanceMeters: event.distanceMeters.isFinite ? event.distanceMeters : nil), zone: event.zone, of: objectName)
  }
}
