// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import _RangingEngineCHeader

extension CAPIEngine {
  /// Runs the rows of `batch` from `rows_done` on, each through the same path
  /// as its single-row call (``process(object:update:stateOut:)``,
  /// ``process(object:lifecycle:at:)`` or ``advanceClock(to:)``), draining the queue into the caller's
  /// buffer (`events`, the batch's own) after each row. Stops before a row
  /// when the buffer has less room than the queue holds, so a full buffer
  /// never loses an event.
  ///
  /// Precondition: the thunk has checked the pointers, sizes and `rows_done`.
  ///
  /// - Returns: RANGING_ERROR_EVENTS_DROPPED when a row overflowed the
  ///   engine's queue, else RANGING_OK.
  /// - Complexity: O(rows processed + events). Does not allocate.
  func process(batch: inout ranging_batch_t, events: UnsafeMutablePointer<ranging_zone_event_t>) -> ranging_status_t {
    var result = CAPIStatus.ok
    batch.event_count = drainEvents(into: events, limit: batch.event_capacity)
    // Events queued before the call have no row in this batch: SIZE_MAX.
    for i in 0..<batch.event_count { batch.event_rows?[i] = -1 }
    var row = batch.rows_done
    while row < batch.count && batch.event_capacity - batch.event_count >= self.events.capacity {
      let status = process(row: row, of: batch)
      batch.status?[row] = status
      if status == CAPIStatus.eventsDropped { result = CAPIStatus.eventsDropped }
      let drained = drainEvents(into: events + batch.event_count, limit: batch.event_capacity - batch.event_count)
      for i in batch.event_count..<batch.event_count + drained { batch.event_rows?[i] = row }
      batch.event_count += drained
      row += 1
    }
    batch.rows_done = row
    return result
  }

  /// Applies row `row` of `batch`: a clock advance, a pose, a life-cycle event, or a
  /// measurement whose all-NaN direction means "none" and whose NaN distance means "none"
  /// (as ranging_engine_update's NULL direction and NAN distance do), as do a NaN horizontal
  /// angle and RANGING_VERTICAL_NONE, after its pose if it has one.
  private func process(row: Int, of batch: ranging_batch_t) -> ranging_status_t {
    let time = Timestamp(microseconds: batch.time_us[row])
    let object = batch.object_id[row]
    let code = batch.lifecycle?[row] ?? Int32(RANGING_BATCH_MEASUREMENT)
    if code == Int32(RANGING_BATCH_ADVANCE_CLOCK) { return advanceClock(to: time) }
    if code == Int32(RANGING_BATCH_POSE) {
      guard let pose = CAPIEngine.pose(row: row, of: batch) else { return CAPIStatus.invalidArgument }
      return process(pose: pose, at: time)
    }
    if code != Int32(RANGING_BATCH_MEASUREMENT) {
      guard code >= 0, let event = CAPIStatus.lifecycle(ranging_lifecycle_t(code)) else {
        return CAPIStatus.invalidArgument
      }
      return process(object: object, lifecycle: event, at: time)
    }
    let distance = batch.distance_m?[row] ?? .nan
    var direction: Direction?
    if let components = batch.direction {
      let x = components[3 * row], y = components[3 * row + 1], z = components[3 * row + 2]
      if !(x.isNaN && y.isNaN && z.isNaN) { direction = Direction(x: x, y: y, z: z) }
    }
    let horizontal = batch.horizontal_angle_rad?[row] ?? .nan
    // An undefined vertical code refuses the row before anything of it is applied, its pose included.
    var vertical: VerticalEstimate?
    if let code = batch.vertical?[row], code != Int8(RANGING_VERTICAL_NONE) {
      guard code >= 0, let known = VerticalEstimate(rawValue: UInt8(code)) else { return CAPIStatus.invalidArgument }
      vertical = known
    }
    // docs/FORMATS.md §1: the pose applies first, and a rejected pose rejects its row.
    if let pose = CAPIEngine.pose(row: row, of: batch) {
      let status = process(pose: pose, at: time)
      guard status == CAPIStatus.ok else { return status }
    }
    let update = RangingUpdate(
      time: time, distanceMeters: distance.isNaN ? nil : distance, direction: direction,
      horizontalAngleRadians: horizontal.isNaN ? nil : horizontal, vertical: vertical)
    return process(object: object, update: update, stateOut: batch.states.map { $0 + row })
  }

  /// Row `row`'s attitude, or nil when the batch has no poses or the row's four components are all NaN.
  private static func pose(row: Int, of batch: ranging_batch_t) -> Attitude? {
    guard let components = batch.pose else { return nil }
    let w = components[4 * row], x = components[4 * row + 1], y = components[4 * row + 2], z = components[4 * row + 3]
    if w.isNaN && x.isNaN && y.isNaN && z.isNaN { return nil }
    return Attitude(w: w, x: x, y: y, z: z)
  }
}
