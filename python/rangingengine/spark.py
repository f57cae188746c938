# SPDX-License-Identifier: Apache-2.0
"""The replay on a Spark DataFrame, one task per recording.

    result = rangingengine.spark.replay(spark_df, zones={"inner": 1.5, "outer": 3.0})
    result.events      # Spark DataFrame, docs/FORMATS.md §2 fields, in the single-machine order
    result.filtered    # Spark DataFrame, the §3 columns, in input order
    result.rejected    # Spark DataFrame: row, column, field, reason, text
    result.summary     # Spark DataFrame: rangectl's counts, one row per recording

Each recording's rows go to one task (groupBy(recording).applyInArrow; a
table of one recording, coalesce(1).mapInArrow), which puts them in input
order and replays them as rangingengine.replay replays a DataFrame: through
ranging_replay_table, rangectl's own reader and replay in Swift. So the
result is the single machine's, evictions and lost checks included, and
nothing here states a rule of the reader or the engine; the parallelism is
across recordings, each replayed on one core, as one `rangectl replay
--jobs 1` of its file.

Before any task runs, the driver replays no rows with the same options and
columns (the table's schema, as each task's rows arrive), so that a bad
option, a layout rangectl refuses, or dates and times in a numeric column
are refused at once, by the same checks.

Input order matters (time must not decrease per object, and events are
ordered by the row that caused them): give `order_by`, a column holding
each row's position in the recording (read_csv's `line` index, for
example); without it, rows are numbered with monotonically_increasing_id(),
which follows the DataFrame's partitions and their row order.
"""
import ctypes
from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa

from . import _capi
from ._columns import REJECTED_COLUMNS, RangingFormatError
from ._file_replay import COUNTS, command_line
from ._python_terms import python_terms
from ._replay import EVENT_COLUMNS, FILTERED_COLUMNS
from ._table_replay import replay_table
from ._writers import _text

_TABLE = "<Spark DataFrame>"

_ORDER = "_rangingengine_order"
_RECORDING = "_rangingengine_recording"
_RECORD = "_rangingengine_record"
_SEQUENCE = "_rangingengine_sequence"
# ReplaySummary's counts, the `summary` DataFrame's columns: the replay's counts with the accepted rows after
# the rows read (rows read = accepted + rejected).
_SUMMARY_COLUMNS = COUNTS[:1] + ["rows_accepted"] + COUNTS[1:]
_RECORD_COLUMNS = {"event": EVENT_COLUMNS, "filtered": FILTERED_COLUMNS, "rejected": REJECTED_COLUMNS,
                   "summary": _SUMMARY_COLUMNS}


# ranging_record_column_type's types (RANGING_RECORD_NUMBERS, _INTEGERS, _TEXTS of ranging_replay.h) in Arrow.
_RECORD_COLUMN_TYPES = {0: pa.float64(), 1: pa.int64(), 2: pa.string()}


def _column_type(record, name):
    """The Arrow type of column `name` of the records of kind `record`, of
    the library's rule (ranging_record_column_type, which SparkReplay's
    schema takes too)."""
    code = _capi.library.ranging_record_column_type(record.encode(), name.encode())
    if code not in _RECORD_COLUMN_TYPES:
        raise RuntimeError(f"ranging_record_column_type gave {code} for {record}.{name}, a type this package "
                           "does not know")
    return _RECORD_COLUMN_TYPES[code]


def _output_schema():
    """What each task returns: each record (an event, a filtered row, a
    rejected row or the summary) with its recording and its place in that
    recording's output, and the columns of every kind of record, in the order
    of the kinds' lists (a column two kinds share, once, typed as the first
    kind's), as SparkReplay.OUTPUT orders them."""
    columns = {}
    for record, names in _RECORD_COLUMNS.items():
        for name in names:
            columns.setdefault(name, _column_type(record, name))
    return pa.schema([(_RECORD, pa.string()), (_RECORDING, pa.string()), (_SEQUENCE, pa.int64())]
                     + list(columns.items()))


_OUTPUT = _output_schema()


@dataclass
class SparkReplayResult:
    """Spark DataFrames of the replay's events, filtered rows and rejected rows,
    and `summary`: rangectl's counts (ReplaySummary's), one row per recording."""

    events: object
    filtered: object
    rejected: object
    summary: object


