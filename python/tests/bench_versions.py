# SPDX-License-Identifier: Apache-2.0
"""read_csv and replay of two versions of the package on one file, by turns
(docs/PERFORMANCE.md, "Python: rejected rows, and Spark's floor").

Usage: python bench_versions.py OLD_DIR NEW_DIR FILE.csv [ROUNDS]

OLD_DIR and NEW_DIR each hold a `rangingengine` (a copy of the installed one,
or python/rangingengine of a commit beside a librangingengine.so). Each of
ROUNDS rounds (default 6) runs, for each version in turn (the order swapped
every round), a child Python process pinned to core 0 (taskset) that
imports that version and times in CPU seconds (getrusage): `read_csv(FILE)`,
`replay(frame, filtered=False)` and one column's mean (`frame["distance"]`).
Prints each one's medians and the median of the round-by-round ratios new /
old, and checks that both versions reject the same number of rows.
"""
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# The child: the version's package first on sys.path, then this folder for bench_paired's CPU clock.
CHILD = r'''
import sys
sys.path[:0] = [sys.argv[1], sys.argv[3]]
import rangingengine
from bench_paired import cpu_seconds
assert rangingengine.__file__.startswith(sys.argv[1]), rangingengine.__file__
read, frame = cpu_seconds(lambda: rangingengine.read_csv(sys.argv[2]))
replay, result = cpu_seconds(lambda: rangingengine.replay(frame, filtered=False))
column, _ = cpu_seconds(lambda: frame["distance"].mean())
print(read, replay, column, len(result.rejected))
'''
CALLS = ("read_csv", "replay(frame, filtered=False)", "frame['distance'].mean()")


def main(old, new, path, rounds):
    runs = {old: [], new: []}
    for round_number in range(rounds):
        for package in (old, new) if round_number % 2 == 0 else (new, old):
            printed = subprocess.run(["taskset", "-c", "0", sys.executable, "-W", "ignore", "-c", CHILD, package, path,
                                      HERE], capture_output=True, text=True, check=True).stdout.split()
            runs[package].append([float(value) for value in printed[:3]] + [int(printed[3])])
    assert {run[3] for run in runs[old] + runs[new]} == {runs[old][0][3]}, "the versions rejected different rows"
    print(f"{path}: {rounds} rounds, core 0, CPU seconds; {runs[old][0][3]} rows rejected")
    for place, call in enumerate(CALLS):
        before, after = [run[place] for run in runs[old]], [run[place] for run in runs[new]]
        ratios = [b / a for a, b in zip(before, after)]
        print(f"  {call}: old {statistics.median(before):.4f} s, new {statistics.median(after):.4f} s, "
              f"paired new / old {statistics.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 6)
