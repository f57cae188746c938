# SPDX-License-Identifier: Apache-2.0
"""The replay on a Spark DataFrame, partitioned by object.

    result = rangingengine.spark.replay(spark_df, zones={"inner": 1.5, "outer": 3.0})
    result.events      # Spark DataFrame, docs/FORMATS.md §2 fields, in the single-machine order
    result.filtered    # Spark DataFrame, the §3 columns, in input order
    result.rejected    # Spark DataFrame: row, column, field, reason, text
    result.summary     # Spark DataFrame: rangectl's counts, one row per recording

Rows are grouped by `object` into parts of a recording, each part a few
objects (never more than `capacity`) replayed by its own engine
(rangingengine._partitioned), with the lost checks that the whole replay
runs and every pose of the recording that it applies (docs/FORMATS.md §1: a
pose turns every object). Nothing is collected on the driver: one task per
recording finds its checks and poses from the times of its usable rows (a
mapInPandas pass, then groupBy(recording).applyInPandas over 16 bytes a row,
and 40 a pose), they are joined to each part of the recording, and
each part meets them in groupBy(recording, part).cogroup(...).applyInPandas.
The result is
the single-machine result, with two documented differences: the object
table's capacity applies per part, which never evicts, so a single-machine
replay that evicts objects (more live objects than `capacity`) gives other
events; and
objects lost at the same clock check are ordered by first appearance rather
than by table slot.

Input order matters (time must not decrease per object, and events are
ordered by the row that caused them): give `order_by`, a column holding
each row's position in the recording (read_csv's `line` index, for
example); without it, rows are numbered with monotonically_increasing_id(),
which follows the DataFrame's partitions and their row order.
"""
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ._columns import NUMERIC, POSE, REJECTED_COLUMNS, RangingFormatError
from ._mapped_frame import mapped_frame
from ._mapping import ANGLES, ColumnMapping, column_mapping, split_mapping_keywords
from ._options import EngineOptions, microseconds, parse_zones
from ._partitioned import accepted_poses, lost_checks, replay_part
from ._replay import EVENT_COLUMNS, FILTERED_COLUMNS
from ._validation import check, times_refused

_TABLE = "<Spark DataFrame>"

_ORDER = "_rangingengine_order"
_RECORDING = "_rangingengine_recording"
_KIND = "_rangingengine_kind"
_GROUP_RECORDING = "_rangingengine_group_recording"
_PART = "_rangingengine_part"
_GROUP_PART = "_rangingengine_group_part"
_PART_RECORDING = "_rangingengine_part_recording"
_PART_OBJECT = "_rangingengine_part_object"
# A part's objects: few enough that a part's call costs little beside its rows, many enough that a fleet of
# thousands of objects is not thousands of calls; and parts per recording: a few per core, so that the cores
# share a recording of few objects.
_OBJECTS_PER_PART = 256
_PARTS_PER_CORE = 4
# The kinds of row a group gets beside its own (_shared_rows).
_CHECK_ROW, _POSE_ROW = 0, 1
# The counts of ReplaySummary that add up over parts (the `summary` DataFrame's columns).
_SUMMARY_COUNTS = ["rows_read", "rows_accepted", "measurements_accepted", "lifecycle_accepted", "poses_accepted",
                   "rows_rejected", "objects", "evictions", "enter_events", "exit_events"]
_SCHEMA = (f"record string, {_RECORDING} string, {_ORDER} long, phase int, first long, sequence long, "
           "t double, object string, zone string, event string, distance double, sigma double, reason string, "
           "dir_x double, dir_y double, dir_z double, direction_state string, dir_sigma_deg double, nlos double, "
           "row long, `column` long, field string, text string, "
           + ", ".join(f"{name} long" for name in _SUMMARY_COUNTS))


@dataclass
class SparkReplayResult:
    """Spark DataFrames of the replay's events, filtered rows and rejected rows,
    and `summary`: rangectl's counts (ReplaySummary's), one row per recording."""

    events: object
    filtered: object
    rejected: object
    summary: object


