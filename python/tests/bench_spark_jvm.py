# SPDX-License-Identifier: Apache-2.0
"""rangingengine.spark.replay's two engines by turns on local[2]: the Python
route (the default) and engine="jvm" (docs/PERFORMANCE.md, "Java and Spark
on the JVM").

Usage: python bench_spark_jvm.py FILE.csv [REPEATS]

Needs RANGINGENGINE_JVM_JARS (the two jars, comma-separated) and
RANGINGENGINE_LIBRARY, as python/tests/test_spark_jvm.py does. Reads FILE
with rangingengine.read_csv, hands the frame to Spark and holds it in memory
(localCheckpoint), checks that both engines give the same events, then
REPEATS times (default 3), in turn with the order swapped each round, times
`spark.replay(table, order_by="line", filtered=False, engine=...).events.toPandas()`
in wall time, and prints each run and the medians. CAPACITY, when set, is
the object table's capacity.
"""
import os
import statistics
import sys
import time


def main(path, repeats):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    import rangingengine
    from pyspark.sql import SparkSession
    from rangingengine import spark as distributed

    session = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
               .config("spark.jars", os.environ["RANGINGENGINE_JVM_JARS"])
               .config("spark.driver.memory", "6g")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    table = session.createDataFrame(rangingengine.read_csv(path).reset_index()).localCheckpoint()
    rows = table.count()
    options = {"capacity": int(os.environ["CAPACITY"])} if os.environ.get("CAPACITY") else {}

    def run(engine):
        started = time.perf_counter()
        events = distributed.replay(table, order_by="line", filtered=False, engine=engine, **options).events.toPandas()
        return time.perf_counter() - started, events

    _, python_events = run("python")
    _, jvm_events = run("jvm")
    same = rangingengine.events_jsonl(python_events) == rangingengine.events_jsonl(jvm_events)
    print(f"{path}: {rows} rows, {len(jvm_events)} events, the same from both engines: {same}")
    if not same:
        sys.exit(1)
    times = {"python": [], "jvm": []}
    for round_ in range(repeats):
        for engine in (("python", "jvm") if round_ % 2 == 0 else ("jvm", "python")):
            times[engine].append(run(engine)[0])
        print(f"round {round_ + 1}: Python route {times['python'][-1]:.2f} s, engine='jvm' {times['jvm'][-1]:.2f} s")
    print(f"median: Python route {statistics.median(times['python']):.2f} s wall, engine='jvm' "
          f"{statistics.median(times['jvm']):.2f} s wall")
    session.stop()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3)
