# SPDX-License-Identifier: Apache-2.0
"""replay() of a CSV file through ranging_replay_file (ranging_replay.h):
rangectl replay's own option checks, reader, rejection rules, replay and
writers, in Swift. Nothing here restates a rule: the keywords become
rangectl's command line as it spells it, and its outputs (docs/FORMATS.md
§2, §3 and §6) come back as texts, and the events and filtered states
also as records at full precision, which become the frames' columns."""
import ctypes
import json
import numbers
import os
import warnings

import numpy as np
import pandas as pd

from . import _capi
from ._columns import RangingFormatError, rejected_frame
from ._python_terms import python_terms


def _number(value) -> str:
    """A number as rangectl reads it back exactly: an integer's digits, a
    float's shortest round-trip text (repr of the Python float)."""
    if isinstance(value, numbers.Integral):
        return str(int(value))
    return repr(float(value))


def _value(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, os.PathLike):
        return os.fsdecode(value)
    if isinstance(value, tuple):
        return ",".join(_value(part) for part in value)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return _number(value)
    raise ValueError(f"{value!r}: expected a number, a text or a tuple of them")


def _zones_text(zones) -> str:
    """{"inner": 1.5, "door": (1.5, 30)} as rangectl's --zones text "inner=1.5,door=1.5@30"."""
    if isinstance(zones, str):
        return zones
    parts = []
    for name, zone in zones.items():
        radius, angle = zone if isinstance(zone, tuple) else (zone, None)
        # Each value as rangectl reads it back, or as given for rangectl to refuse by name.
        parts.append(f"{name}={_value(radius)}" + ("" if angle is None else f"@{_value(angle)}"))
    return ",".join(parts)


def command_line(zones, keywords) -> list:
    """The keywords as `rangectl replay` options: `short_gate=6` is
    `--short-gate 6`; a list repeats its option; a dict repeats it as
    name=value (`column={"distance": "range_cm"}`); a tuple is one value, comma-joined."""
    arguments = [] if zones is None else ["--zones", _zones_text(zones)]
    for name, value in keywords.items():
        if value is None:
            continue
        option = "--" + name.replace("_", "-")
        if isinstance(value, dict):
            values = [f"{key}={_value(item)}" for key, item in value.items()]
        elif isinstance(value, list):
            values = [_value(item) for item in value]
        else:
            values = [_value(value)]
        for text in values:
            arguments += [option, text]
    return arguments


class Text(ctypes.Structure):
    """ranging_replay_text_t."""
    _fields_ = [("bytes", ctypes.c_void_p), ("length", ctypes.c_size_t)]


COUNTS = ["rows_read", "measurements_accepted", "lifecycle_accepted", "poses_accepted", "rows_rejected", "objects",
          "evictions", "enter_events", "exit_events"]
# ReplaySummary's own counts (it sums its rejections by reason), in ranging_replay_summary_t's order.
SUMMARY_COUNTS = [name for name in COUNTS if name != "rows_rejected"]


class Result(ctypes.Structure):
    """ranging_replay_result_t, field by field (tests/test_layout.py checks it against the header)."""
    _fields_ = [("status", ctypes.c_int32), ("events", Text), ("filtered", Text), ("rejected", Text),
                ("messages", Text), ("unused_columns", Text), ("event_records", ctypes.c_void_p),
                ("event_count", ctypes.c_size_t), ("state_records", ctypes.c_void_p), ("state_count", ctypes.c_size_t),
                ("object_names", Text), ("zone_names", Text)] + [(name, ctypes.c_int64) for name in COUNTS]


# ranging_replay_event_t as NumPy records (C alignment).
EVENT_RECORD = np.dtype([("t", np.float64), ("object", np.int64), ("distance_m", np.float64), ("sigma_m", np.float64),
                         ("zone", np.uint32), ("kind", np.uint8), ("reason", np.uint8)], align=True)
