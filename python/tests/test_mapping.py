# SPDX-License-Identifier: Apache-2.0
"""The input options of `rangectl replay` (docs/FORMATS.md §5) as keywords of
read_csv and replay: preset, column, distance_unit, time_unit, angle_unit.
Each is given to rangectl and to Python on the same file, and both must give
the same events, filtered track, summary and rejected rows (line, field as
the file names it, reason); a bad value is refused by both (rangectl with
status 64, Python with a ValueError naming the option)."""
import math
import subprocess

import pandas as pd
import pyarrow as pa
import pytest

import rangingengine
from conftest import DATASETS, REPOSITORY
from test_replay import assert_same_as_rangectl as replayed_as_rangectl

IMPORT = REPOSITORY / "Tests" / "Fixtures" / "Import"
CIRCLING = REPOSITORY / "datasets" / "circling" / "samples.csv"
WALK = REPOSITORY / "datasets" / "walk-in-out" / "samples.csv"


def assert_same_as_rangectl(path, reference, options, **keywords):
    """Python's replay of `path` with `keywords` against rangectl's with `options`,
    through a path, read_csv, and a DataFrame or pyarrow Table mapped by replay."""
    result = replayed_as_rangectl(path, reference, options, data=path, **keywords)
    replayed_as_rangectl(path, reference, options, data=rangingengine.read_csv(path, **keywords))
    expected = reference(path, options)
    # A DataFrame in the file's layout (pandas' own reader: rows numbered from 0), mapped by replay, and
    # the same as a pyarrow Table: the same events, track and rejections by field and reason.
    frame = pd.read_csv(path, comment="#", dtype={"device_address": str, "mac_address": str, "peer": str})
    for data in (frame, pa.Table.from_pandas(frame, preserve_index=False)):
        mapped = rangingengine.replay(data, **keywords)
        assert mapped.events_jsonl() == expected.events
        assert mapped.filtered_csv() == expected.filtered
        assert (sorted(mapped.rejected[["field", "reason"]].itertuples(index=False, name=None))
                == sorted((field, reason) for _, field, reason in expected.rejected(path)))
    return result


def spherical(x, y, z):
    """Azimuth and elevation in degrees of a unit direction: θ = atan2(x, -z), φ = asin(y) (docs/FORMATS.md §5)."""
    return math.degrees(math.atan2(x, -z)), math.degrees(math.asin(max(-1.0, min(1.0, y))))


@pytest.mark.parametrize("name,keywords,options", [
    ("android-export.csv", {"preset": "android"}, ["--preset", "android"]),
    ("qorvo-session-info.csv", {"preset": "qorvo"}, ["--preset", "qorvo"]),
    ("metres-seconds.csv", {}, []),
])
def test_the_import_fixtures_replay_as_rangectl_does(name, keywords, options, reference):
    result = assert_same_as_rangectl(IMPORT / name, reference, options, **keywords)
    # docs/FORMATS.md §5: the one session in three layouts gives the same events (the peer named three ways).
    plain = rangingengine.replay(IMPORT / "metres-seconds.csv")
    assert result.events.drop(columns="object").equals(plain.events.drop(columns="object"))
    assert len(result.events) > 0


def other_layout(source, path):
    """`source` in another layout: `time_ms` (ms), `peer`, `range_mm` (mm), azimuth and elevation in
    degrees instead of dir_*, a `status` column; with rows each check of §5 refuses."""
    lines = source.read_text().splitlines()
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header = lines[header_at].split(",")
    at = {name: header.index(name) for name in header}
    out = ["time_ms,peer,status,range_mm,azimuth,elevation,vertical,event,t"]
    for number, line in enumerate(lines[header_at + 1:]):
        fields = line.split(",")
        azimuth = elevation = ""
        if fields[at["dir_x"]]:
            theta, phi = spherical(*(float(fields[at[axis]]) for axis in ("dir_x", "dir_y", "dir_z")))
            azimuth, elevation = f"{theta:.3f}", f"{phi:.3f}"
            if number % 4 == 1:
                elevation = ""                                      # azimuth alone: a horizontal angle
        distance = fields[at["distance"]]
        millimetres = f"{float(distance) * 1000:.1f}" if distance else ""
        row = [f"{float(fields[at['t']]) * 1000:.3f}", fields[at["object"]], "SUCCESS", millimetres, azimuth,
               elevation, fields[at["vertical"]], fields[at["event"]], "not-read"]
        out.append(",".join(row))
        if number == 20:
            out.append(",".join(row[:4] + ["", "12"] + row[6:]))       # elevation alone: incomplete_direction
        if number == 30:
            out.append(",".join(row[:4] + ["181", "0"] + row[6:]))     # angle_out_of_range (azimuth)
        if number == 40:
            out.append(",".join(row[:4] + ["10", "-95"] + row[6:]))    # angle_out_of_range (elevation)
        if number == 50:
            out.append(",".join(row[:2] + ["FAILED"] + row[3:]))      # no_measurement, with a distance
        if number == 60:
            out.append(",".join(row[:3] + ["12x"] + row[4:]))         # malformed_number (range_mm)
        if number == 70:
            out.append(",".join(row[:3] + ["2000000"] + row[4:]))     # distance_out_of_range: 2 km
    path.write_text("\n".join(out) + "\n")
    return path


