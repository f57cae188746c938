// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEngineCAPI
import RangingFormats
import RangingOutputs
import _RangingReplayCHeader

/// The thunk of `ranging_filtered_columns` (ranging_replay.h): a replay's
/// state records as the filtered track's columns, each value and each empty
/// cell as `FilteredTrackWriter` decides them (its `Row` of a state and the
/// row's `Cells`), so that a binding building a table of the track (the
/// Python package's `filtered` frame) states none of §3's rules itself.
/// Every record is checked before the first value is written: a refusal
/// writes nothing.
@c(ranging_filtered_columns)
public func rangingFilteredColumns(
  _ states: UnsafePointer<ranging_replay_state_t>?, _ rowCount: Int,
  _ columns: UnsafePointer<ranging_filtered_arrays_t>?
) -> Int32 {
  guard rowCount >= 0, let columns = columns?.pointee else { return 64 }
  if rowCount == 0 { return 0 }
  guard let states, let t = columns.t, let object = columns.object, let distance = columns.distance_m,
    let sigma = columns.sigma_m, let x = columns.dir_x, let y = columns.dir_y, let z = columns.dir_z,
    let directionState = columns.direction_state, let directionSigma = columns.dir_sigma_deg, let nlos = columns.nlos
  else { return 64 }
  let records = UnsafeBufferPointer(start: states, count: rowCount)
  guard records.allSatisfy({ CAPIStatus.directionState(code: $0.direction_state) != nil }) else { return 64 }
  for (index, record) in records.enumerated() {
    guard let state = CAPIStatus.directionState(code: record.direction_state) else { return 64 }  // checked above
    let row = FilteredTrackWriter.Row(
      seconds: record.t, objectName: "", distanceMeters: record.distance_m, sigmaMeters: record.sigma_m,
      direction: direction(record.direction.0, record.direction.1, record.direction.2), directionState: state,
      directionSigmaRadians: record.direction_sigma_rad, nonLineOfSightProbability: record.nlos_probability)
    let cells = FilteredTrackWriter.Cells(row)
    t[index] = record.t
    object[index] = record.object
    distance[index] = cells.distanceMeters
    sigma[index] = cells.sigmaMeters
    x[index] = cells.x
    y[index] = cells.y
    z[index] = cells.z
    directionState[index] = record.direction_state
    directionSigma[index] = cells.directionSigmaDegrees
    nlos[index] = cells.nonLineOfSightProbability
  }
  return 0
}
