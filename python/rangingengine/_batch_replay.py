# SPDX-License-Identifier: Apache-2.0
"""The rows of one part of a recording through the engine's C library in
batches, one call into C per batch (ranging_engine_process_batch), with
rangectl replay's accounting: rows read = accepted + rejected, each
rejection with its row, field and reason. spark.replay's parts take this
route (rangingengine._partitioned); replay() of a path or a table goes
through rangectl's own reader and replay in Swift instead (_replay)."""
import ctypes
from dataclasses import dataclass

import numpy as np
import pandas as pd

from . import _capi
from ._columns import AXES, KNOWN, POSE, REJECTION_COLUMNS, rejected_frame
from ._mapping import ColumnMapping
from ._options import EngineOptions, configuration, microseconds
from ._replay import EVENT_COLUMNS, FILTERED_COLUMNS, ReplayResult, ReplaySummary
from ._validation import check, rejection_text


@dataclass
class Prepared:
    """Rows checked and turned into the engine's arrays."""

    frame: pd.DataFrame
    info: dict
    checked: object
    usable: np.ndarray       # positions in frame of the rows the engine gets
    names: pd.Index          # object names by id
    seconds: np.ndarray      # t of the usable rows
    is_event: np.ndarray     # which usable rows are life-cycle rows
    is_pose: np.ndarray      # which usable rows are poses alone
    rows: dict               # the batch's arrays, one entry per usable row
    calibrations: dict       # object id -> (offset, scale)


def prepare(frame: pd.DataFrame, options: EngineOptions) -> Prepared:
    """Checks every row of `frame` and builds the batch arrays of the usable ones."""
    info = frame.attrs.get("rangingengine", {})
    path = info.get("path", "<DataFrame>")
    # No `t` or `object` column, or a column of §1 twice (which pandas allows), as rangectl refuses such a header.
    ColumnMapping().layout([str(name) for name in frame.columns], path, None)
    checked = check(frame)
    usable = np.flatnonzero(checked.usable)
    every = len(usable) == len(frame)

    def of_usable(values):
        """The usable rows' entries of a per-row array (the array itself when every row is usable)."""
        return values if every else values[usable]

    is_pose = of_usable(checked.pose_only)
    object_codes = of_usable(checked.text_columns["object"].codes)
    if is_pose.any():
        # A pose alone names no object (its id is not read): only the other rows number the objects.
        ids = np.zeros(len(usable), dtype=np.uint64)
        names, ids[~is_pose] = _object_ids(checked.text_columns["object"], object_codes[~is_pose])
    else:
        names, ids = _object_ids(checked.text_columns["object"], object_codes)
    # check() has rejected the unknown event names.
    lifecycle = of_usable(checked.text_columns["event"].codes_of(_capi.LIFECYCLE_CODES,
                                                                _capi.RANGING_BATCH_MEASUREMENT))
    is_event = of_usable(checked.text_columns["event"].present)
    lifecycle[is_pose] = _capi.RANGING_BATCH_POSE
    seconds = of_usable(checked.numbers["t"])
    direction = np.empty((len(usable), 3))
    for index, axis in enumerate(AXES):
        direction[:, index] = of_usable(checked.numbers[axis])
    rows = {
        "time_us": microseconds(seconds),
        "object_id": ids,
        "distance_m": np.ascontiguousarray(of_usable(checked.numbers["distance"])),
        "direction": direction,
        "lifecycle": lifecycle,
    }
    horizontal = of_usable(checked.numbers["horizontal_angle"])
    if not np.isnan(horizontal).all():
        rows["horizontal_angle_rad"] = np.ascontiguousarray(horizontal)
    vertical = checked.text_columns["vertical"]
    if of_usable(vertical.present).any():
        # One code per distinct spelling (check() has rejected the unknown ones), then per row.
        codes = vertical.codes_of(_capi.VERTICAL_CODES, _capi.RANGING_VERTICAL_NONE)
        rows["vertical"] = of_usable(codes).astype(np.int8)
    posed = of_usable(checked.posed)
    if posed.any():
        # NaN in all four: no pose on the row (ranging_batch_t.pose).
        rows["pose"] = np.where(posed[:, None], np.column_stack([of_usable(checked.numbers[name]) for name in POSE]),
                                np.nan)
    calibrations = {names.get_loc(name): value for name, value in options.object_calibrations().items()
                    if name in names}
    return Prepared(frame, info, checked, usable, names, seconds, is_event, is_pose, rows, calibrations)


def _object_ids(objects, codes):
    """Ids in order of first appearance among `codes` (the object column's codes
    of the rows that name one), as rangectl numbers names, and the names by id
    (from the column's codes: no name is hashed again)."""
    codes, order = pd.factorize(codes, sort=False)
    return pd.Index(objects.uniques[order], dtype=object), codes.astype(np.uint64)


@dataclass
class Run:
    """What the engine made of a batch of rows."""

    status: np.ndarray       # each row's ranging_status_t
    states: dict             # STATE_FIELDS -> array: the state after each accepted measurement row, in row order
    events: np.ndarray       # ZONE_EVENT, in the engine's order
    event_rows: np.ndarray   # the row that caused each event
    evictions: int


