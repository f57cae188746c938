# SPDX-License-Identifier: Apache-2.0
"""rangingengine.spark.replay on pyspark local[2]: the same events, filtered rows
and rejected rows as rangingengine.replay (and so as rangectl), one task per
recording."""
import subprocess
import sys

import pandas as pd
import pytest

import rangingengine
import rangingengine.spark
from bench_spark import workers_package
from conftest import DATASETS, REAL_RECORDINGS, column_refusals, skip_without_real_recordings


def spark_replay(spark, path, **options):
    # The rows read_csv rejects travel in the table, with their rejection (keep_rejected).
    frame = rangingengine.read_csv(path)
    table = spark.createDataFrame(rangingengine.read_csv(path, keep_rejected=True).reset_index())
    return rangingengine.spark.replay(table, order_by="line", **options), rangingengine.replay(frame, **options), frame


def spark_summary(distributed):
    """The ReplaySummary of a Spark replay of one recording: its counts, and its rejections by reason."""
    counts = distributed.summary.toPandas()
    assert len(counts) == 1
    counts = {name: int(value) for name, value in counts.iloc[0].items()}
    reasons = distributed.rejected.toPandas()["reason"].value_counts()
    summary = rangingengine.ReplaySummary(
        rejected_by_reason={str(reason): int(count) for reason, count in reasons.items()},
        **{name: value for name, value in counts.items() if name not in ("rows_accepted", "rows_rejected")})
    assert (summary.rows_accepted, summary.rows_rejected) == (counts["rows_accepted"], counts["rows_rejected"])
    return summary


def assert_same(distributed, local, frame):
    events = distributed.events.toPandas()
    assert rangingengine.events_jsonl(events) == local.events_jsonl()
    assert rangingengine.filtered_csv(distributed.filtered.toPandas()) == local.filtered_csv()
    expected = [(int(row), field, reason) for row, field, reason in local.rejected[["row", "field", "reason"]].values]
    found = [(int(row), field, reason) for row, field, reason in
             distributed.rejected.toPandas()[["row", "field", "reason"]].values]
    assert found == expected
    # The counts add up over the groups to the single machine's (and so to rangectl's).
    assert spark_summary(distributed).report("") == local.summary.report("").replace(
        "".join(f"  columns not used: {', '.join(local.summary.unused_columns)}\n"
                for _ in [0] if local.summary.unused_columns), "")
    return events


def test_the_tasks_replay_with_the_package_the_driver_imported(spark):
    # Spark's workers are Python processes of their own: every comparison here with the driver's replay holds only
    # if they import the same package (the GSL build of scripts/checks/check-python comes through PYTHONPATH).
    assert workers_package(spark) == (rangingengine.__file__, rangingengine.BACKEND)


def test_every_bundled_dataset_gives_the_single_machine_events(spark):
    for path in DATASETS:
        assert_same(*spark_replay(spark, path))


def test_the_50_object_recording_gives_the_single_machine_events(spark, fleet_50):
    events = assert_same(*spark_replay(spark, fleet_50))
    assert events["object"].nunique() >= 40


def test_every_real_recording_in_one_table_gives_each_ones_single_machine_result(spark):
    # The real recordings of ../shared/datasets, one table with a recording column: each recording's events,
    # filtered rows, rejected rows and counts are those of its own replay on one machine.
    skip_without_real_recordings()
    import pandas as pd
    frames = {path.stem: rangingengine.read_csv(path) for path in REAL_RECORDINGS}
    table = spark.createDataFrame(pd.concat([rangingengine.read_csv(path, keep_rejected=True).reset_index()
                                             .assign(recording=path.stem) for path in REAL_RECORDINGS],
                                            ignore_index=True))
    distributed = rangingengine.spark.replay(table, order_by="line", recording="recording")
    events, filtered = distributed.events.toPandas(), distributed.filtered.toPandas()
    rejected, summary = distributed.rejected.toPandas(), distributed.summary.toPandas().set_index("recording")
    assert sorted(summary.index) == sorted(frames)
    for name, frame in frames.items():
        local = rangingengine.replay(frame)
        assert rangingengine.events_jsonl(events[events["recording"] == name]) == local.events_jsonl()
        assert rangingengine.filtered_csv(filtered[filtered["recording"] == name]) == local.filtered_csv()
        found = rejected[rejected["recording"] == name][["row", "field", "reason"]]
        assert [(int(row), field, reason) for row, field, reason in found.values] == [
            (int(row), field, reason) for row, field, reason in local.rejected[["row", "field", "reason"]].values]
        counts = summary.loc[name]
        assert int(counts["rows_read"]) == local.summary.rows_read and int(counts["objects"]) == local.summary.objects
        assert int(counts["rows_rejected"]) == local.summary.rows_rejected
        assert int(counts["enter_events"]) + int(counts["exit_events"]) == len(local.events)
    assert len(events) > 0 and events["recording"].nunique() > 1