# The filtered track's columns as ranging_replay.h names them, and each one's type.
FILTERED_ARRAYS = {"t": np.float64, "object": np.int64, "distance_m": np.float64, "sigma_m": np.float64,
                   "dir_x": np.float64, "dir_y": np.float64, "dir_z": np.float64, "direction_state": np.uint8,
                   "dir_sigma_deg": np.float64, "nlos": np.float64}


class FilteredColumns(ctypes.Structure):
    """ranging_filtered_columns_t, and ranging_filtered_arrays_t (the same pointers, to arrays to fill)."""
    _fields_ = [(name, ctypes.c_void_p) for name in FILTERED_ARRAYS]


_capi.library.ranging_replay_file.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
                                              ctypes.POINTER(Result)]
_capi.library.ranging_replay_file.restype = ctypes.c_int32
_capi.library.ranging_replay_result_free.argtypes = [ctypes.POINTER(Result)]
_capi.library.ranging_replay_result_free.restype = None
_capi.library.ranging_filtered_columns.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(FilteredColumns)]
_capi.library.ranging_filtered_columns.restype = ctypes.c_int32


def _records(address, count, dtype) -> np.ndarray:
    """A copy of `count` C records at `address` (the result frees them)."""
    if not count:
        return np.zeros(0, dtype=dtype)
    return np.frombuffer((ctypes.c_char * (count * dtype.itemsize)).from_address(address), dtype=dtype).copy()


def _bytes(text: Text) -> bytes:
    return ctypes.string_at(text.bytes, text.length) if text.bytes else b""


def lines(text: Text) -> list:
    """A result's text of entries each ended by "\n" (names, columns, fields), as strings: split at "\n"
    alone, since a form feed, NEL or U+2028, where str.splitlines also cuts, may be part of a name."""
    return _bytes(text).decode().split("\n")[:-1]


def replay_file(path, zones, keywords, states=True):
    """The ReplayResult of `rangectl replay path` with the keywords as its options
    (and its filtered rows unless `states` is False)."""
    return replay_result(str(path), lambda options, count, result: _capi.library.ranging_replay_file(
        os.fsencode(path), options, count, result), replay_arguments(zones, keywords, states), states)


# The keywords that name where a replay writes its outputs as it goes (rangectl replay's --events and
# --filtered), instead of holding them in memory.
OUTPUT_PATHS = {"events_path": "--events", "filtered_path": "--filtered"}


def replay_arguments(zones, keywords, states=True) -> list:
    """rangectl's options for the keywords, and (unless `states` is False, or
    the filtered track goes to a file) the states as records: the filtered
    track's text is formatted from them only when asked for.
    `events_path` and `filtered_path` become `--events` and `--filtered`."""
    keywords = dict(keywords)
    outputs = []
    for name, option in OUTPUT_PATHS.items():
        path = keywords.pop(name, None)
        if path is None:
            continue
        if not isinstance(path, (str, bytes)) and not hasattr(path, "__fspath__"):
            raise ValueError(f"{name}={path!r}: expected a file's path")
        outputs += [option, os.fsdecode(path)]
    return command_line(zones, keywords) + outputs + (["--state-records"] if states else [])


def refusal(path, status, messages, unreadable=None):
    """The exception for a call of ranging_replay.h that returned `status`
    with `messages` (None for 0): a refused option is a ValueError with
    rangectl's message, an input that is not a ranging CSV (65) a
    RangingFormatError naming `path`, an output that cannot be created (73)
    an OSError; any other failure (66 cannot be
    opened, 74 reading failed) is `unreadable`'s (an exception class),
    or a RangingFormatError when none is given."""
    if status == 0:
        return None
    if status == 64:
        return ValueError(python_terms(messages.strip().removeprefix("Error: ")))
    # rangectl's hints name its flags: in Python's terms here (_python_terms), as every message that leaves.
    message = python_terms(messages.strip().removeprefix("rangectl replay: "))
    if status == 73:  # EX_CANTCREAT: an output file (events_path, filtered_path) cannot be created
        return OSError(message)
    if status != 65 and unreadable is not None:
        return unreadable(message)
    return RangingFormatError.from_message(path, message)


