# SPDX-License-Identifier: Apache-2.0
"""Throughput of the Python package beside rangectl on the same file (scripts/bench-python runs it).

Prints rows per second of: `rangectl replay` (the release build given as RANGECTL,
the file read and the events captured), with --jobs 1 and 2; rangingengine.read_csv and
rangingengine.replay (on the DataFrame read, and read + replay); and
rangingengine.spark.replay on local[2] (from a Parquet file; collecting the events).
Checks that all give the same events. Best of REPEATS runs each.
"""
import os
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


def main(path, rangectl, repeats=3, spark=True):
    frame = rangingengine.read_csv(path)
    rows = len(frame)
    out = {}
    seconds, done = best(lambda: subprocess.run([rangectl, "replay", path, "--quiet", "--backend", "swift"],
                                                capture_output=True, text=True, check=True), repeats)
    out["rangectl replay (release, --backend swift)"] = seconds
    reference = done.stdout
    seconds, two = best(lambda: subprocess.run([rangectl, "replay", path, "--quiet", "--backend", "swift", "--jobs", "2"],
                                               capture_output=True, text=True, check=True), repeats)
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
        print(f"  {name}: {seconds:.3f} s, {rows / seconds / 1e6:.2f} M rows/s")


if __name__ == "__main__":
    main(sys.argv[1], os.environ["RANGECTL"], int(os.environ.get("REPEATS", "3")), os.environ.get("SPARK", "1") == "1")
