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

  /// The CSV row of one state, without the newline. `seconds` is the input's time.
  public func row(seconds: Double, objectName: String, state: TrackState) -> String {
    var row = "\(TextFormatting.seconds(seconds)),\(Escaped(objectName)),"
    if state.range.distanceMeters.isFinite {
      row += TextFormatting.fixed(state.range.distanceMeters, decimals: 4) + ","
      row += TextFormatting.fixed(state.range.sigmaMeters, decimals: 4) + ","
    } else {
      row += ",,"
    }
    if let d = state.direction {
      row += "\(TextFormatting.fixed(d.x, decimals: 6)),\(TextFormatting.fixed(d.y, decimals: 6)),\(TextFormatting.fixed(d.z, decimals: 6)),"
    } else {
      row += ",,,"
    }
    row += "\(state.directionState.name),"
    if state.direction != nil, state.directionSigmaRadians.isFinite {
      row += TextFormatting.fixed(state.directionSigmaRadians * 180 / .pi, decimals: 2)
    }
    row += ","
    if state.range.distanceMeters.isFinite {
      row += TextFormatting.fixed(state.range.nonLineOfSightProbability, decimals: 2)
    }
    return row
  }

  /// Writes ``row(seconds:objectName:state:)`` and a newline straight into the
  /// output's buffer, byte for byte the same text. Allocates nothing for an
  /// object name of at most 15 bytes (docs/PERFORMANCE.md).
  public func write(seconds: Double, objectName: String, state: TrackState) {
    output.append(string: TextFormatting.seconds(seconds))
    output.append(byte: UInt8(ascii: ","))
    var name = objectName
    name.withUTF8 { bytes in
      if TextFormatting.isPrintableASCII(bytes) { output.append(bytes) } else { output.append(string: Escaped(objectName).description) }
    }
    output.append(byte: UInt8(ascii: ","))
    if state.range.distanceMeters.isFinite {
      output.append(fixed: state.range.distanceMeters, decimals: 4)
      output.append(byte: UInt8(ascii: ","))
      output.append(fixed: state.range.sigmaMeters, decimals: 4)
      output.append(byte: UInt8(ascii: ","))
    } else {
      output.append(",,")
    }
    if let d = state.direction {
      output.append(fixed: d.x, decimals: 6)
      output.append(byte: UInt8(ascii: ","))
      output.append(fixed: d.y, decimals: 6)
      output.append(byte: UInt8(ascii: ","))
      output.append(fixed: d.z, decimals: 6)
      output.append(byte: UInt8(ascii: ","))
    } else {
      output.append(",,,")
    }
    output.append(state.directionState.name)
    output.append(byte: UInt8(ascii: ","))
    if state.direction != nil, state.directionSigmaRadians.isFinite {
      output.append(fixed: state.directionSigmaRadians * 180 / .pi, decimals: 2)
    }
    output.append(byte: UInt8(ascii: ","))
    if state.range.distanceMeters.isFinite {
      output.append(fixed: state.range.nonLineOfSightProbability, decimals: 2)
    }
    output.append(byte: UInt8(ascii: "\n"))
  }
}
