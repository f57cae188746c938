// SPDX-License-Identifier: Apache-2.0
/// The distance filter: a robust pre-filter, then a constant-velocity Kalman
/// filter on (distance, rate) with a variable time step, innovation gating
/// and a reset rule.
///
/// Model (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2, continuous white noise
/// acceleration, "CWNA"): state `x = [d, v]ᵀ`, for a step of `dt` seconds
///
///     F = [1 dt; 0 1]
///     Q = q [dt³/3 dt²/2; dt²/2 dt]       (q: acceleration spectral density, m²/s³)
///     H = [1 0],  R = r²                   (r: measurement sigma, m)
///
/// Gating (docs/CONVENTIONS.md §5): `testRatio = y² / (gate² S)`; a measurement with
/// `testRatio > 1` is not fused. Measurements longer than predicted use
/// `gateSigmas`, shorter ones `shortGateSigmas`: equal by default, a
/// setting for devices whose outliers are known to be one-sided (ranging
/// outliers are mostly long: multipath, bodies in the way). Both are as set
/// while the object's readings show outliers (``OutlierEvidence``) and
/// ``gateWideningWithoutOutliers`` times wider otherwise
/// (``RangeFilterConfiguration/gatesOnEvidence``): on a device with Gaussian
/// noise a narrow gate rejects motion, not errors. When at least two such
/// measurements in a row span `resetAfterSeconds` (or, if set, after
/// `resetAfterRejections` of them) the filter restarts from the latest one,
/// so a lasting jump (someone stepped around a wall) is followed within that
/// time, while shorter multipath bursts are ignored. A restart must be
/// confirmed like a new track.
///
/// A fusion can be undone. At low rates the gate is wide (2.7 m at 1 Hz
/// with `R` at its 0.15² floor there, since a walker may have moved that far), so a long outlier inside it is
/// fused and sets a rate of up to the rate limit; the correct measurement
/// after it then fails the gate. So when a measurement is rejected right
/// after a fusion whose test ratio exceeded ``undoTestRatio`` (an innovation
/// beyond half the gate) or that changed the rate by more than
/// ``plausibleRateChange``, and it passes the gate against the state from
/// before that fusion, predicted to its time, the filter returns to that
/// state and fuses it instead: the previous measurement was the outlier. The
/// update reports `.fused` with ``FilterHealth/undidPreviousFusion``. The
/// fusion that replaced it may be undone in turn, back to the same state and
/// by the same rule, so that a burst of two long readings is undone too; and
/// when two fusions in a row may each be undone, a rejection returns to the
/// state from before both (`StateBeforeFusion.keep(before:)`: two long
/// readings that agree with each other both fuse). This is a rollback of at
/// most two fusions, the depth-1 and depth-2 cases of deferring a decision
/// until the next measurement (Blackman 2004, "Multiple hypothesis tracking
/// for multiple target tracking", N-scan pruning); Tuning.md, "Undoing one
/// fusion" and "The reported track", has the measurements.
///
/// The linear algebra runs on `Backend` (``GSLKalmanBackend`` on hosts,
/// ``SwiftKalmanBackend`` in firmware); the algorithm is the same on both.
/// Each measurement is one call of the backend's
/// ``KalmanBackend/constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)``
/// with the gate and the d >= 0 constraint as closures, so that a fixed-size
/// backend keeps the state in registers through the whole step
/// (docs/PERFORMANCE.md). A filter owns its storage: create it once per track.
/// Nothing allocates after `init`.
public final class RangeFilter<Backend: KalmanBackend> {
  public let configuration: RangeFilterConfiguration
  // Internal rather than private, and @usableFromInline, so that `update` can be
  // @inlinable: specialised in the caller's module it is several times faster
  // (docs/PERFORMANCE.md). Exclusivity is unchecked because the class is used
  // from one thread and never lends these out; the checks cost more than the maths.
  @usableFromInline let backend: Backend
  @exclusivity(unchecked) @usableFromInline var prefilter: HampelFilter
  @exclusivity(unchecked) @usableFromInline var lastTime = Timestamp(microseconds: 0)
  @exclusivity(unchecked) @usableFromInline var consecutiveRejections = 0
  /// When the current run of rejections began (for ``RangeFilterConfiguration/resetAfterSeconds``).
  @exclusivity(unchecked) @usableFromInline var rejectionRunStart = Timestamp(microseconds: 0)
  /// The state before the latest fusion, while that fusion may still be undone
  /// (see `undoPreviousFusion`); `time` is nil when there is nothing to undo.
  @exclusivity(unchecked) @usableFromInline var beforeLastFusion = StateBeforeFusion()
  /// True once a measurement has set the state.
  @exclusivity(unchecked) public private(set) var isInitialized = false
  /// Measurements fused since the track (re)started.
  @exclusivity(unchecked) @usableFromInline var fusedSinceStart = 0
  /// When the track (re)started.
  @exclusivity(unchecked) @usableFromInline var startTime = Timestamp(microseconds: 0)
  /// True when the track's latest start was a restart (readings disagreed with it).
  @exclusivity(unchecked) @usableFromInline var startedByRestart = false
  /// How far the readings a restart started from lay from the old track's
  /// prediction, metres (0 after a first start); see ``ReportedRangeUncertainty``.
  @exclusivity(unchecked) @usableFromInline var restartDiscrepancy = 0.0
  /// The squared innovation of the latest reading when it was rejected,
  /// metres², until a reading is fused or the track restarts (0 otherwise);
  /// see ``ReportedRangeUncertainty``. An undo needs a fusion just before
  /// the rejection, so this is already 0 when one succeeds.
  @exclusivity(unchecked) @usableFromInline var rejectedSquaredDiscrepancy = 0.0
  /// The object's measurement noise, measured from its readings (``MeasurementNoiseEstimator``).
  @exclusivity(unchecked) @usableFromInline var noise: MeasurementNoiseEstimator
  /// The probability that the latest measurements came over a non-line-of-sight path.
  @exclusivity(unchecked) @usableFromInline var nonLineOfSight = NonLineOfSightDetector()
  /// The distance the zones decide on (``ZoneDecisionSmoother``), on the readings this filter fuses.
  @exclusivity(unchecked) @usableFromInline var decision = ZoneDecisionSmoother()
  /// Bits describing the last update; see ``FilterHealth``.
  public var health: FilterHealth { _health }
  @exclusivity(unchecked) @usableFromInline var _health = FilterHealth()

