// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingSmoothing
import ZoneMonitor

/// What `rangectl replay` on one thread writes as the replay goes (the sinks of
/// its `ReplayJob`; on several threads, only the listing): each event
/// to the events output (flushed at once on live input, so that it leaves
/// with its row), each rejected row to the listing, and each filtered state
/// to the filtered track, straight or through the offline smoother. With the
/// smoother, the events written are the offline ones (`OfflineZoneEvents`,
/// marked `"offline":true`), decided on the smoothed track as each run ends.
final class ReplayOutputs: ReplayObserver {
  private let events: EventsWriter
  private let rejections: RejectionListing
  private let filtered: FilteredTrackWriter?
  private let flushesEachEvent: Bool
  /// With `--smooth`: takes the distance filter's steps and writes the smoothed states.
  let smoother: TrackSmoother?
  /// With `--smooth`: the zones decided on the smoothed states.
  let offline: OfflineZoneEvents?

  init<Backend>(
    events: EventsWriter, rejections: RejectionListing, filtered: FilteredTrackWriter?, smoothedFrom replayer: Replayer<Backend>?,
    flushesEachEvent: Bool
  ) {
    self.events = events
    self.rejections = rejections
    self.filtered = filtered
    self.flushesEachEvent = flushesEachEvent
    guard let replayer else {
      smoother = nil
      offline = nil
      return
    }
    let offline = OfflineZoneEvents(zones: replayer.pipeline.monitor.zones)
    self.offline = offline
    smoother = replayer.smoothingStates { seconds, name, state in
      filtered?.write(seconds: seconds, objectName: name, state: state)
      offline.state(objectName: name, state) { event, name in events.write(event, objectName: name, offline: true) }
    }
  }

  /// Ends the smoothing: every open run is smoothed and written, with its offline events.
  func rowsEnded() {
    smoother?.finish()
    offline?.finish { event, name in events.write(event, objectName: name, offline: true) }
  }

  var observesStates: Bool { filtered != nil && smoother == nil }
  var observesRangeSteps: Bool { smoother != nil }

  func rejected(_ rejection: RowRejection) { rejections.list(rejection) }

  func event(_ event: ZoneEvent, objectName: String) {
    // Offline, the events are decided on the smoothed track (and exit commands, below), not live.
    if offline != nil { return }
    events.write(event, objectName: objectName)
    if flushesEachEvent { try? events.output.flush() }  // a failure is kept, and thrown by close()
  }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
    filtered?.write(seconds: seconds, objectName: objectName, state: state)
  }

  func rangeStep(_ step: RangeStep) { smoother?.record(step) }

  func exitCommand(objectName: String, at time: Timestamp, reason: ExitReason) {
    offline?.exitCommand(objectName: objectName, at: time, reason: reason)
  }
}
