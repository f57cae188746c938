# SPDX-License-Identifier: Apache-2.0
"""rangingengine.replay against `rangectl replay` on the same files: the events
JSON Lines, the filtered track and the summary byte for byte, and the same
rejected rows (line, field, reason)."""

import subprocess
import warnings

import pandas as pd
import pytest

import rangingengine
from conftest import DATASETS, REAL_RECORDINGS, skip_without_real_recordings


def assert_same_as_rangectl(path, reference, options=(), data=None, **engine_options):
    """replay() of `data` (read_csv(path) unless given) with `engine_options` against
    `rangectl replay path` with `options`."""
    expected = reference(path, options)
    assert expected.status == 0, expected.stderr
    result = rangingengine.replay(rangingengine.read_csv(path) if data is None else data, **engine_options)
    assert result.events_jsonl() == expected.events
    assert result.filtered_csv() == expected.filtered
    assert result.summary.report(str(path)) in expected.stderr
    ours = sorted((int(row), field, reason) for row, field, reason in
                  result.rejected[["row", "field", "reason"]].itertuples(index=False, name=None))
    assert ours == sorted(expected.rejected(path))
    summary = result.summary
    assert summary.rows_read == summary.rows_accepted + summary.rows_rejected
    assert summary.rows_rejected == len(result.rejected)
    assert len(result.filtered) == summary.measurements_accepted
    if data is None:
        assert_file_replay_is_the_same(path, expected, result, **engine_options)
    return result


@pytest.mark.parametrize("path", REAL_RECORDINGS, ids=[path.name for path in REAL_RECORDINGS])
def test_every_real_recording_replays_as_rangectl_replays_it(path, reference):
    skip_without_real_recordings()
    assert_same_as_rangectl(path, reference)


