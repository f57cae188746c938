# SPDX-License-Identifier: Apache-2.0
"""Throughput of the Python package beside rangectl on the same file (scripts/reports/bench-python runs it).

Usage: RANGECTL=path/to/release/rangectl python bench.py FILE.csv

Prints rows per second of: `rangectl replay` (the release build given as RANGECTL,
the file read and the events captured), with --jobs 1 and 2, and with --jobs 1 and the
filtered track written (the work of replay() with its filtered rows); rangingengine.read_csv and
rangingengine.replay (on the DataFrame read, with and without its filtered rows, read + replay
with and without them, and of the
file itself, which runs rangectl's reader and replay through ranging_replay_file); and
rangingengine.spark.replay on local[2] (from a Parquet file; collecting the events), and
Spark's floor: the same rows through a Python task that only counts them.
Checks that all give the same events. Medians of REPEATS runs each (default 5). CAPACITY, when set, is every path's
object table capacity (a fleet of more objects than the default 64).

Issue 25's target compares rangectl and the Python path on one core, so those
runs are pinned to one core (CORE, default 0; CORE=any leaves them free) and
measured in CPU seconds (user + system, all threads, rangectl as a child
process) as well as in wall seconds: on a machine other work shares, CPU time
is what the program itself spent. `--jobs 2` and Spark use both cores and are
measured in wall seconds. The Python figures leave out the interpreter's
start and the package's import (once per session); rangectl's include its
process start. The machine's load average is printed with the figures.
"""
import os
import resource
import statistics
import subprocess
import sys
import time

import rangingengine


def best(function, repeats):
    """(CPU seconds, wall seconds, value) of `repeats` runs: the medians of
    each (the fastest run flatters a path whose time depends on the memory
    it finds), and the last run's value. Only one value is held at a time,
    so that no run pays for the memory of the results before it."""
    cpus, walls, value = [], [], None
    for _ in range(repeats):
        value = None
        before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        value = function()
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(sum(a.ru_utime - b.ru_utime + a.ru_stime - b.ru_stime for a, b in zip(after, before)))
    return statistics.median(cpus), statistics.median(walls), value


