// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import _RangingEngineCHeader

/// The session table behind a `ranging_accessory_sessions_t *`: the core's
/// ``AccessorySessionTable`` and the queue of C actions awaiting a drain.
///
/// Everything is allocated in `init` (this object, the table, its slots and
/// the action ring: RANGING_ACCESSORY_SESSIONS_BLOCKS blocks); inputs, clock
/// advances, drains and reads allocate nothing (the `emit` closures are
/// non-escaping).
final class CAPIAccessorySessions {
  let table: AccessorySessionTable
  private(set) var actions: DropNewestQueue<ranging_accessory_action_t>

  /// Most sessions: more than any BLE controller holds connections, and far
  /// from overflowing the memory formula on a 32-bit `size_t`.
  static let maximumCapacity: UInt32 = 256
  /// Most queued actions.
  static let maximumActionCapacity: UInt32 = 65536
  /// Most configuration messages per start (a `uint8_t`'s worth).
  static let maximumConfigurationAttempts: UInt32 = 255

  /// Precondition: ``status(of:)`` returned RANGING_OK.
  init(validated config: ranging_accessory_sessions_config_t) {
    let policy = AccessorySessionPolicy(
      responseTimeoutMicroseconds: config.response_timeout_us, startTimeoutMicroseconds: config.start_timeout_us,
      maximumConfigurationAttempts: Int(config.max_configuration_attempts))
    table = AccessorySessionTable(capacity: Int(config.capacity), policy: policy)
    actions = DropNewestQueue(capacity: Int(config.action_capacity), blank: ranging_accessory_action_t())
  }

  deinit {
    actions.deallocate()
  }

  /// The defaults of `ranging_accessory_sessions_config_init`: the core
  /// policy's timeouts and attempts, one session, and room for 8 actions
  /// (every action of one clock advance of up to 4 sessions).
  static var defaults: ranging_accessory_sessions_config_t {
    let policy = AccessorySessionPolicy()
    var config = ranging_accessory_sessions_config_t()
    config.capacity = 1
    config.action_capacity = 8
    config.response_timeout_us = policy.responseTimeoutMicroseconds
    config.start_timeout_us = policy.startTimeoutMicroseconds
    config.max_configuration_attempts = UInt32(policy.maximumConfigurationAttempts)
    return config
  }

  /// RANGING_OK when every field is in its documented range, else
  /// RANGING_ERROR_INVALID_CONFIG. Does not allocate.
  static func status(of config: ranging_accessory_sessions_config_t) -> ranging_status_t {
    guard config.capacity >= 1 && config.capacity <= maximumCapacity,
      config.action_capacity >= 1 && config.action_capacity <= maximumActionCapacity,
      config.response_timeout_us > 0 && config.start_timeout_us > 0,
      config.max_configuration_attempts >= 1 && config.max_configuration_attempts <= maximumConfigurationAttempts
    else { return CAPIStatus.invalidConfig }
    return CAPIStatus.ok
  }

  /// Bytes `ranging_accessory_sessions_create` requests for a validated
  /// `config`: the header's formula.
  static func memoryBytes(for config: ranging_accessory_sessions_config_t) -> Int {
    Int(RANGING_ACCESSORY_SESSIONS_FIXED_BYTES)
      + Int(config.capacity) * Int(RANGING_ACCESSORY_SESSIONS_BYTES_PER_SESSION)
      + Int(config.action_capacity) * Int(RANGING_ACCESSORY_SESSIONS_BYTES_PER_ACTION)
  }

  /// The table a handle from ``handle`` refers to (+0), or nil for NULL.
  static func from(_ handle: OpaquePointer?) -> CAPIAccessorySessions? {
    guard let handle else { return nil }
    return Unmanaged<CAPIAccessorySessions>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
  }

  /// A handle owning one reference, released by ``destroy(_:)``.
  var handle: OpaquePointer { OpaquePointer(Unmanaged.passRetained(self).toOpaque()) }

