// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The distance `s` a ``BaselineMethod`` thresholds, for one object: the
/// method's smoothing state between updates.
///
/// Every method starts afresh on its first distance and after ``reset()``
/// (a life-cycle row): `raw` has no state; `ema` restarts with `s_1 = d_1`;
/// `cv-kalman` re-initialises with `x = [d, 0]`, `P0 = diag(R, 1)`;
/// `median3` empties its window.
struct BaselineSmoother: Sendable {
  private enum State: Sendable {
    case raw
    /// The average so far, or nil before the first update or after a reset.
    case exponentialAverage(alpha: Double, average: Double?)
    /// The filter, or nil before the first update or after a reset.
    case constantVelocityKalman(ConstantVelocityKalman.Parameters, ConstantVelocityKalman?)
    case movingMedian(MovingMedian)
  }
  private var state: State

  init(method: BaselineMethod) {
    switch method {
    case .raw: state = .raw
    case .exponentialAverage(let alpha): state = .exponentialAverage(alpha: alpha, average: nil)
    case .constantVelocityKalman(let parameters): state = .constantVelocityKalman(parameters, nil)
    // The offline peer is smoothed run by run (SmoothedBaselineTrack); a causal
    // smoother of it is its forward pass.
    case .smoothedConstantVelocityKalman(let parameters): state = .constantVelocityKalman(parameters, nil)
    case .movingMedian(let count): state = .movingMedian(MovingMedian(count: count))
    }
  }

  /// The method's distance after the measured `distanceMeters` at `time`
  /// (not before the previous update's time), metres.
  mutating func next(time: Timestamp, distanceMeters d: Double) -> Double {
    switch state {
    case .raw:
      return d
    case .exponentialAverage(let alpha, let previous):
      // s_1 = d_1;  s_k = alpha · d_k + (1 - alpha) · s_(k-1)
      let s = previous.map { alpha * d + (1 - alpha) * $0 } ?? d
      state = .exponentialAverage(alpha: alpha, average: s)
      return s
    case .constantVelocityKalman(let parameters, var filter?):
      let s = filter.update(time: time, distanceMeters: d)
      state = .constantVelocityKalman(parameters, filter)
      return s
    case .constantVelocityKalman(let parameters, nil):
      let filter = ConstantVelocityKalman(distanceMeters: d, time: time, parameters: parameters)
      state = .constantVelocityKalman(parameters, filter)
      return filter.distanceMeters
    case .movingMedian(var median):
      let s = median.add(d)
      state = .movingMedian(median)
      return s
    }
  }

  /// Forgets the history: the next distance starts the method afresh.
  mutating func reset() {
    switch state {
    case .raw: break
    case .exponentialAverage(let alpha, _): state = .exponentialAverage(alpha: alpha, average: nil)
    case .constantVelocityKalman(let parameters, _): state = .constantVelocityKalman(parameters, nil)
    case .movingMedian(var median):
      median.reset()
      state = .movingMedian(median)
    }
  }
}