def assert_file_replay_is_the_same(path, expected, from_frame, **engine_options):
    """replay() of the path itself (rangectl's reader and replay, through ranging_replay_file)
    gives rangectl's outputs and the frames of replay() of the file's DataFrame, and warns of
    evictions exactly when the table evicted."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = rangingengine.replay(path, **engine_options)
    eviction = f"{path}: {result.summary.evictions} eviction{'' if result.summary.evictions == 1 else 's'} from a full"
    assert [str(w.message).startswith(eviction) for w in caught].count(True) == (result.summary.evictions > 0)
    for warning in caught:  # the others, for the caller (pytest.warns) to see
        if not str(warning.message).startswith(eviction):
            warnings.warn(warning.message, warning.category)
    assert result.events_jsonl() == expected.events
    assert result.filtered_csv() == expected.filtered
    assert result.summary.report(str(path)) in expected.stderr
    assert result.messages.endswith(result.summary.report(str(path)))
    assert result.summary == from_frame.summary
    pd.testing.assert_frame_equal(result.events, from_frame.events)
    pd.testing.assert_frame_equal(result.filtered, from_frame.filtered)
    # The same rejected rows; the text is the file's own (rangectl's), where the frame's has the value read.
    by_row = ["row", "column", "field", "reason"]
    pd.testing.assert_frame_equal(
        result.rejected[by_row].sort_values(by_row, kind="stable").reset_index(drop=True),
        from_frame.rejected[by_row].sort_values(by_row, kind="stable").reset_index(drop=True))


@pytest.mark.parametrize("path", DATASETS, ids=[path.parent.name for path in DATASETS])
def test_every_bundled_dataset_replays_as_rangectl_does(path, reference):
    result = assert_same_as_rangectl(path, reference)
    assert len(result.events) > 0
    # rangectl's default backend (GSL, in a build with the default traits) decides the same events,
    # and so does rangectl on two threads.
    assert result.events_jsonl() == reference(path, ["--backend", "gsl"]).events
    assert result.events_jsonl() == reference(path, ["--jobs", "2"]).events


def test_every_generated_scenario_replays_as_rangectl_does(generated_suite, reference):
    assert len(generated_suite) == 8
    for path in generated_suite:
        assert_same_as_rangectl(path, reference)


def test_a_50_object_recording_replays_as_rangectl_does(fleet_50, reference):
    result = assert_same_as_rangectl(fleet_50, reference)
    assert result.summary.objects == 50
    for jobs in ("2", "3"):
        assert result.events_jsonl() == reference(fleet_50, ["--jobs", jobs]).events
    assert result.events["object"].nunique() >= 40


def test_a_troubled_recording_gives_the_same_events_and_rejections(troubled, reference):
    result = assert_same_as_rangectl(troubled, reference)
    on_two_threads = reference(troubled, ["--jobs", "2"])
    # docs/FORMATS.md §4: byte for byte, objects found lost by one clock check in the one table's order too.
    assert result.events_jsonl() == on_two_threads.events
    assert result.summary.report(str(troubled)) in on_two_threads.stderr
    reasons = set(result.rejected["reason"])
    assert reasons == {"malformed_number", "wrong_field_count", "time_went_backwards", "negative_distance",
                       "non_finite_value", "incomplete_direction", "unknown_event", "no_measurement",
                       "distance_out_of_range", "direction_not_unit", "missing_value", "truth_out_of_range"}
    assert (result.events["reason"] == "lost").sum() >= 2
    assert result.summary.lifecycle_accepted == 3


@pytest.mark.parametrize("options,engine_options", [
    (["--gate", "2", "--short-gate", "3"], {"gate": 2, "short_gate": 3}),
    (["--direction", "off"], {"direction": "off"}),
    (["--suspension", "hold", "--hysteresis", "0.4", "--band-offset", "-0.05"],
     {"suspension": "hold", "hysteresis": 0.4, "band_offset": -0.05}),
    (["--zones", "near=1,door=2@30,far=4"], {"zones": "near=1,door=2@30,far=4"}),
    (["--capacity", "40"], {"capacity": 40}),
    (["--enter-dwell", "0.5", "--exit-dwell", "1", "--sigma-margin", "1"],
     {"enter_dwell": 0.5, "exit_dwell": 1, "sigma_margin": 1}),
    (["--process-noise", "2", "--measurement-sigma", "0.1", "--max-rate", "inf", "--reset-after", "5",
      "--reset-after-seconds", "1", "--confirmation", "3", "--confirmation-seconds", "0.5"],
     {"process_noise": 2, "measurement_sigma": 0.1, "max_rate": float("inf"), "reset_after": 5,
      "reset_after_seconds": 1, "confirmation": 3, "confirmation_seconds": 0.5}),
    (["--fov", "40,30", "--max-coast", "0.5", "--velocity-correlation", "5"],
     {"fov": "40,30", "max_coast": 0.5, "velocity_correlation": 5}),
    (["--range-offset", "0.1", "--range-scale", "1.02"], {"range_offset": 0.1, "range_scale": 1.02}),
    (["--hampel-window", "7", "--hampel-threshold", "2", "--hampel-side", "both"],
     {"hampel_window": 7, "hampel_threshold": 2, "hampel_side": "both"}),
    (["--object-calibration", "s11-tag-01=0.2,1.01", "--object-calibration", "s12-tag-05=-0.1"],
     {"object_calibration": {"s11-tag-01": (0.2, 1.01), "s12-tag-05": -0.1}}),
    (["--object-calibration", "s11-tag-01=0.2,1.01", "--object-calibration", "s12-tag-05=-0.1"],
     {"object_calibration": ["s11-tag-01=0.2,1.01", "s12-tag-05=-0.1"]}),
], ids=["gates", "direction-off", "hold-hysteresis-band", "zones", "capacity-evicts", "dwell-margin",
        "distance-filter", "direction-filter", "calibration", "hampel", "object-calibration",
        "object-calibration-texts"])
def test_engine_options_act_as_rangectl_options_do(options, engine_options, troubled, reference):
    engine_options = dict(engine_options)
    zones = engine_options.pop("zones", None)
    result = assert_same_as_rangectl(troubled, reference, options, zones=zones, **engine_options)
    assert len(result.events) > 0


@pytest.mark.parametrize("options,engine_options", [
    (["--hampel-window", "5"], {"hampel_window": 5}),
    (["--hampel-window", "9", "--hampel-side", "both", "--hampel-threshold", "0"],
     {"hampel_window": 9, "hampel_side": "both", "hampel_threshold": 0}),
], ids=["above", "moving-median"])
def test_the_hampel_prefilter_acts_as_rangectls_does(options, engine_options, reference):
    path = next(path for path in DATASETS if path.parent.name == "nlos-approach")
    result = assert_same_as_rangectl(path, reference, options, **engine_options)
    # The pre-filter reaches the engine: the track is another one than without it.
    assert result.filtered_csv() != rangingengine.replay(path).filtered_csv()


@pytest.mark.parametrize("options,engine_options", [
    (["--measured-noise", "off"], {"measured_noise": "off"}),
    (["--gating", "always"], {"gating": "always"}),
], ids=["measured-noise-off", "gating-always"])
def test_the_noise_switches_act_as_rangectls_do(options, engine_options, reference):
    path = next(path for path in DATASETS if path.parent.name == "nlos-approach")
    result = assert_same_as_rangectl(path, reference, options, **engine_options)
    # The switch reaches the engine: the track is another one than with the defaults.
    assert result.filtered_csv() != rangingengine.replay(path).filtered_csv()


def test_capacity_below_the_objects_evicts_as_rangectl_does(fleet_50, reference):
    result = assert_same_as_rangectl(fleet_50, reference, ["--capacity", "40"], capacity=40)
    assert result.summary.evictions > 0
    assert (result.events["reason"] == "evicted").any()
    assert (result.events["event"] == "enter").any()


@pytest.mark.parametrize("kind", ["turns", "sweeps", "walk"])
def test_generated_scenarios_with_phone_motion_replay_as_rangectl_does(kind, phone_motion_suites, reference):
    for path in phone_motion_suites[kind]:
        result = assert_same_as_rangectl(path, reference)
        assert result.summary.poses_accepted > 0
    # The poses reach the engine: without them the circling person's directions are other ones.
    circling = next(path for path in phone_motion_suites[kind] if path.name == "circling.csv")
    frame = rangingengine.read_csv(circling)
    without = rangingengine.replay(frame.drop(columns=["pose_w", "pose_x", "pose_y", "pose_z"]))
    assert without.filtered_csv() != rangingengine.replay(frame).filtered_csv()


def split_csv(source):
    """A ranging CSV's lines up to and including its header, the header's names, each
    name's column index, and the data lines after the header."""
    lines = source.read_text().splitlines()
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header = lines[header_at].split(",")
    return lines[:header_at + 1], header, {name: header.index(name) for name in header}, lines[header_at + 1:]