def replay(spark_df, zones=None, order_by=None, recording=None, **engine_options) -> SparkReplayResult:
    """Replays a Spark DataFrame with the columns of docs/FORMATS.md §1, one
    object per group, with rangingengine.replay()'s options.

    - order_by: the column of each row's position in its recording (see above).
      A row without one (null), or without its recording, is refused with
      RangingFormatError on the driver, as are a table without `t` or
      `object` and dates and times in `t`.
    - recording: for a table of many recordings, the column naming each row's
      recording: each recording is replayed on its own (its own clock and
      lost checks, objects of the same name in two recordings apart), as
      rangingengine.replay would replay each file, and the results gain a
      `recording` column, ordered by recording, then as above.
    - preset, column, distance_unit, time_unit, angle_unit: a table in
      another layout or other units (docs/FORMATS.md §5), as replay() takes
      them; rows are grouped by the column read as `object`.
    """
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    mapping = column_mapping(**split_mapping_keywords(engine_options))
    options = EngineOptions.from_keywords(engine_options)
    zone_list = parse_zones(zones)
    # The table's problems before any task runs: no `t` or `object` column, one read twice, a keyword's column
    # missing, dates and times (check() reads durations in `t` as seconds).
    layout = (mapping or ColumnMapping()).layout(spark_df.columns, _TABLE, None)
    for keyword, name in (("order_by", order_by), ("recording", recording)):
        if name is not None and name not in spark_df.columns:
            raise RangingFormatError(_TABLE, None, name, f"{keyword}: the table has no column '{name}'")
    types = T.TimestampType, T.TimestampNTZType, T.DateType, T.DayTimeIntervalType, T.YearMonthIntervalType
    for canonical, index in layout.items():
        kind = spark_df.schema.fields[index].dataType
        if canonical in NUMERIC + ANGLES and isinstance(kind, types):
            refused = times_refused(_TABLE, spark_df.columns[index], kind.simpleString(),
                                    isinstance(kind, T.DayTimeIntervalType))
            if refused:
                raise refused
    object_column = spark_df.columns[layout["object"]]
    numbered = (spark_df
                .withColumn(_ORDER, F.col(order_by).cast("long") if order_by else F.monotonically_increasing_id())
                .withColumn(_RECORDING, F.col(recording).cast("string") if recording else F.lit(""))
                .localCheckpoint())
    # Every row needs its position and its recording: a null one is refused here, not in a task.
    for keyword, name, internal in (("order_by", order_by, _ORDER), ("recording", recording, _RECORDING)):
        if name is not None:
            _refuse_nulls(numbered, keyword, name, internal, object_column, spark_df.columns[layout["t"]],
                          order_by)
    # Each object's part of its recording, and each recording's lost checks and applied poses beside every part.
    parted = _with_parts(numbered, object_column, options.capacity, spark_df.sparkSession)
    groups = parted.select(F.col(_RECORDING).alias(_GROUP_RECORDING), F.col(_PART).alias(_GROUP_PART)).distinct()
    shared = _shared_rows(numbered, mapping).join(groups, F.col(_RECORDING).eqNullSafe(F.col(_GROUP_RECORDING)))
    columns = [name for name in spark_df.columns if name not in (_ORDER, _RECORDING)]

    def replay_group(frame: pd.DataFrame, extras: pd.DataFrame) -> pd.DataFrame:
        frame = frame.sort_values(_ORDER, kind="stable")
        name = frame[_RECORDING].iloc[0]
        order = frame[_ORDER].to_numpy(dtype=np.int64)
        frame = frame[columns].set_axis(pd.Index(order, name="row"))
        if mapping is not None:
            frame = mapped_frame(frame, mapping)
        extras = extras.sort_values(_ORDER, kind="stable")
        checks = extras[extras[_KIND] == _CHECK_ROW]
        poses = extras[extras[_KIND] == _POSE_ROW]
        result, filtered_order, (event_order, phase, event_first, sequence) = replay_part(
            frame, order, checks[_ORDER].to_numpy(dtype=np.int64), checks["time_us"].to_numpy(dtype=np.int64),
            options, zone_list,
            (poses[_ORDER].to_numpy(dtype=np.int64), poses["time_us"].to_numpy(dtype=np.int64),
             np.ascontiguousarray(poses[POSE].to_numpy(dtype=np.float64))) if len(poses) else None)
        first = int(order[0]) if len(order) else 0
        events = result.events.assign(record="event", phase=phase.astype(np.int32), first=event_first,
                                      sequence=sequence, **{_ORDER: event_order})
        accepted = result.filtered.assign(record="filtered", phase=0, first=first, sequence=0,
                                          **{_ORDER: filtered_order})
        rejected = result.rejected.assign(record="rejected", phase=0, first=first, sequence=0)
        rejected[_ORDER] = rejected["row"].astype(np.int64)
        counts = pd.DataFrame([{"record": "summary", _ORDER: first, "phase": 0, "first": first, "sequence": 0,
                                **{name: getattr(result.summary, name) for name in _SUMMARY_COUNTS}}])
        out = pd.concat([events, accepted, rejected, counts], ignore_index=True).reindex(columns=_COLUMNS)
        out[_RECORDING] = name
        # Plain NumPy columns: Arrow-backed strings arrive chunked, which Spark's converter refuses.
        return pd.DataFrame({column: out[column].to_numpy(dtype=_DTYPES[kind], na_value=_MISSING[kind])
                             for column, kind in zip(_COLUMNS, _KINDS)})

    replayed = (parted.groupBy(_RECORDING, _PART)
                .cogroup(shared.groupBy(_GROUP_RECORDING, _GROUP_PART))
                .applyInPandas(replay_group, schema=_SCHEMA)
                .localCheckpoint())
    ordered = [_RECORDING, _ORDER, "phase", "first", "sequence"]
    lead = [F.col(_RECORDING).alias("recording")] if recording else []

    def part(record, names):
        return replayed.where(F.col("record") == record).orderBy(*ordered).select(*lead, *names)

    # Each part counts its own rows, so the recording's counts are the parts' sums; without
    # `recording`, the table is one recording, with zero counts when it has no rows.
    counts = replayed.where(F.col("record") == "summary")
    if recording:
        summary = (counts.groupBy(_RECORDING).agg(*[F.sum(name).cast("long").alias(name) for name in _SUMMARY_COUNTS])
                   .orderBy(_RECORDING).select(*lead, *_SUMMARY_COUNTS))
    else:
        summary = counts.agg(*[F.coalesce(F.sum(name), F.lit(0)).cast("long").alias(name) for name in _SUMMARY_COUNTS])
    return SparkReplayResult(events=part("event", EVENT_COLUMNS), filtered=part("filtered", FILTERED_COLUMNS),
                             rejected=part("rejected", REJECTED_COLUMNS), summary=summary)


