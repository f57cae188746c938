// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import _RangingEngineCHeader

/// Conversions between NearbyAccessory's types and the header's
/// "Nearby Interaction Accessory Protocol" part, and the names it promises.
/// As in ``CAPIStatus``, every switch over a core enumeration is exhaustive,
/// so a new case in the core fails to compile here until the header has it.
enum CAPIAccessory {
  /// The core's rate for a C value, or nil for a reserved one.
  static func rate(_ value: ranging_update_rate_t) -> PreferredUpdateRate? {
    switch Int(value) {
    case RANGING_UPDATE_RATE_AUTOMATIC: .automatic
    case RANGING_UPDATE_RATE_INFREQUENT: .infrequent
    case RANGING_UPDATE_RATE_USER_INTERACTIVE: .userInteractive
    default: nil
    }
  }

  static func code(_ rate: PreferredUpdateRate) -> ranging_update_rate_t {
    let value = switch rate {
    case .automatic: RANGING_UPDATE_RATE_AUTOMATIC
    case .infrequent: RANGING_UPDATE_RATE_INFREQUENT
    case .userInteractive: RANGING_UPDATE_RATE_USER_INTERACTIVE
    }
    return ranging_update_rate_t(value)
  }

  static func code(_ field: AccessoryConfigurationField) -> ranging_accessory_field_t {
    let value = switch field {
    case .majorVersion: RANGING_ACCESSORY_FIELD_MAJOR_VERSION
    case .minorVersion: RANGING_ACCESSORY_FIELD_MINOR_VERSION
    case .preferredUpdateRate: RANGING_ACCESSORY_FIELD_PREFERRED_UPDATE_RATE
    case .reserved: RANGING_ACCESSORY_FIELD_RFU
    case .uwbConfigDataLength: RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA_LENGTH
    case .uwbConfigData: RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA
    case .end: RANGING_ACCESSORY_FIELD_END
    }
    return ranging_accessory_field_t(value)
  }

  /// The core's field for a C value, or nil for an undefined one.
  static func field(_ value: ranging_accessory_field_t) -> AccessoryConfigurationField? {
    switch Int(value) {
    case RANGING_ACCESSORY_FIELD_MAJOR_VERSION: .majorVersion
    case RANGING_ACCESSORY_FIELD_MINOR_VERSION: .minorVersion
    case RANGING_ACCESSORY_FIELD_PREFERRED_UPDATE_RATE: .preferredUpdateRate
    case RANGING_ACCESSORY_FIELD_RFU: .reserved
    case RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA_LENGTH: .uwbConfigDataLength
    case RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA: .uwbConfigData
    case RANGING_ACCESSORY_FIELD_END: .end
    default: nil
    }
  }

  /// The C form of a decoding problem: the kind's two values become
  /// `found` and `expected` as the header's ranging_accessory_error_kind_t
  /// documents.
  static func error(_ error: AccessoryConfigurationError) -> ranging_accessory_config_error_t {
    let (kind, found, expected): (Int, Int, Int) =
      switch error.kind {
      case .truncated(let byteCount):
        (RANGING_ACCESSORY_ERROR_TRUNCATED, byteCount, (error.field.offset ?? 0) + (error.field.byteCount ?? 0))
      case .unsupportedVersion(let found, let expected):
        (RANGING_ACCESSORY_ERROR_UNSUPPORTED_VERSION, Int(found), Int(expected))
      case .reservedUpdateRate(let value): (RANGING_ACCESSORY_ERROR_RESERVED_UPDATE_RATE, Int(value), 0)
      case .nonZeroReserved(let value): (RANGING_ACCESSORY_ERROR_NON_ZERO_RESERVED, Int(value), 0)
      case .lengthPastEnd(let declared, let available): (RANGING_ACCESSORY_ERROR_LENGTH_PAST_END, declared, available)
      case .trailingBytes(let count): (RANGING_ACCESSORY_ERROR_TRAILING_BYTES, count, 0)
      }
    var out = ranging_accessory_config_error_t()
    out.offset = error.offset
    out.found = found
    out.expected = expected
    out.field = code(error.field)
    out.kind = ranging_accessory_error_kind_t(kind)
    return out
  }

  /// The C form of a decoded message.
  static func configuration(_ decoded: AccessoryConfiguration) -> ranging_accessory_config_t {
    var out = ranging_accessory_config_t()
    out.uwb_config_data_offset = decoded.uwbConfigDataRange.lowerBound
    out.uwb_config_data_length = decoded.uwbConfigDataRange.count
    out.preferred_update_rate = code(decoded.preferredUpdateRate)
    if let warning = decoded.warning {
      out.has_warning = true
      out.warning = error(warning)
    }
    return out
  }

