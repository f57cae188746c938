# SPDX-License-Identifier: Apache-2.0
"""rangectl replay and the Python path on the same file, run by turns
(docs/PERFORMANCE.md, "Python"): on a machine whose memory speed wanders
from run to run, the ratio of two runs made one after the other says more
than the best of each.

Usage: RANGECTL=path/to/release/rangectl python bench_paired.py FILE.csv [PAIRS]

Each of PAIRS rounds (default 7), pinned to one core (CORE, default 0), runs
`rangectl replay FILE --jobs 1 --backend swift` (events alone), then
rangingengine.read_csv + replay(filtered=False), then `rangectl replay
--filtered /dev/null` (events and the filtered track), then read_csv +
replay (with its filtered rows): the same work two by two; then
replay(filtered=False) of the frame read once before the rounds, against
the first (the table already read, as Spark's figure takes it); then
replay(FILE, filtered=False) (the file read by rangectl's reader in the
library), against the first, and replay(FILE) with its filtered rows,
against the third. CPU seconds
(user + system; rangectl as a child process, its process start included;
Python without its start and import). Prints each one's median and the
median of the round-by-round ratios rangectl / Python (above 1: Python
faster), and checks that all give the same events, and, before the
rounds, that replay(FILE)'s filtered track is rangectl's `--filtered`
bytes. CAPACITY, when set, is every path's object table capacity.
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile

import rangingengine


def cpu_seconds(function):
    before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    value = function()
    after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return sum(a.ru_utime - b.ru_utime + a.ru_stime - b.ru_stime for a, b in zip(after, before)), value


def main():
    path, pairs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rangectl = os.environ["RANGECTL"]
    capacity = os.environ.get("CAPACITY")
    options = ["--capacity", capacity] if capacity else []
    keywords = {"capacity": int(capacity)} if capacity else {}
    os.sched_setaffinity(0, {int(os.environ.get("CORE", "0"))})

    def cli(*extra):
        return subprocess.run([rangectl, "replay", path, "--quiet", "--backend", "swift", "--jobs", "1", *options,
                               *extra], capture_output=True, text=True, check=True).stdout

    def python(filtered):
        return rangingengine.replay(rangingengine.read_csv(path), filtered=filtered, **keywords).events_jsonl()

    frame = rangingengine.read_csv(path)  # the table already read, for the fifth path
    # replay(FILE)'s filtered track, as filtered_csv writes it, against rangectl's --filtered bytes.
    with tempfile.NamedTemporaryFile(suffix=".csv") as track:
        cli("--filtered", track.name)
        if rangingengine.replay(path, **keywords).filtered_csv().encode() != open(track.name, "rb").read():
            sys.exit("replay(FILE)'s filtered track differs from rangectl replay --filtered")
    work = {"rangectl replay (events alone)": lambda: cli(),
            "read_csv + replay(filtered=False)": lambda: python(False),
            "rangectl replay --filtered /dev/null": lambda: cli("--filtered", os.devnull),
            "read_csv + replay (with filtered rows)": lambda: python(True),
            "replay(filtered=False) of the frame already read": lambda: rangingengine.replay(
                frame, filtered=False, **keywords).events_jsonl(),
            "replay(FILE, filtered=False)": lambda: rangingengine.replay(
                path, filtered=False, **keywords).events_jsonl(),
            "replay(FILE) (with filtered rows)": lambda: rangingengine.replay(path, **keywords).events_jsonl()}
    seconds = {name: [] for name in work}
    events = set()
    for _ in range(pairs):
        for name, function in work.items():
            taken, value = cpu_seconds(function)
            seconds[name].append(taken)
            events.add(value)
            value = None
    assert len(events) == 1, "the paths gave different events"
    print(f"{path}: {pairs} rounds, one core, CPU seconds, medians; load average {os.getloadavg()[0]:.2f}")
    for name, runs in seconds.items():
        print(f"  {name}: {statistics.median(runs):.3f} s (min {min(runs):.3f}, max {max(runs):.3f})")
    names = list(work)
    for cli_name, python_name in ((names[0], names[1]), (names[2], names[3]), (names[0], names[4]),
                                  (names[0], names[5]), (names[2], names[6])):
        ratio = statistics.median(a / b for a, b in zip(seconds[cli_name], seconds[python_name]))
        print(f"  {python_name} against {cli_name}: paired ratio {ratio:.2f}x")


if __name__ == "__main__":
    main()
