// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import ZoneMonitor

/// One plot from its options to its SVG: one object's run (``RunTrace``,
/// drawn by ``RunPlot``) or every object's (``ObjectOverview``, drawn by
/// ``OverviewPlot``), with the notes a person is told on the way.
///
/// `rangectl plot` is an adapter over it: it turns its options into a job and
/// a replayer, writes the notes on standard error and the SVG (or a PNG made
/// from it) to its output, and turns a ``RunTraceError`` into its exit status
/// (``RunTraceError/exitCode``), so that what the command draws and says is
/// what a test of the job sees.
public struct PlotJob {
  /// The ranging CSV ("-": standard input, for the overview only: a single
  /// object's plot reads the file twice).
  public var path: String
  /// The zones, for the warning of an angle gate without directions.
  public var zones: ZoneList
  /// The object to draw, or nil for the object of the first measurement row
  /// (named in a note, so that a plot of the wrong object is not taken for the right one).
  public var object: String? = nil
  /// Draw every object, one row each, instead of one object's run.
  public var overview = false
  /// With ``overview``, the most objects drawn (those with the most measurements).
  public var maximumObjects = 30
  /// Draw the track smoothed offline instead of the live filter's.
  public var smoothed = false
  public var mapping: ColumnMapping = .identity
  public var window: PlotWindow = .all
  /// Whether the notes are given (the chosen object, the columns nothing
  /// reads); the warnings are given regardless.
  public var givesNotes = true
  /// Called before each read of the input with the lines and bytes read so far.
  public var onRead: ((Int, Int) -> Void)? = nil

  public init(path: String, zones: ZoneList) {
    self.path = path
    self.zones = zones
  }

  /// The SVG of the file's run through `replayer`; each note and warning is
  /// handed to `note` as a line without its newline.
  ///
  /// - Throws: ``RunTraceError``, whose ``RunTraceError/exitCode`` the command exits with.
  public func svg<Backend: KalmanBackend>(
    _ replayer: Replayer<Backend>, note: (String) -> Void
  ) throws(RunTraceError) -> String {
    let svg: String
    if overview {
      let recorded = try ObjectOverview.record(
        path: path, replayer: replayer, mapping: mapping, window: window, maximumRows: maximumObjects, onRead: onRead)
      svg = OverviewPlot(overview: recorded).svg()
    } else {
      let trace = try RunTrace.record(
        path: path, object: object, replayer: replayer, smoothed: smoothed, mapping: mapping, window: window,
        onRead: onRead)
      svg = RunPlot(trace: trace).svg()
      if object == nil, givesNotes {
        note("plotting object \(Escaped(trace.object)), the first in \(Escaped(path)); choose another with --object NAME")
      }
      let withDirection = trace.measurements.filter { $0.azimuthDegrees != nil || $0.horizontalAngleDegrees != nil }.count
      if let warning = zones.angleGateWarning(
        measurements: trace.measurements.count, withDirection: withDirection, path: path == "-" ? "<stdin>" : path)
      {
        note("warning: \(warning)")
      }
    }
    if givesNotes, let unused = try? RangingCSVReader(path: path, mapping: mapping).unusedColumns, !unused.isEmpty {
      note("\(Escaped(path)): \(ReplaySummary.unusedColumnsLine(unused))")
    }
    return svg
  }
}