def test_every_mapping_option_acts_as_rangectls(reference, tmp_path):
    path = other_layout(CIRCLING, tmp_path / "circling-other-layout.csv")
    keywords = {"column": {"t": "time_ms", "object": "peer", "distance": "range_mm"}, "time_unit": "ms",
                "distance_unit": "mm", "angle_unit": "deg"}
    options = ["--column", "t=time_ms", "--column", "object=peer", "--column", "distance=range_mm",
               "--time-unit", "ms", "--distance-unit", "mm", "--angle-unit", "deg"]
    result = assert_same_as_rangectl(path, reference, options, **keywords)
    assert {("range_mm", "malformed_number"), ("elevation", "angle_out_of_range"),
            ("azimuth", "angle_out_of_range"), ("azimuth", "incomplete_direction"),
            ("range_mm", "distance_out_of_range")} <= set(
        result.rejected[["field", "reason"]].itertuples(index=False, name=None))
    # The status column is only read by the qorvo preset: here it is an unused column, and the
    # FAILED row a measurement. rangectl's texts for the column option work too.
    assert "status" in result.summary.unused_columns and "t" in result.summary.unused_columns
    same = rangingengine.replay(path, column=["t=time_ms", "object=peer", " distance = range_mm "], time_unit="ms",
                                distance_unit="mm", angle_unit="deg")
    assert same.events_jsonl() == result.events_jsonl()
    # Without an angle unit, azimuth and elevation are not read (and rows with them alone have nothing).
    keywords.pop("angle_unit")
    assert_same_as_rangectl(path, reference, options[:-2], **keywords)


def test_the_qorvo_preset_rejects_failed_exchanges_by_their_status(reference, tmp_path):
    lines = (IMPORT / "qorvo-session-info.csv").read_text().splitlines()
    out = lines[:2]
    for number, line in enumerate(lines[2:]):
        fields = line.split(",")
        if number % 9 == 4:
            fields[2] = "RX_TIMEOUT"
        if number % 13 == 6:
            fields[2] = ""
        if number == 30:
            fields[3] = "abc"                                        # malformed, but the status fails first
            fields[2] = "FAILED"
        out.append(",".join(fields))
    path = tmp_path / "qorvo-with-failures.csv"
    path.write_text("\n".join(out) + "\n")
    result = assert_same_as_rangectl(path, reference, ["--preset", "qorvo"], preset="qorvo")
    failed = result.rejected[result.rejected["reason"] == "no_measurement"]
    assert set(failed["field"]) == {"status"} and len(failed) >= 12
    # The preset's units, overridden beside it, as rangectl's options are.
    assert_same_as_rangectl(path, reference, ["--preset", "qorvo", "--distance-unit", "mm"], preset="qorvo",
                            distance_unit="mm")


def android_layout(source, path):
    """A generated recording with phone motion (pose-only rows, poses on measurement rows) as an
    Android export: ns since boot, device_address, azimuth and elevation in degrees, rotation_vector_*."""
    lines = source.read_text().splitlines()
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header = lines[header_at].split(",")
    at = {name: header.index(name) for name in header}
    out = ["elapsed_realtime_nanos,device_address,distance,azimuth,azimuth_fom,elevation,elevation_fom,"
           "rotation_vector_x,rotation_vector_y,rotation_vector_z,rotation_vector_w"]
    for line in lines[header_at + 1:]:
        fields = line.split(",")
        if fields[at["event"]]:
            continue
        azimuth = elevation = ""
        if fields[at["dir_x"]]:
            theta, phi = spherical(*(float(fields[at[axis]]) for axis in ("dir_x", "dir_y", "dir_z")))
            azimuth, elevation = f"{theta:.2f}", f"{phi:.2f}"
        nanoseconds = round(float(fields[at["t"]]) * 1e9)
        pose = [fields[at[name]] for name in ("pose_x", "pose_y", "pose_z", "pose_w")]
        out.append(",".join([str(nanoseconds), fields[at["object"]], fields[at["distance"]], azimuth, "90",
                             elevation, "90", *pose]))
    path.write_text("\n".join(out) + "\n")
    return path


