#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reference values for the offline Rauch-Tung-Striebel pass of `rangectl
replay --smooth` (RangingSmoothing's TrackSmoother), computed independently of
the Swift code.

Writes Tests/RangingSmoothingTests/RauchTungStriebelReference.swift.

Forward: FilterPy's `KalmanFilter` (Joseph-form update) on the range
filter's model (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2, CWNA), with Q
from FilterPy's `Q_continuous_white_noise`:

    x = [d, v], F = [[1, dt], [0, 1]], Q = q [[dt^3/3, dt^2/2], [dt^2/2, dt]]
    H = [1, 0], R = sigma^2, x0 = [z0, 0], P0 = diag(sigma^2, v0^2)

Some steps are predictions only (a measurement the live filter's gate
rejected, or a row without distance) and some repeat the previous time
(dt = 0: no prediction). The posterior after every step is recorded.

Backward: FilterPy's `KalmanFilter.rts_smoother(Xs, Ps, Fs, Qs)`, where
Fs[k] and Qs[k] are the model of the step that led to state k (the method's
convention; FilterPy 1.4.5's module-level `rts_smoother` indexes them the
other way, so it is not used). Checked against Särkkä (2013), "Bayesian
Filtering and Smoothing", §8.2, eq. 8.6, written out in plain NumPy, to
1e-12.

Run from the package root:

    python3 scripts/reference/rts_smoother_reference.py

It pip-installs the pinned versions below when they are missing.
"""

import os
import platform
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pinned_packages import ensure_pinned  # noqa: E402

PINNED = {"numpy": "2.4.6", "filterpy": "1.4.5"}
SEED = 20261124
OUTPUT = os.path.join("Tests", "RangingSmoothingTests", "RauchTungStriebelReference.swift")
CASES = [
    # name, steps, q (m^2/s^3), sigma (m), v0 (m/s), shortest and longest step (s)
    ("walker", 240, 0.5, 0.10, 1.0, 0.02, 0.5),
    ("noisySlow", 160, 0.05, 0.30, 0.5, 0.05, 1.0),
]

ensure_pinned(PINNED)

import numpy as np  # noqa: E402
import filterpy  # noqa: E402
from filterpy.common import Q_continuous_white_noise  # noqa: E402
from filterpy.kalman import KalmanFilter  # noqa: E402


def model(dt, q):
    F = np.array([[1.0, dt], [0.0, 1.0]])
    Q = Q_continuous_white_noise(dim=2, dt=dt, spectral_density=q) if dt > 0 else np.zeros((2, 2))
    return F, Q


def forward(rng, steps, q, sigma, v0, shortest, longest):
    """Times (whole microseconds), posteriors (x, P) and models (F, Q) of one segment."""
    kf = KalmanFilter(dim_x=2, dim_z=1)
    kf.H = np.array([[1.0, 0.0]])
    kf.R = np.array([[sigma * sigma]])
    t, truth, rate = 0, 3.0, -0.6
    times, xs, ps, fs, qs = [], [], [], [], []
    for k in range(steps):
        if k > 0:
            if rng.random() < 0.08:
                dt_us = 0
            else:
                dt_us = int(round(np.exp(rng.uniform(np.log(shortest), np.log(longest))) * 1_000_000))
            t += dt_us
            dt = dt_us / 1_000_000
            truth += rate * dt
            if truth < 0.5 or truth > 6.0:
                rate = -rate
        z = truth + rng.normal(0.0, sigma)
        if k == 0:
            kf.x = np.array([[z], [0.0]])
            kf.P = np.diag([sigma * sigma, v0 * v0])
            F, Q = model(0.0, q)
        else:
            F, Q = model(dt, q)
            if dt > 0:
                kf.F, kf.Q = F, Q
                kf.predict()
            # About one step in seven is a prediction only (gate rejection or no distance).
            if rng.random() >= 1 / 7:
                kf.update(np.array([[z]]))
        times.append(t)
        xs.append(kf.x.copy())
        ps.append(kf.P.copy())
        fs.append(F)
        qs.append(Q)
    return times, np.array(xs), np.array(ps), fs, qs


def smooth_numpy(xs, ps, fs, qs):
    """Särkkä (2013) eq. 8.6, from the last state back."""
    ms, pss = xs.copy(), ps.copy()
    for k in range(len(xs) - 2, -1, -1):
        F, Q = fs[k + 1], qs[k + 1]
        m_pred = F @ xs[k]
        p_pred = F @ ps[k] @ F.T + Q
        G = ps[k] @ F.T @ np.linalg.inv(p_pred)
        ms[k] = xs[k] + G @ (ms[k + 1] - m_pred)
        pss[k] = ps[k] + G @ (pss[k + 1] - p_pred) @ G.T
    return ms, pss


def swift_points(times, xs, ps, indent="    "):
    lines = []
    for t, x, p in zip(times, xs, ps):
        values = ", ".join(repr(float(v)) for v in (x[0, 0], x[1, 0], p[0, 0], p[0, 1], p[1, 1]))
        lines.append(f"{indent}({t}, {values}),")
    return "\n".join(lines)


def main():
    rng = np.random.default_rng(SEED)
    cases = []
    for name, steps, q, sigma, v0, shortest, longest in CASES:
        times, xs, ps, fs, qs = forward(rng, steps, q, sigma, v0, shortest, longest)
        assert sum(1 for a, b in zip(times, times[1:]) if a == b) >= 3, "some steps should repeat the time"
        kf = KalmanFilter(dim_x=2, dim_z=1)
        ms, pss, _, _ = kf.rts_smoother(xs, ps, Fs=fs, Qs=qs)
        check_m, check_p = smooth_numpy(xs, ps, fs, qs)
        assert np.max(np.abs(ms - check_m)) < 1e-12 and np.max(np.abs(pss - check_p)) < 1e-12, \
            "FilterPy and eq. 8.6 disagree"
        # The pass must change something, or the test would check nothing.
        assert np.max(np.abs(ms[:, 0, 0] - xs[:, 0, 0])) > 0.01
        cases.append((name, q, times, xs, ps, ms, pss))
    header = f"""// SPDX-License-Identifier: Apache-2.0
// GENERATED FILE, do not edit. Regenerate from the package root with:
//   python3 scripts/reference/rts_smoother_reference.py
// Seed {SEED} (numpy.random.default_rng). Python {platform.python_version()}, NumPy {np.__version__},
// FilterPy {filterpy.__version__}.
// Filtered: FilterPy's KalmanFilter (Joseph-form update), CWNA model with Q_continuous_white_noise;
// about one step in seven a prediction only, some steps dt = 0. Smoothed: FilterPy's
// KalmanFilter.rts_smoother, checked against Särkkä (2013) eq. 8.6 in NumPy to 1e-12.
// swift-format-ignore-file
"""
    body = "\n/// Filtered posteriors and their Rauch-Tung-Striebel smoothing (see the generator).\n"
    body += "/// Each point: (time in microseconds, d, v, P00, P01, P11).\n"
    body += "enum RauchTungStriebelReference {\n"
    body += "  typealias Point = (Int64, Double, Double, Double, Double, Double)\n\n"
    body += "  struct Case: Sendable {\n    let name: String\n    /// Acceleration spectral density, m^2/s^3.\n"
    body += "    let q: Double\n    let filtered: [Point]\n    let smoothed: [Point]\n  }\n\n"
    body += "  static let cases: [Case] = [walker, noisySlow]\n"
    for name, q, times, xs, ps, ms, pss in cases:
        body += f"""
  static let {name} = Case(
    name: "{name}", q: {q!r},
    filtered: [
{swift_points(times, xs, ps, indent="      ")}
    ],
    smoothed: [
{swift_points(times, ms, pss, indent="      ")}
    ])
"""
    body += "}\n"
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(header + body)
    print(f"wrote {OUTPUT}: " + ", ".join(f"{c[0]} {len(c[2])} steps" for c in cases))


if __name__ == "__main__":
    main()
