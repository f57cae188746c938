// SPDX-License-Identifier: Apache-2.0
/// One repetition of a scenario turned into CSV rows (see ``ScenarioGenerator``
/// for the draw order and ``MeasurementModel`` for the noise).
struct ScenarioSimulation {
  /// A formatted row and its sort key.
  struct Row {
    var seconds: Double
    var objectIndex: Int
    var sequence: Int
    var text: String
  }

  let scenario: Scenario
  /// Added to scenario time to give the `t` column, seconds.
  let offsetSeconds: Double
  /// The main stream: plans, version-1 noise.
  let random: MT19937RandomSource
  /// The effects stream: ``MeasurementEffects`` only (see ``EffectState``).
  let effectsRandom: MT19937RandomSource
  /// The bootstrap model and its stream, when range errors come from real
  /// recordings (``BootstrapNoiseModel``); nil for the parametric model.
  var bootstrap: (model: BootstrapNoiseModel, random: MT19937RandomSource)? = nil
  /// How the phone turns, or nil for a phone that does not: then the rows
  /// are exactly those of a file without `pose_*` columns.
  var phoneMotion: PhoneMotion? = nil

  /// Every row of the repetition, merged in time order.
  func rows() -> [Row] { rowsAndTracks().rows }

  /// Every row of the repetition, merged in time order, and for the
  /// bootstrap model the track each object draws its errors from (empty for
  /// the parametric model). Every object's track is drawn before any block.
  func rowsAndTracks() -> (rows: [Row], tracks: [ResidualTrack]) {
    let samplers = scenario.objects.map { _ in
      bootstrap.map { ResidualBootstrap(model: $0.model, random: $0.random) }
    }
    var rows: [Row] = []
    for (index, object) in scenario.objects.enumerated() {
      rows += objectRows(object, index: index, bootstrap: samplers[index])
    }
    if let phoneMotion {
      // Pose-only rows at the sensor's rate, before the measurements of the same time.
      let step = 1 / PhoneMotion.poseRateHz
      var k = 0
      while Double(k) * step < scenario.durationSeconds {
        let time = Double(k) * step
        let q = phoneMotion.attitude(at: time)
        let fields = [q.w, q.x, q.y, q.z].map { ScenarioNumberFormat.fixed($0, decimals: 7) }.joined(separator: ",")
        rows.append(Row(
          seconds: offsetSeconds + time, objectIndex: -1, sequence: k,
          text: "\(ScenarioNumberFormat.fixed(offsetSeconds + time, decimals: 6)),,,,,,,,,,,,,\(fields)"))
        k += 1
      }
    }
    rows.sort { ($0.seconds, $0.objectIndex, $0.sequence) < ($1.seconds, $1.objectIndex, $1.sequence) }
    return (rows, samplers.compactMap { $0?.track })
  }

