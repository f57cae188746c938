#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reference values for the textbook peer baselines of `rangectl evaluate`,
computed independently of the Swift code.

Writes Tests/RangingEvaluationTests/Baselines/BaselinePeersReference.swift.

cv-kalman: FilterPy's `KalmanFilter` (its `update` uses the Joseph form,
kalman_filter.py `update()`), with Q from FilterPy's
`Q_continuous_white_noise` (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2, CWNA):

    x = [d, v], F = [[1, dt], [0, 1]], Q = q [[dt^3/3, dt^2/2], [dt^2/2, dt]]
    H = [1, 0], R = sigma^2, q = 0.3 m^2/s^3, sigma = 0.15 m
    x0 = [d0, 0], P0 = diag(R, 1): the first distance is the output as is
    dt = 0: no prediction, update only; no gate
    a life-cycle row: the next distance starts a new filter

The same recursion is run a second time in plain NumPy with the standard
covariance update P = (I - K H) P, and the two must agree to 1e-12.

median3: numpy.median of the last 3 distances since the start or the last
life-cycle row (of 2 values, their mean).

Zones inner 1.5 m and outer 3 m with the peers' hysteresis: enter when
s < r, exit when s > r + 0.15 m; per update, exits from the smallest radius
out, then enters from the largest in. Every object starts outside.

Run from the package root:

    python3 scripts/reference/baseline_peers_reference.py

It pip-installs the pinned versions below when they are missing.
"""

import os
import platform
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pinned_packages import ensure_pinned  # noqa: E402

PINNED = {"numpy": "2.4.6", "filterpy": "1.4.5"}
SEED = 20261124
OUTPUT = os.path.join("Tests", "RangingEvaluationTests", "Baselines", "BaselinePeersReference.swift")
Q, SIGMA, V0_VARIANCE = 0.3, 0.15, 1.0
BAND = 0.15
ZONES = [("inner", 1.5), ("outer", 3.0)]


ensure_pinned(PINNED)

import numpy as np  # noqa: E402
import filterpy  # noqa: E402
from filterpy.common import Q_continuous_white_noise  # noqa: E402
from filterpy.kalman import KalmanFilter  # noqa: E402


def make_sequence(rng):
    """One object's rows: (time in whole microseconds, distance or None for a life-cycle row).

    A walk 4.2 m -> 0.8 m -> 4.2 m -> 1.2 m at about 0.6 m/s with Gaussian noise
    (0.12 m), steps of 0.05 to 0.4 s, about one step in twelve repeating the
    previous time (dt = 0), and a life-cycle row in the middle.
    """
    legs = [(4.2, 0.8), (0.8, 4.2), (4.2, 1.2)]
    rows = []
    t = 0
    for leg, (start, end) in enumerate(legs):
        steps = 60
        for k in range(steps):
            if rows and rng.random() < 1 / 12:
                dt_us = 0
            else:
                dt_us = int(rng.integers(50_000, 400_001)) if rows else 0
            t += dt_us
            true = start + (end - start) * k / (steps - 1)
            z = round(max(true + rng.normal(0.0, 0.12), 0.05), 3)
            rows.append((t, z))
        if leg == 1:
            t += 250_000
            rows.append((t, None))
    return rows


def kalman_filterpy(rows):
    """cv-kalman distances per distance row, FilterPy (Joseph-form update)."""
    out, kf, last = [], None, None
    for t, z in rows:
        if z is None:
            kf = None
            continue
        if kf is None:
            kf = KalmanFilter(dim_x=2, dim_z=1)
            kf.x = np.array([[z], [0.0]])
            kf.P = np.diag([SIGMA * SIGMA, V0_VARIANCE])
            kf.H = np.array([[1.0, 0.0]])
            kf.R = np.array([[SIGMA * SIGMA]])
        else:
            # dt as the Swift side forms it: whole microseconds, then / 1e6
            dt = float(t - last) / 1_000_000
            if dt > 0:
                kf.F = np.array([[1.0, dt], [0.0, 1.0]])
                kf.Q = Q_continuous_white_noise(dim=2, dt=dt, spectral_density=Q)
                kf.predict()
            kf.update(np.array([[z]]))
        last = t
        out.append(float(kf.x[0, 0]))
    return out


def kalman_numpy(rows):
    """The same filter with the standard update P = (I - K H) P, in plain NumPy."""
    out, x, P, last = [], None, None, None
    H = np.array([[1.0, 0.0]])
    R = SIGMA * SIGMA
    for t, z in rows:
        if z is None:
            x = None
            continue
        if x is None:
            x = np.array([z, 0.0])
            P = np.diag([R, V0_VARIANCE])
        else:
            dt = float(t - last) / 1_000_000
            if dt > 0:
                F = np.array([[1.0, dt], [0.0, 1.0]])
                Qm = Q * np.array([[dt**3 / 3, dt**2 / 2], [dt**2 / 2, dt]])
                x = F @ x
                P = F @ P @ F.T + Qm
            S = (H @ P @ H.T)[0, 0] + R
            K = (P @ H.T)[:, 0] / S
            x = x + K * (z - x[0])
            P = (np.eye(2) - np.outer(K, H[0])) @ P
        last = t
        out.append(float(x[0]))
    return out


def median3(rows):
    out, window = [], []
    for _, z in rows:
        if z is None:
            window = []
            continue
        window = (window + [z])[-3:]
        out.append(float(np.median(window)))
    return out


def crossings(rows, smoothed):
    """(time_us, zone, kind) of the hysteresis rule over the smoothed distances."""
    inside = {name: False for name, _ in ZONES}
    outwards = sorted(ZONES, key=lambda zone: zone[1])
    times = [t for t, z in rows if z is not None]
    events = []
    for t, s in zip(times, smoothed):
        for name, r in outwards:
            if inside[name] and s > r + BAND:
                inside[name] = False
                events.append((t, name, "exit"))
        for name, r in reversed(outwards):
            if not inside[name] and s < r:
                inside[name] = True
                events.append((t, name, "enter"))
        # No decision may hang on rounding: keep clear of every threshold.
        for _, r in ZONES:
            assert abs(s - r) > 1e-6 and abs(s - r - BAND) > 1e-6, "too close to a threshold; pick another seed"
    return events


def swift_doubles(values, indent="    "):
    lines, line = [], indent
    for v in values:
        item = repr(float(v)) + ", "
        if len(line) + len(item) > 116:
            lines.append(line.rstrip())
            line = indent
        line += item
    lines.append(line.rstrip())
    return "\n".join(lines)


def swift_rows(rows, indent="    "):
    items = [f"({t}, {repr(z) if z is not None else 'nil'})" for t, z in rows]
    lines, line = [], indent
    for item in items:
        item += ", "
        if len(line) + len(item) > 116:
            lines.append(line.rstrip())
            line = indent
        line += item
    lines.append(line.rstrip())
    return "\n".join(lines)


def swift_events(events, indent="    "):
    return "\n".join(f'{indent}({t}, "{zone}", .{kind}),' for t, zone, kind in events)


def main():
    rng = np.random.default_rng(SEED)
    rows = make_sequence(rng)
    repeats = sum(1 for a, b in zip(rows, rows[1:]) if a[0] == b[0] and b[1] is not None)
    assert repeats >= 3, "the sequence should repeat some times (dt = 0)"
    kalman = kalman_filterpy(rows)
    check = kalman_numpy(rows)
    assert max(abs(a - b) for a, b in zip(kalman, check)) < 1e-12, "Joseph and standard forms disagree"
    median = median3(rows)
    kalman_events = crossings(rows, kalman)
    median_events = crossings(rows, median)
    assert len(kalman_events) >= 4 and len(median_events) >= 4
    header = f"""// SPDX-License-Identifier: Apache-2.0
