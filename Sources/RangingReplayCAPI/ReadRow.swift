// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEngineCAPI
import RangingFormats
import _RangingReplayCHeader

/// One row as `ranging_read_file` hands it out: the C row of a row the
/// reader took, in metres, seconds and radians, or the rejection of one it
/// refused, which goes to the rejected rows' CSV instead. The one place the
/// C row is made, whichever path of the reader read the row; the rejection
/// is decided there too, so that no rejected row is ever asked for a C row.
enum ReadRow {
  case accepted(ranging_read_row_t)
  case rejected(RowRejection)

  /// `row`'s C row, its object the index `object()` gives (asked only of a
  /// row that names an object; -1 for a pose alone), or its rejection.
  ///
  /// Each kind is told by what it carries (``RowView``): a rejected row its
  /// rejection, a life-cycle row its event; a pose alone names no object.
  init(_ row: RowView, object: () -> Int64) {
    if let rejection = row.rejection {
      self = .rejected(rejection)
      return
    }
    var read = ranging_read_row_t()
    read.line = Int64(row.line)
    read.t = row.seconds
    read.object = -1
    read.distance_m = .nan
    read.direction = (.nan, .nan, .nan)
    read.horizontal_angle_rad = .nan
    read.truth = (.nan, .nan, .nan, .nan)
    read.pose = (.nan, .nan, .nan, .nan)
    read.vertical = -1  // RANGING_VERTICAL_NONE
    read.event = -1
    if let pose = row.pose { read.pose = (pose.w, pose.x, pose.y, pose.z) }
    if let event = row.event {
      read.kind = 1
      read.object = object()
      read.event = Int8(CAPIStatus.lifecycleCode(event))
    } else if row.kind == .pose {
      read.kind = 2
    } else {
      read.kind = 0
      read.object = object()
      let update = row.update
      read.distance_m = update.distanceMeters ?? .nan
      if let direction = update.direction { read.direction = (direction.x, direction.y, direction.z) }
      read.horizontal_angle_rad = update.horizontalAngleRadians ?? .nan
      read.vertical = update.vertical.map { Int8($0.rawValue) } ?? -1  // RANGING_VERTICAL_NONE
      let truth = row.truth
      read.truth = (truth.distanceMeters ?? .nan, truth.x ?? .nan, truth.y ?? .nan, truth.z ?? .nan)
    }
    self = .accepted(read)
  }
}
