// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEngineCAPI
import RangingFormats
import _RangingReplayCHeader

extension ranging_read_row_t {
  /// The C row of `row` (`ranging_read_file`'s rows), in metres, seconds and
  /// radians, its object the index `object` (-1 for a pose alone): the one
  /// place the C row is made, whichever path of the reader read the row.
  ///
  /// - Precondition: `row` is not a rejected row (those go to `rejected`).
  init(_ row: RowView, object: Int64) {
    self.init()
    line = Int64(row.line)
    t = row.seconds
    self.object = row.hasObject ? object : -1
    distance_m = .nan
    direction = (.nan, .nan, .nan)
    horizontal_angle_rad = .nan
    truth = (.nan, .nan, .nan, .nan)
    pose = (.nan, .nan, .nan, .nan)
    vertical = -1  // RANGING_VERTICAL_NONE
    event = -1
    if let pose = row.pose { self.pose = (pose.w, pose.x, pose.y, pose.z) }
    switch row.kind {
    case .measurement:
      kind = 0
      let update = row.update
      distance_m = update.distanceMeters ?? .nan
      if let direction = update.direction { self.direction = (direction.x, direction.y, direction.z) }
      horizontal_angle_rad = update.horizontalAngleRadians ?? .nan
      vertical = update.vertical.map { Int8($0.rawValue) } ?? -1  // RANGING_VERTICAL_NONE
      let truth = row.truth
      self.truth = (truth.distanceMeters ?? .nan, truth.x ?? .nan, truth.y ?? .nan, truth.z ?? .nan)
    case .lifecycle:
      kind = 1
      event = Int8(CAPIStatus.lifecycleCode(row.event!))
    case .pose:
      kind = 2
    case .rejected:
      preconditionFailure("ranging_read_row_t: a rejected row has no C row")
    }
  }
}
