// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

/// Conversions between the engine's enumerations and the header's, and the
/// names the header promises. Every switch is exhaustive on the Swift side,
/// so a new case in the core fails to compile here until the header has it.
package enum CAPIStatus {
  /// A status constant of the header (imported as `Int`) as a `ranging_status_t`.
  @inline(__always)
  static func code(_ value: Int) -> ranging_status_t { ranging_status_t(value) }

  static var ok: ranging_status_t { code(RANGING_OK) }
  static var nullArgument: ranging_status_t { code(RANGING_ERROR_NULL_ARGUMENT) }
  static var invalidConfig: ranging_status_t { code(RANGING_ERROR_INVALID_CONFIG) }
  static var invalidArgument: ranging_status_t { code(RANGING_ERROR_INVALID_ARGUMENT) }
  static var unknownObject: ranging_status_t { code(RANGING_ERROR_UNKNOWN_OBJECT) }
  static var eventsDropped: ranging_status_t { code(RANGING_ERROR_EVENTS_DROPPED) }
  static var bufferTooSmall: ranging_status_t { code(RANGING_ERROR_BUFFER_TOO_SMALL) }
  static var dataTooLong: ranging_status_t { code(RANGING_ERROR_DATA_TOO_LONG) }
  static var actionsDropped: ranging_status_t { code(RANGING_ERROR_ACTIONS_DROPPED) }
  static var noFreeSession: ranging_status_t { code(RANGING_ERROR_NO_FREE_SESSION) }
  static var calibrationTableFull: ranging_status_t { code(RANGING_ERROR_CALIBRATION_TABLE_FULL) }
  static var malformedMessage: ranging_status_t { code(RANGING_REJECTED_MALFORMED_MESSAGE) }
  static var emptyMessage: ranging_status_t { code(RANGING_REJECTED_EMPTY_MESSAGE) }
  static var messageTooLong: ranging_status_t { code(RANGING_REJECTED_MESSAGE_TOO_LONG) }
  static var inputIgnored: ranging_status_t { code(RANGING_REJECTED_INPUT_IGNORED) }

  /// The status of an update rejected for `reason`.
  static func rejection(_ reason: RejectionReason) -> ranging_status_t {
    switch reason {
    case .timeWentBackwards: code(RANGING_REJECTED_TIME_WENT_BACKWARDS)
    case .nonFiniteDistance: code(RANGING_REJECTED_NON_FINITE_DISTANCE)
    case .negativeDistance: code(RANGING_REJECTED_NEGATIVE_DISTANCE)
    case .nonFiniteDirection: code(RANGING_REJECTED_NON_FINITE_DIRECTION)
    case .directionNotUnit: code(RANGING_REJECTED_DIRECTION_NOT_UNIT)
    case .noMeasurement: code(RANGING_REJECTED_NO_MEASUREMENT)
    case .distanceOutOfRange: code(RANGING_REJECTED_DISTANCE_OUT_OF_RANGE)
    case .nonFinitePose: code(RANGING_REJECTED_NON_FINITE_POSE)
    case .poseNotUnit: code(RANGING_REJECTED_POSE_NOT_UNIT)
    case .horizontalAngleOutOfRange: code(RANGING_REJECTED_HORIZONTAL_ANGLE_OUT_OF_RANGE)
    // The C API has no floating-point time, so this cannot occur; map it to the nearest documented code.
    case .nonFiniteTime: code(RANGING_REJECTED_TIME_WENT_BACKWARDS)
    }
  }

  /// The core's life-cycle event for a C value, or nil for an undefined one.
  static func lifecycle(_ event: ranging_lifecycle_t) -> LifecycleEvent? {
    switch Int(event) {
    case RANGING_LIFECYCLE_REMOVED_TIMEOUT: .removedTimeout
    case RANGING_LIFECYCLE_REMOVED_PEER_ENDED: .removedPeerEnded
    case RANGING_LIFECYCLE_SUSPENDED: .suspended
    case RANGING_LIFECYCLE_SUSPENSION_ENDED: .suspensionEnded
    case RANGING_LIFECYCLE_INVALIDATED: .invalidated
    default: nil
    }
  }

  /// The C value of a core life-cycle event (the inverse of ``lifecycle(_:)``).
  package static func lifecycleCode(_ event: LifecycleEvent) -> ranging_lifecycle_t {
    let value = switch event {
    case .removedTimeout: RANGING_LIFECYCLE_REMOVED_TIMEOUT
    case .removedPeerEnded: RANGING_LIFECYCLE_REMOVED_PEER_ENDED
    case .suspended: RANGING_LIFECYCLE_SUSPENDED
    case .suspensionEnded: RANGING_LIFECYCLE_SUSPENSION_ENDED
    case .invalidated: RANGING_LIFECYCLE_INVALIDATED
    }
    return ranging_lifecycle_t(value)
  }

  package static func exitReason(_ reason: ExitReason?) -> ranging_exit_reason_t {
    let value = switch reason {
    case nil: RANGING_EXIT_MEASURED
    case .lost: RANGING_EXIT_LOST
    case .removedTimeout: RANGING_EXIT_REMOVED_TIMEOUT
    case .removedPeerEnded: RANGING_EXIT_REMOVED_PEER_ENDED
    case .suspended: RANGING_EXIT_SUSPENDED
    case .invalidated: RANGING_EXIT_INVALIDATED
    case .evicted: RANGING_EXIT_EVICTED
    }
    return ranging_exit_reason_t(value)
  }

  package static func directionState(_ state: DirectionState) -> ranging_direction_state_t {
    let value = switch state {
    case .measured: RANGING_DIRECTION_MEASURED
    case .predicted: RANGING_DIRECTION_PREDICTED
    case .unknown: RANGING_DIRECTION_UNKNOWN
    }
    return ranging_direction_state_t(value)
  }

  /// The state whose ``directionState(_:)`` code is `code`, or nil for none.
  package static func directionState(code: ranging_direction_state_t) -> DirectionState? {
    [DirectionState.measured, .predicted, .unknown].first { directionState($0) == code }
  }

  /// `ranging_status_name`: snake_case, as ``RejectionReason/name`` for rejections.
  static func name(of status: ranging_status_t) -> StaticString {
    switch Int(status) {
    case RANGING_OK: "ok"
    case RANGING_ERROR_NULL_ARGUMENT: "null_argument"
    case RANGING_ERROR_INVALID_CONFIG: "invalid_config"
    case RANGING_ERROR_INVALID_ARGUMENT: "invalid_argument"
    case RANGING_ERROR_UNKNOWN_OBJECT: "unknown_object"
    case RANGING_ERROR_EVENTS_DROPPED: "events_dropped"
    case RANGING_ERROR_BUFFER_TOO_SMALL: "buffer_too_small"
    case RANGING_ERROR_DATA_TOO_LONG: "data_too_long"
    case RANGING_ERROR_ACTIONS_DROPPED: "actions_dropped"
    case RANGING_ERROR_NO_FREE_SESSION: "no_free_session"
    case RANGING_ERROR_CALIBRATION_TABLE_FULL: "calibration_table_full"
    case RANGING_REJECTED_TIME_WENT_BACKWARDS: RejectionReason.timeWentBackwards.name
    case RANGING_REJECTED_NON_FINITE_DISTANCE: RejectionReason.nonFiniteDistance.name
    case RANGING_REJECTED_NEGATIVE_DISTANCE: RejectionReason.negativeDistance.name
    case RANGING_REJECTED_NON_FINITE_DIRECTION: RejectionReason.nonFiniteDirection.name
    case RANGING_REJECTED_DIRECTION_NOT_UNIT: RejectionReason.directionNotUnit.name
    case RANGING_REJECTED_NO_MEASUREMENT: RejectionReason.noMeasurement.name
    case RANGING_REJECTED_MALFORMED_MESSAGE: "malformed_message"
    case RANGING_REJECTED_EMPTY_MESSAGE: "empty_message"
    case RANGING_REJECTED_MESSAGE_TOO_LONG: "message_too_long"
    case RANGING_REJECTED_INPUT_IGNORED: "input_ignored"
    case RANGING_REJECTED_DISTANCE_OUT_OF_RANGE: RejectionReason.distanceOutOfRange.name
    case RANGING_REJECTED_NON_FINITE_POSE: RejectionReason.nonFinitePose.name
    case RANGING_REJECTED_POSE_NOT_UNIT: RejectionReason.poseNotUnit.name
    case RANGING_REJECTED_HORIZONTAL_ANGLE_OUT_OF_RANGE: RejectionReason.horizontalAngleOutOfRange.name
    default: "unknown"
    }
  }

  /// `ranging_exit_reason_name`: ``ExitReason/name``, "measured" for none.
  static func name(of reason: ranging_exit_reason_t) -> StaticString {
    switch Int(reason) {
    case RANGING_EXIT_MEASURED: "measured"
    case RANGING_EXIT_LOST: ExitReason.lost.name
    case RANGING_EXIT_REMOVED_TIMEOUT: ExitReason.removedTimeout.name
    case RANGING_EXIT_REMOVED_PEER_ENDED: ExitReason.removedPeerEnded.name
    case RANGING_EXIT_SUSPENDED: ExitReason.suspended.name
    case RANGING_EXIT_INVALIDATED: ExitReason.invalidated.name
    case RANGING_EXIT_EVICTED: ExitReason.evicted.name
    default: "unknown"
    }
  }

  /// A static string as `const char *`. Swift string literals are stored
  /// NUL-terminated, so the pointer is a C string that lives forever.
  package static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
