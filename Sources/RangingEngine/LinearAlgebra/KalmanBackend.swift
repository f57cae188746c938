// SPDX-License-Identifier: Apache-2.0
/// The three linear-algebra steps of a Kalman filter, over owned ``KalmanStorage``.
///
/// One filter algorithm runs over every backend: the filter writes F, Q, H,
/// R, z into the storage and calls these steps (``DirectionFilter``), or
/// hands the whole step of its model to the backend with its decisions as
/// closures (``RangeFilter``, through
/// ``constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)``). Backends
/// differ only in who does the arithmetic: GSL on hosts
/// (``GSLKalmanBackend``), plain Swift loops for firmware and small sizes
/// (``SwiftKalmanBackend``). Tests hold them to 1e-9 of each other.
///
/// Equations follow Bar-Shalom, Li & Kirubarajan, *Estimation with
/// Applications to Tracking and Navigation* (2001), §5.2.3, with the Joseph
/// form of the covariance update (eq. 5.2.3-18) because it keeps P symmetric
/// positive semi-definite for any gain.
public protocol KalmanBackend: AnyObject {
  /// Allocates the storage once; nothing allocates after this.
  init(stateCount: Int, measurementCapacity: Int)

  /// The matrices this backend operates on.
  var storage: KalmanStorage { get }

  /// Time update.
  ///
  /// `x = F x`, `P = F P Fᵀ + Q`.
  /// Does not allocate.
  func predict() -> Result<Void, LinearAlgebraError>

  /// Computes the innovation and its covariance, and returns the squared
  /// Mahalanobis distance `yᵀ S⁻¹ y` for gating.
  ///
  /// When `linear` is true, `y = z - H x`; otherwise the caller has already
  /// written `y = z - h(x)` (extended Kalman filter). Then `K = P Hᵀ` (kept
  /// for ``correct(measurementCount:)``), `S = H P Hᵀ + R`, and S is replaced
  /// by its lower Cholesky factor.
  /// Does not allocate.
  /// - Parameters:
  ///   - k: measurement components in use, `1...measurementCapacity`.
  ///   - linear: whether to compute `y = z - H x` here (true) or keep the `y` the caller wrote (false).
  func innovate(measurementCount k: Int, linear: Bool) -> Result<Double, LinearAlgebraError>

  /// Measurement update, after ``innovate(measurementCount:linear:)``.
  ///
  /// `K = P Hᵀ S⁻¹`, `x = x + K y`,
  /// `P = (I - K H) P (I - K H)ᵀ + K R Kᵀ` (Joseph form).
  /// Does not allocate.
  func correct(measurementCount k: Int) -> Result<Void, LinearAlgebraError>

  /// One whole step of the two-state constant-velocity model (state
  /// `[d, v]`, CWNA process noise, measurement `H = [1 0]` with variance
  /// `R[0]`): the time update over `dt` seconds (none when `dt <= 0`), then
  /// `constrain` on the predicted `(d, v)`, the innovation `y = z - d` and
  /// its variance `S = P00 + R`, and, when `accept(y, S)` returns true, the
  /// correction and `constrain` on the corrected `(d, v)`.
  ///
  /// The filter keeps its decisions (constraints, gating) in the closures;
  /// the backend does the arithmetic in one call, so that a fixed-size
  /// backend can keep x and P in registers across predict, innovate and
  /// correct instead of storing and reloading them between calls, and can
  /// use the known shapes of F and H instead of testing for them. The
  /// default (`KalmanBackend+ConstantVelocityStep.swift`) writes F, Q, H and
  /// z into the storage and runs the three steps; every backend gives the
  /// same x and P as that default, to rounding. Afterwards F, Q, H, z and the
  /// scratch matrices (y, S, K, w, A, B) hold unspecified values.
  /// Requires `stateCount == 2`. Does not allocate.
  func constantVelocityStep(
    dt: Double, accelerationSpectralDensity q: Double, measurement z: Double,
    constrain: (_ distance: inout Double, _ rate: inout Double) -> Void,
    accept: (_ innovation: Double, _ innovationVariance: Double) -> Bool
  ) -> ConstantVelocityStepOutcome
}
