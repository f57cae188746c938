// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingReplay

extension Replayer {
  /// A new ``TrackSmoother`` with the pipeline's range filter model and
  /// object table, for this replayer's states: the caller's observer returns
  /// true from `observesRangeSteps` and hands each `rangeStep(_:)` to
  /// ``TrackSmoother/record(_:)``, and the caller calls
  /// ``TrackSmoother/finish()`` after `run(_:observer:)`.
  ///
  /// - Parameter onSmoothed: receives each state, smoothed (see ``TrackSmoother``).
  /// - Returns: the smoother.
  public func smoothingStates(_ onSmoothed: @escaping (Double, String, TrackState) -> Void) -> TrackSmoother {
    let tracker = pipeline.tracker
    let smoother = TrackSmoother(
      accelerationSpectralDensity: tracker.configuration.rangeFilter.accelerationSpectralDensity, onSmoothed: onSmoothed)
    smoother.decisionInitialRateSigma = tracker.configuration.rangeFilter.initialRateSigmaMetersPerSecond
    smoother.isTracked = { tracker.slot(of: $0) != nil }
    smoother.sweepThreshold = Swift.max(smoother.sweepThreshold, 2 * tracker.capacity)
    return smoother
  }
}
