#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reference values for RangeFilter, computed independently of the Swift code.

Writes Tests/RangingEngineTests/Reference/RangeFilterReference.swift.

The filter is FilterPy's `KalmanFilter` (its `update` uses the Joseph form,
kalman_filter.py `update()`), with Q from FilterPy's
`Q_continuous_white_noise` (Bar-Shalom, Li & Kirubarajan 2001, §6.2.2, CWNA):

    state x = [d, v], F = [[1, dt], [0, 1]], Q = q [[dt^3/3, dt^2/2], [dt^2/2, dt]]
    H = [1, 0], R = r^2, x0 = [z0, 0], P0 = diag(r^2, v0^2)

Gate and reset, as RangeFilter documents them (docs/CONVENTIONS.md §5):
    testRatio = y^2 / (g^2 S) with g = gate when y >= 0 (measurement longer than
    predicted) and g = short_gate when y < 0; testRatio > 1 -> not fused (the
    prediction still happens); after `reset_after` such measurements in a row the
    filter restarts at that measurement with x0, P0.
    Confirmation: until `confirm` measurements have been fused since the
    (re)start, a measurement with y^2 / S > gate^2 (either sign) restarts the
    filter there.
    Constraint: whenever d < 0 after a predict or update, d = 0 and v = max(v, 0).
    Restart after rejections: the restarted track is unconfirmed, like a new one.
    Undo of one fusion: a fusion with testRatio > 0.25, or one that moved v by
    more than 1 m/s, keeps the state from before it; when the fusion before it
    kept a state for itself alone, that older state is kept instead (a burst
    of two such fusions goes back to the state before both). When the next measurement
    is rejected (not by confirmation) and, against that kept state predicted to
    its time, has a test ratio <= 1 (same gates by sign, S from that
    prediction), the filter goes back to the kept state and fuses the new
    measurement from there (outcome fused, with that ratio). Any other outcome
    forgets the kept state, except that the fusion made by an undo keeps the
    same state in turn when it passes the same test (ratio or rate change).

Steady state at a fixed dt: the prior covariance M from
scipy.linalg.solve_discrete_are (the filter's discrete algebraic Riccati
equation), the posterior P = M - M H^T S^-1 H M, the gain K = M H^T S^-1.
The script also checks these against the closed form in README.md.

Run from the package root:

    python3 scripts/reference/range_filter_reference.py

