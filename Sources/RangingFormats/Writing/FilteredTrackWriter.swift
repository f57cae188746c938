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
  public static let header = "t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state,dir_sigma_deg,nlos"

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
    sink.append(string: TextFormatting.seconds(seconds))
    sink.append(byte: UInt8(ascii: ","))
    var name = objectName
    name.withUTF8 { bytes in
      if TextFormatting.isPrintableASCII(bytes) { sink.append(bytes) } else { sink.append(string: Escaped(objectName).description) }
    }
    sink.append(byte: UInt8(ascii: ","))
    if state.range.distanceMeters.isFinite {
      sink.append(fixed: state.range.distanceMeters, decimals: 4)
      sink.append(byte: UInt8(ascii: ","))
      sink.append(fixed: state.range.sigmaMeters, decimals: 4)
      sink.append(byte: UInt8(ascii: ","))
    } else {
      sink.append(",,")
    }
    if let d = state.direction {
      sink.append(fixed: d.x, decimals: 6)
      sink.append(byte: UInt8(ascii: ","))
      sink.append(fixed: d.y, decimals: 6)
      sink.append(byte: UInt8(ascii: ","))
      sink.append(fixed: d.z, decimals: 6)
      sink.append(byte: UInt8(ascii: ","))
    } else {
      sink.append(",,,")
    }
    sink.append(state.directionState.name)
    sink.append(byte: UInt8(ascii: ","))
    if state.direction != nil, state.directionSigmaRadians.isFinite {
      sink.append(fixed: state.directionSigmaRadians * 180 / .pi, decimals: 2)
    }
    sink.append(byte: UInt8(ascii: ","))
    if state.range.distanceMeters.isFinite {
      sink.append(fixed: state.range.nonLineOfSightProbability, decimals: 2)
    }
  }
}