def test_bad_poses_are_rejected_as_rangectl_rejects_them(phone_motion_suites, reference, tmp_path):
    source = next(path for path in phone_motion_suites["turns"] if path.name == "walk-in-out.csv")
    out, header, at, rows = split_csv(source)
    for number, line in enumerate(rows):
        out.append(line)
        fields = line.split(",")
        if number == 300:
            bad = list(fields); bad[at["pose_y"]] = ""; bad[at["pose_w"]] = bad[at["pose_w"]] or "1"
            bad[at["pose_x"]] = bad[at["pose_x"]] or "0"; bad[at["pose_z"]] = bad[at["pose_z"]] or "0"
            out.append(",".join(bad))                                                   # incomplete_pose
        if number == 310:
            bad = [""] * len(header); bad[at["t"]] = fields[at["t"]]
            bad[at["pose_w"]], bad[at["pose_x"]], bad[at["pose_y"]], bad[at["pose_z"]] = "1.05", "0", "0", "0"
            out.append(",".join(bad))                                                   # pose_not_unit
        if number == 320:
            bad = [""] * len(header); bad[at["t"]] = "0.0"
            bad[at["pose_w"]], bad[at["pose_x"]], bad[at["pose_y"]], bad[at["pose_z"]] = "1", "0", "0", "0"
            out.append(",".join(bad))                                                   # time_went_backwards (pose)
        if number == 330:
            bad = [""] * len(header); bad[at["t"]] = fields[at["t"]]; bad[at["object"]] = "person-1"
            bad[at["event"]] = "suspended"; bad[at["pose_w"]] = "1"
            out.append(",".join(bad))                                                   # measurement_on_event_row
        if number == 340:
            bad = [""] * len(header); bad[at["t"]] = fields[at["t"]]; bad[at["object"]] = "person-1"
            bad[at["pose_w"]], bad[at["pose_x"]], bad[at["pose_y"]], bad[at["pose_z"]] = "1", "0", "0", "0"
            out.append(",".join(bad))                                                   # a pose alone, with an object
    path = tmp_path / "bad-poses.csv"
    path.write_text("\n".join(out) + "\n")
    result = assert_same_as_rangectl(path, reference)
    assert {"incomplete_pose", "pose_not_unit", "time_went_backwards", "measurement_on_event_row"} <= set(
        result.rejected["reason"])


