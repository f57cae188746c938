# SPDX-License-Identifier: Apache-2.0
"""Throughput of the Python package beside rangectl on the same file (scripts/bench-python runs it).

Prints rows per second of: `rangectl replay` (the release build given as RANGECTL,
the file read and the events captured), with --jobs 1 and 2; rangingengine.read_csv and
rangingengine.replay (on the DataFrame read, and read + replay); and
rangingengine.spark.replay on local[2] (from a Parquet file; collecting the events).
Checks that all give the same events. Best of REPEATS runs each.
"""
import os
import resource
import subprocess
import sys
import time

import rangingengine


def best(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - start)
    return min(times), value


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def best_rangectl(arguments, repeats):
    """Best wall time of `rangectl ARGUMENTS` and the CPU time (user + system, all threads) of that run:
    on a shared machine the CPU time says what the run costs, the wall time what it waited."""
    runs = []
    for _ in range(repeats):
        cpu = children_cpu_seconds()
        start = time.perf_counter()
        done = subprocess.run(arguments, capture_output=True, text=True, check=True)
        runs.append((time.perf_counter() - start, children_cpu_seconds() - cpu, done))
    return min(runs, key=lambda run: run[0])


def main(path, rangectl, repeats=3, spark=True):
    frame = rangingengine.read_csv(path)
    rows = len(frame)
    out = {}
    cpu = {}
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    seconds, cpu["rangectl replay (release, --backend swift)"], done = best_rangectl(
        [rangectl, "replay", path, "--quiet", "--backend", "swift"], repeats)
    out["rangectl replay (release, --backend swift)"] = seconds
    reference = done.stdout
    seconds, cpu["rangectl replay --jobs 2"], two = best_rangectl(
        [rangectl, "replay", path, "--quiet", "--backend", "swift", "--jobs", "2"], repeats)
    out["rangectl replay --jobs 2"] = seconds
    assert two.stdout == reference, "--jobs 2 events differ from --jobs 1"
    seconds, frame = best(lambda: rangingengine.read_csv(path), repeats)
    out["rangingengine.read_csv"] = seconds
    seconds, result = best(lambda: rangingengine.replay(frame), repeats)
    out["rangingengine.replay (DataFrame in memory)"] = seconds
    out["rangingengine.read_csv + replay"] = out["rangingengine.read_csv"] + seconds
    assert result.events_jsonl() == reference, "Python events differ from rangectl's"
    if spark:
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        from pyspark.sql import SparkSession
        from rangingengine import spark as distributed
        session = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
                   .config("spark.sql.execution.arrow.pyspark.enabled", "true").getOrCreate())
        session.sparkContext.setLogLevel("ERROR")
        parquet = path + ".parquet"
        frame.reset_index().to_parquet(parquet)
        table = session.read.parquet(parquet)
        seconds, events = best(lambda: distributed.replay(table, order_by="line").events.toPandas(), repeats)
        out["rangingengine.spark.replay, local[2] (Parquet in, events collected)"] = seconds
        assert rangingengine.events_jsonl(events) == reference, "Spark events differ from rangectl's"
        session.stop()
    print(f"{path}: {rows} rows, {result.summary.objects} objects, {len(result.events)} events (the same everywhere)")
    for name, seconds in out.items():
        used = f", CPU {cpu[name]:.3f} s" if name in cpu else ""
        print(f"  {name}: {seconds:.3f} s, {rows / seconds / 1e6:.2f} M rows/s{used}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(sys.argv[1], os.environ["RANGECTL"], int(os.environ.get("REPEATS", "3")), os.environ.get("SPARK", "1") == "1")