def test_a_bad_option_is_refused_on_the_driver_with_rangectls_message_and_filtered_false_is_taken(spark):
    table = spark.createDataFrame(rangingengine.read_csv(DATASETS[0]).reset_index())
    with pytest.raises(ValueError, match="(?<![-\\w])gate"):
        rangingengine.spark.replay(table, order_by="line", gate=-1)
    with pytest.raises(ValueError, match="unknown keyword 'gates'"):
        rangingengine.spark.replay(table, order_by="line", gates=3)
    events_only = rangingengine.spark.replay(table, order_by="line", filtered=False)
    assert events_only.filtered is None
    local = rangingengine.replay(rangingengine.read_csv(DATASETS[0]), filtered=False)
    assert rangingengine.events_jsonl(events_only.events.toPandas()) == local.events_jsonl()


def test_lost_exits_rejections_and_life_cycle_rows_come_out_as_on_one_machine(spark, troubled):
    distributed, local, frame = spark_replay(spark, troubled, zones={"inner": 1.5, "outer": 3.0})
    events = assert_same(distributed, local, frame)
    # read_csv's rejections (malformed_number ... wrong_field_count) too: the table carries them.
    assert set(distributed.rejected.toPandas()["reason"]) == {
        "malformed_number", "wrong_field_count", "non_finite_value", "missing_value", "time_went_backwards",
        "negative_distance", "incomplete_direction", "unknown_event", "no_measurement", "distance_out_of_range",
        "direction_not_unit", "truth_out_of_range"}
    assert (events["reason"] == "lost").sum() >= 2
    assert (events["reason"] == "removed_peer_ended").sum() + (events["reason"] == "suspended").sum() >= 1


def test_a_replay_that_evicts_gives_the_single_machine_evictions(spark, troubled):
    # With capacity 3 the table holds fewer objects than the recording has live: objects are evicted, and the
    # events are those of one machine with the same table, since one task replays the whole recording.
    zones = {"inner": 1.5, "outer": 3.0}
    distributed, local, frame = spark_replay(spark, troubled, zones=zones, capacity=3)
    assert local.summary.evictions > 0
    assert_same(distributed, local, frame)
    assert int(distributed.summary.toPandas()["evictions"].iloc[0]) == local.summary.evictions


def test_recordings_are_replayed_apart_each_as_on_one_machine(spark, troubled):
    # Two recordings in one table, objects of the same names in both: each recording has its own table and clock.
    import pandas as pd
    first = rangingengine.read_csv(DATASETS[0], keep_rejected=True).reset_index()
    second = rangingengine.read_csv(troubled, keep_rejected=True).reset_index()
    table = spark.createDataFrame(pd.concat([second.assign(rec="b"), first.assign(rec="a")], ignore_index=True))
    distributed = rangingengine.spark.replay(table, order_by="line", recording="rec", capacity=3)
    events = distributed.events.toPandas()
    assert events["recording"].is_monotonic_increasing
    for name, path in (("a", DATASETS[0]), ("b", troubled)):
        local = rangingengine.replay(rangingengine.read_csv(path), capacity=3)
        assert rangingengine.events_jsonl(events[events["recording"] == name]) == local.events_jsonl()


