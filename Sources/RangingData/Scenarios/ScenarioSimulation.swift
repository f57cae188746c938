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
  let random: GSLRandomSource

  /// Every row of the repetition, merged in time order.
  func rows() -> [Row] {
    var rows: [Row] = []
    for (index, object) in scenario.objects.enumerated() {
      rows += objectRows(object, index: index)
    }
    rows.sort { ($0.seconds, $0.objectIndex, $0.sequence) < ($1.seconds, $1.objectIndex, $1.sequence) }
    return rows
  }

  /// One object's rows in time order: measurements and life-cycle rows.
  private func objectRows(_ object: ScenarioObject, index: Int) -> [Row] {
    let model = object.model
    let nominalInterval = 1 / model.updateRateHz
    let biases = object.nlosIntervals.map { _ in
      random.uniform(model.nlosBiasMeters.lowerBound, model.nlosBiasMeters.upperBound)
    }
    var rows: [Row] = []
    var spikeUpdatesLeft = 0
    var spikeMeters = 0.0
    var time = random.uniform(0, nominalInterval)
    while time < scenario.durationSeconds {
      // Nine draws per scheduled update, always, in this order.
      let spikeStarts = random.chance(model.spikeProbability)
      let spikeLength = random.integer(1, model.spikeMaxUpdates)
      let spikeMagnitude = random.uniform(model.spikeMagnitudeMeters.lowerBound, model.spikeMagnitudeMeters.upperBound)
      let dropped = random.chance(model.dropoutProbability)
      let rangeNoise = random.gaussian(sigma: 1)
      let directionNoise = (random.gaussian(sigma: 1), random.gaussian(sigma: 1), random.gaussian(sigma: 1))
      let jitter = random.gaussian(sigma: model.intervalJitterFraction)

      if spikeUpdatesLeft == 0 && spikeStarts {
        spikeUpdatesLeft = spikeLength
        spikeMeters = spikeMagnitude
      }
      let spike = spikeUpdatesLeft > 0 ? spikeMeters : 0
      spikeUpdatesLeft = max(0, spikeUpdatesLeft - 1)

      let interrupted = object.interruptions.contains { $0.interval.contains(time) }
      if !dropped && !interrupted {
        let nlos = object.nlosIntervals.firstIndex { $0.contains(time) }
        let noise = Noise(
          range: rangeNoise, direction: directionNoise, biasMeters: nlos.map { biases[$0] } ?? 0,
          spikeMeters: spike, factor: nlos == nil ? 1 : model.nlosNoiseFactor)
        rows.append(Row(
          seconds: offsetSeconds + time, objectIndex: index, sequence: rows.count,
          text: measurementText(object, at: time, noise: noise)))
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
          text: "\(t),\(object.name),,,,,,,\(event),,,,"))
      }
    }
    return rows
  }

  /// The standard-normal draws and errors applied to one update.
  private struct Noise {
    var range: Double
    var direction: (Double, Double, Double)
    var biasMeters: Double
    var spikeMeters: Double
    /// NLOS multiplier on both noise sigmas (1 in line of sight).
    var factor: Double
  }

  /// `t,object,distance,dir_x,dir_y,dir_z,,,,true_distance,true_x,true_y,true_z`.
  private func measurementText(_ object: ScenarioObject, at time: Double, noise: Noise) -> String {
    let model = object.model
    let truth = object.trajectory.state(at: time).distanceMeters
    let p = object.trajectory.position(at: time)
    // distance = true + σ·n·factor + NLOS bias + spike, never negative
    let distance = max(0, truth + model.rangeSigmaMeters * noise.factor * noise.range + noise.biasMeters + noise.spikeMeters)
    var fields = [ScenarioNumberFormat.fixed(offsetSeconds + time, decimals: 6), object.name,
                  ScenarioNumberFormat.fixed(distance, decimals: 4)]
    if truth > 0 && model.isInFieldOfView(x: p.x, y: p.y, z: p.z) {
      // u = p/|p| + σd·(n1, n2, n3), renormalised
      let sigma = model.directionSigmaDegrees * .pi / 180 * noise.factor
      let u = (p.x / truth + sigma * noise.direction.0, p.y / truth + sigma * noise.direction.1,
               p.z / truth + sigma * noise.direction.2)
      let length = (u.0 * u.0 + u.1 * u.1 + u.2 * u.2).squareRoot()
      fields += [u.0, u.1, u.2].map { ScenarioNumberFormat.fixed($0 / length, decimals: 6) }
    } else {
      fields += ["", "", ""]
    }
    fields += ["", "", ""]  // horizontal_angle, vertical, event
    fields += [truth, p.x, p.y, p.z].map { ScenarioNumberFormat.fixed($0, decimals: 4) }
    return fields.joined(separator: ",")
  }
}
