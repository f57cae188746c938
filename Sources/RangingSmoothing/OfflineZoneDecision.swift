// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The distance the offline zones decide on: the live zone decision's own
/// filter (`ZoneDecisionSmoother`) run forward over an object's rows from its
/// first reading until the engine stops tracking it, then smoothed backward
/// with the Rauch-Tung-Striebel equations (Rauch, Tung & Striebel, "Maximum
/// likelihood estimates of linear dynamic systems", AIAA Journal 3(8), 1965;
/// Särkkä 2013, §8.2, eq. 8.6; `GSL+RauchTungStriebel.swift`).
///
/// The forward pass is the live decision's filter: the textbook
/// constant-velocity filter (q 0.3 m²/s³) with a measurement variance of at
/// least 0.15² m² (the object's measured σ̂² when larger), fed every reading
/// the estimate fused and, of those it rejected, the ones within
/// ``gateSigmas`` (4) of the decision's own sigmas, where the live decision
/// takes 3.5. Unlike the live decision it runs on through a
/// restart of the estimate (the reading the estimate restarted at is judged
/// by the decision's own gate, as a rejected one), forward and backward:
/// offline, a jump the estimate gave up on after half a second is judged with
/// the readings on both sides of it. Restarting the decision there, or
/// ending its backward pass there, cost the INRoL recordings 38 and 15 false
/// events at their own rate (112 and 89 against 74 with the live gate;
/// Tuning.md, "The offline decision"). So the
/// engine's robust rules (its gate against spikes, its restarts) choose the
/// readings, and the smoothing the zones need decides on them, with the
/// readings after each row as well as before it. Chosen by the worst fold
/// (Tuning.md, "The offline decision").
enum OfflineZoneDecision {
  /// The gate, in sigmas of the decision's own innovation, for a reading the
  /// estimate rejected: 4, where the live decision takes 3.5
  /// (`ZoneDecisionSmoother.gateSigmas`). Chosen by the worst fold (Tuning.md,
  /// "The offline decision"): at 3.5 `inrol-model-test` at 5 Hz trails the
  /// offline textbook peer (0.744 / 22 against 0.749 / 20); from 4 to 5 no
  /// recording or fold trails it at any rate, and 4 keeps the most of INRoL's
  /// gain at its own rate and 20 Hz; from 6 the gain on Hanyang at 5 Hz is gone
  /// (a long spike passes the gate), and with no gate Hanyang at 5 Hz trails.
  static let gateSigmas = 4.0

  /// What the decision does with one row's reading.
  enum Input: Equatable {
    /// Starts the decision at this distance (the estimate's first reading of the object).
    case start(Double)
    /// The estimate restarted at this distance: a start if the decision has
    /// not started, else judged by its gate.
    case restart(Double)
    /// Fuses this distance (the estimate fused it).
    case fuse(Double)
    /// Fuses this distance if it lies within the decision's gate (the estimate rejected it).
    case gated(Double)
    /// No reading: the decision predicts to the row's time.
    case predict

    /// The input for a step of the live filter with this outcome and measured distance.
    init(outcome: UpdateOutcome?, measuredMeters: Double?) {
      guard let outcome, let z = measuredMeters, z.isFinite else {
        self = .predict
        return
      }
      switch outcome {
      case .initialized: self = .start(z)
      case .reset: self = .restart(z)
      case .fused: self = .fuse(z)
      case .rejected: self = .gated(z)
      }
    }

    /// The same reading weighed as a rejected one (gated), or `.predict`.
    var gated: Input {
      switch self {
      case .start(let z), .restart(let z), .fuse(let z), .gated(let z): .gated(z)
      case .predict: .predict
      }
    }
  }

  /// The smoothed decision distance of each row of one object's life, metres (≥ 0), or
  /// nil for the rows before the decision's first reading.
  ///
  /// - Parameters:
  ///   - rows: the life's rows in order: time (not decreasing), input, and the
  ///     object's measured noise σ̂ at that row (metres; not finite counts as 0).
  ///   - initialRateSigma: the rate sigma a start assumes, m/s.
  /// - Returns: one value per row. Where the backward pass fails (a covariance
  ///   not positive definite; or a build without GSL), the forward decision.
  /// - Complexity: O(rows).
  static func smoothedDistances(
    _ rows: [(time: Timestamp, input: Input, measurementSigma: Double)], initialRateSigma: Double
  ) -> [Double?] {
    var decision = ZoneDecisionSmoother()
    var started = false
    var lastTime: Timestamp? = nil
    var points: [RangeTrackPoint] = []
    var pointOfRow: [Int?] = []
    points.reserveCapacity(rows.count)
    pointOfRow.reserveCapacity(rows.count)
    for row in rows {
      let sigma = row.measurementSigma.isFinite ? row.measurementSigma : 0
      let variance = sigma * sigma
      let dt = lastTime.map { Swift.max(0, row.time.seconds(since: $0)) } ?? 0
      switch row.input {
      case .start(let z):
        decision.start(at: z, measuredVariance: variance, initialRateSigma: initialRateSigma)
        started = true
      case .fuse(let z) where !started, .restart(let z) where !started:
        decision.start(at: z, measuredVariance: variance, initialRateSigma: initialRateSigma)
        started = true
      case .fuse(let z):
        decision.predict(dt: dt)
        decision.fuse(z, measuredVariance: variance)
      case .gated(let z), .restart(let z):
        if started {
          decision.predict(dt: dt)
          decision.fuseWithinGate(z, measuredVariance: variance, gate: Self.gateSigmas)
        }
      case .predict:
        if started { decision.predict(dt: dt) }
      }
      if started { lastTime = row.time }
      guard started, decision.distanceMeters.isFinite else {
        pointOfRow.append(nil)
        continue
      }
      let state = decision.state
      pointOfRow.append(points.count)
      points.append(RangeTrackPoint(
        time: row.time, distanceMeters: state.distanceMeters, rateMetersPerSecond: state.rateMetersPerSecond,
        covariance: RangeCovariance(
          distanceVarianceMetersSquared: state.p00, distanceRateCovarianceMetersSquaredPerSecond: state.p01,
          rateVarianceMetersSquaredPerSecondSquared: state.p11)))
    }
    var smoothed = points
    if !points.isEmpty, case .success(let backward) = RauchTungStriebel.smooth(
      points, accelerationSpectralDensity: ZoneDecisionSmoother.accelerationSpectralDensity)
    {
      smoothed = backward
    }
    return pointOfRow.map { index in index.map { Swift.max(0, smoothed[$0].distanceMeters) } }
  }
}
