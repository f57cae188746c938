// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

// Configuration, memory and engine life time: thunks for the functions of
// ranging_engine.h's "Configuration", "Memory" and "Engine" sections, which
// document them. Each checks its pointers, then calls into CAPIEngine.

@c(ranging_config_init)
public func rangingConfigInit(_ config: UnsafeMutablePointer<ranging_config_t>?) {
  config?.pointee = CAPIConfiguration.defaults
}

@c(ranging_zone_config_init)
public func rangingZoneConfigInit(_ zone: UnsafeMutablePointer<ranging_zone_config_t>?, _ radiusMeters: Double) {
  zone?.pointee = CAPIConfiguration.zoneDefaults(radiusMeters: radiusMeters)
}

@c(ranging_engine_memory_size)
public func rangingEngineMemorySize(
  _ config: UnsafePointer<ranging_config_t>?, _ bytes: UnsafeMutablePointer<Int>?
) -> ranging_status_t {
  guard let config, let bytes else { return CAPIStatus.nullArgument }
  let status = CAPIConfiguration.status(of: config.pointee)
  guard status == CAPIStatus.ok else { return status }
  bytes.pointee = CAPIMemory.bytes(for: config.pointee)
  return CAPIStatus.ok
}

@c(ranging_engine_memory_blocks)
public func rangingEngineMemoryBlocks(
  _ config: UnsafePointer<ranging_config_t>?, _ blocks: UnsafeMutablePointer<Int>?
) -> ranging_status_t {
  guard let config, let blocks else { return CAPIStatus.nullArgument }
  let status = CAPIConfiguration.status(of: config.pointee)
  guard status == CAPIStatus.ok else { return status }
  blocks.pointee = CAPIMemory.blocks(for: config.pointee)
  return CAPIStatus.ok
}

@c(ranging_engine_create)
public func rangingEngineCreate(
  _ config: UnsafePointer<ranging_config_t>?, _ engine: UnsafeMutablePointer<OpaquePointer?>?
) -> ranging_status_t {
  guard let engine else { return CAPIStatus.nullArgument }
  engine.pointee = nil
  guard let config else { return CAPIStatus.nullArgument }
  let status = CAPIConfiguration.status(of: config.pointee)
  guard status == CAPIStatus.ok else { return status }
  engine.pointee = CAPIEngine(configuration: CAPIConfiguration(validated: config.pointee)).handle
  return CAPIStatus.ok
}

@c(ranging_engine_destroy)
public func rangingEngineDestroy(_ engine: OpaquePointer?) {
  if let engine { CAPIEngine.destroy(engine) }
}
