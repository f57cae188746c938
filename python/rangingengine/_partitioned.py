# SPDX-License-Identifier: Apache-2.0
"""Replaying a recording one part at a time (a few objects per part, each
object's rows all in one part, as Spark's groupBy(...).applyInPandas gives
them) with the same result as one replay of the whole.

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

Poses (docs/FORMATS.md §1) turn every object, so each part also gets every
pose of the recording that the whole replay applies (`accepted_poses`: a
pose earlier than the latest applied one is rejected), as
RANGING_BATCH_POSE rows at their place, after the part's own rows of the
same position and before a check run there. A pose moves no clock, so a row
of poses alone runs no check, and neither does a row whose pose is rejected
(nothing of it is applied).

What still differs: the object table's capacity applies to a part, not the
whole (a replay that evicts gives other events; rangingengine.spark gives a
part at most `capacity` objects, so that a part never evicts), and objects
lost at the same check are ordered by first appearance instead of by table
slot.
"""
import numpy as np
import pandas as pd

from . import _capi
from ._options import EngineOptions
from ._batch_replay import Run, finish, prepare, run_engine

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


def accepted_poses(time_us: np.ndarray) -> np.ndarray:
    """Which of the poses at `time_us` (in input order) the engine applies: a
    pose not earlier than every pose before it (ObjectTracker.update(pose:)
    rejects one earlier than the latest applied pose, and the latest applied
    is the largest time so far)."""
    latest = np.concatenate([[np.iinfo(np.int64).min], np.maximum.accumulate(time_us)[:-1]])
    return time_us >= latest


_OWN, _POSE, _CHECK = 0, 1, 2
_LOST = _capi.EXIT_REASONS.index("lost")


def replay_part(frame: pd.DataFrame, order: np.ndarray, check_order: np.ndarray, check_time_us: np.ndarray,
                options: EngineOptions, zone_list, poses=None):
    """Replays one part (rows in input order, `order` their global input
    positions) with the whole replay's lost checks (their rows' global
    positions and times) and its applied poses (`poses`: global positions,
    times in µs, and an n x 4 array of w, x, y, z; None for none). Returns the
    ReplayResult and, for each event, its place in the whole replay: (order of
    the causing row, 0 for the part's own row or 1 for a lost check, order of
    the first row of the event's object, sequence within the part), and the
    order of each filtered row."""
    prepared = prepare(frame, options)
    own_order = order[prepared.usable]
    rows = dict(prepared.rows)
    kind = np.full(len(own_order), _OWN, dtype=np.int8)
    if poses is not None and len(own_order):
        # The other rows' poses, as rows of poses alone (the part's own rows carry theirs).
        pose_order, pose_time_us, attitude = poses
        foreign = ~np.isin(pose_order, own_order)
        count = int(foreign.sum())
        rows = _with_rows(rows, pose_time_us[foreign], _capi.RANGING_BATCH_POSE, pose=attitude[foreign])
        own_order = np.concatenate([own_order, pose_order[foreign]])
        kind = np.concatenate([kind, np.full(count, _POSE, dtype=np.int8)])
    own_rows = kind == _OWN
    if len(own_order):
        # The checks from the last one before the part's first row (so that the
        # part's engine does not run a check of its own on that row) until its
        # object is lost for sure. (Other rows' poses join only a part with rows of its own, so it has some.)
        last_time = rows["time_us"][own_rows].max()
        first = own_order[own_rows].min()
        start = max(int(np.searchsorted(check_order, first, side="left")) - 1, 0)
        beyond = np.flatnonzero(check_time_us[start:] > last_time + LOST_TIMEOUT_US)
        stop = start + (beyond[0] + 1 if len(beyond) else len(check_order) - start)
        ticks = slice(start, stop)
        count = stop - start
        merged_order = np.concatenate([own_order, check_order[ticks]])
        kind = np.concatenate([kind, np.full(count, _CHECK, dtype=np.int8)])
        # Stable: a check comes right after the row that ran it (and after that row's pose).
        sequence = np.lexsort((kind, merged_order))
        merged = {name: array[sequence] for name, array in
                  _with_rows(rows, check_time_us[ticks], _capi.RANGING_BATCH_ADVANCE_CLOCK).items()}
        merged_order, kind = merged_order[sequence], kind[sequence]
    else:
        merged, merged_order = rows, own_order
    run = run_engine({name: np.ascontiguousarray(array) for name, array in merged.items()}, options, zone_list,
                     prepared.calibrations)
    own = kind == _OWN
    # The states are the accepted measurement rows', all of them the part's own (checks and poses measure nothing).
    own_run = Run(run.status[own], run.states, run.events, run.event_rows, run.evictions)
    result = finish(prepared, own_run, zone_list)
    # Poses cause no events: an event's row is the part's own (phase 0) or a check (phase 1). Where the whole
    # replay's check runs on the part's own row, the part's engine runs it there too, and its exits of the
    # part's other objects are the check's (phase 1), after the row's own events: an object lost by its own
    # silence exits on its own row (phase 0, before the row's events), as one machine exits it.
    event_object = run.events["object_id"]
    checked_there = (run.events["reason"] == _LOST) & (event_object != merged["object_id"][run.event_rows])
    phase = ((kind[run.event_rows] == _CHECK) | checked_there).astype(np.int8)
    places = (merged_order[run.event_rows], phase, _first_rows(prepared, order)[event_object.astype(np.intp)],
              np.arange(len(run.events)))
    filtered_order = merged_order[own][(own_run.status == _capi.RANGING_OK) & ~prepared.is_event & ~prepared.is_pose]
    return result, filtered_order, places


def _first_rows(prepared, order):
    """The order of each object's first row in the part, any row naming it (rejected or not), by object id."""
    objects = prepared.checked.text_columns["object"]
    named = objects.codes >= 0
    first = np.full(len(objects.uniques), np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first, objects.codes[named], order[named])
    # The ids' names are the column's distinct texts (prepare's _object_ids): their codes, by text.
    return first[pd.Index(objects.uniques).get_indexer(prepared.names)]


# What a batch row that carries none of a column holds in it (ranging_batch_t).
_NONE = {"object_id": 0, "distance_m": np.nan, "direction": np.nan, "pose": np.nan, "horizontal_angle_rad": np.nan,
         "vertical": _capi.RANGING_VERTICAL_NONE}


def _with_rows(rows, time_us, lifecycle, pose=None):
    """The batch arrays `rows` followed by one row of kind `lifecycle` (a
    RANGING_BATCH_* code) at each of `time_us`, carrying nothing else but,
    when given, its `pose` (an n x 4 array)."""
    count = len(time_us)
    out = {}
    for name, array in rows.items():
        if name == "time_us":
            added = np.asarray(time_us, dtype=np.int64)
        elif name == "lifecycle":
            added = np.full(count, lifecycle, dtype=np.int32)
        else:
            added = np.full((count,) + array.shape[1:], _NONE[name], dtype=array.dtype)
        out[name] = np.concatenate([array, added])
    if pose is not None:
        own = rows.get("pose", np.full((len(rows["time_us"]), 4), np.nan))
        out["pose"] = np.concatenate([own, pose])
    return out
