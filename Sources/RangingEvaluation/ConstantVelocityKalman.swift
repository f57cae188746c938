// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The textbook constant-velocity Kalman filter on one distance, used as a
/// peer baseline (``BaselineMethod/constantVelocityKalman(_:)``), not by the
/// engine.
///
/// State `x = [d, v]` (distance, metres; its rate, m/s), covariance `P`
/// (2 × 2, symmetric, stored as its upper triangle). Model (Bar-Shalom, Li and
/// Kirubarajan, "Estimation with Applications to Tracking and Navigation",
/// 2001, §6.2.2, continuous white-noise acceleration; the Kalman filter
/// equations of §5.2):
///
///     F = [1 dt; 0 1]
///     Q = q · [dt³/3 dt²/2; dt²/2 dt]
///     H = [1 0],  R = sigma²
///
/// with `q` the power spectral density of the acceleration (m²/s³) and
/// `sigma` the measurement noise (m). It starts at the first distance with
/// `x = [d0, 0]`, `P0 = diag(R, v0Variance)`; every later distance predicts
/// over `dt` (the time since the previous update; `dt = 0` skips the
/// prediction) and then updates, with no gate. The covariance update is the
/// standard `P = (I - K H) P`, not the Joseph form: K is the optimal gain, so
/// the two are equal in exact arithmetic (FilterPy's `update` documents the
/// difference), and the reference values in the tests are checked to 1e-9.
///
/// `R` is `sigma²` but at least `Double.leastNormalMagnitude`: a sigma under
/// about 1.5e-154 m (`--peer-sigma` takes any in (0, 100]) squares to a
/// subnormal or to 0, and with `R = 0` two readings at one time give
/// `S = P00 + R = 0` and a gain of 0/0 (issue 58, item 3). The floor keeps the
/// ratio of `P00` to `R` that exact arithmetic has, which is all the update
/// uses: `P0`'s `P00` is the same `R`, and the update writes `(1 - k0) P00`
/// as its equal `k0 R`, which stays near `R` where `1 - k0` rounds to 0. Two
/// readings at one time then average, as they would with the exact `R`.
///
/// - Complexity: O(1) per update. Does not allocate.
public struct ConstantVelocityKalman: Sendable {
  /// The tuning of the textbook filter.
  public struct Parameters: Equatable, Sendable {
    /// Power spectral density of the white acceleration, m²/s³ (> 0).
    public var accelerationDensity: Double
    /// Standard deviation of a measured distance, metres (> 0).
    public var measurementSigmaMeters: Double
    /// Initial variance of the rate, (m/s)² (> 0).
    public var initialVelocityVariance: Double

    public init(accelerationDensity: Double, measurementSigmaMeters: Double, initialVelocityVariance: Double) {
      self.accelerationDensity = accelerationDensity
      self.measurementSigmaMeters = measurementSigmaMeters
      self.initialVelocityVariance = initialVelocityVariance
    }

    /// R, m²: `sigma²`, but at least `Double.leastNormalMagnitude`, so that
    /// the smallest sigma leaves a positive, normal variance (see the type's
    /// discussion).
    var measurementVariance: Double {
      Swift.max(measurementSigmaMeters * measurementSigmaMeters, Double.leastNormalMagnitude)
    }

    /// q = 0.3 m²/s³, sigma = 0.15 m, initial rate variance 1 (m/s)².
    ///
    /// Conventional, not tuned: q = 0.3 m²/s³ lets the rate wander by
    /// `√(q · 1 s)` ≈ 0.55 m/s in a second, the order of a walking person's
    /// changes of pace (Bar-Shalom §6.2.2 suggests `q` of the order of the
    /// squared acceleration change over a sampling interval); 0.15 m is a
    /// typical UWB two-way ranging spread indoors; 1 (m/s)² covers walking speed.
    public static let textbook = Parameters(accelerationDensity: 0.3, measurementSigmaMeters: 0.15,
                                            initialVelocityVariance: 1)
  }

