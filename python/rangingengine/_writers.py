# SPDX-License-Identifier: Apache-2.0
"""events_jsonl, filtered_csv and summary_report: events and filtered rows
held in a DataFrame (from replay(), or from Spark) and a summary's counts,
written by rangectl's own writers in Swift (ranging_write_events,
ranging_write_filtered, ranging_write_summary of ranging_replay.h), so that
docs/FORMATS.md §2 and §3 and the summary's lines are stated there alone.
What is here converts the frame's columns into the C records and columns."""
import ctypes
import os

import numpy as np
import pandas as pd
import pyarrow as pa

from . import _capi
from ._file_replay import EVENT_RECORD, SUMMARY_COUNTS, FilteredColumns, Text, _bytes
from ._table_replay import text_buffers

EVENT_COLUMNS = ["t", "object", "zone", "event", "distance", "sigma", "reason"]
FILTERED_COLUMNS = _capi.FILTERED_COLUMNS


class Names(ctypes.Structure):
    """ranging_names_t."""
    _fields_ = [("offsets", ctypes.c_void_p), ("bytes", ctypes.c_void_p), ("count", ctypes.c_size_t)]


class Summary(ctypes.Structure):
    """ranging_replay_summary_t."""
    _fields_ = [(name, ctypes.c_int64) for name in SUMMARY_COUNTS] + [
        ("rejected_reasons", ctypes.POINTER(Names)), ("rejected_counts", ctypes.c_void_p),
        ("unused_columns", ctypes.POINTER(Names))]


_capi.library.ranging_write_events.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(Names),
                                               ctypes.POINTER(Names), ctypes.POINTER(Text)]
_capi.library.ranging_write_events.restype = ctypes.c_int32
_capi.library.ranging_write_filtered.argtypes = [ctypes.POINTER(FilteredColumns), ctypes.c_size_t,
                                                 ctypes.POINTER(Names), ctypes.POINTER(Text)]
_capi.library.ranging_write_filtered.restype = ctypes.c_int32
_capi.library.ranging_write_summary.argtypes = [ctypes.c_char_p, ctypes.POINTER(Summary), ctypes.POINTER(Text)]
_capi.library.ranging_write_summary.restype = ctypes.c_int32
_capi.library.ranging_replay_text_free.argtypes = [ctypes.POINTER(Text)]
_capi.library.ranging_replay_text_free.restype = None


def _names(column):
    """The codes of a column of texts and its distinct texts as ranging_names_t (and what it points into)."""
    codes, uniques = pd.factorize(pd.Series(column, dtype=object).astype(str), sort=False)
    return (codes.astype(np.int64), *_name_list(list(uniques)))


def _name_list(texts):
    """Texts as ranging_names_t, and the array it points into."""
    array = pa.array(texts, type=pa.large_string())
    offsets, data = text_buffers(array)
    return Names(offsets=offsets, bytes=data, count=len(array)), array


def _codes(column, spellings, what):
    """The index of each text of `column` in `spellings` (a missing value is None's index);
    ValueError for a text that is none of them."""
    texts = [spelling for spelling in spellings if spelling is not None]
    values = pd.Series(column, dtype=object)
    found = pd.Categorical(values, categories=texts).codes.astype(np.int64)
    # A missing value is a text that is none of them, unless None is one of the spellings.
    unknown = (values.notna().to_numpy() | (None not in spellings)) & (found < 0)
    if unknown.any():
        raise ValueError(f"{what} {values[unknown].iloc[0]!r}: expected one of {texts}")
    indices = np.array([spellings.index(text) for text in texts] + [spellings.index(None) if None in spellings else 0])
    return indices[found].astype(np.uint8)  # -1, a missing value, takes the last: None's


def _text(call) -> str:
    """The text of a writer's call, or ValueError for what it refused."""
    text = Text()
    status = call(ctypes.byref(text))
    try:
        if status != 0:
            raise ValueError(f"the writer refused the rows (status {status}): a value no writer can write")
        return _bytes(text).decode("utf-8")
    finally:
        _capi.library.ranging_replay_text_free(ctypes.byref(text))


def _floats(frame, name):
    try:
        return np.ascontiguousarray(pd.to_numeric(frame[name]).to_numpy(dtype=np.float64, na_value=np.nan))
    except (ValueError, TypeError) as error:
        raise ValueError(f"column '{name}': {error}") from None


def _require(frame, columns, what):
    """ValueError naming the columns of `columns` that `frame` lacks."""
    missing = [name for name in columns if name not in frame]
    if missing:
        raise ValueError(f"{what}: no column {', '.join(repr(name) for name in missing)}; "
                         f"expected the columns {columns}")


def events_jsonl(events: pd.DataFrame) -> str:
    """Events (the columns of ReplayResult.events, from pandas or Spark) as
    `rangectl replay` writes them: JSON Lines (docs/FORMATS.md §2), byte for byte."""
    _require(events, EVENT_COLUMNS, "events_jsonl")
    records = np.zeros(len(events), dtype=EVENT_RECORD)
    objects, object_names, object_array = _names(events["object"])
    zones, zone_names, zone_array = _names(events["zone"])
    records["t"], records["object"], records["zone"] = _floats(events, "t"), objects, zones
    records["distance_m"], records["sigma_m"] = _floats(events, "distance"), _floats(events, "sigma")
    records["kind"] = _codes(events["event"], ["enter", "exit"], "event")
    records["reason"] = _codes(events["reason"], _capi.EXIT_REASONS, "reason")
    text = _text(lambda out: _capi.library.ranging_write_events(
        records.ctypes.data, len(records), ctypes.byref(object_names), ctypes.byref(zone_names), out))
    del object_array, zone_array
    return text


def filtered_csv(filtered: pd.DataFrame) -> str:
    """Filtered rows (the columns of ReplayResult.filtered) as `rangectl replay
    --filtered` writes them (docs/FORMATS.md §3), byte for byte."""
    _require(filtered, FILTERED_COLUMNS, "filtered_csv")
    objects, object_names, object_array = _names(filtered["object"])
    arrays = {"t": _floats(filtered, "t"), "object": objects, "distance_m": _floats(filtered, "distance"),
              "sigma_m": _floats(filtered, "sigma"), "dir_x": _floats(filtered, "dir_x"),
              "dir_y": _floats(filtered, "dir_y"), "dir_z": _floats(filtered, "dir_z"),
              "direction_state": _codes(filtered["direction_state"], _capi.DIRECTION_STATES, "direction_state"),
              "dir_sigma_deg": _floats(filtered, "dir_sigma_deg"), "nlos": _floats(filtered, "nlos")}
    columns = FilteredColumns(**{name: array.ctypes.data for name, array in arrays.items()})
    text = _text(lambda out: _capi.library.ranging_write_filtered(
        ctypes.byref(columns), len(filtered), ctypes.byref(object_names), out))
    del arrays, object_array
    return text


def summary_report(name: str, summary) -> str:
    """A ReplaySummary as `rangectl replay` writes it to standard error, naming the input `name`."""
    reasons, reason_array = _name_list(list(summary.rejected_by_reason))
    counts = np.array(list(summary.rejected_by_reason.values()), dtype=np.int64)
    unused, unused_array = _name_list(list(summary.unused_columns))
    given = Summary(**{name: getattr(summary, name) for name in SUMMARY_COUNTS},
                    rejected_reasons=ctypes.pointer(reasons), rejected_counts=counts.ctypes.data,
                    unused_columns=ctypes.pointer(unused))
    text = _text(lambda out: _capi.library.ranging_write_summary(os.fsencode(name), ctypes.byref(given), out))
    del reason_array, unused_array, counts
    return text
