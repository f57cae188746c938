// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Writes the filtered track CSV (docs/FORMATS.md §3), one row per accepted
/// measurement, header first:
/// `t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state,dir_sigma_deg,nlos`;
/// the last two columns are extra, as §3 allows: the direction's angular
/// standard deviation in degrees, empty when there is none, and the
/// probability that the distance came over a non-line-of-sight path
/// (`NonLineOfSightDetector`), two decimals, empty before the first distance.
///
/// The object is written as ``Escaped`` shows it: a control character (a NUL,
/// a tab, an escape) in a name would otherwise go raw into the CSV, where a
/// reader may cut the line or the terminal act on it. `rangectl evaluate
/// --filtered` pairs the rows with the dataset's names escaped the same way.
public struct FilteredTrackWriter {
  public let output: OutputFile
  /// The track's columns, in order: the one statement of their names
  /// (docs/FORMATS.md §3), which ``header`` joins, the formatter below writes
  /// in this order, and the C library hands out (`ranging_filtered_column_name`)
  /// so that the Python package reads them instead of restating them.
  public static let columns: [StaticString] = [
    "t", "object", "distance", "sigma", "dir_x", "dir_y", "dir_z", "direction_state", "dir_sigma_deg", "nlos",
  ]
  public static let header = columns.map(\.description).joined(separator: ",")

  public init(output: OutputFile) {
    self.output = output
    output.write(Self.header + "\n")
  }

  /// The CSV row of one state, without the newline: the bytes
  /// ``write(seconds:objectName:state:)`` writes, for a replay that forms its
  /// rows on one thread and writes them on another. `seconds` is the input's time.
  public func row(seconds: Double, objectName: String, state: TrackState) -> String {
    var row = TextLine(reservingCapacity: 96 + objectName.utf8.count)
    Self.format(seconds: seconds, objectName: objectName, state: state, to: &row)
    return row.text
  }

  /// Writes ``row(seconds:objectName:state:)`` and a newline straight into the
  /// output's buffer. Allocates nothing for an object name of at most 15
  /// bytes (docs/PERFORMANCE.md).
  public func write(seconds: Double, objectName: String, state: TrackState) {
    var sink = output
    Self.format(seconds: seconds, objectName: objectName, state: state, to: &sink)
    sink.append(byte: UInt8(ascii: "\n"))
  }

  /// The filtered track format: one state's row, without the newline.
  private static func format<Sink: TextSink>(seconds: Double, objectName: String, state: TrackState, to sink: inout Sink) {
    let direction = state.direction
    format(
      Row(
        seconds: seconds, objectName: objectName, distanceMeters: state.range.distanceMeters,
        sigmaMeters: state.range.sigmaMeters, direction: direction.map { ($0.x, $0.y, $0.z) },
        directionState: state.directionState, directionSigmaRadians: state.directionSigmaRadians,
        nonLineOfSightProbability: state.range.nonLineOfSightProbability),
      to: &sink)
  }

  /// One row's values, as the track writes them: a state's, or a row read
  /// back from the track's columns (`ranging_write_filtered`), so that both
  /// are written by the one formatter below.
  public struct Row {
    public var seconds: Double
    public var objectName: String
    /// Not finite: no distance, and then neither sigma nor NLOS figure is written.
    public var distanceMeters: Double
    public var sigmaMeters: Double
    /// The unit direction (x, y, z), or nil for none.
    public var direction: (x: Double, y: Double, z: Double)?
    public var directionState: DirectionState
    /// Written with a direction only, and only when finite.
    public var directionSigmaDegrees: Double
    public var nonLineOfSightProbability: Double

    public init(
      seconds: Double, objectName: String, distanceMeters: Double, sigmaMeters: Double,
      direction: (x: Double, y: Double, z: Double)?, directionState: DirectionState, directionSigmaDegrees: Double,
      nonLineOfSightProbability: Double
    ) {
      self.seconds = seconds
      self.objectName = objectName
      self.distanceMeters = distanceMeters
      self.sigmaMeters = sigmaMeters
      self.direction = direction
      self.directionState = directionState
      self.directionSigmaDegrees = directionSigmaDegrees
      self.nonLineOfSightProbability = nonLineOfSightProbability
    }