def _with_parts(numbered, object_column, capacity, session):
    """`numbered` with each row's part (column _PART): the objects of a recording,
    in the order of their values, dealt round-robin into as many parts as it takes
    to give each at most min(capacity, _OBJECTS_PER_PART) objects, and at least
    _PARTS_PER_CORE parts per core (fewer when the recording has fewer objects).
    A part's engine then never has more objects than its table holds, so that a
    part never evicts, as one object alone did not. Nothing is collected: the
    objects are numbered by a window on the executors and joined back by value
    (null-safe: the rows without an object are a part's too)."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    size = min(capacity, _OBJECTS_PER_PART)
    wanted = _PARTS_PER_CORE * _cores(session)
    objects = (numbered.select(F.col(_RECORDING).alias(_PART_RECORDING), F.col(object_column).alias(_PART_OBJECT))
               .distinct())
    count = F.count(F.lit(1)).over(Window.partitionBy(_PART_RECORDING))
    rank = F.row_number().over(Window.partitionBy(_PART_RECORDING).orderBy(_PART_OBJECT)) - 1
    parts = F.greatest(F.ceil(count / size), F.least(count, F.lit(wanted)))
    numbered_objects = objects.select(_PART_RECORDING, _PART_OBJECT, (rank % parts).cast("int").alias(_PART))
    same = (F.col(_RECORDING).eqNullSafe(F.col(_PART_RECORDING))
            & F.col(object_column).eqNullSafe(F.col(_PART_OBJECT)))
    joined = numbered.join(F.broadcast(numbered_objects), same)
    return joined.drop(_PART_RECORDING, _PART_OBJECT)


def _cores(session):
    """The cores tasks run on: the context's default parallelism, or, where the session has no context
    (Spark Connect), its spark.default.parallelism, else 8."""
    try:
        return max(1, int(session.sparkContext.defaultParallelism))
    except (AttributeError, NotImplementedError):  # Spark Connect: PySparkNotImplementedError
        return max(1, int(session.conf.get("spark.default.parallelism", "8")))


def _refuse_nulls(numbered, keyword, name, internal, object_column, t_column, order_by):
    """RangingFormatError when column `name` (given as `keyword`) has no value
    (or, for order_by, no whole number) on some row, naming one such row."""
    from pyspark.sql import functions as F

    missing = numbered.where(F.col(internal).isNull())
    if missing.isEmpty():
        return
    # Only now are rows brought to the driver: one, to name it.
    count = missing.count()
    where = [F.col(object_column).cast("string"), F.col(t_column).cast("string")]
    if order_by and keyword != "order_by":
        where.insert(0, F.col(order_by).cast("string"))
    first = missing.orderBy(_ORDER).select(*where).limit(1).collect()[0]
    row = ", ".join(f"{column} {value!r}" for column, value in
                    zip(([order_by] if len(where) == 3 else []) + [object_column, t_column], first))
    what = "no whole number" if keyword == "order_by" else "no value"
    raise RangingFormatError(_TABLE, None, name, f"{keyword}: column '{name}' has {what} on {count} "
                                                 f"row{'s' if count > 1 else ''} (such as {row})")


_COLUMNS = [field.split(" ")[0].strip("`") for field in _SCHEMA.split(", ")]
_KINDS = [field.split(" ")[1] for field in _SCHEMA.split(", ")]
_DTYPES = {"string": object, "double": np.float64, "long": np.float64, "int": np.int32}
_MISSING = {"string": None, "double": np.nan, "long": np.nan, "int": 0}


def _shared_rows(numbered, mapping):
    """The rows every part of a recording needs beside its own, as a
    Spark DataFrame (recording, kind, input position, time in µs, w, x, y, z),
    computed on the executors, one task per recording: the rows on which the
    whole recording's lost check runs (kind _CHECK_ROW), from the usable rows'
    times; and the poses the whole replay applies (kind _POSE_ROW)."""
    needed = [name for name in numbered.columns
              if mapping is not None or name in set(NUMERIC) | {"object", "vertical", "event", "rejected_reason", _ORDER,
                                                                _RECORDING}]

    def usable_times(batches):
        for frame in batches:
            if mapping is not None:
                frame = mapped_frame(frame, mapping)
            checked = check(frame)
            usable = checked.usable
            attitude = {name: checked.numbers[name][usable] for name in POSE}
            yield pd.DataFrame({_RECORDING: frame[_RECORDING].to_numpy(dtype=object)[usable],
                                _ORDER: frame[_ORDER].to_numpy(dtype=np.int64)[usable],
                                "time_us": microseconds(checked.numbers["t"][usable]),
                                "pose_only": checked.pose_only[usable], "posed": checked.posed[usable], **attitude})

    def recording_rows(rows: pd.DataFrame) -> pd.DataFrame:
        rows = rows.sort_values(_ORDER, kind="stable")
        time_us = rows["time_us"].to_numpy(dtype=np.int64)
        posed = rows["posed"].to_numpy(dtype=bool)
        applied = np.zeros(len(rows), dtype=bool)
        applied[posed] = accepted_poses(time_us[posed])
        # A pose moves no clock, and a row whose pose is rejected is not applied at all.
        clock = ~rows["pose_only"].to_numpy(dtype=bool) & ~(posed & ~applied)
        order = rows[_ORDER].to_numpy(dtype=np.int64)
        positions, check_time = lost_checks(time_us[clock])
        checks = pd.DataFrame({_KIND: _CHECK_ROW, _ORDER: order[clock][positions], "time_us": check_time,
                               **{name: np.nan for name in POSE}})
        poses = pd.DataFrame({_KIND: _POSE_ROW, _ORDER: order[applied], "time_us": time_us[applied],
                              **{name: rows[name].to_numpy(dtype=np.float64)[applied] for name in POSE}})
        out = pd.concat([checks, poses], ignore_index=True)
        out.insert(0, _RECORDING, rows[_RECORDING].iloc[0])
        return out

    times_schema = (f"{_RECORDING} string, {_ORDER} long, time_us long, pose_only boolean, posed boolean, "
                    + ", ".join(f"{name} double" for name in POSE))
    shared_schema = (f"{_RECORDING} string, {_KIND} int, {_ORDER} long, time_us long, "
                     + ", ".join(f"{name} double" for name in POSE))
    return (numbered.select(*needed).mapInPandas(usable_times, schema=times_schema)
            .groupBy(_RECORDING).applyInPandas(recording_rows, schema=shared_schema))
