// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The textbook constant-velocity Kalman filter (``ConstantVelocityKalman``)
/// run forward over one run of distances and smoothed backward with the
/// Rauch-Tung-Striebel equations (Rauch, Tung & Striebel, "Maximum likelihood
/// estimates of linear dynamic systems", AIAA Journal 3(8), 1965, pp.
/// 1445-1450): the offline peer ``BaselineMethod/smoothedConstantVelocityKalman(_:)``,
/// what a careful analyst would compute from a whole recording.
///
/// With the filtered posteriors `m_k, P_k` and, over `dt = t_{k+1} - t_k`,
/// `F = [1 dt; 0 1]` and `Q = q [dt³/3 dt²/2; dt²/2 dt]` (the forward
/// filter's model; `dt = 0` gives `F = I`, `Q = 0`), the backward pass from
/// `m^s_{n-1} = m_{n-1}` is (Särkkä 2013, "Bayesian Filtering and Smoothing",
/// Theorem 8.2):
///
///     P⁻_{k+1} = F P_k Fᵀ + Q
///     G_k      = P_k Fᵀ (P⁻_{k+1})⁻¹
///     m^s_k    = m_k + G_k (m^s_{k+1} - F m_k)
///
/// The smoothed means need only the filtered covariances, so the smoothed
/// covariances are not formed. Written out for 2 × 2 in plain Swift (no GSL),
/// so that the peer is scored in every build.
public enum ConstantVelocityRauchTungStriebel {
  /// The smoothed distances of one run, metres, one per reading.
  ///
  /// - Parameters:
  ///   - readings: times not decreasing, distances finite; may be empty.
  ///   - parameters: the textbook filter's tuning.
  /// - Returns: `readings.count` distances; a step whose predicted covariance
  ///   is not invertible (not positive definite) keeps its filtered distance.
  /// - Complexity: O(n) time and memory.
  public static func smooth(
    _ readings: [(time: Timestamp, distanceMeters: Double)], parameters: ConstantVelocityKalman.Parameters = .textbook
  ) -> [Double] {
    guard let first = readings.first else { return [] }
    var filter = ConstantVelocityKalman(distanceMeters: first.distanceMeters, time: first.time, parameters: parameters)
    var filtered: [ConstantVelocityKalman] = [filter]
    filtered.reserveCapacity(readings.count)
    for reading in readings.dropFirst() {
      _ = filter.update(time: reading.time, distanceMeters: reading.distanceMeters)
      filtered.append(filter)
    }
    var smoothed = Array(repeating: 0.0, count: readings.count)
    var next = (d: filtered[filtered.count - 1].distanceMeters, v: filtered[filtered.count - 1].velocityMetersPerSecond)
    smoothed[readings.count - 1] = next.d
    let q = parameters.accelerationDensity
    for k in stride(from: readings.count - 2, through: 0, by: -1) {
      let m = filtered[k]
      let dt = filtered[k + 1].time.seconds(since: m.time)
      let (p00, p01, p11) = m.covariance
      // A = P_k Fᵀ (rows: [p00 + dt p01, p01], [p01 + dt p11, p11]).
      let a00 = p00 + dt * p01, a01 = p01, a10 = p01 + dt * p11, a11 = p11
      // P⁻ = F A + Q, symmetric [b00 b01; b01 b11].
      let noise = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
      let b00 = a00 + dt * a10 + (dt > 0 ? noise.q00 : 0)
      let b01 = a01 + dt * a11 + (dt > 0 ? noise.q01 : 0)
      let b11 = a11 + (dt > 0 ? noise.q11 : 0)
      let det = b00 * b11 - b01 * b01
      guard det > 0, det.isFinite else {
        next = (m.distanceMeters, m.velocityMetersPerSecond)
        smoothed[k] = next.d
        continue
      }
      // G = A (P⁻)⁻¹, (P⁻)⁻¹ = [b11 -b01; -b01 b00] / det.
      let g00 = (a00 * b11 - a01 * b01) / det, g01 = (a01 * b00 - a00 * b01) / det
      let g10 = (a10 * b11 - a11 * b01) / det, g11 = (a11 * b00 - a10 * b01) / det
      // m^s_k = m_k + G (m^s_{k+1} - F m_k).
      let e0 = next.d - (m.distanceMeters + dt * m.velocityMetersPerSecond)
      let e1 = next.v - m.velocityMetersPerSecond
      next = (m.distanceMeters + g00 * e0 + g01 * e1, m.velocityMetersPerSecond + g10 * e0 + g11 * e1)
      smoothed[k] = next.d
    }
    return smoothed
  }
}
