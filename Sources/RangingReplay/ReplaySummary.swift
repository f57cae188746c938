// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingOutputs

/// What a replay did with every row: rows read = accepted + rejected.
public struct ReplaySummary: Equatable, Sendable {
  /// Data rows read (not counting the header, comments and blank lines).
  public var rowsRead = 0
  /// Measurement rows the engine used.
  public var measurementsAccepted = 0
  /// Of those, the rows that carried a direction (`dir_*` or
  /// `horizontal_angle`): with none, a zone gated by angle can have no
  /// event (``ZoneList/angleGateWarning(for:path:)``).
  public var measurementsWithDirection = 0
  /// Life-cycle rows applied.
  public var lifecycleAccepted = 0
  /// Pose-only rows applied (docs/FORMATS.md §1); a row with a pose and a
  /// measurement counts as a measurement.
  public var posesAccepted = 0
  /// Poses given to the engine, from pose-only rows and measurement rows
  /// (0 when ``Replayer/ignoresPoses``).
  public var posesFed = 0
  /// Rejected rows by reason code (`malformed_number`, `time_went_backwards`, ...).
  public var rejectedByReason: [String: Int] = [:]
  /// Distinct object names in the input. Exact up to 1024 names (or twice
  /// `--capacity`) live at once; beyond that a name is forgotten when its
  /// object is no longer tracked, and counts again if it comes back.
  public var objects = 0
  /// Objects evicted because the table was full.
  public var evictions = 0
  public var enterEvents = 0
  public var exitEvents = 0
  /// Header names that no column the reader knows reads
  /// (`RangingCSVReader/unusedColumns`); the report names them once.
  public var unusedColumns: [String] = []
  /// Samples of the accepted distances and of each object's update
  /// intervals, in fixed memory, for a warning when they are implausible
  /// for the input's units.
  public var unitEvidence = UnitEvidence()

  public init() {}

  public var rowsAccepted: Int { measurementsAccepted + lifecycleAccepted + posesAccepted }
  public var rowsRejected: Int { rejectedByReason.values.reduce(0, +) }

  /// `columns not used: a, b`: the line that names a file's unused columns,
  /// in the replay summary and in the other commands' messages, each name's
  /// control characters escaped as every message's quotes are (`Escaped`, RangingFormats).
  public static func unusedColumnsLine(_ names: [String]) -> String {
    "columns not used: " + names.map { Escaped($0).description }.joined(separator: ", ")
  }

  /// The report written to standard error, one fact per line.
  public func report(path: String) -> String {
    var text = "\(DatasetError.displayName(for: path)): \(rowsRead) rows read, \(rowsAccepted) accepted"
    // Poses only when there were some, so that pose-free reports read as before.
    let poses = posesAccepted > 0 ? ", \(posesAccepted) poses" : ""
    text += " (\(measurementsAccepted) measurements, \(lifecycleAccepted) life-cycle\(poses)), \(rowsRejected) rejected\n"
    for (reason, count) in rejectedByReason.sorted(by: { $0.key < $1.key }) {
      // A reason is a code, but one a caller hands over (ranging_write_summary) may be any text.
      text += "  rejected \(Escaped(reason)): \(count)\n"
    }
    text += "  objects: \(objects) (evicted: \(evictions))\n"
    text += "  events: \(enterEvents + exitEvents) (\(enterEvents) enter, \(exitEvents) exit)\n"
    if !unusedColumns.isEmpty { text += "  \(Self.unusedColumnsLine(unusedColumns))\n" }
    return text
  }
}
