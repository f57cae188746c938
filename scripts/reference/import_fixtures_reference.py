#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One ranging session written three ways, for the column and unit mapping
of `rangectl --preset` (docs/FORMATS.md §5), computed independently of the
Swift code.

Writes, under Tests/Fixtures/Import/:

- metres-seconds.csv: docs/FORMATS.md §1 as it is: t (s), object, distance
  (m), dir_x, dir_y, dir_z, horizontal_angle (rad).
- android-export.csv: the same rows as an export of androidx.core.uwb
  RangingPosition (developer.android.com/reference/androidx/core/uwb/
  RangingPosition): elapsed_realtime_nanos (ns since boot),
  device_address, distance (m), azimuth and elevation (degrees, positive
  azimuth to the right of the boresight) with figures of merit.
- qorvo-session-info.csv: the same rows as the SESSION_INFO_NTF lines of
  Qorvo's DW3 QM33 SDK CLI firmware (DWM3001CDK developer guide; forum.qorvo.com
  thread 22984) flattened to CSV, with the logger's receive time time_ms:
  mac_address, status, distance[cm] (whole centimetres, as the firmware
  prints them), loc_az_pdoa, loc_az, loc_el_pdoa, loc_el, rmt_az, rmt_el
  (degrees, two decimals), RSSI[dBm]; plus one RX_TIMEOUT row, which has no
  measurement.

The direction of azimuth θ and elevation φ is the closed form of Android's
SphericalVector.toCartesian() (AOSP packages/modules/Uwb, correction/math):
x = cos φ sin θ, y = sin φ, z = -cos φ cos θ; azimuth alone (no elevation)
is written as horizontal_angle. The session: one peer walks from 4.2 m to
0.6 m in 10 s and back, at 5 Hz, with seeded noise rounded to 1 cm, so it
enters and leaves both default zones (1.5 m and 3 m).

Run from the package root:

    python3 scripts/reference/import_fixtures_reference.py
"""
import math
import sys

import numpy

SEED = 15
BOOT_NS = 86_400_123_000_000  # a day and 123 ms after boot
OUT = "Tests/Fixtures/Import/"


def rows():
    rng = numpy.random.default_rng(SEED)
    for i in range(101):
        seconds_ns = BOOT_NS + i * 200_000_000
        t = i * 0.2
        truth = 4.2 - 0.36 * t if t <= 10 else 0.6 + 0.36 * (t - 10)
        cm = int(round(truth * 100 + rng.normal(0, 2)))
        az = round(float(rng.uniform(-50, 50)), 2)
        el = round(float(rng.uniform(-30, 30)), 2)
        angles = "both"
        if i % 10 == 7:
            angles = "none"  # outside the field of view
        elif i % 10 == 3:
            angles = "azimuth"  # a device without elevation
        yield seconds_ns, cm, az, el, angles


def header(lines, names):
    lines.append("# " + " ".join(sys.argv[:1]) + f" (numpy {numpy.__version__}, seed {SEED})")
    lines.append(",".join(names))


def main():
    plain, android, qorvo = [], [], []
    header(plain, ["t", "object", "distance", "dir_x", "dir_y", "dir_z", "horizontal_angle"])
    header(android, ["elapsed_realtime_nanos", "device_address", "distance", "azimuth", "azimuth_fom",
                     "elevation", "elevation_fom"])
    header(qorvo, ["time_ms", "mac_address", "status", "distance[cm]", "loc_az_pdoa", "loc_az", "loc_el_pdoa",
                   "loc_el", "rmt_az", "rmt_el", "RSSI[dBm]"])
    for n, (ns, cm, az, el, angles) in enumerate(rows()):
        seconds = f"{ns // 1_000_000_000}.{ns % 1_000_000_000 // 1_000_000:03d}"
        ms = ns // 1_000_000
        metres = f"{cm // 100}.{cm % 100:02d}"
        theta, phi = math.radians(az), math.radians(el)
        if angles == "both":
            d = (math.cos(phi) * math.sin(theta), math.sin(phi), -math.cos(phi) * math.cos(theta))
            plain.append(f"{seconds},peer,{metres},{d[0]:.12f},{d[1]:.12f},{d[2]:.12f},")
            android.append(f"{ns},5A:3C,{metres},{az:.2f},95,{el:.2f},90")
            qorvo.append(f"{ms},0x0001,SUCCESS,{cm},{az * 2.1:.2f},{az:.2f},{el * 1.7:.2f},{el:.2f},"
                         f"{-az:.2f},{-el:.2f},-66.5")
        elif angles == "azimuth":
            plain.append(f"{seconds},peer,{metres},,,,{theta:.12f}")
            android.append(f"{ns},5A:3C,{metres},{az:.2f},95,,")
            qorvo.append(f"{ms},0x0001,SUCCESS,{cm},{az * 2.1:.2f},{az:.2f},,,{-az:.2f},,-67.0")
        else:
            plain.append(f"{seconds},peer,{metres},,,,")
            android.append(f"{ns},5A:3C,{metres},,,,")
            qorvo.append(f"{ms},0x0001,SUCCESS,{cm},,,,,,,-70.5")
        if n == 50:
            qorvo.append(f"{ms + 100},0x0001,RX_TIMEOUT,,,,,,,,")
    for name, lines in [("metres-seconds.csv", plain), ("android-export.csv", android),
                        ("qorvo-session-info.csv", qorvo)]:
        with open(OUT + name, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