def replay_result(path, call, arguments, states):
    """The ReplayResult of `call(options, count, result)`, a function of
    ranging_replay.h given rangectl's options (`arguments`, which ask for
    the states as records when `states`); `path` names the input in errors."""
    from ._replay import EVENT_COLUMNS, FILTERED_COLUMNS, ReplayResult, ReplaySummary
    encoded = [os.fsencode(argument) for argument in arguments]
    result = Result()
    call((ctypes.c_char_p * len(encoded))(*encoded), len(encoded), ctypes.byref(result))
    try:
        status, messages = result.status, _bytes(result.messages).decode("utf-8", "replace")
        events_text = _bytes(result.events)
        rejected = _bytes(result.rejected)
        unused = lines(result.unused_columns)
        names = np.array(lines(result.object_names), dtype=object)
        zone_names = np.array([json.loads(line) for line in lines(result.zone_names)], dtype=object)
        events = _records(result.event_records, result.event_count, EVENT_RECORD)
        # The states become columns where C wrote them, before the result is freed.
        filtered_frame = (_filtered_frame(result.state_records, result.state_count, names, FILTERED_COLUMNS)
                          if states else None)
        counts = {name: getattr(result, name) for name in COUNTS}
    finally:
        _capi.library.ranging_replay_result_free(ctypes.byref(result))
    refused = refusal(path, status, messages)
    if refused is not None:
        raise refused
    for line in messages.split("\n"):  # not splitlines: a name in a warning may hold U+2028
        if line.startswith("rangectl replay: warning: "):
            warnings.warn(python_terms(line.removeprefix("rangectl replay: warning: ")), UserWarning, stacklevel=4)
    event_frame = pd.DataFrame({
        "t": events["t"], "object": names[events["object"]], "zone": zone_names[events["zone"]],
        "event": np.where(events["kind"] == 0, "enter", "exit").astype(object),
        "distance": events["distance_m"], "sigma": events["sigma_m"],
        "reason": np.array(_capi.EXIT_REASONS, dtype=object)[events["reason"]],
    }, columns=EVENT_COLUMNS, copy=False)
    rejected_rows = rejected_frame(rejected)
    summary = ReplaySummary(
        **{name: counts[name] for name in SUMMARY_COUNTS},
        rejected_by_reason={str(k): int(v) for k, v in rejected_rows["reason"].value_counts().items()},
        unused_columns=unused)
    return ReplayResult(event_frame, filtered_frame, rejected_rows, summary, events_text=events_text,
                        messages=messages)


def _filtered_frame(states, count, names, columns) -> pd.DataFrame:
    """The filtered track's columns (docs/FORMATS.md §3) at full precision, as
    ranging_filtered_columns makes them of the `count` state records at
    `states` (NaN in each cell the track leaves empty); each column a new array."""
    arrays = {name: np.empty(count, dtype=dtype) for name, dtype in FILTERED_ARRAYS.items()}
    status = _capi.library.ranging_filtered_columns(
        states, count, ctypes.byref(FilteredColumns(**{name: array.ctypes.data for name, array in arrays.items()})))
    if status != 0:
        raise RuntimeError(f"ranging_filtered_columns refused the replay's own states (status {status})")
    return pd.DataFrame({
        "t": arrays["t"], "object": names[arrays["object"]], "distance": arrays["distance_m"],
        "sigma": arrays["sigma_m"], "dir_x": arrays["dir_x"], "dir_y": arrays["dir_y"], "dir_z": arrays["dir_z"],
        "direction_state": np.array(_capi.DIRECTION_STATES, dtype=object)[arrays["direction_state"]],
        "dir_sigma_deg": arrays["dir_sigma_deg"], "nlos": arrays["nlos"],
    }, columns=columns, copy=False)  # the arrays are new: no copy, and no merging into blocks
