// SPDX-License-Identifier: Apache-2.0

/// Whether a reading that the innovation gate refused is explained by the
/// object having stopped: the second motion hypothesis of the distance
/// filter's gate.
///
/// A constant-velocity prediction carries the last rate through the whole
/// interval between readings. At one reading a second, a runner at 2.5 m/s
/// who stops reads about 2.5 m short of the prediction, and the gate,
/// narrowed by the steady motion before (a small rate variance), took the
/// true reading for an outlier: the reported distance was the prediction,
/// metres beyond the object, for a reading or two (the clean sweep's
/// `fast-approach` at 1 Hz: up to 3 m; the 1 Hz cells' RMSE above the raw
/// readings'). So a refused reading is fused when it lies within the gate
/// of a constant-position hypothesis: the state before this update's
/// prediction, its rate set to 0, its distance variance grown by the
/// model's acceleration noise over the interval, `P00 + R + q dt³ / 3`.
/// Gating each reading against more than one motion model is what
/// multiple-model trackers do (Bar-Shalom, Li & Kirubarajan 2001, ch. 11,
/// the interacting multiple model estimator); here the second model only
/// gates, and the fusion is the constant-velocity filter's own. It is asked
/// after the undo rule (``RangeFilter/undoTestRatio``): a refused reading
/// that the state before a doubtful fusion explains means that fusion was
/// the outlier, which is the more specific account.
///
/// It applies only where the prediction moved the distance by more than
/// half the gate's reach (`(v dt)² > gate² S / 4`): at high rates, or for
/// a slow object, the stop lies inside the gate already, and widening the
/// gate there fused the lasting errors of the INRoL recordings at 20 Hz
/// (worst fold +0.014 to +0.012 F1 without this condition). A spike beyond
/// the prediction, on the side away from the last estimate, is refused as
/// before. Tuning.md, "Stops at low rates".
@usableFromInline
enum StopHypothesis {
  /// Whether `distance`, refused by the gate (`gate` sigmas, `gateScale` =
  /// gate² S), lies within `gate` sigmas of the object stopped at `before`
  /// (the state before this update, `dt` seconds ago), with measurement
  /// variance `measurementVariance` and acceleration spectral density `q`.
  ///
  /// - Complexity: O(1); about a dozen floating-point operations, run only
  ///   for a refused reading. Does not allocate.
  @inlinable @inline(__always)
  static func explains(
    _ distance: Double, before: StateBeforeFusion, dt: Double, gate: Double, gateScale: Double,
    measurementVariance: Double, accelerationSpectralDensity q: Double
  ) -> Bool {
    let moved = before.x1 * dt
    guard 4 * moved * moved > gateScale else { return false }
    let y = distance - before.x0
    let s = before.p00 + measurementVariance + q * dt * dt * dt / 3
    return y * y <= gate * gate * s
  }
}
