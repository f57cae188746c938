# SPDX-License-Identifier: Apache-2.0
"""Replaying a recording one part at a time (one object per part, as Spark's
groupBy(object).applyInPandas does) with the same result as one replay of
the whole.

Objects are independent in the engine but for two things every row shares:
the object table (its capacity and evictions), and the clock, whose lost
check (RangingPipeline.advanceClock) runs on any row at least 0.5 s after
the previous check and exits every object silent for the lost timeout. The
first is per part (documented); the second is replayed exactly:
`lost_checks` finds, from the times of all usable rows in input order, the
rows on which the whole replay's check runs, and each part gets those
checks as RANGING_BATCH_ADVANCE_CLOCK rows placed right after their rows,
from the last check before its first row until it must have been lost.
A part's own rows then cannot start a check that the whole replay would not
have run: a row at least 0.5 s after the last check and not earlier than the
whole replay's clock is the next check, and a row earlier than that clock
that passes the part's clock would need a row after the last check that is
0.5 s later, which would itself have been a check. So each part's engine
runs the same checks at the same times and loses its object at the same time.

What still differs: the object table's capacity applies to a part, not the
whole (a replay that evicts gives other events), and objects lost at the
same check are ordered by first appearance instead of by table slot.
"""
import numpy as np
import pandas as pd

from . import _capi
from ._options import EngineOptions
from ._replay import Run, finish, prepare, run_engine

# RangingPipeline.lostCheckIntervalSeconds and the default lost timeout
# (ranging_config_t.lost_timeout_us), microseconds.
LOST_CHECK_INTERVAL_US = 500_000
LOST_TIMEOUT_US = 5_000_000


def lost_checks(time_us: np.ndarray):
    """The positions (into `time_us`, the usable rows' times in input order) of
    the rows on which the engine's lost check runs, and its times.

    advanceClock(to: t) ignores t below the clock; otherwise the check runs
    when no check ran yet or t is at least 0.5 s after the last one.
    Engine-rejected rows (time earlier than the object's own previous row) are
    earlier than the clock, so they need not be known here.
    """
    if len(time_us) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    clock_before = np.concatenate([[np.iinfo(np.int64).min], np.maximum.accumulate(time_us)[:-1]])
    candidates = np.flatnonzero(time_us >= clock_before)
    values = time_us[candidates]  # non-decreasing: each is at least the clock before it
    chosen = [0]
    while True:
        following = int(np.searchsorted(values, values[chosen[-1]] + LOST_CHECK_INTERVAL_US, side="left"))
        if following >= len(values):
            break
        chosen.append(following)
    chosen = np.asarray(chosen)
    return candidates[chosen], values[chosen]


def replay_part(frame: pd.DataFrame, order: np.ndarray, check_order: np.ndarray, check_time_us: np.ndarray,
                options: EngineOptions, zone_list):
    """Replays one part (rows in input order, `order` their global input
    positions) with the whole replay's lost checks (their rows' global
    positions and times). Returns the ReplayResult and, for each event, its
    place in the whole replay: (order of the causing row, 0 for the part's own
    row or 1 for a lost check, sequence within the part), and the order of
    each filtered row."""
    prepared = prepare(frame, options)
    own_order = order[prepared.usable]
    rows = prepared.rows
    kind = np.zeros(len(own_order), dtype=np.int8)
    if len(own_order):
        # The checks from the last one before the part's first row (so that the
        # part's engine does not run a check of its own on that row) until its
        # object is lost for sure.
        last_time = rows["time_us"].max()
        start = max(int(np.searchsorted(check_order, own_order[0], side="left")) - 1, 0)
        beyond = np.flatnonzero(check_time_us[start:] > last_time + LOST_TIMEOUT_US)
        stop = start + (beyond[0] + 1 if len(beyond) else len(check_order) - start)
        ticks = slice(start, stop)
        count = stop - start
        merged_order = np.concatenate([own_order, check_order[ticks]])
        kind = np.concatenate([kind, np.ones(count, dtype=np.int8)])
        # Stable: a check comes right after the row that ran it.
        sequence = np.lexsort((kind, merged_order))
        merged = {
            "time_us": np.concatenate([rows["time_us"], check_time_us[ticks]])[sequence],
            "object_id": np.concatenate([rows["object_id"], np.zeros(count, dtype=np.uint64)])[sequence],
            "distance_m": np.concatenate([rows["distance_m"], np.full(count, np.nan)])[sequence],
            "direction": np.concatenate([rows["direction"], np.full((count, 3), np.nan)])[sequence],
            "lifecycle": np.concatenate([rows["lifecycle"],
                                         np.full(count, _capi.RANGING_BATCH_ADVANCE_CLOCK, dtype=np.int32)])[sequence],
        }
        merged_order, kind = merged_order[sequence], kind[sequence]
    else:
        merged, merged_order = rows, own_order
    run = run_engine({name: np.ascontiguousarray(array) for name, array in merged.items()}, options, zone_list,
                     prepared.calibrations)
    own = kind == 0
    own_run = Run(run.status[own], run.states[own], run.events, run.event_rows, run.evictions)
    result = finish(prepared, own_run, zone_list)
    places = (merged_order[run.event_rows], kind[run.event_rows], np.arange(len(run.events)))
    filtered_order = own_order[(own_run.status == _capi.RANGING_OK) & ~prepared.is_event]
    return result, filtered_order, places