def test_the_android_preset_reads_the_rotation_vector_as_the_pose(phone_motion_suites, reference, tmp_path):
    source = next(path for path in phone_motion_suites["turns"] if path.name == "circling.csv")
    path = android_layout(source, tmp_path / "android-turns.csv")
    result = assert_same_as_rangectl(path, reference, ["--preset", "android"], preset="android")
    assert result.summary.poses_accepted > 0
    assert {"azimuth_fom", "elevation_fom"} <= set(result.summary.unused_columns)
    # The poses reach the engine: without them the directions are other ones.
    frame = pd.read_csv(path, dtype={"device_address": str}).drop(columns=[f"rotation_vector_{axis}" for axis in "xyzw"])
    assert rangingengine.replay(frame, preset="android").filtered_csv() != result.filtered_csv()


def rangectl_refuses(rangectl, options):
    done = subprocess.run([str(rangectl), "replay", str(WALK), "--quiet", "--backend", "swift", *options],
                          capture_output=True, text=True)
    return done.returncode == 64


@pytest.mark.parametrize("keywords,options,named", [
    ({"preset": "ios"}, ["--preset", "ios"], "preset"),
    ({"column": "distance"}, ["--column", "distance"], "column"),
    ({"column": {"range": "distance_cm"}}, ["--column", "range=distance_cm"], "column"),
    ({"column": ["distance=a", "distance=b"]}, ["--column", "distance=a", "--column", "distance=b"], "column"),
    ({"column": ["distance=a", "t=a"]}, ["--column", "distance=a", "--column", "t=a"], "column"),
    ({"column": {"t": "object"}}, ["--column", "t=object"], "column"),
    ({"column": {"distance": ""}}, ["--column", "distance="], "column"),
    ({"distance_unit": "km"}, ["--distance-unit", "km"], "distance_unit"),
    ({"time_unit": "min"}, ["--time-unit", "min"], "time_unit"),
    ({"angle_unit": "grad"}, ["--angle-unit", "grad"], "angle_unit"),
], ids=["preset", "column-no-equals", "column-unknown", "column-twice", "column-shared", "column-own-name",
        "column-empty", "distance-unit", "time-unit", "angle-unit"])
def test_bad_mapping_options_are_refused_by_both(keywords, options, named, rangectl):
    assert rangectl_refuses(rangectl, options)
    # A replay and a read refuse with rangectl's own message, in Python's terms: the keyword, never the flag.
    for refused in (lambda: rangingengine.replay(WALK, **keywords),
                    lambda: rangingengine.replay(rangingengine.read_csv(WALK), **keywords),
                    lambda: rangingengine.read_csv(WALK, **keywords)):
        with pytest.raises(ValueError, match=f"(?<![-\\w]){named}\\b") as caught:
            refused()
        assert "--" not in str(caught.value)


def test_a_column_the_header_lacks_is_a_format_error_naming_the_file_as_rangectl_does(rangectl):
    done = subprocess.run([str(rangectl), "replay", str(WALK), "--quiet", "--column", "distance=range_cm"],
                          capture_output=True, text=True)
    assert done.returncode == 65 and "no column 'range_cm'" in done.stderr
    with pytest.raises(rangingengine.RangingFormatError, match=f"{WALK}:[0-9]+: .*no column 'range_cm'") as refused:
        rangingengine.read_csv(WALK, column={"distance": "range_cm"})
    # rangectl's message, its option in Python's terms.
    assert str(refused.value).endswith("""no column 'range_cm' (column={"distance": "range_cm"})""")
    assert f"rangectl replay: {refused.value}".replace("""column={"distance": "range_cm"}""",
                                                      "--column distance=range_cm") in done.stderr


def test_an_identity_mapping_changes_nothing():
    for path in DATASETS[:3]:
        plain = rangingengine.replay(path)
        mapped = rangingengine.replay(path, column={"t": "t"}, distance_unit="m", time_unit="s")
        assert mapped.events_jsonl() == plain.events_jsonl() and mapped.filtered_csv() == plain.filtered_csv()