def main(path, rangectl, repeats=5, spark=True, core="0", capacity=None):
    every_core = os.sched_getaffinity(0)
    frame = rangingengine.read_csv(path)
    rows = len(frame) + frame.attrs["rangingengine"]["rejected"].count("\n")
    out = {}
    # A fleet of more objects than the default table holds: every path with a table that holds them all.
    table_options = ["--capacity", str(capacity)] if capacity else []
    keywords = {"capacity": capacity} if capacity else {}

    def rangectl_replay(*options):
        return subprocess.run([rangectl, "replay", path, "--quiet", "--backend", "swift", *table_options, *options],
                              capture_output=True, text=True, check=True)

    if core != "any":
        os.sched_setaffinity(0, {int(core)})
    one = "rangectl replay (release, --backend swift, --jobs 1)"
    out[one] = best(lambda: rangectl_replay("--jobs", "1"), repeats)
    reference = out[one][2].stdout
    # The same work as replay() with its filtered rows: the events and the filtered track.
    track = "rangectl replay --jobs 1 --filtered (the track written to /dev/null)"
    out[track] = best(lambda: rangectl_replay("--jobs", "1", "--filtered", os.devnull), repeats)
    out["rangingengine.read_csv"] = best(lambda: rangingengine.read_csv(path), repeats)
    out["rangingengine.replay (DataFrame in memory)"] = best(lambda: rangingengine.replay(frame, **keywords), repeats)
    out["rangingengine.replay (DataFrame in memory, filtered=False)"] = best(
        lambda: rangingengine.replay(frame, filtered=False, **keywords), repeats)
    both = "rangingengine.read_csv + replay"
    out[both] = best(lambda: rangingengine.replay(rangingengine.read_csv(path), **keywords), repeats)
    result = out[both][2]
    assert result.events_jsonl() == reference, "Python events differ from rangectl's"
    events_only = "rangingengine.read_csv + replay(filtered=False)"
    out[events_only] = best(lambda: rangingengine.replay(rangingengine.read_csv(path), filtered=False, **keywords),
                            repeats)
    assert out[events_only][2].events_jsonl() == reference, "Python events differ from rangectl's"
    whole = "rangingengine.replay of the file (rangectl's reader and replay, ranging_replay_file)"
    out[whole] = best(lambda: rangingengine.replay(path, **keywords), repeats)
    assert out[whole][2].events_jsonl() == reference, "the file's replay differs from rangectl's"
    os.sched_setaffinity(0, every_core)

    # Both cores: only wall time says anything here.
    cpu, wall, two = best(lambda: rangectl_replay("--jobs", "2"), repeats)
    out["rangectl replay --jobs 2 (wall)"] = (None, wall, two)
    assert two.stdout == reference, "--jobs 2 events differ from --jobs 1"
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
        # Spark's work happens in its JVM and Python workers, not in this process.
        cpu, wall, events = best(lambda: distributed.replay(table, order_by="line", **keywords).events.toPandas(),
                                 repeats)
        out["rangingengine.spark.replay, local[2] (Parquet in, events collected; wall)"] = (None, wall, events)
        assert rangingengine.events_jsonl(events) == reference, "Spark events differ from rangectl's"
        # The same work as rangectl replay: the events alone.
        cpu, wall, events = best(lambda: distributed.replay(table, order_by="line", filtered=False,
                                                            **keywords).events.toPandas(), repeats)
        out["rangingengine.spark.replay(filtered=False), local[2] (Parquet in, events collected; wall)"] = (
            None, wall, events)
        assert rangingengine.events_jsonl(events) == reference, "Spark events differ from rangectl's"
        # Spark's own floor: the same rows handed, as the replay hands them (coalesce(1).mapInArrow), to a Python
        # task that only counts them; any replay in a Spark task pays this before its first row is replayed.
        cpu, wall, counted = best(lambda: table.coalesce(1).mapInArrow(_count_rows, "rows long").collect()[0][0],
                                  repeats)
        out[FLOOR] = (None, wall, counted)
        assert counted == len(frame), "Spark's task did not see every row"
        session.stop()
    print(f"{path}: {rows} rows, {result.summary.objects} objects, {len(result.events)} events (the same everywhere); "
          f"one-core runs on core {core}; load average {os.getloadavg()[0]:.2f}")
    for name, (cpu, wall, _) in out.items():
        figures = f"{cpu:.3f} s CPU, {rows / cpu / 1e6:.2f} M rows/s; " if cpu is not None else ""
        print(f"  {name}: {figures}{wall:.3f} s wall, {rows / wall / 1e6:.2f} M rows/s")
    ratios = ((both, track, "read_csv + replay against rangectl replay --filtered (events and track both)"),
              (events_only, one, "read_csv + replay(filtered=False) against rangectl replay (events alone)"),
              (both, one, "read_csv + replay against rangectl replay (events alone)"))
    for python, cli, what in ratios:
        print(f"  Python {what}, rows/s by CPU time on one core: "
              f"{out[cli][0] / out[python][0]:.2f}x (by wall time: {out[cli][1] / out[python][1]:.2f}x)")
    print(f"  Python replay of the file against rangectl replay, rows/s by CPU time on one core: "
          f"{out[one][0] / out[whole][0]:.2f}x (by wall time: {out[one][1] / out[whole][1]:.2f}x)")
    if spark:
        spark_events = "rangingengine.spark.replay(filtered=False), local[2] (Parquet in, events collected; wall)"
        for name in (spark_events, FLOOR):
            print(f"  {name.split(',')[0]} against rangectl replay --jobs 2, by wall time: "
                  f"{out['rangectl replay --jobs 2 (wall)'][1] / out[name][1]:.2f}x")


FLOOR = "Spark's floor, local[2]: the rows through one Python task that only counts them (wall)"


def _count_rows(batches):
    """A mapInArrow task that reads its rows and counts them."""
    import pyarrow as pa
    yield pa.RecordBatch.from_pydict({"rows": [sum(batch.num_rows for batch in batches)]})


if __name__ == "__main__":
    main(sys.argv[1], os.environ["RANGECTL"], int(os.environ.get("REPEATS", "5")), os.environ.get("SPARK", "1") == "1",
         os.environ.get("CORE", "0"), int(os.environ["CAPACITY"]) if os.environ.get("CAPACITY") else None)
