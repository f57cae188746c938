// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEngineCAPI
import RangingFormats
import RangingOutputs
import RangingReplay
import ZoneMonitor
import _RangingReplayCHeader

/// What a replay reached from C writes as it goes: each event, as text
/// through the writer of its format and as a record at full precision; each
/// filtered state (when asked for) as a record, and as text when the
/// filtered track is asked for; and every rejected row. All of it into memory, but for the
/// events and the filtered track when they are written to files
/// (`--events PATH`, `--filtered PATH`), whose records are then not kept. The command line's `ReplayOutputs` with the listing
/// for people replaced by ``RejectedRowsWriter``, which a program reads.
final class MemoryReplayOutputs: ReplayObserver {
  private let events: EventsWriter
  private let filtered: FilteredTrackWriter?
  private let rejected: RejectedRowsWriter
  /// Nil when the events go to a file only.
  let eventRecords: RecordBuffer<ranging_replay_event_t>?
  let stateRecords: RecordBuffer<ranging_replay_state_t>?
  /// The objects the records name, and their names' text.
  private(set) var objectNames = ObjectNameIndex()
  var eventCount: Int { eventRecords?.count ?? 0 }
  var stateCount: Int { stateRecords?.count ?? 0 }

  init(
    events: EventsWriter, filtered: FilteredTrackWriter?, rejected: RejectedRowsWriter,
    eventRecords: RecordBuffer<ranging_replay_event_t>?, stateRecords: RecordBuffer<ranging_replay_state_t>?
  ) {
    self.events = events
    self.filtered = filtered
    self.rejected = rejected
    self.eventRecords = eventRecords
    self.stateRecords = stateRecords
  }

  var observesStates: Bool { stateRecords != nil || filtered != nil }

  func rejected(_ rejection: RowRejection) { rejected.write(rejection) }

  func event(_ event: ZoneEvent, objectName: String) {
    events.write(event, objectName: objectName)
    guard let eventRecords else { return }
    var record = ranging_replay_event_t()
    record.t = event.time.seconds
    record.object = objectNames.index(of: event.object, name: objectName)
    record.distance_m = event.distanceMeters
    record.sigma_m = event.sigmaMeters
    record.zone = UInt32(event.zone)
    record.kind = event.kind == .enter ? 0 : 1
    record.reason = CAPIStatus.exitReason(event.reason)
    eventRecords.append(record)
  }

  func state(seconds: Double, object id: UInt64, objectName: String, _ state: TrackState) {
    filtered?.write(seconds: seconds, objectName: objectName, state: state)
    guard let stateRecords else { return }
    var record = ranging_replay_state_t()
    record.t = seconds
    record.object = objectNames.index(of: id, name: objectName)
    record.distance_m = state.range.distanceMeters
    record.sigma_m = state.range.sigmaMeters
    record.rate_m_per_s = state.range.rateMetersPerSecond
    // As the filtered track writes it: a direction whenever the state has one.
    let direction = state.direction
    record.direction = (direction?.x ?? .nan, direction?.y ?? .nan, direction?.z ?? .nan)
    record.direction_sigma_rad = state.directionSigmaRadians
    record.nlos_probability = state.range.nonLineOfSightProbability
    record.direction_state = CAPIStatus.directionState(state.directionState)
    record.is_confirmed = state.isConfirmed ? 1 : 0
    stateRecords.append(record)
  }
}