  public let parameters: Parameters
  /// Filtered distance, metres.
  public private(set) var distanceMeters: Double
  /// Filtered rate of the distance, m/s (negative when approaching).
  public private(set) var velocityMetersPerSecond: Double
  /// P00 (m²), P01 (m²/s), P11 ((m/s)²).
  public private(set) var covariance: (dd: Double, dv: Double, vv: Double)
  /// The time of the last update.
  public private(set) var time: Timestamp

  /// Starts the filter at a first measured distance: `x = [d0, 0]`, `P0 = diag(R, v0Variance)`.
  ///
  /// - Parameters:
  ///   - distanceMeters: the first measured distance, metres.
  ///   - time: its time.
  ///   - parameters: the tuning (every value > 0).
  public init(distanceMeters: Double, time: Timestamp, parameters: Parameters = .textbook) {
    precondition(parameters.accelerationDensity > 0 && parameters.measurementSigmaMeters > 0
                 && parameters.initialVelocityVariance > 0,
                 "ConstantVelocityKalman: q, sigma and the initial rate variance must be positive")
    self.parameters = parameters
    self.distanceMeters = distanceMeters
    velocityMetersPerSecond = 0
    let r = parameters.measurementVariance
    covariance = (r, 0, parameters.initialVelocityVariance)
    self.time = time
  }

  /// Predicts to `time` and fuses the measured `distanceMeters`.
  ///
  /// - Parameters:
  ///   - time: not before the last update's time (the caller skips earlier rows).
  ///   - z: the measured distance, metres.
  /// - Returns: the filtered distance, metres.
  public mutating func update(time: Timestamp, distanceMeters z: Double) -> Double {
    let dt = time.seconds(since: self.time)
    precondition(dt >= 0, "ConstantVelocityKalman: time went backwards")
    if dt > 0 { predict(dt) }
    self.time = time
    fuse(z)
    return distanceMeters
  }

  /// x = F x;  P = F P Fᵀ + Q  (Bar-Shalom §5.2, with §6.2.2's F and Q).
  /// P00 is the engine's predicted distance variance
  /// (`ScalarConstantVelocity.predictedDistanceVariance`); P01 and P11 are
  /// written here, since that home's own time update also projects d >= 0,
  /// which this textbook filter does not.
  private mutating func predict(_ dt: Double) {
    let q = parameters.accelerationDensity
    let (p00, p01, p11) = covariance
    // x = F x: the distance moves on at the current rate.
    distanceMeters += dt * velocityMetersPerSecond
    // F P Fᵀ written out for F = [1 dt; 0 1], plus the engine's Q (ConstantVelocityModel).
    let noise = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
    covariance = (ScalarConstantVelocity.predictedDistanceVariance(p00: p00, p01: p01, p11: p11, dt: dt, q: q),
                  p01 + dt * p11 + noise.q01,
                  p11 + noise.q11)
  }

  /// The standard update with H = [1 0] (Bar-Shalom §5.2), in the engine's
  /// short form (`ScalarConstantVelocity.fuseShortForm`): y = z - H x, S = H P Hᵀ + R,
  /// K = P Hᵀ / S, x = x + K y, and P = (I - K H) P, whose entries are
  /// `[k0 R, k1 R; k1 R, P11 - k1 P01]`, since 1 - k0 = R / S: the same in exact
  /// arithmetic, without 1 - k0 rounding to 0 when R is far below P00.
  private mutating func fuse(_ z: Double) {
    var (p00, p01, p11) = covariance
    var p10 = p01
    _ = ScalarConstantVelocity.fuseShortForm(
      innovation: z - distanceMeters, measurementVariance: parameters.measurementVariance, x0: &distanceMeters,
      x1: &velocityMetersPerSecond, p00: &p00, p01: &p01, p10: &p10, p11: &p11)
    covariance = (p00, p01, p11)
  }
}