// GENERATED FILE, do not edit. Regenerate from the package root with:
//   python3 scripts/reference/baseline_peers_reference.py
// Seed {SEED} (numpy.random.default_rng). Python {platform.python_version()}, NumPy {np.__version__},
// FilterPy {filterpy.__version__}.
// cv-kalman: FilterPy's KalmanFilter (Joseph-form update) with Q_continuous_white_noise, q {Q} m^2/s^3,
// sigma {SIGMA} m, P0 = diag(sigma^2, {V0_VARIANCE}), no gate; checked against the standard update in
// NumPy to 1e-12. median3: numpy.median of the last 3 distances. Crossings: zones inner 1.5 m,
// outer 3 m, enter s < r, exit s > r + {BAND} m. A nil distance is a life-cycle row (restart).
// swift-format-ignore-file
"""
    body = f"""
import RangingFormats

/// One object's rows and what the peers make of them (see the generator).
enum BaselinePeersReference {{
  /// (time in microseconds, measured distance in metres, or nil for a life-cycle row).
  static let rows: [(Int64, Double?)] = [
{swift_rows(rows)}
  ]

  /// cv-kalman's distance after each row with a distance, metres.
  static let kalmanDistances: [Double] = [
{swift_doubles(kalman)}
  ]

  /// median3's distance after each row with a distance, metres.
  static let medianDistances: [Double] = [
{swift_doubles(median)}
  ]

  /// cv-kalman's crossings: (time in microseconds, zone, kind).
  static let kalmanCrossings: [(Int64, String, CrossingKind)] = [
{swift_events(kalman_events)}
  ]

  /// median3's crossings: (time in microseconds, zone, kind).
  static let medianCrossings: [(Int64, String, CrossingKind)] = [
{swift_events(median_events)}
  ]
}}
"""
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(header + body)
    print(f"wrote {OUTPUT}: {len(rows)} rows, {len(kalman_events)} cv-kalman and {len(median_events)} median3 crossings")


if __name__ == "__main__":
    main()