  /// The core's session input for a C value (with its rate for
  /// `initialize`), or nil when either is undefined.
  static func input(_ value: ranging_accessory_input_t, rate: ranging_update_rate_t) -> AccessorySessionInput? {
    switch Int(value) {
    case RANGING_ACCESSORY_INPUT_INITIALIZE: CAPIAccessory.rate(rate).map { .initialize(preferring: $0) }
    case RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START: .configureAndStart
    case RANGING_ACCESSORY_INPUT_RANGING_UPDATE: .rangingUpdate
    case RANGING_ACCESSORY_INPUT_START_FAILED: .startFailed
    case RANGING_ACCESSORY_INPUT_STOP: .stop
    case RANGING_ACCESSORY_INPUT_LINK_LOST: .linkLost
    case RANGING_ACCESSORY_INPUT_FAULT: .fault
    default: nil
    }
  }

  /// The status of an input's verdict.
  static func status(_ result: AccessoryInputResult) -> ranging_status_t {
    switch result {
    case .applied: CAPIStatus.ok
    case .ignored: CAPIStatus.inputIgnored
    case .noFreeSession: CAPIStatus.noFreeSession
    case .unknownObject: CAPIStatus.unknownObject
    }
  }

  /// The C form of an action, caused by a call at `time`.
  static func action(_ action: AccessoryAction, at time: Int64, engineApplied: Bool) -> ranging_accessory_action_t {
    var out = ranging_accessory_action_t()
    out.time_us = time
    out.object_id = action.object
    out.session = UInt32(truncatingIfNeeded: action.session)
    let kind: Int
    switch action.kind {
    case .sendConfiguration(let rate, let attempt):
      kind = RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION
      out.rate = code(rate)
      out.attempt = UInt32(truncatingIfNeeded: attempt)
    case .startRanging(let rate):
      kind = RANGING_ACCESSORY_ACTION_START_RANGING
      out.rate = code(rate)
    case .stopRanging:
      kind = RANGING_ACCESSORY_ACTION_STOP_RANGING
    case .feedEngine(let event):
      kind = RANGING_ACCESSORY_ACTION_FEED_ENGINE
      out.lifecycle = CAPIStatus.lifecycleCode(event)
      out.engine_applied = engineApplied
    case .giveUp:
      kind = RANGING_ACCESSORY_ACTION_GIVE_UP
    }
    out.kind = ranging_accessory_action_kind_t(kind)
    return out
  }

  static func code(_ state: AccessorySessionState) -> ranging_accessory_state_t {
    let value = switch state {
    case .idle: RANGING_ACCESSORY_STATE_IDLE
    case .configurationSent: RANGING_ACCESSORY_STATE_CONFIGURATION_SENT
    case .ranging: RANGING_ACCESSORY_STATE_RANGING
    case .stopped: RANGING_ACCESSORY_STATE_STOPPED
    }
    return ranging_accessory_state_t(value)
  }

  static func code(_ reason: AccessoryStopReason) -> ranging_accessory_stop_reason_t {
    let value = switch reason {
    case .peerRequested: RANGING_ACCESSORY_STOP_PEER_REQUESTED
    case .rangingTimedOut: RANGING_ACCESSORY_STOP_RANGING_TIMED_OUT
    case .gaveUp: RANGING_ACCESSORY_STOP_GAVE_UP
    }
    return ranging_accessory_stop_reason_t(value)
  }

  /// `ranging_accessory_error_kind_name`.
  static func name(of kind: ranging_accessory_error_kind_t) -> StaticString {
    switch Int(kind) {
    case RANGING_ACCESSORY_ERROR_TRUNCATED: "truncated"
    case RANGING_ACCESSORY_ERROR_UNSUPPORTED_VERSION: "unsupported_version"
    case RANGING_ACCESSORY_ERROR_RESERVED_UPDATE_RATE: "reserved_update_rate"
    case RANGING_ACCESSORY_ERROR_NON_ZERO_RESERVED: "non_zero_reserved"
    case RANGING_ACCESSORY_ERROR_LENGTH_PAST_END: "length_past_end"
    case RANGING_ACCESSORY_ERROR_TRAILING_BYTES: "trailing_bytes"
    default: "unknown"
    }
  }

  /// `ranging_accessory_action_name`.
  static func name(ofAction kind: ranging_accessory_action_kind_t) -> StaticString {
    switch Int(kind) {
    case RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION: "send_configuration"
    case RANGING_ACCESSORY_ACTION_START_RANGING: "start_ranging"
    case RANGING_ACCESSORY_ACTION_STOP_RANGING: "stop_ranging"
    case RANGING_ACCESSORY_ACTION_FEED_ENGINE: "feed_engine"
    case RANGING_ACCESSORY_ACTION_GIVE_UP: "give_up"
    default: "unknown"
    }
  }
}
