// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import RangingSmoothing
import ZoneMonitor

/// What `rangectl replay` on one thread writes as the replay goes: each event
/// to the events output (flushed at once on live input, so that it leaves
/// with its row), each rejected row to the listing, and each filtered state
/// to the filtered track, straight or through the offline smoother.
final class ReplayOutputs: ReplayObserver {
  private let events: EventsWriter
  private let rejections: RejectionListing
  private let filtered: FilteredTrackWriter?
  private let flushesEachEvent: Bool
  /// With `--smooth`: takes the distance filter's steps and writes the smoothed states.
  let smoother: TrackSmoother?

  init<Backend>(
    events: EventsWriter, rejections: RejectionListing, filtered: FilteredTrackWriter?, smoothedFrom replayer: Replayer<Backend>?,
    flushesEachEvent: Bool
  ) {
    self.events = events
    self.rejections = rejections
    self.filtered = filtered
    self.flushesEachEvent = flushesEachEvent
    smoother = filtered.flatMap { writer in
      replayer?.smoothingStates { seconds, name, state in writer.write(seconds: seconds, objectName: name, state: state) }
    }
  }

  var observesStates: Bool { filtered != nil && smoother == nil }
  var observesRangeSteps: Bool { smoother != nil }

  func rejected(_ rejection: RowRejection) { rejections.list(rejection) }

  func event(_ event: ZoneEvent, objectName: String, place: ReplayEventPlace) {
    events.write(event, objectName: objectName)
    if flushesEachEvent { try? events.output.flush() }  // a failure is kept, and thrown by close()
  }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
    filtered?.write(seconds: seconds, objectName: objectName, state: state)
  }

  func rangeStep(_ step: RangeStep) { smoother?.record(step) }
}
