// SPDX-License-Identifier: Apache-2.0
/// Where a generated object's range errors come from.
public enum ScenarioNoise: Sendable {
  /// The parametric ``MeasurementModel``: Gaussian noise, heavy tails,
  /// spikes, device bias, outliers, NLOS, dropouts and gaps, each a parameter.
  case parametric
  /// Residuals of real recordings by moving-block bootstrap (``BootstrapNoiseModel``).
  case bootstrap(BootstrapNoiseModel)
  /// Gaussian range noise only: every reading is the true distance plus
  /// `N(0, σ²)`, σ = ``MeasurementModel/rangeSigmaMeters``. Multipath spikes,
  /// heavy tails, short outliers, device bias, NLOS (scheduled and random)
  /// and body blocking are off; dropouts, gaps (when in the effects),
  /// interruptions, life-cycle rows, timing jitter and directions stay as in
  /// the parametric model. The clean data on which a Kalman filter must
  /// beat the raw readings (`rangectl generate --noise gaussian`).
  case gaussian
}