def test_durations_in_t_are_read_as_seconds(reference, tmp_path):
    # rangectl on the file, with t written as decimal seconds, is what replay() of the durations must give.
    from decimal import Decimal

    import numpy as np
    import pandas as pd
    small = tmp_path / "milliseconds.csv"
    small.write_text("t,object,distance\n0,a,1.0\n0.1,a,1.2\n0.2,a,1.4\n")
    frame = pd.DataFrame({"t": pd.to_timedelta([0, 100, 200], unit="ms"), "object": "a", "distance": [1.0, 1.2, 1.4]})
    assert_same_as_rangectl(small, reference, data=frame)
    # A recording in microseconds, and shifted to Unix time in nanoseconds (beyond 2^53: no double holds them all).
    path = next(path for path in DATASETS if path.parent.name == "walk-in-out")
    frame = rangingengine.read_csv(path)
    micros = np.round(frame["t"].to_numpy() * 1e6).astype(np.int64)
    assert_same_as_rangectl(path, reference, data=frame.assign(t=pd.to_timedelta(micros, unit="us")))
    head, _, at, rows = split_csv(path)
    shift = 1_700_000_000
    shifted = tmp_path / "unix-time.csv"
    shifted.write_text("\n".join(head + [",".join([str(Decimal(fields[at["t"]]) + shift)] + fields[1:])
                                         for fields in (line.split(",") for line in rows)]) + "\n")
    nanos = [(shift * 10**6 + int(tick)) * 1000 for tick in micros]
    assert_same_as_rangectl(shifted, reference, data=frame.assign(t=pd.to_timedelta(nanos, unit="ns")))


def test_durations_in_the_column_read_as_t_are_seconds_whatever_its_name(reference, tmp_path):
    import pandas as pd
    path = tmp_path / "renamed.csv"
    path.write_text("time_s,object,distance\n0,a,1.0\n0.1,a,1.2\n0.25,a,1.4\n")
    frame = pd.DataFrame({"time_s": pd.to_timedelta([0, 100, 250], unit="ms"), "object": "a",
                          "distance": [1.0, 1.2, 1.4]})
    expected = reference(path, ["--column", "t=time_s"])
    assert rangingengine.replay(frame, column={"t": "time_s"}).events_jsonl() == expected.events
    # The same column not read as t is refused: a duration is no distance.
    with pytest.raises(rangingengine.RangingFormatError, match=r"column 'time_s' holds durations: only the column"):
        rangingengine.replay(frame.assign(t=[0.0, 0.1, 0.2]))


