# SPDX-License-Identifier: Apache-2.0
"""A DataFrame's replay by each route, in one process (docs/PERFORMANCE.md,
"Python: a DataFrame through the same reader").

Usage: python bench_routes.py FILE.csv [PAIRS]

Reads FILE with read_csv once, then replays the frame PAIRS times (default 9)
through ranging_replay_table (rangingengine.replay) and through the
package's own checks and the engine's row batches (the route Spark's parts
and angle-mapped frames take), alternating, and the file itself through
ranging_replay_file. Prints CPU seconds (time.process_time) as the median and
minimum of each, and the median of the pair-by-pair ratio table / batches;
checks that both routes give the same events and filtered track.
"""
import gc
import statistics
import sys
import time

import rangingengine
from rangingengine import _batch_replay
from rangingengine._options import EngineOptions, parse_zones


def batches(frame):
    """The frame through the package's checks and ranging_engine_process_batch."""
    options, zone_list = EngineOptions.from_keywords({}), parse_zones(None)
    prepared = _batch_replay.prepare(frame, options)
    run = _batch_replay.run_engine(prepared.rows, options, zone_list, prepared.calibrations)
    return _batch_replay.finish(prepared, run, zone_list)


def timed(replay, data):
    gc.collect()
    started = time.process_time()
    result = replay(data)
    return time.process_time() - started, result


def main():
    path, pairs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 9
    frame = rangingengine.read_csv(path)
    table, batch, file = [], [], []
    for _ in range(pairs):
        seconds, by_table = timed(rangingengine.replay, frame)
        table.append(seconds)
        seconds, by_batches = timed(batches, frame)
        batch.append(seconds)
        file.append(timed(rangingengine.replay, path)[0])
    assert by_table.events_jsonl() == by_batches.events_jsonl()
    assert by_table.filtered_csv() == by_batches.filtered_csv()
    for name, runs in (("replay(DataFrame), ranging_replay_table", table), ("replay(DataFrame), checks and batches", batch),
                       ("replay(PATH), ranging_replay_file", file)):
        print(f"{name}: median {statistics.median(runs):.3f} s CPU, min {min(runs):.3f} s")
    print(f"paired ratio table / batches: median {statistics.median(a / b for a, b in zip(table, batch)):.2f}")


if __name__ == "__main__":
    main()
