# SPDX-License-Identifier: Apache-2.0
"""rangingengine.spark.replay's Python route against Spark's floor, side by
side on local[2] (docs/PERFORMANCE.md, "Python and Spark"; issue 57: at
least 0.5x of the floor).

Usage: python bench_spark_floor.py FILE.csv [ROUNDS]

Reads FILE with rangingengine.read_csv and writes it as Parquet beside
itself (FILE.parquet, as python/tests/bench.py does; its `line` column
orders the rows), then, after one warm-up of each, ROUNDS rounds (default
5), the order swapped each round, time in wall seconds:

- the floor: the rows handed, as the replay hands them
  (`coalesce(1).mapInArrow`), to a Python task that only counts them
  (bench.py's figure);
- `spark.replay(table, order_by="line", filtered=False).events.toPandas()`;
- the same with the filtered rows (`filtered=True`), its events collected
  and its filtered rows counted.

Checks first that the replay's events are rangectl's bytes (RANGECTL, a
release build, `--backend swift --jobs 1`). Prints each round, the medians
and the median of the round-by-round ratios floor / replay (the target's
figure), with the load average. CAPACITY, when set, is the object table's
capacity.
"""
import os
import statistics
import subprocess
import sys
import time

import rangingengine
from bench import _count_rows


def main(path, rounds):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from rangingengine import spark as distributed

    capacity = os.environ.get("CAPACITY")
    keywords = {"capacity": int(capacity)} if capacity else {}
    reference = subprocess.run([os.environ["RANGECTL"], "replay", path, "--quiet", "--backend", "swift", "--jobs", "1",
                                *(["--capacity", capacity] if capacity else [])],
                               capture_output=True, text=True, check=True).stdout
    frame = rangingengine.read_csv(path)
    parquet = path + ".parquet"
    frame.reset_index().to_parquet(parquet)
    rows = len(frame)
    frame = None
    session = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    table = session.read.parquet(parquet)

    def floor():
        counted = table.coalesce(1).mapInArrow(_count_rows, "rows long").collect()[0][0]
        assert counted == rows, "Spark's task did not see every row"

    def events_only():
        events = distributed.replay(table, order_by="line", filtered=False, **keywords).events.toPandas()
        assert rangingengine.events_jsonl(events) == reference, "Spark events differ from rangectl's"

    def with_filtered():
        result = distributed.replay(table, order_by="line", **keywords)
        result.events.toPandas()
        result.filtered.count()

    work = {"floor": floor, "replay(filtered=False)": events_only, "replay (with filtered rows)": with_filtered}
    names = list(work)
    for name in names:
        work[name]()  # the warm-up, and the events checked
    print(f"{path}: {rows} rows, local[2]; the replay's events are rangectl's; load average "
          f"{' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    walls = {name: [] for name in names}
    for round_ in range(rounds):
        for name in (names if round_ % 2 == 0 else names[::-1]):
            started = time.perf_counter()
            work[name]()
            walls[name].append(time.perf_counter() - started)
        print(f"  round {round_ + 1}: " + ", ".join(f"{name} {walls[name][-1]:.2f} s" for name in names), flush=True)
    session.stop()
    print(f"  medians: " + ", ".join(f"{name} {statistics.median(walls[name]):.2f} s wall" for name in names))
    for name in names[1:]:
        ratios = sorted(a / b for a, b in zip(walls["floor"], walls[name]))
        print(f"  {name} against the floor (floor / replay): median paired ratio {statistics.median(ratios):.2f}x "
              f"({ratios[0]:.2f}-{ratios[-1]:.2f})")
    print(f"  load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