  /// Releases the reference a handle owns.
  static func destroy(_ handle: OpaquePointer) {
    Unmanaged<CAPIAccessorySessions>.fromOpaque(UnsafeRawPointer(handle)).release()
  }

  /// Applies one input and queues its actions, feeding `engine` the
  /// life-cycle events when there is one.
  ///
  /// - Returns: RANGING_ERROR_ACTIONS_DROPPED, else the engine's
  ///   RANGING_ERROR_EVENTS_DROPPED, else the input's verdict.
  /// - Complexity: O(capacity), plus the engine's life-cycle calls. Does not allocate.
  func handle(
    _ input: AccessorySessionInput, from object: UInt64, at time: Int64, engine: CAPIEngine?
  ) -> ranging_status_t {
    let dropped = actions.droppedCount
    var engineStatus = CAPIStatus.ok
    let result = table.handle(input, from: object, at: Timestamp(microseconds: time)) { action in
      self.perform(action, at: time, engine: engine, engineStatus: &engineStatus)
    }
    if actions.droppedCount != dropped { return CAPIStatus.actionsDropped }
    if engineStatus != CAPIStatus.ok { return engineStatus }
    return CAPIAccessory.status(result)
  }

  /// Fires the due timeouts and queues their actions, as ``handle(_:from:at:engine:)``.
  func advanceClock(to time: Int64, engine: CAPIEngine?) -> ranging_status_t {
    let dropped = actions.droppedCount
    var engineStatus = CAPIStatus.ok
    table.advanceClock(to: Timestamp(microseconds: time)) { action in
      self.perform(action, at: time, engine: engine, engineStatus: &engineStatus)
    }
    if actions.droppedCount != dropped { return CAPIStatus.actionsDropped }
    return engineStatus
  }

  /// Applies a `feedEngine` action to `engine` when there is one, then queues the action.
  private func perform(
    _ action: AccessoryAction, at time: Int64, engine: CAPIEngine?, engineStatus: inout ranging_status_t
  ) {
    var applied = false
    if let engine, case .feedEngine(let event) = action.kind {
      let status = engine.process(object: action.object, lifecycle: event, at: Timestamp(microseconds: time))
      if status != CAPIStatus.ok { engineStatus = status }
      applied = true
    }
    actions.push(CAPIAccessory.action(action, at: time, engineApplied: applied))
  }

  /// Moves up to `limit` queued actions to `out`; returns how many. Does not allocate.
  func drainActions(into out: UnsafeMutablePointer<ranging_accessory_action_t>?, limit: Int) -> Int {
    actions.drain(into: out, limit: limit)
  }

  /// The C form of the session in `slot` (0 ..< capacity). Does not allocate.
  func state(at slot: Int) -> ranging_accessory_session_state_t {
    let session = table.session(at: slot)
    var out = ranging_accessory_session_state_t()
    if let deadline = session.deadline {
      out.has_deadline = true
      out.deadline_us = deadline.microseconds
    }
    if let object = table.object(at: slot) {
      out.has_object = true
      out.object_id = object
    }
    out.attempt = UInt32(truncatingIfNeeded: session.attempt)
    out.state = CAPIAccessory.code(session.state)
    out.rate = CAPIAccessory.code(session.rate)
    if let reason = session.stopReason { out.stop_reason = CAPIAccessory.code(reason) }
    out.has_ranged = session.hasRanged
    return out
  }

  var stats: ranging_accessory_sessions_stats_t {
    var stats = ranging_accessory_sessions_stats_t()
    stats.actions_queued = actions.queuedCount
    stats.actions_dropped = actions.droppedCount
    stats.actions_pending = UInt32(truncatingIfNeeded: actions.count)
    var held: UInt32 = 0
    for slot in 0..<table.capacity where table.object(at: slot) != nil { held += 1 }
    stats.sessions_held = held
    return stats
  }
}
