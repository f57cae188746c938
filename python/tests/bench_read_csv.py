# SPDX-License-Identifier: Apache-2.0
"""rangingengine.read_csv against pandas' own readers of the same file, by
turns (docs/PERFORMANCE.md, "Python and Spark"; issue 57: read_csv at least
as fast in CPU as the faster of pandas.read_csv with the C engine and with
engine="pyarrow").

Usage: python bench_read_csv.py FILE.csv [ROUNDS]

Pinned to one core (CORE, default 0; CORE=any leaves the process free, and
pyarrow's reader then uses every core), after one warm-up round, each of
ROUNDS rounds (default 9) reads FILE with `rangingengine.read_csv(FILE)`,
`pandas.read_csv(FILE)` (the C engine) and `pandas.read_csv(FILE,
engine="pyarrow")`, in an order that turns each round, and takes each
one's CPU seconds (user + system of the whole process, every thread:
pyarrow reads on a pool of threads) and wall seconds. Prints the medians
and the median of the round-by-round ratios pandas / rangingengine (above
1: rangingengine is faster), with the load average. pandas' readers are
given the file as it is, with their defaults (FILE has no comment lines:
pyarrow's reader has no `comment`).
"""
import os
import statistics
import sys
import time

import pandas as pd

import rangingengine


def main():
    path, rounds = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 9
    core = os.environ.get("CORE", "0")
    if core != "any":
        os.sched_setaffinity(0, {int(core)})
    readers = {"rangingengine.read_csv": lambda: rangingengine.read_csv(path),
               "pandas.read_csv (C engine)": lambda: pd.read_csv(path),
               "pandas.read_csv (engine=\"pyarrow\")": lambda: pd.read_csv(path, engine="pyarrow")}
    names = list(readers)
    cpu = {name: [] for name in names}
    wall = {name: [] for name in names}
    rows = set()
    for round_ in range(rounds + 1):
        for name in names[round_ % 3:] + names[:round_ % 3]:
            started_cpu, started = time.process_time(), time.perf_counter()
            frame = readers[name]()
            taken_cpu, taken = time.process_time() - started_cpu, time.perf_counter() - started
            rows.add(len(frame) + (frame.attrs["rangingengine"]["rejected"].count("\n")
                                   if "rangingengine" in frame.attrs else 0))
            frame = None
            if round_:  # the first round warms up
                cpu[name].append(taken_cpu)
                wall[name].append(taken)
    print(f"{path}: {sorted(rows)} rows, {rounds} rounds, "
          f"{'one core (' + core + ')' if core != 'any' else 'every core'}; load average "
          f"{' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    for name in names:
        print(f"  {name}: {statistics.median(cpu[name]):.3f} s CPU (min {min(cpu[name]):.3f}, max "
              f"{max(cpu[name]):.3f}), {statistics.median(wall[name]):.3f} s wall")
    for name in names[1:]:
        ratios = sorted(a / b for a, b in zip(cpu[name], cpu[names[0]]))
        print(f"  {name} / rangingengine.read_csv, CPU, median paired ratio {statistics.median(ratios):.2f}x "
              f"({ratios[0]:.2f}-{ratios[-1]:.2f})")


if __name__ == "__main__":
    main()