def test_poses_turn_every_object_in_every_group_as_on_one_machine(spark, phone_motion_suites):
    # A pose belongs to no object: each group gets every pose of the recording the whole replay applies.
    for kind in ("turns", "walk"):
        for path in phone_motion_suites[kind]:
            if path.name in ("many-objects.csv", "circling.csv"):
                distributed, local, frame = spark_replay(spark, path)
                assert local.summary.poses_accepted > 0
                assert_same(distributed, local, frame)


def test_without_an_order_column_rows_are_numbered_in_dataframe_order(spark):
    frame = rangingengine.read_csv(DATASETS[0])
    distributed = rangingengine.spark.replay(spark.createDataFrame(frame.reset_index(drop=True)).coalesce(1))
    assert rangingengine.events_jsonl(distributed.events.toPandas()) == rangingengine.replay(frame).events_jsonl()


def test_azimuths_poses_and_other_layouts_give_the_single_machine_events(spark, phone_motion_suites, tmp_path):
    import pandas as pd
    from test_angles import CIRCLING, with_angles
    from test_mapping import android_layout, other_layout
    turns = next(path for path in phone_motion_suites["turns"] if path.name == "circling.csv")
    cases = [
        # horizontal_angle and vertical values, with poses (the lost checks and poses of other groups
        # join the group's own rows, which carry angles).
        (with_angles(turns, tmp_path / "turns-angles.csv"), {}),
        (android_layout(turns, tmp_path / "android-turns.csv"), {"preset": "android"}),
        (other_layout(CIRCLING, tmp_path / "other-layout.csv"),
         {"column": ["t=time_ms", "object=peer", "distance=range_mm"], "time_unit": "ms", "distance_unit": "mm",
          "angle_unit": "deg"}),
    ]
    for path, keywords in cases:
        frame = pd.read_csv(path, comment="#", dtype={"object": str, "device_address": str, "peer": str,
                                                       "vertical": str, "event": str})
        frame = frame.assign(line=range(len(frame)))
        local = rangingengine.replay(frame.drop(columns="line"), **keywords)
        distributed = rangingengine.spark.replay(spark.createDataFrame(frame), order_by="line", **keywords)
        assert rangingengine.events_jsonl(distributed.events.toPandas()) == local.events_jsonl()
        assert rangingengine.filtered_csv(distributed.filtered.toPandas()) == local.filtered_csv()
        found = sorted(distributed.rejected.toPandas()[["field", "reason"]].itertuples(index=False, name=None))
        assert found == sorted(local.rejected[["field", "reason"]].itertuples(index=False, name=None))
        assert len(local.events) > 0


def test_nothing_is_collected_on_the_driver(spark, phone_motion_suites, monkeypatch):
    # The lost checks and the poses travel to each object group through the executors (a join and a
    # cogroup), so building the result collects no row on the driver: every way to collect is refused
    # while spark.replay runs.
    from pyspark import RDD
    path = next(path for path in phone_motion_suites["walk"] if path.name == "many-objects.csv")
    frame = rangingengine.read_csv(path)
    table = spark.createDataFrame(frame.reset_index())

    def refused(*arguments, **keywords):
        raise AssertionError("spark.replay collected rows on the driver")

    with monkeypatch.context() as patched:
        # The class of the table itself: pyspark's DataFrame is abstract, its implementation overrides these.
        kind = type(table)
        for owner, name in ((kind, "collect"), (kind, "toPandas"), (kind, "toLocalIterator"), (kind, "take"),
                            (kind, "head"), (RDD, "collect")):
            patched.setattr(owner, name, refused)
        distributed = rangingengine.spark.replay(table, order_by="line")
    local = rangingengine.replay(frame)
    assert local.summary.poses_accepted > 0 and len(local.events) > 0
    assert_same(distributed, local, frame)


