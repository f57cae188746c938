#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reference fits for RangeCalibrationFit (rangectl calibrate), from statsmodels.

Writes Tests/RangingCalibrationTests/RangeCalibrationReference.swift.
Run from the package root:  python3 scripts/reference/range_calibration_reference.py

Two seeded synthetic recordings of a two-way-ranging device whose error model
is measured = scale * true + offset, plus Gaussian noise and NLOS outliers
(always long, 0.5-3 m, as Decawave APS006 part 2 describes):

- "regression": true distances uniform in 0.5-8 m; the reference is
  statsmodels RLM with TukeyBiweight(c=4.685) (the bisquare and tuning of
  GSL's gsl_multifit_robust_bisquare), MAD scale, default H1 covariance.
- "location": a static recording at a known 3 m; the reference is the Huber
  M-estimate of measured - 3, statsmodels RLM on a constant with HuberT(t=1.345)
  (GSL's gsl_multifit_robust_huber).

statsmodels and GSL differ in details: GSL scales residuals by the leverage
(1/sqrt(1-h)), takes the MAD without the p-1 smallest residuals, and builds
its covariance from a sigma that blends the robust and OLS sigmas
(DuMouchel and O'Brien 1989); statsmodels uses Huber's H1 covariance. The
tests therefore compare estimates to a small fraction of their standard
error. Their standard errors agree to a few percent without outliers (the
"clean" cases); with 8-10% outliers GSL's are larger (about 1.5 times here),
because its final sigma never falls below a blend that includes the OLS sigma:
a conservative choice, which the tests bound rather than match.
"""
import sys
import numpy as np
import scipy
import statsmodels
import statsmodels.api as sm

SEED = 20261124
OUT = "Tests/RangingCalibrationTests/RangeCalibrationReference.swift"


def regression_case(rng, outlier_fraction=0.08, n=300):
    truth = rng.uniform(0.5, 8.0, n)
    measured = 1.015 * truth + 0.18 + rng.normal(0, 0.05, n)
    outliers = rng.random(n) < outlier_fraction
    measured[outliers] += rng.uniform(0.5, 3.0, outliers.sum())
    fit = sm.RLM(measured, sm.add_constant(truth), M=sm.robust.norms.TukeyBiweight(c=4.685)).fit()
    return truth, measured, fit.params, fit.bse


def location_case(rng, outlier_fraction=0.10, n=200):
    known = 3.0
    measured = known + 0.12 + rng.normal(0, 0.03, n)
    outliers = rng.random(n) < outlier_fraction
    measured[outliers] += rng.uniform(0.5, 3.0, outliers.sum())
    fit = sm.RLM(measured - known, np.ones(n), M=sm.robust.norms.HuberT(t=1.345)).fit()
    return known, measured, fit.params, fit.bse


def array(values):
    lines, row = [], []
    for v in values:
        row.append(repr(float(v)))
        if len(row) == 6:
            lines.append("      " + ", ".join(row) + ",")
            row = []
    if row:
        lines.append("      " + ", ".join(row) + ",")
    return "[\n" + "\n".join(lines) + "\n    ]"


def main():
    rng = np.random.default_rng(SEED)
    truth, measured, params, bse = regression_case(rng)
    known, static, lparams, lbse = location_case(rng)
    ctruth, cmeasured, cparams, cbse = regression_case(rng, outlier_fraction=0.0, n=200)
    _, cstatic, clparams, clbse = location_case(rng, outlier_fraction=0.0, n=100)
    v = sys.version_info
    text = f"""// SPDX-License-Identifier: Apache-2.0
// GENERATED FILE, do not edit. Regenerate from the package root with:
//   python3 scripts/reference/range_calibration_reference.py
// Seed {SEED} (numpy.random.default_rng). Python {v.major}.{v.minor}.{v.micro}, NumPy {np.__version__},
// SciPy {scipy.__version__}, statsmodels {statsmodels.__version__}.
// swift-format-ignore-file

/// Reference fits from statsmodels RLM (see the generator for the data and the estimators).
enum RangeCalibrationReference {{
  /// measured = 1.015 * true + 0.18 + N(0, 0.05), 8% long outliers; TukeyBiweight(4.685), MAD scale, H1 covariance.
  enum Regression {{
    static let trueMeters: [Double] = {array(truth)}
    static let measuredMeters: [Double] = {array(measured)}
    static let offsetMeters = {float(params[0])!r}
    static let scale = {float(params[1])!r}
    static let offsetStandardErrorMeters = {float(bse[0])!r}
    static let scaleStandardError = {float(bse[1])!r}
  }}

  /// A static recording at 3 m: 3.12 + N(0, 0.03), 10% long outliers; HuberT(1.345) location of measured - 3.
  enum Location {{
    static let knownDistanceMeters = {known!r}
    static let measuredMeters: [Double] = {array(static)}
    static let offsetMeters = {float(lparams[0])!r}
    static let offsetStandardErrorMeters = {float(lbse[0])!r}
  }}

  /// As ``Regression`` without outliers (200 rows).
  enum CleanRegression {{
    static let trueMeters: [Double] = {array(ctruth)}
    static let measuredMeters: [Double] = {array(cmeasured)}
    static let offsetMeters = {float(cparams[0])!r}
    static let scale = {float(cparams[1])!r}
    static let offsetStandardErrorMeters = {float(cbse[0])!r}
    static let scaleStandardError = {float(cbse[1])!r}
  }}

  /// As ``Location`` without outliers (100 rows).
  enum CleanLocation {{
    static let measuredMeters: [Double] = {array(cstatic)}
    static let offsetMeters = {float(clparams[0])!r}
    static let offsetStandardErrorMeters = {float(clbse[0])!r}
  }}
}}
"""
    with open(OUT, "w") as f:
        f.write(text)
    print(f"wrote {OUT}: regression offset {params[0]:.6f} +- {bse[0]:.6f}, scale {params[1]:.6f} +- {bse[1]:.6f}; "
          f"location offset {lparams[0]:.6f} +- {lbse[0]:.6f}; clean: {cparams}, {cbse}, {clparams}, {clbse}")


if __name__ == "__main__":
    main()
