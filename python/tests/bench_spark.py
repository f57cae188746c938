# SPDX-License-Identifier: Apache-2.0
"""rangingengine.spark.replay of one package, timed, for comparing two
versions of the package by turns (docs/PERFORMANCE.md, "Spark"): run it once
per package, alternating, and compare the medians round by round.

Usage: python bench_spark.py PACKAGE_DIR TABLE.parquet [REPEATS]

PACKAGE_DIR holds the `rangingengine` to time (a copy of the installed one,
or of python/ with its librangingengine.so), imported ahead of any other,
by the driver and (through PYTHONPATH) by Spark's workers, which the
script checks.
TABLE.parquet is a frame of rangingengine.read_csv written with
`frame.reset_index().to_parquet(...)`, so that its `line` column orders the
rows. On `local[2]`, each of REPEATS runs (default 5) times
`spark.replay(table, order_by="line").events.toPandas()` in wall time, first
with `filtered=False`, then with the filtered rows computed, and prints each
one's median and the number of events. CAPACITY, when set, is the object
table's capacity.
"""
import os
import statistics
import sys
import time


def main(package, parquet, repeats):
    sys.path.insert(0, package)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    # Spark's workers are Python processes of their own: they import the package through PYTHONPATH, which
    # sys.path does not reach (without it they time whatever package is installed).
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [os.path.abspath(package), os.environ.get("PYTHONPATH")]))
    import rangingengine
    from pyspark.sql import SparkSession
    from rangingengine import spark as distributed

    if not rangingengine.__file__.startswith(os.path.abspath(package)):
        sys.exit(f"rangingengine came from {rangingengine.__file__}, not from {package}")
    session = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    workers, _ = workers_package(session)
    if workers != rangingengine.__file__:
        sys.exit(f"Spark's workers import rangingengine from {workers}, not from {package}")
    table = session.read.parquet(parquet)
    table.count()  # the table read once before any timing
    options = {"capacity": int(os.environ["CAPACITY"])} if "CAPACITY" in os.environ else {}
    medians, events = {}, None
    for filtered in (False, True):
        walls = []
        for _ in range(repeats):
            start = time.perf_counter()
            events = distributed.replay(table, order_by="line", filtered=filtered, **options).events.toPandas()
            walls.append(time.perf_counter() - start)
        medians[filtered] = statistics.median(walls)
    session.stop()
    print(f"{package}: filtered=False {medians[False]:.2f} s, filtered=True {medians[True]:.2f} s wall "
          f"(medians of {repeats}); {len(events)} events")


def workers_package(session):
    """Where a Spark task imports rangingengine from, and its BACKEND (tests/test_spark.py asks too)."""
    import pyarrow as pa

    def where(batches):
        import rangingengine
        for _ in batches:
            yield pa.RecordBatch.from_pydict({"file": [rangingengine.__file__], "backend": [rangingengine.BACKEND]})

    found = session.range(1).mapInArrow(where, "file string, backend string").collect()[0]
    return found["file"], found["backend"]


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