  /// One object's rows in time order: measurements and life-cycle rows.
  private func objectRows(_ object: ScenarioObject, index: Int, bootstrap: ResidualBootstrap?) -> [Row] {
    var bootstrap = bootstrap
    let model = object.model
    let nominalInterval = 1 / model.updateRateHz
    let biases = object.nlosIntervals.map { _ in
      random.uniform(model.nlosBiasMeters.lowerBound, model.nlosBiasMeters.upperBound)
    }
    var effects = EffectState(model: model, random: effectsRandom)
    var rows: [Row] = []
    var spikeUpdatesLeft = 0
    var spikeMeters = 0.0
    var time = random.uniform(0, nominalInterval)
    while time < scenario.durationSeconds {
      // Nine draws per scheduled update from the main stream, always, in this order.
      let spikeStarts = random.chance(model.spikeProbability)
      let spikeLength = random.integer(1, model.spikeMaxUpdates)
      let spikeMagnitude = random.uniform(model.spikeMagnitudeMeters.lowerBound, model.spikeMagnitudeMeters.upperBound)
      let dropped = random.chance(model.dropoutProbability)
      let rangeNoise = random.gaussian(sigma: 1)
      let directionNoise = (random.gaussian(sigma: 1), random.gaussian(sigma: 1), random.gaussian(sigma: 1))
      let jitter = random.gaussian(sigma: model.intervalJitterFraction)
      // Twelve from the effects stream.
      let p = position(object, at: time)
      let effect = effects.advance(at: time, isBodyBlocked: model.isBodyBlocked(x: p.x, y: p.y, z: p.z), random: effectsRandom)

      if spikeUpdatesLeft == 0 && spikeStarts {
        spikeUpdatesLeft = spikeLength
        spikeMeters = spikeMagnitude
      }
      let spike = spikeUpdatesLeft > 0 ? spikeMeters : 0
      spikeUpdatesLeft = max(0, spikeUpdatesLeft - 1)

      let interrupted = object.interruptions.contains { $0.interval.contains(time) }
      if let bootstrapRandom = self.bootstrap?.random {
        // The recording's residual (drawn even while interrupted, so that
        // blocks keep their timing), or no row where the recording has none.
        let truth = object.trajectory.state(at: time).distanceMeters
        let residual = bootstrap?.residualMeters(at: time, trueDistanceMeters: truth, random: bootstrapRandom)
        if let residual, !interrupted {
          rows.append(Row(
            seconds: offsetSeconds + time, objectIndex: index, sequence: rows.count,
            text: measurementText(object, at: time, noise: noise(
              object, at: time, range: rangeNoise, direction: directionNoise, spike: 0, biases: biases,
              effects: effects, effect: effect), residualMeters: residual)))
        }
      } else if !dropped && !interrupted && !effect.isInGap {
        rows.append(Row(
          seconds: offsetSeconds + time, objectIndex: index, sequence: rows.count,
          text: measurementText(object, at: time, noise: noise(
            object, at: time, range: rangeNoise, direction: directionNoise, spike: spike, biases: biases,
            effects: effects, effect: effect))))
      }
      // Interval (1 + j)/rate with j clamped to ±3σ, so time always advances.
      let limit = 3 * model.intervalJitterFraction
      time += nominalInterval * (1 + min(limit, max(-limit, jitter)))
    }
    for interruption in object.interruptions {
      for (seconds, event) in interruption.lifecycleRows where seconds < scenario.durationSeconds {
        let t = ScenarioNumberFormat.fixed(offsetSeconds + seconds, decimals: 6)
        rows.append(Row(
          seconds: offsetSeconds + seconds, objectIndex: index, sequence: rows.count,
          text: "\(t),\(object.name),,,,,,,\(event),,,," + (phoneMotion == nil ? "" : ",,,,")))
      }
    }
    return rows
  }

  /// The standard-normal draws and errors applied to one update.
  private struct Noise {
    var range: Double
    var direction: (Double, Double, Double)
    /// The object's calibration: measured = true·(1 + scale) + offset + ...
    var scaleFraction: Double
    var offsetMeters: Double
    /// Largest excess delay in force (NLOS, body), metres, plus the spike.
    var biasMeters: Double
    var spikeMeters: Double
    /// Multiplier on the range noise sigma (NLOS or body, times the heavy-tail factor).
    var rangeFactor: Double
    /// Multiplier on the direction noise sigma (NLOS; 1 in line of sight).
    var directionFactor: Double
    /// Set for a short outlier: the reading is this fraction of the truth plus σ·n.
    var shortOutlierFraction: Double?
    /// The direction is missing whatever the field of view says.
    var dropsDirection: Bool
  }

