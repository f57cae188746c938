// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import _RangingEngineCHeader

// Accessory sessions: thunks for the functions of ranging_engine.h's
// "Accessory sessions" section, which documents them. Each checks its
// pointers, then calls into CAPIAccessorySessions. Only create allocates.

@c(ranging_accessory_sessions_config_init)
public func rangingAccessorySessionsConfigInit(_ config: UnsafeMutablePointer<ranging_accessory_sessions_config_t>?) {
  config?.pointee = CAPIAccessorySessions.defaults
}

@c(ranging_accessory_sessions_memory_size)
public func rangingAccessorySessionsMemorySize(
  _ config: UnsafePointer<ranging_accessory_sessions_config_t>?, _ bytes: UnsafeMutablePointer<Int>?
) -> ranging_status_t {
  guard let config, let bytes else { return CAPIStatus.nullArgument }
  let status = CAPIAccessorySessions.status(of: config.pointee)
  guard status == CAPIStatus.ok else { return status }
  bytes.pointee = CAPIAccessorySessions.memoryBytes(for: config.pointee)
  return CAPIStatus.ok
}

@c(ranging_accessory_sessions_create)
public func rangingAccessorySessionsCreate(
  _ config: UnsafePointer<ranging_accessory_sessions_config_t>?, _ sessions: UnsafeMutablePointer<OpaquePointer?>?
) -> ranging_status_t {
  guard let sessions else { return CAPIStatus.nullArgument }
  sessions.pointee = nil
  guard let config else { return CAPIStatus.nullArgument }
  let status = CAPIAccessorySessions.status(of: config.pointee)
  guard status == CAPIStatus.ok else { return status }
  sessions.pointee = CAPIAccessorySessions(validated: config.pointee).handle
  return CAPIStatus.ok
}

@c(ranging_accessory_sessions_destroy)
public func rangingAccessorySessionsDestroy(_ sessions: OpaquePointer?) {
  if let sessions { CAPIAccessorySessions.destroy(sessions) }
}

@c(ranging_accessory_sessions_handle)
public func rangingAccessorySessionsHandle(
  _ sessions: OpaquePointer?, _ timeMicroseconds: Int64, _ object: UInt64, _ input: ranging_accessory_input_t,
  _ rate: ranging_update_rate_t, _ engine: OpaquePointer?
) -> ranging_status_t {
  guard let sessions = CAPIAccessorySessions.from(sessions) else { return CAPIStatus.nullArgument }
  guard let input = CAPIAccessory.input(input, rate: rate) else { return CAPIStatus.invalidArgument }
  return sessions.handle(input, from: object, at: timeMicroseconds, engine: CAPIEngine.from(engine))
}

@c(ranging_accessory_sessions_advance_clock)
public func rangingAccessorySessionsAdvanceClock(
  _ sessions: OpaquePointer?, _ timeMicroseconds: Int64, _ engine: OpaquePointer?
) -> ranging_status_t {
  guard let sessions = CAPIAccessorySessions.from(sessions) else { return CAPIStatus.nullArgument }
  return sessions.advanceClock(to: timeMicroseconds, engine: CAPIEngine.from(engine))
}

@c(ranging_accessory_sessions_drain_actions)
public func rangingAccessorySessionsDrainActions(
  _ sessions: OpaquePointer?, _ actions: UnsafeMutablePointer<ranging_accessory_action_t>?, _ capacity: Int,
  _ count: UnsafeMutablePointer<Int>?
) -> ranging_status_t {
  guard let sessions = CAPIAccessorySessions.from(sessions), let count else { return CAPIStatus.nullArgument }
  guard actions != nil || capacity == 0 else { return CAPIStatus.nullArgument }
  // size_t arrives as Int: a "negative" capacity is more than Int.max entries.
  count.pointee = sessions.drainActions(into: actions, limit: capacity >= 0 ? capacity : Int.max)
  return CAPIStatus.ok
}

@c(ranging_accessory_sessions_read_session)
public func rangingAccessorySessionsReadSession(
  _ sessions: OpaquePointer?, _ slot: UInt32, _ state: UnsafeMutablePointer<ranging_accessory_session_state_t>?
) -> ranging_status_t {
  guard let sessions = CAPIAccessorySessions.from(sessions), let state else { return CAPIStatus.nullArgument }
  guard Int(slot) < sessions.table.capacity else { return CAPIStatus.invalidArgument }
  state.pointee = sessions.state(at: Int(slot))
  return CAPIStatus.ok
}

@c(ranging_accessory_sessions_find)
public func rangingAccessorySessionsFind(
  _ sessions: OpaquePointer?, _ object: UInt64, _ slot: UnsafeMutablePointer<UInt32>?
) -> ranging_status_t {
  guard let sessions = CAPIAccessorySessions.from(sessions), let slot else { return CAPIStatus.nullArgument }
  guard let found = sessions.table.slot(of: object) else { return CAPIStatus.unknownObject }
  slot.pointee = UInt32(truncatingIfNeeded: found)
  return CAPIStatus.ok
}

@c(ranging_accessory_sessions_read_stats)
public func rangingAccessorySessionsReadStats(
  _ sessions: OpaquePointer?, _ stats: UnsafeMutablePointer<ranging_accessory_sessions_stats_t>?
) -> ranging_status_t {
  guard let sessions = CAPIAccessorySessions.from(sessions), let stats else { return CAPIStatus.nullArgument }
  stats.pointee = sessions.stats
  return CAPIStatus.ok
}

@c(ranging_accessory_action_name)
public func rangingAccessoryActionName(_ kind: ranging_accessory_action_kind_t) -> UnsafePointer<CChar> {
  CAPIStatus.cString(CAPIAccessory.name(ofAction: kind))
}