def test_pyspark_takes_the_installed_pandas_and_pyarrow_without_a_warning():
    # python/pyproject.toml's `spark` extra pins pandas and pyarrow to what the pinned pyspark supports:
    # pyspark warns (FutureWarning) on every replay with a pandas it does not support.
    check = ("from pyspark.sql.pandas.utils import require_minimum_pandas_version, require_minimum_pyarrow_version\n"
             "require_minimum_pandas_version(); require_minimum_pyarrow_version()")
    done = subprocess.run([sys.executable, "-W", "error", "-c", check], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_documented_recipe_counts_every_row_as_rangectl_does(spark, reference, troubled, tmp_path):
    # docs/PYTHON.md's route: read_csv(keep_rejected=True), pd.concat, Parquet, spark.read.parquet: the rows
    # read_csv rejects travel with the data, so that rows read = accepted + rejected by reason, as rangectl says.
    import pandas as pd
    bad = tmp_path / "bad.csv"
    bad.write_text("t,object,distance\n0.0,a,1.0\n0.1,a,abc\n0.2,a,nan\n0.3,,1.0\n0.4,a,1e999\n0.5,a\n0.6,a,1.5\n")
    paths = {"bad": bad, "troubled": troubled}
    frames = [rangingengine.read_csv(path, keep_rejected=True).reset_index().assign(recording=name)
              for name, path in paths.items()]
    pd.concat(frames).to_parquet(tmp_path / "recordings.parquet")
    table = spark.read.parquet(str(tmp_path / "recordings.parquet"))
    for name, path in paths.items():
        expected = reference(path)
        distributed = rangingengine.spark.replay(table.where(table.recording == name), order_by="line")
        assert spark_summary(distributed).report(str(path)) in expected.stderr
        found = [(int(row), field, reason) for row, field, reason in
                 distributed.rejected.toPandas()[["row", "field", "reason"]].values]
        assert found == expected.rejected(path)
        assert rangingengine.events_jsonl(distributed.events.toPandas()) == expected.events
    both = rangingengine.spark.replay(table, recording="recording", order_by="line").summary.toPandas()
    assert both.set_index("recording").loc["bad", ["rows_read", "rows_accepted", "rows_rejected"]].tolist() == [7, 2, 5]


def test_an_empty_table_gives_empty_results_and_zero_counts(spark, reference, tmp_path):
    path = tmp_path / "empty.csv"
    path.write_text("t,object,distance\n")
    table = spark.createDataFrame([], "line long, t double, object string, distance double, recording string")
    distributed = rangingengine.spark.replay(table, order_by="line")
    assert spark_summary(distributed).report(str(path)) in reference(path).stderr
    for part in (distributed.events, distributed.filtered, distributed.rejected):
        assert part.isEmpty()
    # A table of recordings without any has none to count.
    assert rangingengine.spark.replay(table, recording="recording", order_by="line").summary.isEmpty()


def test_a_table_spark_cannot_replay_is_refused_on_the_driver_naming_the_column_and_row(spark):
    import pandas as pd
    base, cases = column_refusals()
    cases = cases + [
        (base.drop(columns="t"), {}, r"<Spark DataFrame>:1: not a ranging CSV: no 't' column"),
        (base.assign(t=pd.to_datetime([0, 100, 200], unit="ms")), {},
         r"field 't': column 't' holds dates and times \(datetime64"),
    ]
    for frame, keywords, message in cases:
        with pytest.raises(rangingengine.RangingFormatError, match=message):
            rangingengine.spark.replay(spark.createDataFrame(frame), order_by="line", **keywords)
    twice = spark.createDataFrame([(2, 0.0, "a", 1.0, 1.0)], ["line", "t", "object", "distance", "distance"])
    with pytest.raises(rangingengine.RangingFormatError, match="<Spark DataFrame>:1: not a ranging CSV: duplicate column 'distance'"):
        rangingengine.spark.replay(twice, order_by="line")


def test_a_column_nothing_reads_may_be_named_twice_as_on_one_machine(spark):
    from pyspark.sql import functions as F
    table = spark.createDataFrame(rangingengine.read_csv(DATASETS[0]).reset_index())
    twice = table.select("*", F.lit("x").alias("note"), F.lit("y").alias("note"))
    distributed = rangingengine.spark.replay(twice, order_by="line")
    local = rangingengine.replay(rangingengine.read_csv(DATASETS[0]))
    assert rangingengine.events_jsonl(distributed.events.toPandas()) == local.events_jsonl()


def test_missing_times_and_durations_in_t_replay_as_on_one_machine(spark, tmp_path, reference):
    import pandas as pd
    path = tmp_path / "times.csv"
    path.write_text("t,object,distance\n0,a,1.0\n,a,1.1\n0.1,a,1.2\n0.2,b,1.4\n")
    expected = reference(path)
    frame = pd.DataFrame({"line": [2, 3, 4, 5], "t": [0, None, 0.1, 0.2], "object": ["a", "a", "a", "b"],
                          "distance": [1.0, 1.1, 1.2, 1.4]})
    durations = frame.assign(t=pd.to_timedelta([0, None, 100, 200], unit="ms"))
    for table in (frame, durations):
        distributed = rangingengine.spark.replay(spark.createDataFrame(table), order_by="line")
        assert spark_summary(distributed).report(str(path)) in expected.stderr
        assert rangingengine.events_jsonl(distributed.events.toPandas()) == expected.events


def test_names_with_line_breaks_and_bytes_replay_as_on_one_machine(spark):
    # A name with a line break rejects its row (it cannot name an object in a result listed one a line);
    # names as bytes, invalid UTF-8 among them, are read as a file's.
    frame = pd.DataFrame({"order": range(6), "t": [0.1 * row for row in range(6)],
                          "object": ["a\nb", "c", "d\r", "c", "a\nb", "c"], "distance": [1.0, 1.2, 2.0, 1.4, 1.1, 1.6]})
    local = rangingengine.replay(frame.set_index("order", drop=False).rename_axis("row"))
    distributed = rangingengine.spark.replay(spark.createDataFrame(frame), order_by="order")
    assert local.rejected["reason"].tolist() == ["wrong_field_count"] * 3
    assert_same(distributed, local, frame)
    as_bytes = frame.assign(object=[b"a", b"\xffb", b"a", b"\xffb", b"c", b"a"])
    local = rangingengine.replay(as_bytes.set_index("order", drop=False).rename_axis("row"))
    distributed = rangingengine.spark.replay(spark.createDataFrame(as_bytes), order_by="order")
    assert set(local.filtered["object"]) == {"a", "\\xffb", "c"}
    assert_same(distributed, local, as_bytes)


def test_the_tasks_columns_are_the_jvm_routes():
    # SparkReplay.java's lists (the driver there cannot read the library's): each kind's columns, in order, as
    # the Python route's; python/tests/test_spark_jvm.py holds the two routes' DataFrames, names and types, alike.
    import re
    from conftest import REPOSITORY
    java = (REPOSITORY / "jvm/spark/src/main/java/rangingengine/spark/SparkReplay.java").read_text()

    def java_list(name):
        return re.findall(r'"([^"]*)"', re.search(rf"{name} = List\.of\(([^)]*)\)", java).group(1))
    kinds = {"event": "EVENT_COLUMNS", "filtered": "FILTERED_COLUMNS", "rejected": "REJECTED_COLUMNS",
             "summary": "SUMMARY_COLUMNS"}
    assert {kind: java_list(name) for kind, name in kinds.items()} == rangingengine.spark._RECORD_COLUMNS
    # The task's schema: the record, its recording and place, then each kind's columns once, in the lists' order.
    names = rangingengine.spark._OUTPUT.names
    assert names[3:] == list(dict.fromkeys(name for kind in kinds.values() for name in java_list(kind)))
    assert len(set(names)) == len(names)


def test_a_task_refuses_a_row_without_a_position_in_the_drivers_words():
    # A task finds such a row only when the table gave other rows when read again (the driver's check found
    # none), and has no row of the driver's to show; its words are the driver's of
    # test_a_table_spark_cannot_replay_is_refused_on_the_driver_naming_the_column_and_row.
    from rangingengine.spark import _null_refusal
    assert str(_null_refusal("order_by", "line", 2)).endswith(
        "field 'line': order_by: column 'line' has no whole number on 2 rows")
    assert str(_null_refusal("recording", "rec", 1)).endswith("field 'rec': recording: column 'rec' has no value on 1 row")
