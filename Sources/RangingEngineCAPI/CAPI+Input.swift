// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

// Input: thunks for ranging_engine_update, _update_pose, _lifecycle, _advance_clock and
// _set_object_calibration / _clear_object_calibration,
// documented in ranging_engine.h. None allocates.

@c(ranging_engine_update)
public func rangingEngineUpdate(
  _ engine: OpaquePointer?, _ timeMicroseconds: Int64, _ object: UInt64, _ distanceMeters: Double,
  _ direction: UnsafePointer<Double>?
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine) else { return CAPIStatus.nullArgument }
  // NaN is the C spelling of "no distance"; infinities go on to validation.
  let update = RangingUpdate(
    time: Timestamp(microseconds: timeMicroseconds),
    distanceMeters: distanceMeters.isNaN ? nil : distanceMeters,
    direction: direction.map { Direction(x: $0[0], y: $0[1], z: $0[2]) })
  return engine.process(object: object, update: update)
}

@c(ranging_engine_update_pose)
public func rangingEngineUpdatePose(
  _ engine: OpaquePointer?, _ timeMicroseconds: Int64, _ attitude: UnsafePointer<Double>?
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine), let attitude else { return CAPIStatus.nullArgument }
  let pose = Attitude(w: attitude[0], x: attitude[1], y: attitude[2], z: attitude[3])
  return engine.process(pose: pose, at: Timestamp(microseconds: timeMicroseconds))
}

@c(ranging_engine_lifecycle)
public func rangingEngineLifecycle(
  _ engine: OpaquePointer?, _ timeMicroseconds: Int64, _ object: UInt64, _ event: ranging_lifecycle_t
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine) else { return CAPIStatus.nullArgument }
  guard let event = CAPIStatus.lifecycle(event) else { return CAPIStatus.invalidArgument }
  return engine.process(object: object, lifecycle: event, at: Timestamp(microseconds: timeMicroseconds))
}

@c(ranging_engine_advance_clock)
public func rangingEngineAdvanceClock(_ engine: OpaquePointer?, _ timeMicroseconds: Int64) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine) else { return CAPIStatus.nullArgument }
  return engine.advanceClock(to: Timestamp(microseconds: timeMicroseconds))
}

@c(ranging_engine_set_object_calibration)
public func rangingEngineSetObjectCalibration(
  _ engine: OpaquePointer?, _ object: UInt64, _ offsetMeters: Double, _ scale: Double
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine) else { return CAPIStatus.nullArgument }
  guard let calibration = try? RangeCalibration(offsetMeters: offsetMeters, scale: scale) else {
    return CAPIStatus.invalidConfig
  }
  return engine.pipeline.tracker.setRangeCalibration(calibration, forObject: object)
    ? CAPIStatus.ok : CAPIStatus.calibrationTableFull
}

@c(ranging_engine_clear_object_calibration)
public func rangingEngineClearObjectCalibration(_ engine: OpaquePointer?, _ object: UInt64) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine) else { return CAPIStatus.nullArgument }
  engine.pipeline.tracker.setRangeCalibration(nil, forObject: object)
  return CAPIStatus.ok
}
