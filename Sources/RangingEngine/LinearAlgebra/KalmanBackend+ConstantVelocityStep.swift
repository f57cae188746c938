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
  /// Writes the two-state constant-velocity model's transition and process
  /// noise for a step of `dt` seconds (Bar-Shalom, Li & Kirubarajan 2001,
  /// §6.2.2, CWNA, eq. 6.2.2-12):
  ///
  ///     F = [1 dt; 0 1],  Q = q [dt³/3 dt²/2; dt²/2 dt]
  @inlinable
  public func writeConstantVelocityModel(dt: Double, accelerationSpectralDensity q: Double) {
    precondition(stateCount == 2, "writeConstantVelocityModel: two states only")
    F[0] = 1; F[1] = dt; F[2] = 0; F[3] = 1
    let noise = ConstantVelocityNoise(dt: dt, q: q)
    Q[0] = noise.q00; Q[1] = noise.q01
    Q[2] = noise.q01; Q[3] = noise.q11
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
    s.H[0] = 1; s.H[1] = 0
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
