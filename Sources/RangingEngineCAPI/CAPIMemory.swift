// SPDX-License-Identifier: Apache-2.0
import _RangingEngineCHeader

/// The memory formula of ranging_engine.h ("Memory"), over the header's
/// constants, so the numbers live in one place. Tests/CAPI/smoke.c and the
/// firmware image check it against a counting malloc.
enum CAPIMemory {
  /// Bytes `ranging_engine_create` requests for a validated `config`.
  ///
  /// - Complexity: O(log max_objects). Does not allocate.
  static func bytes(for config: ranging_config_t) -> Int {
    let n = Int(config.max_objects)
    let z = CAPIConfiguration.zoneCount(config)
    let d = config.direction_tracking ? 1 : 0
    let fixed = Int(RANGING_ENGINE_FIXED_BYTES) + d * Int(RANGING_ENGINE_DIRECTION_FIXED_BYTES)
    let perObject = Int(RANGING_ENGINE_BYTES_PER_OBJECT) + d * Int(RANGING_ENGINE_DIRECTION_BYTES_PER_OBJECT)
    return fixed + n * perObject + z * Int(RANGING_ENGINE_BYTES_PER_ZONE)
      + n * z * Int(RANGING_ENGINE_BYTES_PER_ZONE_OBJECT)
      + Int(config.event_capacity) * Int(RANGING_ENGINE_BYTES_PER_EVENT) + 4 * indexSize(objects: n)
  }

  /// Blocks `ranging_engine_create` requests for a validated `config`.
  ///
  /// - Complexity: O(1). Does not allocate.
  static func blocks(for config: ranging_config_t) -> Int {
    let n = Int(config.max_objects)
    let d = config.direction_tracking ? 1 : 0
    return Int(RANGING_ENGINE_FIXED_BLOCKS) + d * Int(RANGING_ENGINE_DIRECTION_FIXED_BLOCKS)
      + n * (Int(RANGING_ENGINE_BLOCKS_PER_OBJECT) + d * Int(RANGING_ENGINE_DIRECTION_BLOCKS_PER_OBJECT))
  }

  /// The object table's hash index length: the smallest power of two at least
  /// max(4, 2 · objects), as ``ObjectTable``'s `init` sizes it.
  static func indexSize(objects: Int) -> Int {
    var size = 4
    while size < 2 * objects { size <<= 1 }
    return size
  }
}
