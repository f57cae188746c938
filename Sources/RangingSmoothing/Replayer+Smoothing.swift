// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingReplay

extension Replayer {
  /// Makes this replayer hand its states to a new ``TrackSmoother`` with the
  /// pipeline's range filter model; the caller calls ``TrackSmoother/finish()``
  /// after `run(_:)`.
  ///
  /// - Parameter onSmoothed: receives each state, smoothed (see ``TrackSmoother``).
  /// - Returns: the smoother.
  public mutating func smoothingStates(_ onSmoothed: @escaping (Double, String, TrackState) -> Void) -> TrackSmoother {
    let tracker = pipeline.tracker
    let smoother = TrackSmoother(
      accelerationSpectralDensity: tracker.configuration.rangeFilter.accelerationSpectralDensity, onSmoothed: onSmoothed)
    smoother.isTracked = { tracker.slot(of: $0) != nil }
    smoother.sweepThreshold = Swift.max(smoother.sweepThreshold, 2 * tracker.capacity)
    onRangeStep = smoother.record
    return smoother
  }
}