# The fields of OBJECT_STATE that the filtered rows (docs/FORMATS.md §3) show.
STATE_FIELDS = ["distance_m", "distance_sigma_m", "direction_sigma_rad", "direction_state", "nlos_probability"]
# Rows per call into the engine: their states (80 bytes each) are still in the cache when copied out, field
# by field, and the states of all rows never take memory at once.
_ROWS_PER_CALL = 1 << 14


def run_engine(rows, options, zone_list, calibrations=None) -> Run:
    """Creates an engine, feeds it every row (time_us, object_id, distance_m,
    direction, lifecycle arrays) in batches, and returns what it made of them."""
    calibrations = calibrations or {}
    count = len(rows["time_us"])
    # One row causes at most 2 * zones events plus zones per object found lost.
    event_capacity = min(len(zone_list) * (options.capacity + 2), 1 << 20)
    config, zone_array = configuration(options, zone_list, event_capacity)
    engine = ctypes.c_void_p()
    status = _capi.library.ranging_engine_create(config, ctypes.byref(engine))
    if status != _capi.RANGING_OK:
        raise ValueError(f"the engine refused the options: {_capi.status_name(status)}")
    try:
        for object_id, (offset, scale) in calibrations.items():
            result = _capi.library.ranging_engine_set_object_calibration(engine, object_id, offset, scale)
            if result != _capi.RANGING_OK:
                raise ValueError(f"object_calibration: {_capi.status_name(result)}")
        # The engine writes every row's status, and the state of each accepted measurement row: the only
        # entries read afterwards, so the arrays need no zeroing.
        statuses = np.empty(count, dtype=np.int32)
        call_states = np.empty(min(count, _ROWS_PER_CALL), dtype=_capi.OBJECT_STATE)
        measurement = rows["lifecycle"] == _capi.RANGING_BATCH_MEASUREMENT
        states = _StateColumns(int(measurement.sum()))
        buffer = np.zeros(max(4 * event_capacity, 1 << 16), dtype=_capi.ZONE_EVENT)
        buffer_rows = np.zeros(len(buffer), dtype=np.uintp)
        chunks, row_chunks = [], []
        # Each call's rows are the arrays' rows from `start` on: their addresses, offset by whole rows.
        arrays = dict(rows, status=statuses)
        addresses = {name: _capi.pointer(array) for name, array in arrays.items()}
        for start in range(0, max(count, 1), _ROWS_PER_CALL):
            stop = min(start + _ROWS_PER_CALL, count)
            batch = _capi.Batch(count=stop - start, states=_capi.pointer(call_states), events=_capi.pointer(buffer),
                                event_rows=_capi.pointer(buffer_rows), event_capacity=len(buffer), rows_done=0,
                                **{name: addresses[name] + start * array.strides[0] for name, array in arrays.items()})
            while True:
                result = _capi.library.ranging_engine_process_batch(engine, ctypes.byref(batch))
                if result == _capi.RANGING_ERROR_EVENTS_DROPPED:
                    raise RuntimeError("the engine's event queue overflowed; events were lost")
                if result != _capi.RANGING_OK:
                    raise RuntimeError(f"ranging_engine_process_batch: {_capi.status_name(result)}")
                chunks.append(buffer[:batch.event_count].copy())
                event_rows = buffer_rows[:batch.event_count].astype(np.int64)
                event_rows[event_rows >= 0] += start  # -1 (SIZE_MAX): an event queued before the call
                row_chunks.append(event_rows)
                if batch.rows_done == batch.count:
                    break
            states.append(call_states[:stop - start], (statuses[start:stop] == _capi.RANGING_OK) &
                          measurement[start:stop])
        stats = _capi.Stats()
        _capi.library.ranging_engine_read_stats(engine, ctypes.byref(stats))
    finally:
        _capi.library.ranging_engine_destroy(engine)
    return Run(statuses, states.filled_columns(), np.concatenate(chunks), np.concatenate(row_chunks),
               int(stats.objects_evicted))


class _StateColumns:
    """The states of the accepted measurement rows as one array per field
    (STATE_FIELDS, and `direction` as dir_x, dir_y, dir_z), filled call by call."""

    def __init__(self, count):
        """Room for `count` rows (the measurement rows: more than will be accepted)."""
        fields = {name: _capi.OBJECT_STATE.fields[name][0] for name in STATE_FIELDS}
        self.columns = {name: np.empty(count, dtype=kind) for name, kind in fields.items()}
        self.columns.update({axis: np.empty(count) for axis in AXES})
        self.filled = 0

    def append(self, states, accepted):
        """Adds `states[accepted]`, the accepted measurement rows of one call."""
        taken = int(accepted.sum())
        every = taken == len(states)
        place = slice(self.filled, self.filled + taken)
        for name in STATE_FIELDS:
            self.columns[name][place] = states[name] if every else states[name][accepted]
        for index, axis in enumerate(AXES):
            component = states["direction"][:, index]
            self.columns[axis][place] = component if every else component[accepted]
        self.filled += taken

    def filled_columns(self):
        """The columns of the rows appended."""
        return {name: column[:self.filled] for name, column in self.columns.items()}