def replay(spark_df, zones=None, order_by=None, recording=None, engine="python", **engine_options) -> SparkReplayResult:
    """Replays a Spark DataFrame with the columns of docs/FORMATS.md §1,
    one recording per task, with rangingengine.replay()'s options.

    - order_by: the column of each row's position in its recording (see above).
      A row without one (null), or without its recording, is refused with
      RangingFormatError on the driver, as is everything that
      rangingengine.replay refuses of the table's columns and the options.
    - recording: for a table of many recordings, the column naming each row's
      recording: each recording is replayed on its own (its own clock and
      object table, objects of the same name in two recordings apart), as
      rangingengine.replay would replay each file, and the results gain a
      `recording` column, ordered by recording, then as above.
    - preset, column, distance_unit, time_unit, angle_unit: a table in
      another layout or other units (docs/FORMATS.md §5), as replay() takes them.
    - filtered=False: no filtered rows (`result.filtered` is None).
    - engine="jvm": each task replays on the JVM, with no Python worker
      (rangingengine.spark.SparkReplay of jvm/spark, docs/JVM.md): the same
      DataFrames, several times faster; the Spark session needs its jars
      (`spark.jars`: rangingengine.jar and rangingengine-spark.jar) and its
      JNI library (the environment variable RANGINGENGINE_LIBRARY, or the
      JVM's system property rangingengine.library). "python" (the default)
      runs where no jar can be added.
    """
    from pyspark.sql import functions as F

    keywords = dict(engine_options)
    states = keywords.pop("filtered", True)
    if not isinstance(states, bool):
        raise ValueError(f"filtered={states!r}: expected True or False")
    for name in ("events_path", "filtered_path"):
        if keywords.get(name) is not None:
            raise ValueError(f"{name}: spark.replay's results are Spark DataFrames, which Spark writes itself "
                             "(result.events.write.json(...)); a file's path is for rangingengine.replay")
    if engine not in ("python", "jvm"):
        raise ValueError(f"engine={engine!r}: expected 'python' or 'jvm'")
    if engine == "jvm":
        return _replay_on_the_jvm(spark_df, command_line(zones, keywords), order_by, recording, states)
    for keyword, name in (("order_by", order_by), ("recording", recording)):
        if name is not None and name not in spark_df.columns:
            raise _no_column_refusal(keyword, name)
    columns = list(spark_df.columns)
    # The checks every task would make, made once here on no rows.
    replay_table(_named(_empty_frame(spark_df)), zones, keywords, states)

    # Spark refers to columns by name, so a name that repeats (a column nothing reads may) gets a name of its
    # own here; each task gives its frame the table's names back, by place.
    seen = set()
    distinct = [name if name not in seen and not seen.add(name) else f"_rangingengine_column_{place}"
                for place, name in enumerate(columns)]
    numbered = (spark_df.toDF(*distinct)
                .withColumn(_ORDER, F.col(order_by).cast("long") if order_by else F.monotonically_increasing_id())
                .withColumn(_RECORDING, F.col(recording).cast("string") if recording else F.lit("")))
    if order_by is None:
        # Numbers that follow the partitions are taken once and held, so that every read of the rows sees them.
        # A table with its own order is read as it is, by the null checks and then by the tasks: holding its rows
        # first cost about a third of the replay's time (docs/PERFORMANCE.md, "Spark through Python: the table read
        # as it is").
        numbered = numbered.localCheckpoint()
    # Every row needs its position and its recording: a null one is refused here, not in a task.
    for keyword, name in (("order_by", order_by), ("recording", recording)):
        if name is not None:
            internal = _ORDER if keyword == "order_by" else _RECORDING
            _refuse_nulls(numbered, keyword, name, internal, order_by, columns)

    def replay_recording(rows: pa.Table) -> pa.Table:
        for keyword, name, internal in (("order_by", order_by, _ORDER), ("recording", recording, _RECORDING)):
            # The driver found none: the table gave other rows when read again.
            if name is not None and (count := rows.column(internal).null_count):
                raise _null_refusal(keyword, name, count)
        order = rows.column(_ORDER).to_numpy()
        if (order[1:] < order[:-1]).any():  # rows in order already (as a table of one recording arrives) stay
            rows = rows.sort_by([(_ORDER, "ascending")])  # a stable sort: rows of one position keep their order
            order = rows.column(_ORDER).to_numpy()
        name = rows.column(_RECORDING)[0].as_py()
        frame = _frame(rows.select(distinct)).set_axis(columns, axis=1)
        frame.index = pd.Index(order, name="row")
        return _output(name, replay_table(_named(frame), zones, keywords, states))

    def replay_batches(batches):
        batches = list(batches)
        if batches:
            yield from replay_recording(pa.Table.from_batches(batches)).to_batches()

    from pyspark.sql.pandas.types import from_arrow_schema
    schema = from_arrow_schema(_OUTPUT)
    # One recording: its rows reach its task without a shuffle (coalesce(1) reads every partition there), in
    # 0.70-0.90 of the grouping's time (docs/PERFORMANCE.md); many recordings: one group each.
    replayed = (numbered.groupBy(_RECORDING).applyInArrow(replay_recording, schema=schema) if recording
                else numbered.coalesce(1).mapInArrow(replay_batches, schema=schema)).localCheckpoint()
    lead = [F.col(_RECORDING).alias("recording")] if recording else []

    def part(record):
        records = replayed.where(F.col(_RECORD) == record)
        # One recording is one task's output, in its order already (a filter keeps it); many are put in order.
        if recording:
            records = records.orderBy(_RECORDING, _SEQUENCE)
        return records.select(*lead, *_RECORD_COLUMNS[record])

    summary = part("summary")
    if not recording:
        # A table of one recording has its counts even without rows (zero), as rangectl prints them.
        summary = summary.unionByName(
            numbered.sparkSession.createDataFrame([tuple(0 for _ in _SUMMARY_COLUMNS)],
                                                  ", ".join(f"{name} long" for name in _SUMMARY_COLUMNS)))
        summary = summary.agg(*[F.sum(name).cast("long").alias(name) for name in _SUMMARY_COLUMNS])
    return SparkReplayResult(events=part("event"), filtered=part("filtered") if states else None,
                             rejected=part("rejected"), summary=summary)


