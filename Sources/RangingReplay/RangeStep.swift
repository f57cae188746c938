// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// One accepted measurement of a replay as an offline smoother needs it
/// (``ReplayObserver/rangeStep(_:)``): the filtered state, what the distance filter
/// did with the measurement, and the full covariance of its state.
public struct RangeStep: Sendable {
  /// The input's time, seconds.
  public var seconds: Double
  /// The object's name from the input.
  public var objectName: String
  /// The replay's id of the object (the key of the engine's object table).
  public var object: UInt64
  /// The filtered state after the update, as ``ReplayObserver/state(seconds:object:objectName:_:)`` hands it out.
  public var state: TrackState
  /// What the distance measurement did; nil when the row had no distance.
  public var outcome: UpdateOutcome?
  /// The covariance of the distance filter's state after the update;
  /// meaningless when `state.range.distanceMeters` is not finite.
  public var covariance: RangeCovariance
  /// The distance filter's own state after the update, which ``covariance``
  /// describes (`ObjectTracker.rangeFilterState(inSlot:)`): the reported
  /// `state.range` except while the zone decision's distance is reported
  /// (Tuning.md, "The reported track"). An offline smoother runs over this.
  public var filterDistanceMeters: Double, filterRateMetersPerSecond: Double
  /// Whether the filter undid its previous fusion before fusing this
  /// measurement (`FilterHealth.undidPreviousFusion`): the previous step's
  /// state is then not on the filter's path, which ran from the step before it.
  public var undidPreviousFusion: Bool
  /// The distance the filter was given (after any calibration), metres; nil
  /// when the row had none. An offline zone decision runs its own filter on it.
  public var measuredMeters: Double?

  public init(
    seconds: Double, objectName: String, object: UInt64, state: TrackState, outcome: UpdateOutcome?,
    covariance: RangeCovariance, filterState: (distanceMeters: Double, rateMetersPerSecond: Double)? = nil,
    undidPreviousFusion: Bool = false, measuredMeters: Double? = nil
  ) {
    // Without the filter's own state, the reported one (the same but while the decision's is reported).
    let filterState = filterState ?? (state.range.distanceMeters, state.range.rateMetersPerSecond)
    filterDistanceMeters = filterState.distanceMeters
    filterRateMetersPerSecond = filterState.rateMetersPerSecond
    self.undidPreviousFusion = undidPreviousFusion
    self.measuredMeters = measuredMeters
    self.seconds = seconds
    self.objectName = objectName
    self.object = object
    self.state = state
    self.outcome = outcome
    self.covariance = covariance
  }

  /// Whether this step starts a new run of the distance filter (its first
  /// distance, or a restart): the state before it is not its prior.
  public var startsSegment: Bool {
    switch outcome {
    case .initialized, .reset: true
    case .fused, .rejected, nil: false
    }
  }
}