def _carried(frame, name, position):
    """Row `position`'s entry of column `name` of a rejection it carries (REJECTION_COLUMNS), or None."""
    value = frame[name].iat[position] if name in frame else None
    return None if pd.isna(value) else value


def finish(prepared: Prepared, run: Run, zone_list) -> ReplayResult:
    """The result of a replay from the engine's run over the prepared rows
    (run.status has one entry per usable row, run.states one per accepted measurement row)."""
    frame, info, checked, usable = prepared.frame, prepared.info, prepared.checked, prepared.usable
    names, seconds, is_event, is_pose = prepared.names, prepared.seconds, prepared.is_event, prepared.is_pose
    status, states, events = run.status, run.states, run.events
    zone_names = np.array([name for name, _, _ in zone_list], dtype=object)
    reasons = np.array(_capi.EXIT_REASONS, dtype=object)
    event_frame = pd.DataFrame({
        "t": events["time_us"] / 1_000_000,
        "object": names.to_numpy()[events["object_id"].astype(np.int64)],
        "zone": zone_names[events["zone"]],
        "event": np.where(events["kind"] == 0, "enter", "exit").astype(object),
        "distance": events["distance_m"],
        "sigma": events["distance_sigma_m"],
        "reason": reasons[events["reason"]],
    }, columns=EVENT_COLUMNS)

    accepted = (status == _capi.RANGING_OK) & ~is_event & ~is_pose
    every = accepted.all()
    # The engine's state arrays are this result's own: no distance known blanks them in place.
    distance, sigma, nlos = states["distance_m"], states["distance_sigma_m"], states["nlos_probability"]
    distance_unknown = ~np.isfinite(distance)
    if distance_unknown.any():
        for column in (distance, sigma, nlos):
            column[distance_unknown] = np.nan
    has_direction = ~np.isnan(states["dir_x"])
    spread = np.where(has_direction & np.isfinite(states["direction_sigma_rad"]),
                      states["direction_sigma_rad"] * 180 / np.pi, np.nan)
    object_ids = prepared.rows["object_id"] if every else prepared.rows["object_id"][accepted]
    filtered = pd.DataFrame({
        "t": seconds.copy() if every else seconds[accepted],
        "object": names.to_numpy()[object_ids.astype(np.intp)],
        "distance": distance,
        "sigma": sigma,
        "dir_x": states["dir_x"], "dir_y": states["dir_y"], "dir_z": states["dir_z"],
        "direction_state": np.array(_capi.DIRECTION_STATES, dtype=object)[states["direction_state"]],
        "dir_sigma_deg": spread,
        "nlos": nlos,
    }, columns=FILTERED_COLUMNS, copy=False)  # the arrays are new: no copy, and no merging into blocks

    index = frame.index
    file_columns = info.get("file_columns") or {name: i + 1 for i, name in reversed(list(enumerate(frame.columns)))}
    # Fields as the input names them (docs/FORMATS.md §5: `field 'distance[cm]'`).
    field_names = info.get("field_names", {})
    records = [tuple(record) for record in info.get("rejected", [])]
    for position in np.flatnonzero(~checked.usable):
        if checked.carried is not None and checked.carried[position]:
            column, where, text = (_carried(frame, name, position) for name in ("rejected_column", "rejected_field",
                                                                                "rejected_text"))
            records.append((index[position], None if column is None else int(column), where,
                            checked.reason[position], "" if text is None else text))
            continue
        where = checked.field[position]
        records.append((index[position], file_columns.get(where), field_names.get(where, where),
                        checked.reason[position], rejection_text(checked, position, where)))
    engine_rejected = (status != _capi.RANGING_OK) & ~is_event
    for position in np.flatnonzero(engine_rejected):
        reason = _capi.status_name(int(status[position]))
        where = "t" if reason == "time_went_backwards" else "row"
        records.append((index[usable[position]], file_columns.get(where), field_names.get(where, where), reason,
                        repr(float(seconds[position]))))
    rejected = rejected_frame(records)
    if "rejected" in info and len(rejected):
        rejected = rejected.sort_values("row", kind="stable").reset_index(drop=True)

    summary = ReplaySummary(
        rows_read=len(frame) + (len(info["rejected"]) if "rejected" in info else 0),
        measurements_accepted=int(accepted.sum()),
        lifecycle_accepted=int(is_event.sum()),
        poses_accepted=int(((status == _capi.RANGING_OK) & is_pose).sum()),
        rejected_by_reason={str(k): int(v) for k, v in rejected["reason"].value_counts().items()},
        objects=len(names),
        evictions=run.evictions,
        enter_events=int((events["kind"] == 0).sum()),
        exit_events=int((events["kind"] == 1).sum()),
        unused_columns=list(info.get("unused_columns", dict.fromkeys(
            name for name in frame.columns if name not in KNOWN and name not in REJECTION_COLUMNS))),
    )
    return ReplayResult(event_frame, filtered, rejected, summary)