It pip-installs the pinned versions below when they are missing.
"""

import copy
import os
import platform
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pinned_packages import ensure_pinned  # noqa: E402

PINNED = {"numpy": "2.4.6", "scipy": "1.17.1", "filterpy": "1.4.5"}
SEED = 20261122
OUTPUT = os.path.join("Tests", "RangingEngineTests", "Reference", "RangeFilterReference.swift")


ensure_pinned(PINNED)

import numpy as np  # noqa: E402
import scipy  # noqa: E402
import scipy.linalg  # noqa: E402
import filterpy  # noqa: E402
from filterpy.common import Q_continuous_white_noise  # noqa: E402
from filterpy.kalman import KalmanFilter  # noqa: E402

INITIALIZED, FUSED, REJECTED, RESET, NUMERICAL, UNCONFIRMED = 0, 1, 2, 3, 4, 5


def clamp_non_negative(kf):
    """d >= 0: project the estimate back onto d = 0 with a non-approaching rate."""
    if kf.x[0, 0] < 0:
        kf.x[0, 0] = 0.0
        kf.x[1, 0] = max(kf.x[1, 0], 0.0)


UNDO_TEST_RATIO, PLAUSIBLE_RATE_CHANGE = 0.25, 1.0


def predict_to(kf, dt, q):
    kf.F = np.array([[1.0, dt], [0.0, 1.0]])
    kf.Q = Q_continuous_white_noise(dim=2, dt=dt, spectral_density=q)
    kf.predict()
    clamp_non_negative(kf)


def run_filter(times_us, measurements, q, r, v0, gate, short_gate, reset_after, confirm=2):
    """Runs the gated CWNA filter; returns per-step x0, x1, P00, P01, P11, outcome, testRatio,
    and the number of undone fusions."""
    out = {k: [] for k in ("x0", "x1", "p00", "p01", "p11", "outcome", "ratio")}
    out["undone"] = 0
    out["kept_across_two"] = 0
    kf = None
    kept = None  # (filter copy, time in µs, spans two fusions) from before an undoable fusion
    rejections = 0
    fused_since_start = 0
    last = None

    def start(z):
        f = KalmanFilter(dim_x=2, dim_z=1)
        f.x = np.array([[z], [0.0]])
        f.P = np.diag([r * r, v0 * v0])
        f.H = np.array([[1.0, 0.0]])
        f.R = np.array([[r * r]])
        return f

    for t, z in zip(times_us, measurements):
        ratio = 0.0
        if kf is None:
            kf = start(z)
            outcome = INITIALIZED
        else:
            # dt as the engine forms it: whole microseconds, then / 1e6
            dt = float(t - last) / 1_000_000
            assert dt > 0
            before = (copy.deepcopy(kf), last)
            predict_to(kf, dt, q)
            # y = z - H x, S = H P H^T + R: the gate looks at the prediction
            y = z - (kf.H @ kf.x)[0, 0]
            s = (kf.H @ kf.P @ kf.H.T + kf.R)[0, 0]
            g = short_gate if y < 0 else gate
            ratio = y * y / (g * g * s)
            assert abs(ratio - 1.0) > 1e-6, "a test ratio too close to the gate; pick another seed"
            assert abs(y * y / (gate * gate * s) - 1.0) > 1e-6, "too close to the confirmation gate"
            undo = None
            if kept is not None and not (fused_since_start < confirm and y * y / s > gate * gate) and ratio > 1.0:
                candidate = copy.deepcopy(kept[0])
                predict_to(candidate, float(t - kept[1]) / 1_000_000, q)
                y2 = z - (candidate.H @ candidate.x)[0, 0]
                s2 = (candidate.H @ candidate.P @ candidate.H.T + candidate.R)[0, 0]
                g2 = short_gate if y2 < 0 else gate
                ratio2 = y2 * y2 / (g2 * g2 * s2)
                assert abs(ratio2 - 1.0) > 1e-6, "an undo test ratio too close to the gate; pick another seed"
                if ratio2 <= 1.0:
                    undo = (candidate, ratio2)
            undo_from, kept = kept, None
            if undo is not None:
                kf, ratio = undo
                kf.update(np.array([[z]]))
                clamp_non_negative(kf)
                outcome = FUSED
                out["undone"] += 1
                # the replacing fusion may be undone in turn, back to the same state
                if ratio > UNDO_TEST_RATIO or abs(kf.x[1, 0] - undo_from[0].x[1, 0]) > PLAUSIBLE_RATE_CHANGE:
                    kept = (undo_from[0], undo_from[1], False)
            elif fused_since_start < confirm and y * y / s > gate * gate:
                kf = start(z)
                rejections = 0
                fused_since_start = 0
                outcome, ratio = UNCONFIRMED, 0.0
            elif ratio > 1.0:
                rejections += 1
                if rejections >= reset_after:
                    kf = start(z)
                    rejections = 0
                    fused_since_start = 0
                    outcome, ratio = RESET, 0.0
                else:
                    outcome = REJECTED
            else:
                rate_before = before[0].x[1, 0]
                kf.update(np.array([[z]]))
                rejections = 0
                fused_since_start += 1
                clamp_non_negative(kf)
                outcome = FUSED
                if ratio > UNDO_TEST_RATIO or abs(kf.x[1, 0] - rate_before) > PLAUSIBLE_RATE_CHANGE:
                    if undo_from is not None and not undo_from[2]:
                        kept = (undo_from[0], undo_from[1], True)
                        out["kept_across_two"] += 1
                    else:
                        kept = (before[0], before[1], False)
        last = t
        out["x0"].append(kf.x[0, 0])
        out["x1"].append(kf.x[1, 0])
        out["p00"].append(kf.P[0, 0])
        out["p01"].append(kf.P[0, 1])
        out["p11"].append(kf.P[1, 1])
        out["outcome"].append(outcome)
        out["ratio"].append(ratio)
    return out


def simulate_truth(rng, steps, dt_low, dt_high, q_true, start_m):
    """Times (µs, log-uniform steps) and a CWNA distance path kept above 0.3 m."""
    dts = np.exp(rng.uniform(np.log(dt_low), np.log(dt_high), steps - 1))
    micros = np.concatenate([[0], np.cumsum(np.maximum(1, np.round(dts * 1e6)).astype(np.int64))])
    times = (micros + 1_700_000_000_000_000).astype(np.int64)
    d, v = start_m, 0.0
    truth = [d]
    for k in range(1, steps):
        dt = (times[k] - times[k - 1]) / 1e6
        w = rng.multivariate_normal([0.0, 0.0], Q_continuous_white_noise(2, dt, q_true))
        d, v = d + v * dt + w[0], v + w[1]
        if d < 0.3:
            d, v = 0.6 - d, -v
        truth.append(d)
    return times, np.array(truth)


def plain_sequences(rng):
    """Ungated sequences (gate 1e6 never rejects), variable dt in 0.01..1 s."""
    cases = [
        ("walker", 200, 1.0, 0.05, 1.5),
        ("slowNoisy", 350, 0.2, 0.3, 0.5),
        ("agileSharp", 500, 5.0, 0.02, 2.0),
    ]
    result = []
    for name, steps, q, r, v0 in cases:
        times, truth = simulate_truth(rng, steps, 0.01, 1.0, q, 6.0)
        z = truth + rng.normal(0.0, r, steps)
        ref = run_filter(times, z, q, r, v0, 1e6, 1e6, 1_000_000)
        assert all(o in (INITIALIZED, FUSED) for o in ref["outcome"])
        result.append(dict(name=name, q=q, r=r, v0=v0, gate=1e6, short_gate=1e6, reset=1_000_000,
                           times=times, z=z, **ref))
    return result


def gated_sequence(rng):
    """Multipath spikes (+0.5..3 m for 1-2 steps), short excursions (-0.2..-0.5 m, inside the
    short gate but outside the long one), a spike on the very first measurement, and one
    lasting jump; gate 4, short gate 10, reset after 3."""
    steps, q, r, v0, gate, short_gate, reset = 400, 1.0, 0.05, 1.5, 4.0, 10.0, 3
    times, truth = simulate_truth(rng, steps, 0.02, 0.3, 0.3, 5.0)
    z = truth + rng.normal(0.0, r, steps)
    jump_at = 260
    z[jump_at:] += rng.uniform(1.5, 3.0)
    spike_starts = [30, 55, 80, 110, 140, 170, 200, 230, 300, 330, 360]
    for start in spike_starts:
        length = 1 + int(rng.integers(0, 2))
        z[start:start + length] += rng.uniform(0.5, 3.0, length)
    z[0] += 2.0  # the track starts on a spike: confirmation must restart it
    for start in (45, 125, 345):
        z[start] -= rng.uniform(0.2, 0.5)
    ref = run_filter(times, z, q, r, v0, gate, short_gate, reset)
    assert ref["outcome"].count(RESET) >= 1 and ref["outcome"].count(REJECTED) >= 10
    assert ref["outcome"].count(UNCONFIRMED) >= 1
    assert ref["undone"] >= 1, "the run should exercise the undo rule"
    return dict(name="gatedWithSpikesAndJump", q=q, r=r, v0=v0, gate=gate, short_gate=short_gate, reset=reset,
                times=times, z=z, **ref)


def steady_state(q, r, dt):
    """Posterior P and gain K of the steady-state filter at fixed dt, via the DARE."""
    F = np.array([[1.0, dt], [0.0, 1.0]])
    H = np.array([[1.0, 0.0]])
    Q = Q_continuous_white_noise(2, dt, q)
    R = np.array([[r * r]])
    # Prior covariance M solves M = F (M - M H^T (H M H^T + R)^-1 H M) F^T + Q.
    M = scipy.linalg.solve_discrete_are(F.T, H.T, Q, R)
    S = (H @ M @ H.T + R)[0, 0]
    K = (M @ H.T / S)[:, 0]
    P = M - np.outer(K, H @ M)
    # Fixed point check: predicting P again gives M.
    assert np.allclose(F @ P @ F.T + Q, M, rtol=1e-12, atol=0)
    # Closed form (README.md): v = λ/2 + sqrt(λ²/12 + 4), s = (v - sqrt(v² - 4))/2,
    # α = 1 - s², β = λ s, with λ² = q dt³ / r² the CWNA tracking index squared.
    lam = np.sqrt(q * dt**3) / r
    v = lam / 2 + np.sqrt(lam**2 / 12 + 4)
    s = (v - np.sqrt(v * v - 4)) / 2
    alpha, beta = 1 - s * s, lam * s
    assert np.isclose(K[0], alpha, rtol=1e-12) and np.isclose(K[1] * dt, beta, rtol=1e-12), (K, alpha, beta)
    values = dict(k0=K[0], k1=K[1], p00=P[0, 0], p01=P[0, 1], p11=P[1, 1], m00=M[0, 0], m01=M[0, 1], m11=M[1, 1])
    return dict(dt_us=int(round(dt * 1e6)), q=q, r=r, **{k: float(v) for k, v in values.items()})


def swift_doubles(values, indent="      "):
    items = [repr(float(v)) for v in values]
    lines, line = [], []
    for item in items:
        line.append(item)
        if len(line) == 6:
            lines.append(indent + ", ".join(line) + ",")
            line = []
    if line:
        lines.append(indent + ", ".join(line) + ",")
    return "\n".join(lines)


def swift_ints(values, indent="      ", per_line=8):
    items = [str(int(v)) for v in values]
    return "\n".join(indent + ", ".join(items[i:i + per_line]) + "," for i in range(0, len(items), per_line))


def emit(sequences, steady):
    header = f"""// SPDX-License-Identifier: Apache-2.0
