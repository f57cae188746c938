// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import ZoneMonitor

/// What a replay hands out as it goes (``Replayer/run(_:observer:)``): rejected
/// rows, zone events, filtered states, the distance filter's steps, and the
/// rows with their truth. Each method has a default that ignores its output.
///
/// A filtered state costs the replay the object's name, a step its
/// covariance, and a record the conversion of its truth, so each is handed
/// out only when its `observes…` property says so: an observer that
/// implements ``state(seconds:object:objectName:_:)`` also returns true from
/// ``observesStates``, and likewise for the others.
///
/// Called on the replay's thread, in the order of ``Replayer``'s documentation:
/// a row's record before anything the engine does with it.
public protocol ReplayObserver: AnyObject {
  /// Whether ``state(seconds:object:objectName:_:)`` is wanted. Default false.
  var observesStates: Bool { get }
  /// Whether ``rangeStep(_:)`` is wanted. Default false.
  var observesRangeSteps: Bool { get }
  /// Whether ``record(_:)`` is wanted; until then truth is not even converted. Default false.
  var observesRecords: Bool { get }
  /// A rejected row, with file, line, field and reason.
  func rejected(_ rejection: RowRejection)
  /// A zone event, with the object's name.
  func event(_ event: ZoneEvent, objectName: String)
  /// An accepted measurement's filtered state, with the input's time in
  /// seconds, the object's id (its ``ObjectNames`` id, which a name gets
  /// anew when an entry is reused: an observer may index objects by it
  /// rather than hash their names) and the object's name.
  func state(seconds: Double, object id: UInt64, objectName: String, _ state: TrackState)
  /// An accepted measurement with what the distance filter did and its
  /// covariance, for an offline smoother (`TrackSmoother` in RangingSmoothing).
  /// After ``state(seconds:object:objectName:_:)``.
  func rangeStep(_ step: RangeStep)
  /// Every exit command of the replay's object table (a lost check, a
  /// removal, a suspension, an invalidation, an eviction) for the object it
  /// concerns, whether or not the object was inside a zone: ``event(_:objectName:)``
  /// hands out an exit only for a zone the live engine held, and an offline
  /// decision (`OfflineZoneEvents` in RangingSmoothing) may hold zones that
  /// the live one did not. Handed out with the range steps, so only when
  /// ``observesRangeSteps`` is true, before the live exits it makes.
  func exitCommand(objectName: String, at time: Timestamp, reason: ExitReason)
  /// A measurement or life-cycle row with its ground truth, before the engine
  /// sees it: for evaluation, which scores the engine's output against the
  /// truth of the same row. Rejected and pose-only rows are not handed out
  /// (``rejected(_:)`` has the rejected ones). The measurement is the row's
  /// own, before `Replayer.objectCalibrations`.
  func record(_ record: DatasetRecord)
  /// The rows ended without an error, and the outputs are still open: what
  /// is held until the end (an offline smoother's open runs) is written now.
  /// A replay job (`ReplayJob`) calls it; `Replayer` itself does not.
  func rowsEnded()
}

extension ReplayObserver {
  public var observesStates: Bool { false }
  public var observesRangeSteps: Bool { false }
  public var observesRecords: Bool { false }
  public func rejected(_ rejection: RowRejection) {}
  public func event(_ event: ZoneEvent, objectName: String) {}
  public func state(seconds: Double, object id: UInt64, objectName: String, _ state: TrackState) {}
  public func rangeStep(_ step: RangeStep) {}
  public func exitCommand(objectName: String, at time: Timestamp, reason: ExitReason) {}
  public func record(_ record: DatasetRecord) {}
  public func rowsEnded() {}
}
