// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEngineCAPI
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingReplayThreads
import ZoneMonitor
import _RangingReplayCHeader

/// What a replay reached from C writes as it goes: each event, as text
/// through the writer of its format and as a record at full precision; each
/// filtered state (when asked for) as a record, and as text when the
/// filtered track is asked for; and every rejected row. All of it into memory, but for the
/// events and the filtered track when they are written to files
/// (`--events PATH`, `--filtered PATH`), whose records are then not kept. The command line's `ReplayOutputs` with the listing
/// for people replaced by ``RejectedRowsWriter``, which a program reads.
///
/// On several threads (`--jobs`), the same outputs as `ShardedReplayOutputs`:
/// each shard formats its events' and states' text and builds their records,
/// and the calling thread writes them in one replay's order, numbering the
/// objects there, so that the bytes and records are the same as on one thread.
final class MemoryReplayOutputs: ReplayObserver, ShardedReplayOutputs {
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
    recordEvent(Self.record(of: event), object: event.object, objectName: objectName)
  }

  func state(seconds: Double, object id: UInt64, objectName: String, _ state: TrackState) {
    filtered?.write(seconds: seconds, objectName: objectName, state: state)
    guard stateRecords != nil else { return }
    recordState(Self.record(seconds: seconds, state), object: id, objectName: objectName)
  }

  /// An event's record, but for its object's index (set in order, by ``recordEvent(_:object:objectName:)``).
  private static func record(of event: ZoneEvent) -> ranging_replay_event_t {
    var record = ranging_replay_event_t()
    record.t = event.time.seconds
    record.distance_m = event.distanceMeters
    record.sigma_m = event.sigmaMeters
    record.zone = UInt32(event.zone)
    record.kind = event.kind == .enter ? 0 : 1
    record.reason = CAPIStatus.exitReason(event.reason)
    return record
  }

  /// A state's record, but for its object's index (set in order, by ``recordState(_:object:objectName:)``).
  private static func record(seconds: Double, _ state: TrackState) -> ranging_replay_state_t {
    var record = ranging_replay_state_t()
    record.t = seconds
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
    return record
  }

  /// Keeps an event's record, its object numbered in the order of the records.
  private func recordEvent(_ record: ranging_replay_event_t, object id: UInt64, objectName: String) {
    guard let eventRecords else { return }
    var record = record
    record.object = objectNames.index(of: id, name: objectName)
    eventRecords.append(record)
  }

  /// Keeps a state's record, its object numbered in the order of the records.
  private func recordState(_ record: ranging_replay_state_t, object id: UInt64, objectName: String) {
    guard let stateRecords else { return }
    var record = record
    record.object = objectNames.index(of: id, name: objectName)
    stateRecords.append(record)
  }

  // On several threads: each shard makes its events' and states' text and
  // records (only reading what is set at the start, so the shards may share
  // them), and the calling thread writes them in the replay's order.

  var writesStates: Bool { observesStates }

  func shardEvent(_ event: ZoneEvent, objectName: String) -> ShardEvent {
    ShardEvent(line: events.line(for: event, objectName: objectName), record: Self.record(of: event),
               object: event.object, objectName: objectName)
  }

  func shardState(seconds: Double, object id: UInt64, objectName: String, _ state: TrackState) -> ShardState {
    ShardState(
      line: filtered?.row(seconds: seconds, objectName: objectName, state: state),
      record: stateRecords != nil ? Self.record(seconds: seconds, state) : nil, object: id, objectName: objectName)
  }

  func write(event: ShardEvent) {
    events.output.write(line: event.line)
    recordEvent(event.record, object: event.object, objectName: event.objectName)
  }

  func write(state: ShardState) {
    if let line = state.line { filtered?.output.write(line: line) }
    if let record = state.record { recordState(record, object: state.object, objectName: state.objectName) }
  }

  /// An event as a shard made it: its line of text and its record, but for
  /// its object's index, and the object, to number it by.
  struct ShardEvent {
    var line: String
    var record: ranging_replay_event_t
    var object: UInt64
    var objectName: String
  }

  /// A state as a shard made it: its row of the filtered track (when it is
  /// written) and its record (when states are kept), as ``ShardEvent``.
  struct ShardState {
    var line: String?
    var record: ranging_replay_state_t?
    var object: UInt64
    var objectName: String
  }
}