    /// A state's row: its direction's standard deviation given in radians,
    /// as the engine keeps it, and written in degrees.
    public init(
      seconds: Double, objectName: String, distanceMeters: Double, sigmaMeters: Double,
      direction: (x: Double, y: Double, z: Double)?, directionState: DirectionState, directionSigmaRadians: Double,
      nonLineOfSightProbability: Double
    ) {
      self.init(
        seconds: seconds, objectName: objectName, distanceMeters: distanceMeters, sigmaMeters: sigmaMeters,
        direction: direction, directionState: directionState, directionSigmaDegrees: directionSigmaRadians * 180 / .pi,
        nonLineOfSightProbability: nonLineOfSightProbability)
    }
  }

  /// The numbers of a row's cells, as a table's columns hold them
  /// (`ranging_filtered_columns`, a DataFrame): NaN in each cell the track
  /// leaves empty. The one statement of which cells those are: the
  /// formatter below writes the distance's cell exactly when its number
  /// here is not NaN, and then the sigma's and the NLOS figure's cells too,
  /// whatever they hold (an engine's are finite); the direction's cells when
  /// the row has one; the direction's sigma's cell exactly when its number
  /// here is not NaN.
  public struct Cells {
    public var distanceMeters: Double
    public var sigmaMeters: Double
    public var x: Double
    public var y: Double
    public var z: Double
    public var directionSigmaDegrees: Double
    public var nonLineOfSightProbability: Double

    public init(_ row: Row) {
      let hasDistance = row.distanceMeters.isFinite
      distanceMeters = hasDistance ? row.distanceMeters : .nan
      sigmaMeters = hasDistance ? row.sigmaMeters : .nan
      nonLineOfSightProbability = hasDistance ? row.nonLineOfSightProbability : .nan
      x = row.direction?.x ?? .nan
      y = row.direction?.y ?? .nan
      z = row.direction?.z ?? .nan
      directionSigmaDegrees = row.direction != nil && row.directionSigmaDegrees.isFinite ? row.directionSigmaDegrees : .nan
    }
  }

  /// Writes one row (and its newline).
  public func write(_ row: Row) {
    var sink = output
    Self.format(row, to: &sink)
    sink.append(byte: UInt8(ascii: "\n"))
  }

  /// Appends one row, without the newline.
  static func format<Sink: TextSink>(_ row: Row, to sink: inout Sink) {
    sink.append(string: TextFormatting.seconds(row.seconds))
    sink.append(byte: UInt8(ascii: ","))
    var name = row.objectName
    name.withUTF8 { bytes in
      if TextFormatting.isPrintableASCII(bytes) { sink.append(bytes) } else { sink.append(string: Escaped(row.objectName).description) }
    }
    sink.append(byte: UInt8(ascii: ","))
    let cells = Cells(row)
    let hasDistance = !cells.distanceMeters.isNaN
    if hasDistance {
      sink.append(fixed: cells.distanceMeters, decimals: 4)
      sink.append(byte: UInt8(ascii: ","))
      sink.append(fixed: cells.sigmaMeters, decimals: 4)
      sink.append(byte: UInt8(ascii: ","))
    } else {
      sink.append(",,")
    }
    if let d = row.direction {
      sink.append(fixed: d.x, decimals: 6)
      sink.append(byte: UInt8(ascii: ","))
      sink.append(fixed: d.y, decimals: 6)
      sink.append(byte: UInt8(ascii: ","))
      sink.append(fixed: d.z, decimals: 6)
      sink.append(byte: UInt8(ascii: ","))
    } else {
      sink.append(",,,")
    }
    sink.append(row.directionState.name)
    sink.append(byte: UInt8(ascii: ","))
    if !cells.directionSigmaDegrees.isNaN {
      sink.append(fixed: cells.directionSigmaDegrees, decimals: 2)
    }
    sink.append(byte: UInt8(ascii: ","))
    if hasDistance {
      sink.append(fixed: cells.nonLineOfSightProbability, decimals: 2)
    }
  }
}
