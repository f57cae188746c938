# SPDX-License-Identifier: Apache-2.0
"""rangingengine.spark.replay(..., engine="jvm") on pyspark local[2]: each
task replays on the JVM (jvm/spark's SparkReplay), and gives the same
events, filtered rows and counts as rangingengine.replay (and so as
rangectl), and the same DataFrames as the Python route.

Needs the jars and the JNI library of scripts/build-jvm and
scripts/build-jvm-spark, named by RANGINGENGINE_JVM_JARS (comma-separated,
as spark.jars takes them) and RANGINGENGINE_LIBRARY; scripts/checks/check-jvm
sets both and runs this file alone (a Spark session is one per process, and
this one needs the jars from its start). Skipped without them."""
import os
import sys

import pytest

import rangingengine
import rangingengine.spark
from conftest import DATASETS, column_refusals

JARS = os.environ.get("RANGINGENGINE_JVM_JARS")
pytestmark = pytest.mark.skipif(not JARS or not os.environ.get("RANGINGENGINE_LIBRARY"),
                                reason="RANGINGENGINE_JVM_JARS and RANGINGENGINE_LIBRARY name the JVM route's "
                                       "jars and library (scripts/checks/check-jvm sets them)")


@pytest.fixture(scope="module")
def jvm_spark():
    from pyspark.sql import SparkSession
    os.environ["PYSPARK_PYTHON"] = sys.executable  # the Python route's workers, for the comparison
    session = (SparkSession.builder.master("local[2]").appName("rangingengine-jvm-tests")
               .config("spark.ui.enabled", "false").config("spark.jars", JARS)
               .config("spark.sql.execution.arrow.pyspark.enabled", "true")
               .config("spark.sql.shuffle.partitions", "2").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


# Two of the bundled datasets (the eight are compared with rangectl on the JVM route by SparkReplayTest, and the
# Python route's with rangingengine.replay's by test_spark.py): life-cycle rows, and twenty objects.
SOME_DATASETS = [path for path in DATASETS if path.parent.name in ("nlos-approach", "many-objects")]


def test_bundled_datasets_give_the_python_packages_results(jvm_spark):
    assert len(SOME_DATASETS) == 2
    for path in SOME_DATASETS:
        frame = rangingengine.read_csv(path)
        local = rangingengine.replay(frame)
        table = jvm_spark.createDataFrame(rangingengine.read_csv(path, keep_rejected=True).reset_index())
        result = rangingengine.spark.replay(table, order_by="line", engine="jvm")
        assert rangingengine.events_jsonl(result.events.toPandas()) == local.events_jsonl(), path
        assert rangingengine.filtered_csv(result.filtered.toPandas()) == local.filtered_csv(), path
        counts = result.summary.toPandas().iloc[0]
        assert (int(counts["enter_events"]), int(counts["exit_events"])) == (
            local.summary.enter_events, local.summary.exit_events)


def test_the_same_dataframes_as_the_python_route(jvm_spark):
    path = SOME_DATASETS[0]
    table = jvm_spark.createDataFrame(rangingengine.read_csv(path, keep_rejected=True).reset_index())
    options = {"zones": {"inner": 1.5, "outer": 3.0}, "capacity": 2, "order_by": "line"}
    on_the_jvm = rangingengine.spark.replay(table, engine="jvm", **options)
    in_python = rangingengine.spark.replay(table, **options)
    for part in ("events", "filtered", "rejected", "summary"):
        # Each route builds the task's schema (SparkReplay.OUTPUT, spark._OUTPUT) from its lists of columns and the
        # library's types (ranging_record_column_type): the columns' names and Spark types.
        jvm_schema = [(field.name, field.dataType) for field in getattr(on_the_jvm, part).schema.fields]
        assert jvm_schema == [(field.name, field.dataType) for field in getattr(in_python, part).schema.fields], part
        jvm_frame = getattr(on_the_jvm, part).toPandas()
        python_frame = getattr(in_python, part).toPandas()
        assert list(jvm_frame.columns) == list(python_frame.columns), part
        assert jvm_frame.equals(python_frame), part


def test_a_refused_option_is_a_value_error(jvm_spark):
    table = jvm_spark.createDataFrame(rangingengine.read_csv(DATASETS[0]).reset_index())
    with pytest.raises(ValueError, match="capacity"):
        rangingengine.spark.replay(table, capacity=0, engine="jvm")
    with pytest.raises(ValueError, match="engine="):
        rangingengine.spark.replay(table, engine="scala")


def test_a_refused_column_is_the_python_routes_error(jvm_spark):
    # The tables and words of test_spark.py's refusals of the order_by and recording columns, through the JVM.
    for frame, keywords, message in column_refusals()[1]:
        with pytest.raises(rangingengine.RangingFormatError, match=message):
            rangingengine.spark.replay(jvm_spark.createDataFrame(frame), order_by="line", engine="jvm", **keywords)
