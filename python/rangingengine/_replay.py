# SPDX-License-Identifier: Apache-2.0
"""replay(): a CSV path through ranging_replay_file, any table through
ranging_replay_table (rangectl's reader and replay, in Swift); the result's
types and writers. Also the rows of one Spark part through the engine's C
library in batches (prepare, run_engine, finish; ranging_engine_process_batch),
with rangectl replay's accounting, which spark.replay still uses."""
import ctypes
import math
import os
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from . import _capi
from ._columns import AXES, KNOWN, POSE, REJECTION_COLUMNS, rejected_frame
from ._mapping import ColumnMapping
from ._options import EngineOptions, configuration, microseconds
from ._validation import check, rejection_text

EVENT_COLUMNS = ["t", "object", "zone", "event", "distance", "sigma", "reason"]
FILTERED_COLUMNS = ["t", "object", "distance", "sigma", "dir_x", "dir_y", "dir_z", "direction_state",
                    "dir_sigma_deg", "nlos"]


@dataclass
class ReplaySummary:
    """The counts `rangectl replay` prints: rows read = accepted + rejected."""

    rows_read: int = 0
    measurements_accepted: int = 0
    lifecycle_accepted: int = 0
    poses_accepted: int = 0
    rejected_by_reason: dict = field(default_factory=dict)
    objects: int = 0
    evictions: int = 0
    enter_events: int = 0
    exit_events: int = 0
    unused_columns: list = field(default_factory=list)

    @property
    def rows_accepted(self) -> int:
        return self.measurements_accepted + self.lifecycle_accepted + self.poses_accepted

    @property
    def rows_rejected(self) -> int:
        return sum(self.rejected_by_reason.values())

    def report(self, path: str) -> str:
        """The summary as rangectl writes it to standard error (ReplaySummary.report)."""
        # Poses only when there were some, so that pose-free reports read as before.
        poses = f", {self.poses_accepted} poses" if self.poses_accepted else ""
        text = (f"{path}: {self.rows_read} rows read, {self.rows_accepted} accepted ({self.measurements_accepted} "
                f"measurements, {self.lifecycle_accepted} life-cycle{poses}), {self.rows_rejected} rejected\n")
        for reason in sorted(self.rejected_by_reason):
            text += f"  rejected {reason}: {self.rejected_by_reason[reason]}\n"
        text += f"  objects: {self.objects} (evicted: {self.evictions})\n"
        text += (f"  events: {self.enter_events + self.exit_events} ({self.enter_events} enter, "
                 f"{self.exit_events} exit)\n")
        if self.unused_columns:
            text += f"  columns not used: {', '.join(self.unused_columns)}\n"
        return text


@dataclass
class ReplayResult:
    """What a replay produced: `events` (docs/FORMATS.md §2 fields), `filtered`
    (the §3 columns, one row per accepted measurement in input order),
    `rejected` (row, column, field, reason, text) and `summary`."""

    events: pd.DataFrame
    filtered: pd.DataFrame  # None for replay(..., filtered=False)
    rejected: pd.DataFrame
    summary: ReplaySummary
    # A file's replay (ranging_replay_file) keeps the events as rangectl's writer wrote them, and its messages.
    events_text: bytes = None
    messages: str = ""

    def events_jsonl(self) -> str:
        """The events as `rangectl replay` writes them (JSON Lines, §2), byte for byte."""
        return self.events_text.decode() if self.events_text is not None else events_jsonl(self.events)

    def filtered_csv(self) -> str:
        """The filtered track as `rangectl replay --filtered` writes it (§3), byte for byte."""
        if self.filtered is None:
            raise ValueError("no filtered rows: this replay was run with filtered=False")
        return filtered_csv(self.filtered)


def events_jsonl(events: pd.DataFrame) -> str:
    """Events (the columns of ReplayResult.events, from pandas or Spark) as
    `rangectl replay` writes them: JSON Lines (docs/FORMATS.md §2), byte for byte."""
    lines = []
    for t, name, zone, kind, distance, sigma, reason in events[EVENT_COLUMNS].itertuples(index=False, name=None):
        line = (f'{{"t":{_seconds(t)},"object":{_json_string(name)},"zone":{_json_string(zone)},'
                f'"event":"{kind}","distance":{_fixed(distance, 3, "null")},"sigma":{_fixed(sigma, 4, "null")}')
        lines.append(line + (f',"reason":"{reason}"}}' if isinstance(reason, str) else "}"))
    return "".join(line + "\n" for line in lines)


