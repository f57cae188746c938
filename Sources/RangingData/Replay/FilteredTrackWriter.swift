import RangingEngine

/// Writes the filtered track CSV (FORMATS.md §3), one row per accepted
/// measurement, header first:
/// `t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state,dir_sigma_deg`;
/// the last column (extra, as §3 allows) is the direction's angular standard
/// deviation in degrees, empty when there is none.
public struct FilteredTrackWriter {
  public let output: OutputFile
  public static let header = "t,object,distance,sigma,dir_x,dir_y,dir_z,direction_state,dir_sigma_deg"

  public init(output: OutputFile) {
    self.output = output
    output.write(Self.header + "\n")
  }

  /// The CSV row of one state, without the newline. `seconds` is the input's time.
  public func row(seconds: Double, objectName: String, state: TrackState) -> String {
    var row = "\(TextFormatting.seconds(seconds)),\(objectName),"
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
    return row
  }

  public func write(seconds: Double, objectName: String, state: TrackState) {
    output.write(row(seconds: seconds, objectName: objectName, state: state) + "\n")
  }
}