def test_dates_and_times_in_t_and_durations_elsewhere_are_refused_naming_the_column():
    import pandas as pd
    frame = pd.DataFrame({"t": pd.to_datetime([0, 100], unit="ms"), "object": "a", "distance": [1.0, 1.2]})
    with pytest.raises(rangingengine.RangingFormatError, match=r"field 't': column 't' holds dates and times"):
        rangingengine.replay(frame)
    frame = pd.DataFrame({"t": [0.0, 0.1], "object": "a", "distance": pd.to_timedelta([1, 2], unit="s")})
    with pytest.raises(rangingengine.RangingFormatError,
                       match=r"<DataFrame>:1: not a ranging CSV: column 'distance' holds durations: only the column read "
                             r"as 't' may hold times"):
        rangingengine.replay(frame)
    frame = pd.DataFrame({"time_ms": pd.to_timedelta([0, 100], unit="ms"), "object": "a", "distance": [1.0, 1.2]})
    with pytest.raises(rangingengine.RangingFormatError, match=r"'time_ms' holds durations, which carry their own unit"):
        rangingengine.replay(frame, column={"t": "time_ms"}, time_unit="ms")


def test_a_column_twice_is_refused_as_rangectl_refuses_it_and_other_columns_twice_are_not_used(reference, tmp_path):
    import pandas as pd
    twice = tmp_path / "twice.csv"
    twice.write_text("t,object,distance,distance\n0,a,1,2\n")
    expected = reference(twice)
    assert expected.status == 65 and "not a ranging CSV: duplicate column 'distance'" in expected.stderr
    frame = pd.DataFrame([[0.0, "a", 1.0, 2.0]], columns=["t", "object", "distance", "distance"])
    with pytest.raises(rangingengine.RangingFormatError, match="<DataFrame>:1: not a ranging CSV: duplicate column "
                                                                 "'distance'"):
        rangingengine.replay(frame)
    notes = tmp_path / "notes.csv"
    notes.write_text("t,object,distance,note,note\n0,a,1,x,y\n")
    frame = pd.DataFrame([[0.0, "a", 1.0, "x", "y"]], columns=["t", "object", "distance", "note", "note"])
    assert "columns not used: note\n" in assert_same_as_rangectl(notes, reference, data=frame).summary.report("")


def test_a_files_replay_says_what_rangectl_says(rangectl, tmp_path):
    """replay() of a path runs rangectl's checks: its messages, warnings, refusals and ranges."""
    walk = DATASETS[0]
    # A unit left out: rangectl's warning, raised as a UserWarning too.
    lines = ["timestamp_ms,device,range_cm"] + [f"{1000 + step * 100},a,{150 + step}" for step in range(200)]
    log = tmp_path / "centimetres.csv"
    log.write_text("\n".join(lines) + "\n")
    mapping = {"column": {"t": "timestamp_ms", "object": "device", "distance": "range_cm"}}
    with pytest.warns(UserWarning) as caught:
        result = rangingengine.replay(log, **mapping)
    said = [str(warning.message) for warning in caught]
    # In Python's terms: the keywords to give, not rangectl's flags.
    assert len(said) == 2 and 'distance_unit="cm"' in said[0] and 'time_unit="ms"' in said[1]
    assert not any("--" in text for text in said)
    expected = subprocess.run([str(rangectl), "replay", str(log), "--backend", "swift", "--column", "t=timestamp_ms",
                               "--column", "object=device", "--column", "distance=range_cm"],
                              capture_output=True, text=True)
    assert result.messages == expected.stderr
    # Refusals name the option by its keyword; an option the replay does not have is refused as unknown.
    with pytest.raises(ValueError, match="short_gate"):
        rangingengine.replay(walk, short_gate=-1)
    with pytest.raises(ValueError, match="unknown keyword 'out_dir'"):
        rangingengine.replay(walk, out_dir=str(tmp_path))
    # The object table has rangectl's range, beyond the C API's 65,536.
    assert rangingengine.replay(walk, capacity=100_000).events_jsonl() == rangingengine.replay(walk).events_jsonl()
    with pytest.raises(rangingengine.RangingFormatError, match="cannot open"):
        rangingengine.replay(tmp_path / "missing.csv")
    headerless = tmp_path / "headerless.csv"
    headerless.write_text("1,2,3\n")
    with pytest.raises(rangingengine.RangingFormatError, match="headerless.csv"):
        rangingengine.replay(headerless)


