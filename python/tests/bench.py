# SPDX-License-Identifier: Apache-2.0
"""Throughput of the Python package beside rangectl on the same file (scripts/bench-python runs it).

Usage: RANGECTL=path/to/release/rangectl python bench.py FILE.csv

Prints rows per second of: `rangectl replay` (the release build given as RANGECTL,
the file read and events written to /dev/null); rangingengine.read_csv and
rangingengine.replay (on the DataFrame read, and read + replay); and
rangingengine.spark.replay on local[2] (from a Parquet file; collecting the events).
Checks that all three give the same events. Best of REPEATS runs each.

Issue 25's target compares rangectl and the Python path on one core, so the
process (and rangectl, its child) is pinned to one core (CORE, default 0; CORE=any
leaves it free), and each is measured in CPU seconds (user + system, all
threads) as well as in wall seconds: on a machine other work shares, CPU time
is what the program itself spent. The machine's load average is printed with
the figures.
"""
import os
import resource
import subprocess
import sys
import time

import rangingengine


def best(function, repeats):
    """(CPU seconds, wall seconds, value) of the fastest of `repeats` runs, by CPU time."""
    runs = []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        value = function()
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = sum(a.ru_utime - b.ru_utime + a.ru_stime - b.ru_stime for a, b in zip(after, before))
        runs.append((cpu, wall, value))
    return min(runs, key=lambda run: run[0])


def main(path, rangectl, repeats=3, spark=True, core="0"):
    if core != "any":
        os.sched_setaffinity(0, {int(core)})
    frame = rangingengine.read_csv(path)
    rows = len(frame) + len(frame.attrs["rangingengine"]["rejected"])
    out = {}
    out["rangectl replay (release, --backend swift)"] = best(lambda: subprocess.run(
        [rangectl, "replay", path, "--quiet", "--backend", "swift"], capture_output=True, text=True, check=True),
        repeats)
    reference = out["rangectl replay (release, --backend swift)"][2].stdout
    out["rangingengine.read_csv"] = best(lambda: rangingengine.read_csv(path), repeats)
    out["rangingengine.replay (DataFrame in memory)"] = best(lambda: rangingengine.replay(frame), repeats)
    out["rangingengine.read_csv + replay"] = best(lambda: rangingengine.replay(rangingengine.read_csv(path)), repeats)
    result = out["rangingengine.read_csv + replay"][2]
    assert result.events_jsonl() == reference, "Python events differ from rangectl's"
    if spark:
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        from pyspark.sql import SparkSession
        from rangingengine import spark as spark_replay
        session = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
                   .config("spark.sql.execution.arrow.pyspark.enabled", "true").getOrCreate())
        session.sparkContext.setLogLevel("ERROR")
        parquet = path + ".parquet"
        frame.reset_index().to_parquet(parquet)
        table = session.read.parquet(parquet)
        # Spark's work happens in its JVM and Python workers: only wall time says anything here.
        start = time.perf_counter()
        events = spark_replay.replay(table, order_by="line").events.toPandas()
        out["rangingengine.spark.replay, local[2] (Parquet in, events collected; wall)"] = (
            None, time.perf_counter() - start, events)
        assert rangingengine.events_jsonl(events) == reference, "Spark events differ from rangectl's"
        session.stop()
    print(f"{path}: {rows} rows, {result.summary.objects} objects, {len(result.events)} events (the same everywhere); "
          f"core {core}; load average {os.getloadavg()[0]:.2f}")
    for name, (cpu, wall, _) in out.items():
        figures = f"{cpu:.3f} s CPU, {rows / cpu / 1e6:.2f} M rows/s; " if cpu is not None else ""
        print(f"  {name}: {figures}{wall:.3f} s wall, {rows / wall / 1e6:.2f} M rows/s")
    rangectl_cpu = out["rangectl replay (release, --backend swift)"][0]
    python_cpu = out["rangingengine.read_csv + replay"][0]
    print(f"  Python read_csv + replay against rangectl replay, rows/s by CPU time: {rangectl_cpu / python_cpu:.2f}x")


if __name__ == "__main__":
    main(sys.argv[1], os.environ["RANGECTL"], int(os.environ.get("REPEATS", "3")), os.environ.get("SPARK", "1") == "1",
         os.environ.get("CORE", "0"))