def filtered_csv(filtered: pd.DataFrame) -> str:
    """Filtered rows (the columns of ReplayResult.filtered) as `rangectl replay
    --filtered` writes them (docs/FORMATS.md §3), byte for byte."""
    rows = [",".join(FILTERED_COLUMNS)]
    for t, name, distance, sigma, x, y, z, state, spread, nlos in filtered[FILTERED_COLUMNS].itertuples(
            index=False, name=None):
        rows.append(f"{_seconds(t)},{_escaped(name)},{_fixed(distance, 4)},{_fixed(sigma, 4)},{_fixed(x, 6)},{_fixed(y, 6)},"
                    f"{_fixed(z, 6)},{state},{_fixed(spread, 2)},{_fixed(nlos, 2)}")
    return "".join(row + "\n" for row in rows)


def _fixed(value, decimals, missing=""):
    # printf's %.Nf, as rangectl's TextFormatting.fixed: a value that rounds to zero has no sign.
    if value is None or not math.isfinite(value):
        return missing
    text = f"{value:.{decimals}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def _seconds(value) -> str:
    # TextFormatting.seconds: the shortest text that reads back, never -0.0.
    value = float(value)
    return repr(value if value != 0 else 0.0)


def _escaped(text) -> str:
    # Escaped: C0 controls, DEL and C1 controls as \t, \n, \r or \xNN.
    out = []
    for character in str(text):
        code = ord(character)
        if code < 0x20 or 0x7F <= code <= 0x9F:
            out.append({"\t": "\\t", "\n": "\\n", "\r": "\\r"}.get(character, f"\\x{code:02x}"))
        else:
            out.append(character)
    return "".join(out)


def _json_string(text) -> str:
    # TextFormatting.jsonString: quote, backslash and control characters escaped.
    out = ['"']
    for character in str(text):
        code = ord(character)
        if character == '"':
            out.append('\\"')
        elif character == "\\":
            out.append("\\\\")
        elif character == "\n":
            out.append("\\n")
        elif character == "\r":
            out.append("\\r")
        elif character == "\t":
            out.append("\\t")
        elif code < 0x20:
            out.append(f"\\u{code:04x}")
        else:
            out.append(character)
    return "".join(out) + '"'


def as_frame(data) -> pd.DataFrame:
    """A DataFrame from a DataFrame, a pyarrow Table or RecordBatch, or a
    Parquet (.parquet) or Arrow (.arrow, .feather) path; a CSV path is
    replayed from the file (_is_csv_path)."""
    if isinstance(data, pd.DataFrame):
        return data
    if hasattr(data, "to_pandas") and hasattr(data, "schema"):
        return data.to_pandas()
    if isinstance(data, (str, bytes)) or hasattr(data, "__fspath__"):
        path = os.fsdecode(data)
        return pd.read_parquet(path) if path.endswith(".parquet") else pd.read_feather(path)
    raise TypeError(f"replay: expected a DataFrame, a pyarrow Table or a path, got {type(data).__name__}")


def replay(data, zones=None, **engine_options) -> ReplayResult:
    """Replays ranging rows through the engine, as `rangectl replay` does.

    - data: a DataFrame with the columns of docs/FORMATS.md §1 (from read_csv,
      or built by hand: numeric columns as numbers with NaN for no value), a
      pyarrow Table, or a path.
    - zones: {"inner": 1.5, "outer": 3.0} (the default), {"door": (1.5, 30)}
      for an angle limit in degrees, or rangectl's text "inner=1.5,outer=3".
    - engine_options: rangectl replay's options by name (gate=4, capacity=64,
      direction="off", ...); ValueError names a bad one and its range.
      Also its input options (docs/FORMATS.md §5): preset="android" or
      "qorvo", column={"distance": "range_cm"}, distance_unit, time_unit,
      angle_unit, which read `data` as read_csv reads a file with them.
    - filtered=False: no filtered rows (`result.filtered` is None), for a
      replay that wants the events alone: the states are then not collected.
    """
    engine_options = dict(engine_options)
    states = engine_options.pop("filtered", True)
    if not isinstance(states, bool):
        raise ValueError(f"filtered={states!r}: expected True or False")
    if _is_csv_path(data):
        # A CSV file is replayed by rangectl's own reader and replay, in Swift.
        from ._file_replay import replay_file
        return replay_file(os.fsdecode(data), zones, engine_options, states)
    # A table is replayed by the same reader and replay, reading its columns as that CSV (ranging_replay_table).
    from ._table_replay import replay_table
    return replay_table(as_frame(data), zones, engine_options, states)


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


def _is_csv_path(data) -> bool:
    """Whether `data` names a file that is neither Parquet nor Arrow: a CSV, replayed from the file."""
    if not (isinstance(data, (str, bytes)) or hasattr(data, "__fspath__")):
        return False
    return not os.fsdecode(data).endswith((".parquet", ".arrow", ".feather"))


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