def test_without_filtered_rows_the_events_rejections_and_summary_are_the_same(troubled):
    """filtered=False leaves out the filtered rows and nothing else, on every route: the
    file, a DataFrame, and a frame read through an angle unit (the package's checks)."""
    frame = rangingengine.read_csv(troubled)
    angled = rangingengine.read_csv(DATASETS[0], angle_unit="deg")
    for data, keywords in ((troubled, {}), (frame, {}), (angled, {"angle_unit": "deg"})):
        whole = rangingengine.replay(data, **keywords)
        events_only = rangingengine.replay(data, filtered=False, **keywords)
        assert events_only.filtered is None and len(whole.filtered) == whole.summary.measurements_accepted
        assert events_only.events_jsonl() == whole.events_jsonl()
        pd.testing.assert_frame_equal(events_only.events, whole.events)
        pd.testing.assert_frame_equal(events_only.rejected, whole.rejected)
        assert events_only.summary == whole.summary
        with pytest.raises(ValueError, match="filtered=False"):
            events_only.filtered_csv()
    with pytest.raises(ValueError, match="expected True or False"):
        rangingengine.replay(frame, filtered="no")


def test_jobs_replays_on_threads_and_gives_the_same_results(troubled):
    """jobs=N replays one recording on N threads (rangectl's --jobs, through the C replay), with the same
    events, filtered rows, rejections and summary as jobs=1, from the file and from a DataFrame; a value
    out of 1...256, or not a whole number, is a ValueError naming jobs."""
    frame = rangingengine.read_csv(troubled)
    for data in (troubled, frame):
        one = rangingengine.replay(data, jobs=1, capacity=8)
        for jobs in (2, 3):
            several = rangingengine.replay(data, jobs=jobs, capacity=8)
            assert several.events_jsonl() == one.events_jsonl()
            assert several.filtered_csv() == one.filtered_csv()
            pd.testing.assert_frame_equal(several.events, one.events)
            pd.testing.assert_frame_equal(several.filtered, one.filtered)
            pd.testing.assert_frame_equal(several.rejected, one.rejected)
            assert several.summary == one.summary
    for bad in (0, -1, 257, 2**70, "two", 2.5):
        with pytest.raises(ValueError, match="jobs"):
            rangingengine.replay(frame, jobs=bad)


def test_names_holding_line_separators_other_than_newline_keep_their_objects(reference, tmp_path):
    # The C results list names one a line, ended by "\n" alone: a form feed, a file separator, NEL or U+2028
    # inside a name is part of it (str.splitlines would cut there and shift every later name).
    path = tmp_path / "separators.csv"
    names = ["a\x0cb", "c\x1cd", "e\x85f", "g\u2028h", "plain"]
    rows = [f"{0.1 * i:.1f},{names[i % len(names)]},{1.0 + 0.5 * (i % 3)}" for i in range(40)]
    path.write_text("t,object,distance\n" + "\n".join(rows) + "\n", encoding="utf-8")
    for data in (path, rangingengine.read_csv(path)):
        result = assert_same_as_rangectl(path, reference, data=data)
        assert set(result.filtered["object"]) == set(names)
        assert set(result.events["object"]) <= set(names) and len(result.events) > 0


def test_the_writers_refuse_what_they_cannot_write_instead_of_guessing():
    result = rangingengine.replay(rangingengine.read_csv(DATASETS[0]))
    for column, value in (("direction_state", None), ("direction_state", "sideways"), ("object", "a,b")):
        rows = result.filtered.copy()
        rows.loc[rows.index[0], column] = value
        with pytest.raises(ValueError):
            rangingengine.filtered_csv(rows)
    for column, value in (("event", None), ("event", "stay"), ("reason", "gone"), ("t", float("nan"))):
        events = result.events.copy()
        events[column] = events[column].astype(object)
        events.loc[events.index[0], column] = value
        with pytest.raises(ValueError):
            rangingengine.events_jsonl(events)
    assert rangingengine.events_jsonl(result.events) == result.events_jsonl()