  public init(configuration: RangeFilterConfiguration = RangeFilterConfiguration()) {
    self.configuration = configuration
    backend = Backend(stateCount: 2, measurementCapacity: 1)
    prefilter = HampelFilter(configuration: configuration.prefilter)
    noise = MeasurementNoiseEstimator(priorSigmaMeters: configuration.measurementSigmaMeters)
    backend.storage.R[0] = configuration.measurementSigmaMeters * configuration.measurementSigmaMeters
  }

  /// The measurement sigma the filter uses now, metres: the object's measured
  /// noise (``MeasurementNoiseEstimator``), at least 0.15 m where its
  /// readings come 0.88 s apart or more
  /// (``ZoneDecisionSmoother/trustsMeasuredNoise(readingInterval:)``), or the configured
  /// ``RangeFilterConfiguration/measurementSigmaMeters`` when
  /// ``RangeFilterConfiguration/adaptsMeasurementNoise`` is off.
  @inlinable
  public var measurementSigmaMeters: Double { backend.storage.R[0].squareRoot() }

  /// The measured noise variance the zone decision may take, metres²: the
  /// filter's `R`, or 0 (the decision's floor alone) when `R` is the measured
  /// σ̂² and the readings come too far apart for σ̂ to be the device's noise
  /// (``ZoneDecisionSmoother/trustsMeasuredNoise(readingInterval:)``). A
  /// configured sigma (measured noise off) is the caller's word and is always taken.
  @inlinable
  var decisionMeasuredVariance: Double {
    decisionMeasuredVariance(
      trustingMeasuredNoise: ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: noise.readingIntervalSeconds))
  }

  /// ``decisionMeasuredVariance`` when whether σ̂ is trusted is known
  /// already (`update` asks once for the gates and the decision).
  @inlinable @inline(__always)
  func decisionMeasuredVariance(trustingMeasuredNoise trusts: Bool) -> Double {
    let r = backend.storage.R[0]
    guard configuration.adaptsMeasurementNoise else { return r }
    return trusts ? r : 0
  }

  /// Forgets the track; the next measurement initialises it.
  public func reset() {
    isInitialized = false
    consecutiveRejections = 0
    nonLineOfSight.reset()
    noise.reset()
    if configuration.adaptsMeasurementNoise {
      backend.storage.R[0] = configuration.measurementSigmaMeters * configuration.measurementSigmaMeters
    }
    prefilter.reset()
    _health = FilterHealth()
  }

  /// Whether zones may act on the track: from its first reading when the
  /// track starts afresh, and once it ``hasHeld`` after a restart. A first
  /// reading has nothing against it, and making it wait costs a whole update
  /// interval at 1-2 Hz (an enter one update later than the textbook filter's);
  /// a restart happens because readings disagreed with the track, which is
  /// the evidence that the new state may rest on an outlier (Tuning.md,
  /// "Measured noise").
  @inlinable
  public var isConfirmed: Bool { isInitialized && (!startedByRestart || hasHeld) }

  /// True once ``RangeFilterConfiguration/confirmationCount`` measurements
  /// have been fused since the track (re)started and it has lasted
  /// ``RangeFilterConfiguration/confirmationSeconds``. Until then the state
  /// rests on too little evidence (its rate especially) and a measurement
  /// outside the long gate restarts the track there.
  @inlinable
  public var hasHeld: Bool {
    isInitialized && fusedSinceStart >= configuration.confirmationCount
      && lastTime.seconds(since: startTime) >= configuration.confirmationSeconds
  }

  /// The time of the filter's state.
  @inlinable
  public var time: Timestamp { lastTime }

  /// Whether the reported distance and rate are the zone decision's
  /// (``ZoneDecisionSmoother``) instead of this filter's own: while the
  /// object's readings show outliers (``MeasurementNoiseEstimator/outliers``)
  /// and come close enough for σ̂ to be the device's noise
  /// (``ZoneDecisionSmoother/trustsMeasuredNoise(readingInterval:)``).
  ///
  /// Why: σ̂ measures only the jitter from one reading to the next. On a
  /// device whose readings show outliers the rest of the error lasts
  /// (multipath and antenna orientation on the INRoL rig: σ̂ 0.02-0.05 m
  /// against errors of 0.13-0.16 m RMS), and the decision's heavier
  /// smoothing (a sigma of at least 0.15 m) is the better estimate there:
  /// filtered RMSE 0.140 → 0.136 m on `inrol-model-test`, 0.129 → 0.127 m on
  /// `inrol-filter-env1`, at or below the textbook filter's at every rate
  /// from 2 Hz up, where this filter's own was 1-5 mm above it. On a device
  /// without outliers (the clean sweep's Gaussian noise) σ̂ is the whole
  /// error and this filter's track is the better one. At 1 Hz the decision
  /// fuses every reading as the textbook filter does, spikes included, and
  /// reporting it would double Hanyang's RMSE there, so it is not reported.
  /// The zone events do not change either way: they are the decision's.
  /// The reported sigma stays this filter's (with ``unmodelledVariance(at:)``):
  /// it covers the decision's distance as it did its own (INRoL: 86-90 % of
  /// rows within one sigma either way). Tuning.md, "The reported track".
  @inlinable
  var reportsDecision: Bool {
    configuration.adaptsMeasurementNoise && noise.outliers.isPresent
      && ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: noise.readingIntervalSeconds)
  }

  /// The current estimate (at ``time``): distance and rate this filter's, or
  /// the zone decision's while `reportsDecision`. Meaningless before ``isInitialized``.
  @inlinable
  public var estimate: RangeEstimate {
    let s = backend.storage
    let decides = reportsDecision
    return RangeEstimate(
      distanceMeters: decides ? decision.distanceMeters : s.x[0], sigmaMeters: s.P[0].squareRoot(),
      rateMetersPerSecond: decides ? decision.state.rateMetersPerSecond : s.x[1],
      nonLineOfSightProbability: nonLineOfSight.probability, measurementSigmaMeters: s.R[0].squareRoot(),
      decisionDistanceMeters: decision.distanceMeters)
  }

  /// The variance the filter's own `P00` leaves out at `time`, metres²: the
  /// non-line-of-sight, restart, undoable-fusion and rejected-reading terms of ``ReportedRangeUncertainty``
  /// (the device term is the tracker's, which knows the calibration).
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable
  public func unmodelledVariance(at time: Timestamp) -> Double {
    var variance = ReportedRangeUncertainty.nonLineOfSightVariance(probability: nonLineOfSight.probability)
    if restartDiscrepancy > 0 && time.seconds(since: startTime) < ReportedRangeUncertainty.restartSeconds {
      variance += restartDiscrepancy * restartDiscrepancy
    }
    // A rejected reading that the track may yet follow (a jump is followed
    // only after resetAfterSeconds): the object is at the prediction or near
    // that reading, the same even two-point mixture as below.
    variance += 0.25 * rejectedSquaredDiscrepancy
    // A fusion that may still be undone rests on one unverified reading: the state
    // lies either here or at the prediction without it, an even two-point mixture
    // whose variance is a quarter of the squared distance between them.
    if let savedTime = beforeLastFusion.time {
      let withoutIt = beforeLastFusion.x0 + lastTime.seconds(since: savedTime) * beforeLastFusion.x1
      let correction = backend.storage.x[0] - withoutIt
      variance += 0.25 * correction * correction
    }
    return variance
  }

  /// The estimate extrapolated to `time` without changing the filter:
  /// `d + v dt` (the decision's while `reportsDecision`), `σ² = P00 + 2 dt P01 + dt² P11 + q dt³/3`.
  public func estimate(at time: Timestamp) -> RangeEstimate {
    let s = backend.storage
    let dt = max(0, time.seconds(since: lastTime))
    let variance = ScalarConstantVelocity.predictedDistanceVariance(
      p00: s.P[0], p01: s.P[1], p11: s.P[3], dt: dt, q: configuration.accelerationSpectralDensity)
    let decides = reportsDecision
    return RangeEstimate(
      distanceMeters: decides ? decision.distance(after: dt) : s.x[0] + dt * s.x[1],
      sigmaMeters: variance.squareRoot(),
      rateMetersPerSecond: decides ? decision.state.rateMetersPerSecond : s.x[1],
      nonLineOfSightProbability: nonLineOfSight.probability, measurementSigmaMeters: s.R[0].squareRoot(),
      decisionDistanceMeters: decision.distance(after: dt))
  }

  /// Fuses one distance measurement taken at `time`.
  ///
  /// - Parameters:
  ///   - measured: the measured distance, metres; finite, >= 0 (validated by `SampleValidation` first).
  ///   - time: not earlier than ``time`` (the tracker rejects earlier ones).
  /// - Returns: what the measurement did.
  /// - Complexity: O(1). Does not allocate. Always inlined, so that the
  ///   closures and the backend's step are specialised into the caller's
  ///   loop (a call costs about a fifth of the update).
  @inlinable @inline(__always) @discardableResult
  public func update(distanceMeters measured: Double, at time: Timestamp) -> UpdateOutcome {
    // Window 1 is the pre-filter switched off (HampelConfiguration.off): skip the call.
    let (distance, replaced) = configuration.prefilter.window == 1 ? (measured, false) : prefilter.filter(measured)
    _health = replaced ? [.prefilterReplacedSample] : []
    if configuration.adaptsMeasurementNoise {
      // R from the readings before this one, so that a reading cannot widen
      // the gate that judges it (a spike's pseudo-residual would raise R
      // first), and the estimate's update and this Kalman step need not wait
      // for each other. Where the readings come too far apart for σ̂ to be
      // the device's noise (0.88 s and more, ZoneDecisionSmoother.trustsMeasuredNoise:
      // a walker's turn alone then reads as σ̂), R is at least the decision's
      // floor, 0.15², the textbook setting: with σ̂ alone a 1 Hz estimate
      // follows each reading almost whole, a long spike inside the wide gate
      // included (Tuning.md, "The reported track": the 1 Hz folds of LIAS
      // and the parametric generator had trailed the textbook filter's RMSE).
      let measuredVariance = noise.variance
      backend.storage.R[0] =
        ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: noise.readingIntervalSeconds)
        ? measuredVariance : ZoneDecisionSmoother.measurementVariance(measuredVariance)
    }
    if configuration.adaptsMeasurementNoise || configuration.gatesOnEvidence {
      // The pseudo-residual this reading completes (its predecessor's) counts as
      // outlier evidence before the gate judges it: the reading after a spike
      // completes the spike's first pair and meets the narrow gate, which
      // lets the undo rule below take the spike back.
      noise.add(distanceMeters: distance, at: time)
    }
    // The gates' widths in sigmas: as set, or wider while the readings show no
    // outliers and come close enough for their pseudo-residuals to measure the
    // device (ZoneDecisionSmoother.trustsMeasuredNoise, below 0.88 s). From
    // 0.88 s on the pseudo-residuals measure motion as much as the device, so
    // their lack of outliers says nothing, and an eight-sigma gate let a long
    // reading fuse, set a rate, and make the true reading after it fail
    // (Tuning.md, "At 1 Hz").
    let trustsMeasuredNoise = ZoneDecisionSmoother.trustsMeasuredNoise(readingInterval: noise.readingIntervalSeconds)
    let widening =
      configuration.gatesOnEvidence && !noise.outliers.isPresent && trustsMeasuredNoise
      ? Self.gateWideningWithoutOutliers : 1
    let longGate = configuration.gateSigmas * widening, shortGate = configuration.shortGateSigmas * widening
    guard isInitialized else {
      start(at: distance, time: time)
      startedByRestart = false
      return .initialized
    }
    let dt = time.seconds(since: lastTime)
    let before = StateBeforeFusion(backend.storage, time: lastTime)
    lastTime = time
    // The gate's verdict, set by `accept` inside the backend's step.
    var squaredInnovation = 0.0, gateScale = 1.0
    var restartsUnconfirmed = false
    let step = backend.constantVelocityStep(
      dt: dt, accelerationSpectralDensity: configuration.accelerationSpectralDensity, measurement: distance,
      constrain: { distance, rate in applyStateConstraints(&distance, &rate) },
      accept: { y, innovationVariance in
        // Every measurement, fused or not, is evidence for or against NLOS.
        nonLineOfSight.update(innovation: y, innovationVariance: innovationVariance, dt: dt)
        // A track not yet confirmed rests on few measurements, the first of which
        // may itself have been the outlier: a disagreeing measurement restarts it there.
        // The gate first: it is cheaper than hasHeld and almost always passes.
        if !(y * y <= longGate * longGate * innovationVariance) && !hasHeld {
          restartsUnconfirmed = true
          return false
        }
        // Long and short measurements may have their own gates (see shortGateSigmas).
        let gate = y < 0 ? shortGate : longGate
        // testRatio = y² / (gate² S), kept as its two sides: the division is
        // left to the caller who reads the ratio (the zones do not).
        squaredInnovation = y * y
        gateScale = gate * gate * innovationVariance
        // Written so that a NaN ratio (S broken by NaN) is rejected, not fused.
        return squaredInnovation <= gateScale
      })
    if step.predictionFailed { _health.insert(.numericalFailure) }
    switch step.measurement {
    case .fused:
      decision.predictAndFuse(
        dt: dt, distance, measuredVariance: decisionMeasuredVariance(trustingMeasuredNoise: trustsMeasuredNoise))
      consecutiveRejections = 0
      rejectedSquaredDiscrepancy = 0
      fusedSinceStart += 1
      if mayBeUndone(squaredInnovation: squaredInnovation, gateScale: gateScale, rateBefore: before.x1) {
        beforeLastFusion.keep(before: before)
      } else {
        beforeLastFusion = StateBeforeFusion()
      }
      return .fused(testRatio: squaredInnovation / gateScale)
    case .rejected:
      decision.predict(dt: dt)
      if restartsUnconfirmed { return restart(at: measured, time: time, reason: .unconfirmedStart) }
      if beforeLastFusion.time != nil, let outcome = undoPreviousFusion(distance: distance, time: time, longGate: longGate, shortGate: shortGate) {
        if case .fused = outcome { decision.fuse(distance, measuredVariance: decisionMeasuredVariance) }
        return outcome
      }
      beforeLastFusion = StateBeforeFusion()
      decision.fuseWithinGate(
        distance, measuredVariance: decisionMeasuredVariance,
        gate: ZoneDecisionSmoother.gateSigmas(readingInterval: noise.readingIntervalSeconds))
      consecutiveRejections += 1
      rejectedSquaredDiscrepancy = squaredInnovation
      _health.insert(.innovationRejected)
      if consecutiveRejections == 1 { rejectionRunStart = time }
      // A lasting jump: enough rejections in a row, or at least two over resetAfterSeconds.
      if consecutiveRejections >= configuration.resetAfterRejections
        || (consecutiveRejections >= 2 && time.seconds(since: rejectionRunStart) >= configuration.resetAfterSeconds)
      {
        return restart(at: measured, time: time, reason: .persistentRejection)
      }
      return .rejected(testRatio: squaredInnovation / gateScale)
    case .numericalFailure:
      return restart(at: distance, time: time, reason: .numericalFailure)
    }
  }

  /// Advances the state to `time` (time update only).
  ///
  /// - Complexity: O(1). Does not allocate.
  @inlinable @inline(__always)
  public func predict(to time: Timestamp) {
    let dt = time.seconds(since: lastTime)
    lastTime = time
    guard isInitialized, dt > 0 else { return }
    decision.predict(dt: dt)
    let s = backend.storage
    s.writeConstantVelocityModel(dt: dt, accelerationSpectralDensity: configuration.accelerationSpectralDensity)
    if case .failure = backend.predict() {
      _health.insert(.numericalFailure)
    }
    applyStateConstraints(&s.x[0], &s.x[1])
  }

  /// The state's two constraints, after every time update and correction:
  /// d >= 0 (`NonNegativeDistance`) and |v| within the rate limit (`RateLimit`).
  @inlinable @inline(__always)
  func applyStateConstraints(_ distance: inout Double, _ rate: inout Double) {
    NonNegativeDistance.project(&distance, &rate)
    RateLimit.clamp(&rate, to: configuration.maximumRateMetersPerSecond)
  }

  /// How many times wider than set the gates are while the object's
  /// readings show no outliers (``RangeFilterConfiguration/gatesOnEvidence``):
  /// 2, eight sigmas with the default gate of four, which no Gaussian
  /// innovation reaches (probability 1e-15) and which still stops a jump
  /// of metres on a device of centimetres (Tuning.md, "Outlier evidence").
  public static var gateWideningWithoutOutliers: Double { 2 }

  /// The test ratio above which a fusion may be undone by the next
  /// measurement: 0.25, an innovation beyond half the gate (2 sigma with the
  /// default gate of 4). Chosen on the tuning seeds at 1, 5 and 20 Hz
  /// (Tuning.md, "Undoing one fusion"); 0 also undoes ordinary fusions and
  /// costs false events at 5 and 20 Hz.
  public static var undoTestRatio: Double { 0.25 }

  /// Whether the fusion just made, with test ratio `squaredInnovation / gateScale`
  /// (y² over gate² S), from a state whose rate was `rateBefore`, may be undone
  /// by the next measurement: a test ratio above ``undoTestRatio`` or a rate
  /// change above ``plausibleRateChange``. The ratio is compared without its
  /// division, which would sit on every update's path.
  @inlinable @inline(__always)
  func mayBeUndone(squaredInnovation: Double, gateScale: Double, rateBefore: Double) -> Bool {
    squaredInnovation > Self.undoTestRatio * gateScale
      || abs(backend.storage.x[1] - rateBefore) > Self.plausibleRateChange
  }

  /// The most a walker's rate of change of distance changes between two
  /// updates, m/s: 1 (see ``RangeFilterConfiguration/accelerationSpectralDensity``).
  /// A fusion that changes the rate by more than this may be undone by the
  /// next measurement, whatever its test ratio. At 1 Hz the gate is 2.7 m
  /// wide and the rate gain about 1.0 per metre (the steady state with `R`
  /// at its 0.15² floor there), so a 1.2 m long outlier with a test ratio of
  /// 0.2 sets the rate 1.2 m/s off and the next prediction 1.2 m off
  /// (Tuning.md, "Undoing one fusion": 0.75-1 m/s lower the 1 Hz filtered
  /// RMSE below the raw input's and change nothing at 20 Hz).
  public static var plausibleRateChange: Double { 1 }

  /// Undoes the previous fusion when `distance`, just rejected, passes the gate
  /// (`longGate` or `shortGate` sigmas, those of the update that rejected it)
  /// against the state before it, predicted to `time`: the previous
  /// measurement was the outlier. Returns nil (and forgets that state) when it does not.
  /// Out of line: it runs on a few updates in a thousand.
  @usableFromInline @inline(never)
  func undoPreviousFusion(distance: Double, time: Timestamp, longGate: Double, shortGate: Double) -> UpdateOutcome? {
    let saved = beforeLastFusion
    beforeLastFusion = StateBeforeFusion()
    guard let savedTime = saved.time else { return nil }
    let dt = time.seconds(since: savedTime)
    let q = configuration.accelerationSpectralDensity
    let predicted = saved.x0 + dt * saved.x1
    let S =
      ScalarConstantVelocity.predictedDistanceVariance(p00: saved.p00, p01: saved.p01, p11: saved.p11, dt: dt, q: q)
      + backend.storage.R[0]
    let y = distance - predicted
    let gate = y < 0 ? shortGate : longGate
    let squaredInnovation = y * y, gateScale = gate * gate * S
    guard squaredInnovation <= gateScale else { return nil }
    saved.restore(into: backend.storage)
    let step = backend.constantVelocityStep(
      dt: dt, accelerationSpectralDensity: q, measurement: distance,
      constrain: { distance, rate in applyStateConstraints(&distance, &rate) },
      accept: { _, _ in true })
    guard case .fused = step.measurement else { return restart(at: distance, time: time, reason: .numericalFailure) }
    // The fusion that replaced the undone one may be undone in turn, back to the
    // same state, by the same rule: a burst of two long readings at 1 Hz.
    if mayBeUndone(squaredInnovation: squaredInnovation, gateScale: gateScale, rateBefore: saved.x1) {
      beforeLastFusion = saved
      beforeLastFusion.spansTwoFusions = false  // one fusion since it now
    }
    _health.insert(.undidPreviousFusion)
    return .fused(testRatio: squaredInnovation / gateScale)
  }

  /// Sets x = [d, 0], P = diag(r², v0²), r the measurement sigma in use.
  @usableFromInline
  func start(at distance: Double, time: Timestamp) {
    let s = backend.storage
    let v0 = configuration.initialRateSigmaMetersPerSecond
    s.x[0] = distance; s.x[1] = 0
    s.P[0] = s.R[0]; s.P[1] = 0; s.P[2] = 0; s.P[3] = v0 * v0
    decision.start(at: distance, measuredVariance: decisionMeasuredVariance, initialRateSigma: v0)
    lastTime = time
    consecutiveRejections = 0
    fusedSinceStart = 0
    startTime = time
    restartDiscrepancy = 0
    rejectedSquaredDiscrepancy = 0
    beforeLastFusion = StateBeforeFusion()
    isInitialized = true
  }

  @usableFromInline
  func restart(at distance: Double, time: Timestamp, reason: ResetReason) -> UpdateOutcome {
    // The storage holds the old track's prediction at `time` (the step predicted, then rejected).
    let discrepancy = abs(distance - backend.storage.x[0])
    prefilter.reset()
    _ = prefilter.filter(distance)
    start(at: distance, time: time)
    startedByRestart = true
    restartDiscrepancy = discrepancy.isFinite ? discrepancy : 0
    switch reason {
    case .numericalFailure: _health.insert(.numericalFailure)
    case .persistentRejection, .unconfirmedStart: _health.insert(.resetByRejections)
    }
    return .reset(reason)
  }
}
