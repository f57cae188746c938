// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

// Output: thunks for ranging_engine_read_object_state, _drain_events,
// _read_stats and the name functions, documented in ranging_engine.h.
// None allocates.

@c(ranging_engine_read_object_state)
public func rangingEngineReadObjectState(
  _ engine: OpaquePointer?, _ object: UInt64, _ state: UnsafeMutablePointer<ranging_object_state_t>?
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine), let state else { return CAPIStatus.nullArgument }
  guard let current = engine.state(of: object) else { return CAPIStatus.unknownObject }
  state.pointee = current
  return CAPIStatus.ok
}

@c(ranging_engine_drain_events)
public func rangingEngineDrainEvents(
  _ engine: OpaquePointer?, _ events: UnsafeMutablePointer<ranging_zone_event_t>?, _ capacity: Int,
  _ count: UnsafeMutablePointer<Int>?
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine), let count else { return CAPIStatus.nullArgument }
  guard events != nil || capacity == 0 else { return CAPIStatus.nullArgument }
  // size_t above PTRDIFF_MAX arrives negative: no buffer is that large.
  guard capacity >= 0 else { return CAPIStatus.invalidArgument }
  count.pointee = engine.drainEvents(into: events, limit: capacity)
  return CAPIStatus.ok
}

@c(ranging_engine_read_stats)
public func rangingEngineReadStats(
  _ engine: OpaquePointer?, _ stats: UnsafeMutablePointer<ranging_stats_t>?
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine), let stats else { return CAPIStatus.nullArgument }
  stats.pointee = engine.stats
  return CAPIStatus.ok
}

@c(ranging_status_name)
public func rangingStatusName(_ status: ranging_status_t) -> UnsafePointer<CChar> {
  CAPIStatus.cString(CAPIStatus.name(of: status))
}

@c(ranging_exit_reason_name)
public func rangingExitReasonName(_ reason: ranging_exit_reason_t) -> UnsafePointer<CChar> {
  CAPIStatus.cString(CAPIStatus.name(of: reason))
}

// The spellings of the data formats, from the one place each is stated (the
// core's `name`s), so that other languages read them instead of restating them.

@c(ranging_lifecycle_name)
public func rangingLifecycleName(_ event: ranging_lifecycle_t) -> UnsafePointer<CChar>? {
  guard let known = CAPIStatus.lifecycle(event) else { return nil }
  return CAPIStatus.cString(known.name)
}

@c(ranging_vertical_name)
public func rangingVerticalName(_ vertical: Int32) -> UnsafePointer<CChar>? {
  // RANGING_VERTICAL_* are the core's raw values (as ranging_batch_t.vertical reads them: CAPIEngine+Batch).
  guard (0...Int32(UInt8.max)).contains(vertical), let known = VerticalEstimate(rawValue: UInt8(vertical)) else { return nil }
  return CAPIStatus.cString(known.name)
}

@c(ranging_direction_state_name)
public func rangingDirectionStateName(_ state: ranging_direction_state_t) -> UnsafePointer<CChar>? {
  guard let known = CAPIStatus.directionState(code: state) else { return nil }
  return CAPIStatus.cString(known.name)
}
