// SPDX-License-Identifier: Apache-2.0
#if GSL
internal import CGSL

extension GSLKalmanBackend {
  /// ``KalmanBackend/constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)``
  /// with the measurement update written for H = [1 0].
  ///
  /// The time update is ``predict()``. With H = [1 0] the innovation
  /// `y = z - x0`, `P Hᵀ` (the first column of P) and `S = P00 + R` are
  /// scalars, so they are not handed to BLAS, and the gain needs one division
  /// instead of two triangular solves; the state update and the Joseph-form
  /// covariance update stay GSL calls. Against the general
  /// ``innovate(measurementCount:linear:)`` and ``correct(measurementCount:)``
  /// this makes 5 BLAS calls instead of 16 per step, which is most of the
  /// cost at this size (docs/PERFORMANCE.md). Does not allocate.
  ///
  /// Not ``ScalarConstantVelocity``, the one home of this step's scalar
  /// arithmetic: this backend keeps x and P in GSL's vectors and matrices and
  /// computes with GSL's calls (GSL's matrix form of the step), and GSL's
  /// products round in their own order, so the scalar form would move the
  /// last bit of the default backend's filtered track. F, Q and H come from
  /// the same model (``ConstantVelocityModel``).
  public func constantVelocityStep(
    dt: Double, accelerationSpectralDensity q: Double, measurement z: Double,
    constrain: (_ distance: inout Double, _ rate: inout Double) -> Void,
    accept: (_ innovation: Double, _ innovationVariance: Double) -> Bool
  ) -> ConstantVelocityStepOutcome {
    let s = storage
    let predictionFailed = predictConstantVelocity(dt: dt, accelerationSpectralDensity: q, constrain: constrain)
    let y = z - s.x[0]
    let innovationVariance = s.P[0] + s.R[0]
    // Written so that NaN fails, as in the general path.
    guard innovationVariance > 0 else {
      return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .numericalFailure)
    }
    guard accept(y, innovationVariance) else {
      return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .rejected)
    }
    // K = P Hᵀ / S
    s.K[0] = s.P[0] / innovationVariance
    s.K[1] = s.P[2] / innovationVariance
    ConstantVelocityModel.writeMeasurementRow(to: s.H)
    // Two views of K: dger reads x and y, and Swift forbids passing one variable twice as inout.
    var gain = gslVector(s.K, 2), sameGain = gslVector(s.K, 2), h = gslVector(s.H, 2), x = gslVector(s.x, 2)
    var p = gslMatrix(s.P, 2, 2), a = gslMatrix(s.A, 2, 2), b = gslMatrix(s.B, 2, 2)
    let r = s.R[0]
    // x = x + K y
    let result = gslAxpy(alpha: y, &gain, &x)
      // A = I - K H
      .flatMap { () -> Result<Void, LinearAlgebraError> in
        gsl_matrix_set_identity(&a.matrix)
        return gslRankOneUpdate(alpha: -1, &gain, &h, &a)
      }
      // P = (A P) Aᵀ + K R Kᵀ   (Joseph form, Bar-Shalom et al. eq. 5.2.3-18)
      .flatMap { gslGemm(transposeA: false, transposeB: false, alpha: 1, &a, &p, beta: 0, &b) }
      .flatMap { gslGemm(transposeA: false, transposeB: true, alpha: 1, &b, &a, beta: 0, &p) }
      .flatMap { gslRankOneUpdate(alpha: r, &gain, &sameGain, &p) }
    s.symmetrizeCovariance()
    guard case .success = result else {
      return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .numericalFailure)
    }
    constrain(&s.x[0], &s.x[1])
    return ConstantVelocityStepOutcome(predictionFailed: predictionFailed, measurement: .fused)
  }
}
#endif
