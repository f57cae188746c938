// SPDX-License-Identifier: Apache-2.0
/// What ``KalmanBackend/constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)`` did.
public struct ConstantVelocityStepOutcome: Sendable {
  /// The time update failed (the state was predicted as far as the backend got).
  public var predictionFailed: Bool
  /// What happened to the measurement.
  public var measurement: Measurement

  public enum Measurement: Sendable {
    /// `accept` returned true and the measurement was fused.
    case fused
    /// `accept` returned false; the state is the constrained prediction.
    case rejected
    /// The innovation variance was not positive (or NaN), or the update failed.
    case numericalFailure
  }

  @inlinable
  public init(predictionFailed: Bool, measurement: Measurement) {
    self.predictionFailed = predictionFailed
    self.measurement = measurement
  }
}

extension KalmanStorage {
  /// Writes the transition F and process noise Q of ``ConstantVelocityModel``
  /// for a step of `dt` seconds.
  @inlinable
  public func writeConstantVelocityModel(dt: Double, accelerationSpectralDensity q: Double) {
    precondition(stateCount == 2, "writeConstantVelocityModel: two states only")
    let model = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
    model.writeTransition(to: F)
    model.writeProcessNoise(to: Q)
  }
}

extension KalmanBackend {
  /// The default: the model written into the storage, then ``predict()``,
  /// ``innovate(measurementCount:linear:)`` and ``correct(measurementCount:)``
  /// one after the other, each through the storage. The reference that
  /// fused implementations must match.
  @inlinable
  public func constantVelocityStep(
    dt: Double, accelerationSpectralDensity q: Double, measurement z: Double,
    constrain: (_ distance: inout Double, _ rate: inout Double) -> Void,
    accept: (_ innovation: Double, _ innovationVariance: Double) -> Bool
  ) -> ConstantVelocityStepOutcome {
    let s = storage
    let predictionFailed = predictConstantVelocity(dt: dt, accelerationSpectralDensity: q, constrain: constrain)
    ConstantVelocityModel.writeMeasurementRow(to: s.H)
    s.z[0] = z
    guard case .success = innovate(measurementCount: 1, linear: true) else {
      return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .numericalFailure)
    }
    // S = L², L the 1 x 1 Cholesky factor innovate() leaves in S
    guard accept(s.y[0], s.S[0] * s.S[0]) else {
      return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .rejected)
    }
    guard case .success = correct(measurementCount: 1) else {
      return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .numericalFailure)
    }
    constrain(&s.x[0], &s.x[1])
    return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .fused)
  }
}

extension KalmanBackend {
  /// The time update of a constant-velocity step through the storage: the
  /// model written and ``predict()`` when `dt > 0`, then `constrain` on the
  /// predicted `(d, v)`. Returns true when predict failed.
  /// Requires `stateCount == 2`. Does not allocate.
  @inlinable
  func predictConstantVelocity(
    dt: Double, accelerationSpectralDensity q: Double,
    constrain: (_ distance: inout Double, _ rate: inout Double) -> Void
  ) -> Bool {
    let s = storage
    precondition(s.stateCount == 2, "constantVelocityStep: two states only")
    var predictionFailed = false
    if dt > 0 {
      s.writeConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
      if case .failure = predict() { predictionFailed = true }
    }
    constrain(&s.x[0], &s.x[1])
    return predictionFailed
  }
}