  /// Combines the conditions in force at `time` (``MeasurementModel`` step 3).
  private func noise(
    _ object: ScenarioObject, at time: Double, range: Double, direction: (Double, Double, Double), spike: Double,
    biases: [Double], effects: EffectState, effect: EffectState.Outcome
  ) -> Noise {
    let model = object.model
    let scheduled = object.nlosIntervals.firstIndex { $0.contains(time) }.map { biases[$0] }
    let isNLOS = scheduled != nil || effect.nlosEpisodeBiasMeters != nil
    var factor = isNLOS ? model.nlosNoiseFactor : 1
    var excess = max(scheduled ?? 0, effect.nlosEpisodeBiasMeters ?? 0)
    if let body = effect.bodyBlocking {
      factor = max(factor, body.noiseFactor)
      excess = max(excess, body.biasMeters)
    }
    return Noise(
      range: range, direction: direction, scaleFraction: effects.scaleFraction, offsetMeters: effects.offsetMeters,
      biasMeters: excess, spikeMeters: spike, rangeFactor: factor * effect.heavyTailFactor,
      directionFactor: isNLOS ? model.nlosNoiseFactor : 1, shortOutlierFraction: effect.shortOutlierFraction,
      dropsDirection: effect.bodyBlocking != nil || effect.nlosDropsDirection)
  }

  /// `t,object,distance,dir_x,dir_y,dir_z,,,,true_distance,true_x,true_y,true_z`.
  ///
  /// With `residualMeters` (the bootstrap model) the distance is the truth
  /// plus that residual plus the excess delay in force, and `noise` gives
  /// only the excess and the direction.
  private func measurementText(_ object: ScenarioObject, at time: Double, noise: Noise, residualMeters: Double? = nil) -> String {
    let model = object.model
    let truth = object.trajectory.state(at: time).distanceMeters
    let p = position(object, at: time)
    let distance: Double
    if let residualMeters {
      // distance = true + residual + excess, never negative (a recording's short outlier at a shorter true range)
      distance = max(0, truth + residualMeters + noise.biasMeters)
    } else if let fraction = noise.shortOutlierFraction {
      // distance = f·true + σ·n, never negative: the receiver took a wrong, early peak
      distance = max(0, fraction * truth + model.rangeSigmaMeters * noise.range)
    } else {
      // distance = true·(1 + s) + b + σ·k·n + excess + spike, never negative
      distance = max(0, truth * (1 + noise.scaleFraction) + noise.offsetMeters
        + model.rangeSigmaMeters * noise.rangeFactor * noise.range + noise.biasMeters + noise.spikeMeters)
    }
    var fields = [ScenarioNumberFormat.fixed(offsetSeconds + time, decimals: 6), object.name,
                  ScenarioNumberFormat.fixed(distance, decimals: 4)]
    if truth > 0 && !noise.dropsDirection && model.isInFieldOfView(x: p.x, y: p.y, z: p.z) {
      // u = p/|p| + σd·(n1, n2, n3), renormalised
      let sigma = model.directionSigmaDegrees * .pi / 180 * noise.directionFactor
      let u = (p.x / truth + sigma * noise.direction.0, p.y / truth + sigma * noise.direction.1,
               p.z / truth + sigma * noise.direction.2)
      let length = (u.0 * u.0 + u.1 * u.1 + u.2 * u.2).squareRoot()
      fields += [u.0, u.1, u.2].map { ScenarioNumberFormat.fixed($0 / length, decimals: 6) }
    } else {
      fields += ["", "", ""]
    }
    fields += ["", "", ""]  // horizontal_angle, vertical, event
    fields += [truth, p.x, p.y, p.z].map { ScenarioNumberFormat.fixed($0, decimals: 4) }
    if phoneMotion != nil { fields += ["", "", "", ""] }  // pose_*: on their own rows
    return fields.joined(separator: ",")
  }

  /// The object's position at `time` in the phone's frame: the path's own
  /// point when the phone does not turn, else that point seen from the
  /// turned phone, `q* p q` (the truth columns are in the phone frame too).
  private func position(_ object: ScenarioObject, at time: Double) -> (x: Double, y: Double, z: Double) {
    let p = object.trajectory.position(at: time)
    guard let phoneMotion else { return p }
    return phoneMotion.phoneFrame(p, at: time)
  }
}
