// SPDX-License-Identifier: Apache-2.0
import RangingEngineCAPI
import RangingOutputs

/// The thunk of `ranging_filtered_column_name` (ranging_replay.h): the
/// filtered track's column names from their one statement,
/// `FilteredTrackWriter.columns`, as `ranging_lifecycle_name` hands out the
/// `event` spellings, so that the Python package reads them.
@c(ranging_filtered_column_name)
public func rangingFilteredColumnName(_ column: Int32) -> UnsafePointer<CChar>? {
  guard column >= 0, Int(column) < FilteredTrackWriter.columns.count else { return nil }
  return CAPIStatus.cString(FilteredTrackWriter.columns[Int(column)])
}