def _named(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame, named in messages as the Spark table."""
    frame.attrs["rangingengine"] = {"path": _TABLE}
    return frame


def _empty_frame(spark_df) -> pd.DataFrame:
    """A frame of no rows with the columns and types that each task's rows
    arrive with (the table's schema in Arrow, as applyInArrow hands it over)."""
    from pyspark.sql.pandas.types import to_arrow_schema
    try:
        schema = to_arrow_schema(spark_df.schema, timezone="UTC")  # timestamps need a zone, any zone
    except TypeError:  # a pyspark whose to_arrow_schema takes no zone
        schema = to_arrow_schema(spark_df.schema)
    return _frame(schema.empty_table())


def _frame(rows: pa.Table) -> pd.DataFrame:
    """A task's rows (or the schema's empty table) as the frame replayed:
    texts as Categoricals, which pyarrow makes from its dictionary encoding
    without a Python str per row (docs/PERFORMANCE.md, "Spark's task frame
    as Categoricals"), and which the replay reads as the same texts."""
    return rows.to_pandas(strings_to_categorical=True)


def _output(name: str, result) -> pa.Table:
    """One recording's result as records of the task's output schema, built
    column by column in Arrow (each kind of record null in the others' columns)."""
    summary = result.summary
    parts = [("event", result.events), ("filtered", result.filtered), ("rejected", result.rejected),
             ("summary", pd.DataFrame([{column: getattr(summary, column) for column in _SUMMARY_COLUMNS}]))]
    tables = []
    for record, frame in parts:
        count = 0 if frame is None else len(frame)
        if not count:
            continue
        own = set(_RECORD_COLUMNS[record])
        columns = [pa.repeat(pa.scalar(record), count), pa.repeat(pa.scalar(name, pa.string()), count),
                   pa.array(np.arange(count, dtype=np.int64))]
        for field in list(_OUTPUT)[3:]:
            columns.append(pa.array(frame[field.name].to_numpy(), type=field.type, from_pandas=True)
                           if field.name in own else pa.nulls(count, field.type))
        tables.append(pa.Table.from_arrays(columns, schema=_OUTPUT))
    return pa.concat_tables(tables) if tables else _OUTPUT.empty_table()


def _refuse_nulls(numbered, keyword, name, internal, order_by, columns):
    """RangingFormatError when column `name` (given as `keyword`) has no value
    (or, for order_by, no whole number) on some row, naming one such row by
    its object and time (the columns named so, when the table has them)."""
    from pyspark.sql import functions as F

    missing = numbered.where(F.col(internal).isNull())
    if missing.isEmpty():
        return
    # Only now are rows brought to the driver: one, to name it.
    count = missing.count()
    shown = [column for column in ((order_by if keyword != "order_by" else None), "object", "t")
             if column is not None and column in columns]
    first = missing.orderBy(_ORDER).select(*[F.col(column).cast("string") for column in shown]).limit(1).collect()[0]
    raise _null_refusal(keyword, name, count, list(zip(shown, first)))


def _no_column_refusal(keyword, name) -> RangingFormatError:
    """The refusal of column `name`, given as `keyword`, which the table lacks."""
    return RangingFormatError(_TABLE, None, name, f"{keyword}: the table has no column '{name}'")


def _null_refusal(keyword, name, count, shown=()) -> RangingFormatError:
    """The refusal of `count` rows without a value in column `name` (given as
    `keyword`; for order_by, without a whole number), one of them shown by its
    values in a few columns (`shown`: pairs of a column and its value, None
    for none) when it is known: the driver's check names one, a task (which
    finds such rows only when the table gave other rows when read again)
    counts its own. The words are the library's (ranging_null_column_refusal),
    the JVM route's too."""
    texts = [text if text is None else text.encode() for pair in shown for text in pair]
    message = _text(lambda out: _capi.library.ranging_null_column_refusal(
        keyword.encode(), name.encode(), ctypes.c_int32(keyword == "order_by"), ctypes.c_int64(count),
        (ctypes.c_char_p * max(len(texts), 1))(*texts), ctypes.c_size_t(len(shown)), out))
    return RangingFormatError(_TABLE, None, name, message)


def _jvm_refusal(message, order_by, recording) -> ValueError:
    """The error of the JVM route's refusal `message`: a refusal of the
    order_by or recording column, which SparkReplay.replay starts with its
    parameter's name (orderBy, recording), is the Python route's error (the
    same type and words, with the keyword's name); any other is a ValueError
    in Python's terms."""
    for parameter, keyword, name in (("orderBy", "order_by", order_by), ("recording", "recording", recording)):
        if name is not None and message.startswith(f"{parameter}: "):
            return RangingFormatError(_TABLE, None, name, keyword + message[len(parameter):])
    return ValueError(python_terms(message))


def _replay_on_the_jvm(spark_df, options, order_by, recording, states) -> SparkReplayResult:
    """replay(engine="jvm"): rangingengine.spark.SparkReplay.replay on the
    session's JVM, its DataFrames wrapped for Python. Its refusals (a bad
    option, a column the replay cannot read) come back as ValueError with the
    JVM's message."""
    from pyspark.sql import DataFrame
    session = spark_df.sparkSession
    jvm = session._jvm
    try:
        replayer = jvm.rangingengine.spark.SparkReplay
        arguments = jvm.java.util.ArrayList()
    except Exception as missing:  # py4j: no such class on the driver's class path
        raise RuntimeError("engine='jvm' needs rangingengine.jar and rangingengine-spark.jar in the session's "
                           "spark.jars (docs/JVM.md, \"Spark on the JVM\")") from missing
    for option in options:
        arguments.add(option)
    from pyspark.errors import IllegalArgumentException
    try:
        result = replayer.replay(spark_df._jdf, arguments, order_by, recording, states)
    except IllegalArgumentException as refused:  # the JVM's, as pyspark converts it: the message alone
        message = str(refused).split("\n\nJVM stacktrace:", 1)[0].strip().removeprefix("Error: ")
        raise _jvm_refusal(message, order_by, recording) from None

    def frame(java_frame):
        return None if java_frame is None else DataFrame(java_frame, session)
    return SparkReplayResult(events=frame(result.events()), filtered=frame(result.filtered()),
                             rejected=frame(result.rejected()), summary=frame(result.summary()))