// GENERATED FILE, do not edit. Regenerate from the package root with:
//   python3 scripts/reference/range_filter_reference.py
// Seed {SEED} (numpy.random.default_rng). Python {platform.python_version()}, NumPy {np.__version__},
// SciPy {scipy.__version__}, FilterPy {filterpy.__version__}.
// The filter is FilterPy's KalmanFilter (Joseph-form update) with gate and reset as RangeFilter
// documents them; the steady states come from scipy.linalg.solve_discrete_are.
// swift-format-ignore-file
"""
    out = [header, "/// Reference runs of the CWNA range filter (see the generator for the model).",
           "enum RangeFilterReference {",
           "  /// Outcome codes: 0 initialized, 1 fused, 2 rejected, 3 reset by rejections,",
           "  /// 5 restart of an unconfirmed track.",
           "  struct Run: Sendable, CustomStringConvertible {",
           "    var name: String",
           "    var accelerationSpectralDensity: Double",
           "    var measurementSigmaMeters: Double",
           "    var initialRateSigmaMetersPerSecond: Double",
           "    var gateSigmas: Double",
           "    var shortGateSigmas: Double",
           "    var resetAfterRejections: Int",
           "    var timesMicroseconds: [Int64]",
           "    var measurementsMeters: [Double]",
           "    var x0: [Double]",
           "    var x1: [Double]",
           "    var p00: [Double]",
           "    var p01: [Double]",
           "    var p11: [Double]",
           "    var outcomes: [UInt8]",
           "    var testRatios: [Double]",
           "    var description: String { name }",
           "  }", "",
           "  /// Steady state at a fixed step: gain K = [alpha, beta / dt], posterior P, prior M.",
           "  struct SteadyState: Sendable, CustomStringConvertible {",
           "    var stepMicroseconds: Int64",
           "    var accelerationSpectralDensity: Double",
           "    var measurementSigmaMeters: Double",
           "    var k0, k1, p00, p01, p11, m00, m01, m11: Double",
           "    var description: String {",
           "      \"q \\(accelerationSpectralDensity), r \\(measurementSigmaMeters), dt \\(stepMicroseconds) us\"",
           "    }",
           "  }", ""]
    for seq in sequences:
        out.append(f"  static let {seq['name']} = Run(")
        out.append(f"    name: \"{seq['name']}\",")
        out.append(f"    accelerationSpectralDensity: {seq['q']!r}, measurementSigmaMeters: {seq['r']!r},")
        out.append(f"    initialRateSigmaMetersPerSecond: {seq['v0']!r}, gateSigmas: {seq['gate']!r},")
        out.append(f"    shortGateSigmas: {seq['short_gate']!r},")
        out.append(f"    resetAfterRejections: {seq['reset']},")
        out.append("    timesMicroseconds: [\n" + swift_ints(seq["times"], per_line=4) + "\n    ],")
        for field, key in (("measurementsMeters", "z"), ("x0", "x0"), ("x1", "x1"), ("p00", "p00"),
                           ("p01", "p01"), ("p11", "p11")):
            out.append(f"    {field}: [\n" + swift_doubles(seq[key]) + "\n    ],")
        out.append("    outcomes: [\n" + swift_ints(seq["outcome"], per_line=20) + "\n    ],")
        out.append("    testRatios: [\n" + swift_doubles(seq["ratio"]) + "\n    ])")
        out.append("")
    names = ", ".join(s["name"] for s in sequences[:-1])
    out.append(f"  /// Gate never closes (gate 1e6): the plain Kalman recursion.")
    out.append(f"  static let ungated: [Run] = [{names}]")
    out.append("")
    out.append("  static let steadyStates: [SteadyState] = [")
    for s in steady:
        out.append(
            f"    SteadyState(\n      stepMicroseconds: {s['dt_us']}, accelerationSpectralDensity: {s['q']!r}, "
            f"measurementSigmaMeters: {s['r']!r},\n"
            f"      k0: {s['k0']!r}, k1: {s['k1']!r},\n"
            f"      p00: {s['p00']!r}, p01: {s['p01']!r}, p11: {s['p11']!r},\n"
            f"      m00: {s['m00']!r}, m01: {s['m01']!r}, m11: {s['m11']!r}),")
    out.append("  ]")
    out.append("}")
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w", encoding="ascii") as f:
        f.write("\n".join(out) + "\n")


def main():
    rng = np.random.default_rng(SEED)
    sequences = plain_sequences(rng) + [gated_sequence(rng)]
    steady = [steady_state(q, r, dt) for q, r, dt in
              ((1.0, 0.05, 0.1), (1.0, 0.05, 0.02), (0.1, 0.3, 0.5), (10.0, 0.02, 1.0), (0.5, 0.1, 0.25))]
    emit(sequences, steady)
    gated = sequences[-1]
    counts = {name: gated["outcome"].count(code) for name, code in
              (("fused", FUSED), ("rejected", REJECTED), ("reset", RESET), ("unconfirmed", UNCONFIRMED))}
    print(f"wrote {OUTPUT}; gated run: {counts}, undone fusions {gated['undone']}, states kept across two fusions {gated['kept_across_two']}")


if __name__ == "__main__":
    main()
