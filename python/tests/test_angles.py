# SPDX-License-Identifier: Apache-2.0
"""Rows that carry an azimuth alone (`horizontal_angle`) or a coarse vertical
relation (`vertical`) instead of a direction (docs/FORMATS.md §1): replay()
gives rangectl's events, filtered track and rejections, and the angles reach
the engine's direction filter (ranging_batch_t.horizontal_angle_rad, vertical)."""
import math

import rangingengine
from conftest import REPOSITORY
from test_replay import assert_same_as_rangectl, split_csv

CIRCLING = REPOSITORY / "datasets" / "circling" / "samples.csv"


def with_angles(source, path):
    """`source` with every third direction replaced by its azimuth, θ = atan2(x, -z)
    (docs/FORMATS.md §5), and a vertical relation from the sign of y; every fifth
    by a vertical relation alone; and rows the checks refuse."""
    out, _, at, rows = split_csv(source)
    for number, line in enumerate(rows):
        fields = line.split(",")
        if fields[at["dir_x"]]:
            x, y, z = (float(fields[at[axis]]) for axis in ("dir_x", "dir_y", "dir_z"))
            if number % 3 == 1:
                fields[at["horizontal_angle"]] = f"{math.atan2(x, -z):.6f}"
                fields[at["vertical"]] = "above" if y > 0.2 else "below" if y < -0.2 else "same"
                fields[at["dir_x"]] = fields[at["dir_y"]] = fields[at["dir_z"]] = ""
            elif number % 5 == 2:
                fields[at["vertical"]] = "aboveOrBelow" if abs(y) > 0.2 else "unknown"
                fields[at["dir_x"]] = fields[at["dir_y"]] = fields[at["dir_z"]] = ""
            elif number % 11 == 4:
                # An azimuth and nothing else: no distance either.
                fields[at["horizontal_angle"]] = f"{math.atan2(x, -z):.6f}"
                for name in ("distance", "dir_x", "dir_y", "dir_z"):
                    fields[at[name]] = ""
        out.append(",".join(fields))
        if number == 40:
            bad = list(fields); bad[at["horizontal_angle"]] = "3.2"; out.append(",".join(bad))
        if number == 50:
            bad = list(fields); bad[at["vertical"]] = "sideways"; out.append(",".join(bad))
    path.write_text("\n".join(out) + "\n")
    return path


def test_azimuth_alone_and_vertical_rows_replay_as_rangectl_does(reference, tmp_path):
    path = with_angles(CIRCLING, tmp_path / "circling-angles.csv")
    result = assert_same_as_rangectl(path, reference)
    assert {"horizontal_angle_out_of_range", "unknown_vertical"} <= set(result.rejected["reason"])
    frame = rangingengine.read_csv(path)
    assert frame["horizontal_angle"].notna().sum() > 20 and frame["vertical"].notna().sum() > 20
    # The angles reach the direction filter: without them the track's directions are other ones.
    without = rangingengine.replay(frame.assign(horizontal_angle=float("nan"), vertical=None))
    assert without.filtered_csv() != result.filtered_csv()


def test_the_fleet_with_azimuths_replays_as_rangectl_does(fleet_50, reference, tmp_path):
    path = with_angles(fleet_50, tmp_path / "fleet-angles.csv")
    assert_same_as_rangectl(path, reference)
    assert_same_as_rangectl(path, reference, ["--direction", "off"], direction="off")
