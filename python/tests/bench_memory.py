# SPDX-License-Identifier: Apache-2.0
"""Peak memory of replay() on a large DataFrame beside the DataFrame's own
size (issue 35: at most 2x; docs/PERFORMANCE.md, "Python").

Usage: python bench_memory.py FILE.csv COPIES [FILTERED]

Reads FILE with read_csv and stacks COPIES of it (each copy's objects
renamed and its times shifted past the one before, so that every copy is
new objects later in the same recording), then replays the stack once,
with its filtered rows unless FILTERED is 0. Prints the frame's size
(pandas' memory_usage(deep=True)), the process's resident memory before the
replay, and its peak during it (Linux: VmHWM after resetting it through
/proc/self/clear_refs), and their difference against the frame's size.
"""
import gc
import re
import sys

import pandas as pd

import rangingengine


def status(field):
    with open("/proc/self/status") as file:
        return int(re.search(rf"{field}:\s+(\d+) kB", file.read()).group(1)) * 1024


def main():
    path, copies = sys.argv[1], int(sys.argv[2])
    filtered = len(sys.argv) <= 3 or sys.argv[3] != "0"
    base = rangingengine.read_csv(path)
    span = float(base["t"].max()) + 10
    frame = pd.concat([base.assign(t=base["t"] + k * span, object=base["object"] + f"-{k}") for k in range(copies)])
    frame.attrs = {}
    del base
    gc.collect()
    size = frame.memory_usage(deep=True).sum()
    before = status("VmRSS")
    with open("/proc/self/clear_refs", "w") as file:
        file.write("5")  # the peak resident size starts again from the current one
    result = rangingengine.replay(frame, filtered=filtered, capacity=65536)
    peak = status("VmHWM")
    print(f"{len(frame):,} rows, {result.summary.objects} objects, {len(result.events):,} events, filtered={filtered}: "
          f"frame {size / 1e9:.2f} GB; resident before {before / 1e9:.2f} GB, peak during replay {peak / 1e9:.2f} GB; "
          f"the replay's own {(peak - before) / 1e9:.2f} GB, {(peak - before) / size:.2f}x the frame")


if __name__ == "__main__":
    main()
