// SPDX-License-Identifier: Apache-2.0
/// Where a generated object's range errors come from.
public enum ScenarioNoise: Sendable {
  /// The parametric ``MeasurementModel``: Gaussian noise, heavy tails,
  /// spikes, device bias, outliers, NLOS, dropouts and gaps, each a parameter.
  case parametric
  /// Residuals of real recordings by moving-block bootstrap (``BootstrapNoiseModel``).
  case bootstrap(BootstrapNoiseModel)
}
