// SPDX-License-Identifier: Apache-2.0

// A still object in the world frame: ``DirectionFilter`` tracks an object
// that has stood still for a second (``StillnessDetector``) with the process
// noise of someone standing instead of someone walking, until a measurement
// contradicts it. Only with a pose: without one, a turn of the phone moves a
// still object in the phone frame, and nothing changes.
//
// Why: the default motion model (1 m²/s³, velocity correlated over 1.5 s) is
// a walking person's. On a still object out of view it grows the
// direction's sigma past the 25° of `unknown` in about 1.5 s at 2 m,
// whatever the object does, and it lets the velocity follow the measurement
// noise (about 0.2 m/s at 5 Hz), which the prediction then carries out of
// view as 10-15° of error (Tuning.md, "Direction: pose").
extension DirectionFilter {
  /// The velocity sigma of someone standing, m/s. Quiet standing sways the
  /// body's centre of pressure at about 1 cm/s on average (Prieto, Myklebust,
  /// Hoffmann, Lovett and Myklebust, "Measures of postural steadiness",
  /// IEEE Trans. Biomedical Engineering 43(9), 1996); 10 cm/s leaves room
  /// for a hand that moves the tag or phone a little, and keeps the
  /// velocity test below from taking 5 Hz measurement noise for motion.
  static var stillSpeedSigmaMetersPerSecond: Double { 0.1 }
  /// How long a still object's velocity stays correlated, seconds: sway goes
  /// back and forth within a second, where a walker keeps a heading for
  /// ``DirectionFilterConfiguration/velocityCorrelationSeconds``.
  static var stillVelocityCorrelationSeconds: Double { 0.5 }

  /// The acceleration density of a still object, m²/s³: the one whose
  /// velocity, decaying with τ = ``stillVelocityCorrelationSeconds``, has
  /// the stationary variance `q τ / 2` of an Ornstein-Uhlenbeck process
  /// equal to ``stillSpeedSigmaMetersPerSecond`` squared, so `q = 2 σ² / τ`
  /// (0.04); never more than the configuration's.
  var stillAccelerationSpectralDensity: Double {
    let sigma = Self.stillSpeedSigmaMetersPerSecond
    return min(configuration.accelerationSpectralDensity, 2 * sigma * sigma / Self.stillVelocityCorrelationSeconds)
  }

  /// The motion model of a prediction over `dt` seconds: the still one
  /// while the object counts as still in the world frame, else the
  /// configuration's walking one.
  func motionModel(dt: Double) -> VelocityDecayModel {
    if isWorldFrame && stillness.isStill {
      return VelocityDecayModel(dt: dt, tau: Self.stillVelocityCorrelationSeconds, q: stillAccelerationSpectralDensity)
    }
    return walkingModel(dt: dt)
  }

  /// The configuration's walking motion model over `dt` seconds
  /// (``DirectionFilterConfiguration/velocityCorrelationSeconds``,
  /// ``DirectionFilterConfiguration/accelerationSpectralDensity``).
  func walkingModel(dt: Double) -> VelocityDecayModel {
    VelocityDecayModel(
      dt: dt, tau: configuration.velocityCorrelationSeconds, q: configuration.accelerationSpectralDensity)
  }

  /// The squared Mahalanobis distance past which a measurement contradicts
  /// stillness: the 99.99 % point of χ² with `k` degrees of freedom (15.14
  /// for a distance or an angle, 21.11 for a position), so that a still
  /// object's own noise leaves it about once in 10,000 updates (a still
  /// object coasts through 100 updates in 5 s at 20 Hz). Motion that builds
  /// up slowly is left to the velocity test of ``leaveStillnessIfMoving()``.
  static func stillnessGate(measurementCount k: Int) -> Double { k == 1 ? 15.137 : 21.108 }

  /// After a measured direction was fused: the world-frame position goes to
  /// the detector, and an object that has left its radius is no longer still.
  func observeStillness(at time: Timestamp) {
    guard isWorldFrame else { return }
    let x = backend.storage.x
    let slack = predictedRange * configuration.angleSigmaRadians
    if stillness.observe(position: (x[0], x[1], x[2]), slackMeters: slack, time: time) {
      addWalkingProcessNoise()
    }
  }

  /// After the update's fusions: an object tracked as still whose velocity
  /// estimate is beyond three of the still model's sigmas, `|v|² > 9 σ²`
  /// with σ = ``stillSpeedSigmaMetersPerSecond`` (0.3 m/s), moves again.
  /// This catches what a single innovation does not: an object that starts
  /// walking out of view changes its distance a few millimetres per update,
  /// inside the noise each time, and the velocity takes it up. Two sigmas
  /// (0.2 m/s) dropped a still object on the phone-turn case at 5 Hz on
  /// one seed in eight. An object walking straight across the line of sight
  /// changes its distance only by `sqrt(d² + s²) - d ≈ s² / 2d` after `s`
  /// metres, so it is not caught for most of a metre (Tuning.md,
  /// "Direction: pose").
  func leaveStillnessIfMoving() {
    guard stillness.isStill else { return }
    let x = backend.storage.x
    let sigma = Self.stillSpeedSigmaMetersPerSecond
    if x[3] * x[3] + x[4] * x[4] + x[5] * x[5] > 9 * sigma * sigma {
      leaveStillness()
    }
  }

  /// A measurement contradicted stillness: the object moves again. The
  /// covariance gets the walking model's whole process noise over the time
  /// since the last measured direction, `Q(q, τ, T)` per axis, on top of
  /// the still model's: a little more than a track that never assumed
  /// stillness would have, so that the sigma, and with it `unknown`, err
  /// towards a direction that is no longer known.
  func leaveStillness() {
    addWalkingProcessNoise()
    let x = backend.storage.x
    stillness.restart(at: (x[0], x[1], x[2]), time: lastTime)
  }

  private func addWalkingProcessNoise() {
    let seconds = lastTime.seconds(since: lastDirectionTime)
    guard seconds > 0 else { return }
    let model = walkingModel(dt: seconds)
    let s = backend.storage
    let n = Self.stateCount
    for axis in 0..<3 {
      let p = axis, v = axis + 3
      s.P[p * n + p] += model.positionVariance
      s.P[p * n + v] += model.positionVelocityCovariance
      s.P[v * n + p] += model.positionVelocityCovariance
      s.P[v * n + v] += model.velocityVariance
    }
  }
}
