# SPDX-License-Identifier: Apache-2.0
"""read_csv through ranging_read_file (ranging_replay.h): rangectl replay's
own reader in Swift reads the file, with its input options, rejection rules
and units, and hands back every accepted row in metres, seconds and
radians, the rejected rows (docs/FORMATS.md §6) and the other columns'
fields. Nothing here restates a rule of the reader: what is here turns its
arrays into a DataFrame's columns."""
import ctypes
import os

import numpy as np
import pandas as pd

from . import _capi
from ._columns import POSE, REJECTED_COLUMNS, REJECTION_COLUMNS, rejected_frame
from ._file_replay import Text, _bytes, command_line, lines, refusal

_array = ctypes.POINTER


class ReadArrays(ctypes.Structure):
    """ranging_read_arrays_t: the rows as one array per value (the option --arrays)."""
    _fields_ = [("line", _array(ctypes.c_int64)), ("t", _array(ctypes.c_double)), ("object", _array(ctypes.c_int64)),
                ("kind", _array(ctypes.c_uint8)), ("distance_m", _array(ctypes.c_double)),
                ("direction", _array(ctypes.c_double) * 3), ("horizontal_angle_rad", _array(ctypes.c_double)),
                ("vertical", _array(ctypes.c_int8)), ("event", _array(ctypes.c_int8)),
                ("truth", _array(ctypes.c_double) * 4), ("pose", _array(ctypes.c_double) * 4)]


class ReadResult(ctypes.Structure):
    """ranging_read_result_t, field by field (tests/test_layout.py checks both against the header)."""
    _fields_ = [("status", ctypes.c_int32), ("messages", Text), ("rows", ctypes.c_void_p),
                ("row_count", ctypes.c_size_t), ("object_names", Text), ("rejected", Text), ("columns", Text),
                ("unused_columns", Text), ("rows_read", ctypes.c_int64), ("rows_rejected", ctypes.c_int64),
                ("unused_fields", Text), ("arrays", ReadArrays)]


_capi.library.ranging_read_file.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
                                            ctypes.POINTER(ReadResult)]
_capi.library.ranging_read_file.restype = ctypes.c_int32
_capi.library.ranging_read_result_free.argtypes = [ctypes.POINTER(ReadResult)]
_capi.library.ranging_read_result_free.restype = None

# The codes of the `vertical` and `event` arrays, spelled as docs/FORMATS.md §1 spells them.
_VERTICALS = np.array([None] + sorted(_capi.VERTICAL_CODES, key=_capi.VERTICAL_CODES.get), dtype=object)
_EVENTS = np.array([None] + sorted(_capi.LIFECYCLE_CODES, key=_capi.LIFECYCLE_CODES.get), dtype=object)
# The §1 columns, in §1's order, and their array of ranging_read_arrays_t (and its index there).
_ARRAYS = [("t", "t", None), ("object", "object", None), ("distance", "distance_m", None),
           ("dir_x", "direction", 0), ("dir_y", "direction", 1), ("dir_z", "direction", 2),
           ("horizontal_angle", "horizontal_angle_rad", None), ("vertical", "vertical", None),
           ("event", "event", None), ("true_distance", "truth", 0), ("true_x", "truth", 1), ("true_y", "truth", 2),
           ("true_z", "truth", 3)] + [(name, "pose", axis) for axis, name in enumerate(POSE)]
_KNOWN = {name for name, _, _ in _ARRAYS}


def read_csv(path, preset=None, column=None, distance_unit=None, time_unit=None, angle_unit=None,
             keep_rejected=False) -> pd.DataFrame:
    """Reads a ranging CSV into a DataFrame indexed by the 1-based line number,
    as `rangectl replay` reads it (its reader, in Swift, through ranging_read_file).

    Columns: each column of docs/FORMATS.md §1 that the file has, in §1's
    order, in metres, seconds and radians: `t` and the numeric columns as
    float64 (NaN where a row has no value), `object`, `vertical` and
    `event` as text (None where a row has none); then the file's other
    columns as text, as the file spells them (trimmed). Raises
    RangingFormatError (a ValueError) with rangectl's message, which names
    the file and line, when the file is not a ranging CSV, ValueError for a
    bad option, and OSError when it cannot be read.

    preset, column, distance_unit, time_unit, angle_unit: rangectl's
    `--preset`, `--column`, `--distance-unit`, `--time-unit`, `--angle-unit`
    (docs/FORMATS.md §5; `column={"distance": "range_cm"}` or
    `column=["distance=range_cm"]`). The columns read come out under their
    §1 names; azimuth and elevation come out as the direction they make
    (`dir_x`, `dir_y`, `dir_z`, or `horizontal_angle` for an azimuth
    alone). The file's own names stay in `df.attrs["rangingengine"]["field_names"]`.
    A file column that is not read and has a §1 name (a `t` beside
    `column={"t": "time_s"}`) is left out, and listed as unused.

    Rows the reader rejects (rangectl's reasons, docs/FORMATS.md §6) are
    left out and kept in `df.attrs["rangingengine"]["rejected"]` as §6's
    JSON Lines (one str; `pd.read_json(io.StringIO(text), lines=True)`
    reads it), which replay() counts. keep_rejected: they stay in the DataFrame instead, at
    their line, with no values and their rejection in the columns
    `rejected_reason`, `rejected_column`, `rejected_field` and
    `rejected_text` (empty on the other rows), which pd.concat, Parquet and
    Spark keep where they drop `attrs`. replay() and spark.replay() reject
    such a row for the reason it carries, so that rows read = accepted +
    rejected on any route the rows take.
    """
    if not isinstance(keep_rejected, bool):
        raise ValueError(f"keep_rejected={keep_rejected!r}: expected True or False")
    path = os.fsdecode(path)
    keywords = {"preset": preset, "column": column, "distance_unit": distance_unit, "time_unit": time_unit,
                "angle_unit": angle_unit}
    arguments = [os.fsencode(argument) for argument in command_line(None, keywords) + ["--unused-fields", "--arrays"]]
    owner = _ReadResultOwner()
    result = owner.result
    _capi.library.ranging_read_file(os.fsencode(path), (ctypes.c_char_p * len(arguments))(*arguments),
                                    len(arguments), ctypes.byref(result))
    status, messages = result.status, _bytes(result.messages).decode("utf-8", "replace")
    count = result.row_count
    names = np.array(lines(result.object_names) + [None], dtype=object)
    # name, header name, place: a header name may hold a tab, the others hold none.
    read = [(canonical, *rest.rsplit("\t", 1)) for canonical, _, rest in
            (line.partition("\t") for line in lines(result.columns))]
    unused = lines(result.unused_columns)
    fields = lines(result.unused_fields)
    rejected = _bytes(result.rejected)
    frame = _frame(owner, count, names, unused, fields)
    del owner, result  # the frame's numeric columns keep the result's arrays alive, and nothing else does
    refused = refusal(path, status, messages, unreadable=OSError)
    if refused is not None:
        raise refused
    rejections = rejected.decode("utf-8")
    if keep_rejected:
        frame = with_rejected_rows(frame, rejected_frame(rejected))
        rejections = ""
    frame.attrs["rangingengine"] = {
        "path": path,
        # docs/FORMATS.md §6's text: pandas deep-copies attrs at every operation on the frame (a column, a
        # filter), which walks a list record by record but keeps a str as it is; and Parquet keeps a str.
        "rejected": rejections,
        "file_columns": {canonical: int(place) for canonical, _, place in read},
        "field_names": {canonical: name for canonical, name, _ in read},
        "unused_columns": unused,
    }
    return frame


class _ReadResultOwner:
    """Owns a ranging_read_result_t and frees it once nothing refers to it:
    the DataFrame's numeric columns are the result's own arrays, not copies
    (copying them cost a third of read_csv's time), and each keeps this
    owner alive through its base (_ResultArray)."""

    def __init__(self):
        self.result = ReadResult()
        # Held here, so that freeing needs no module global (they may be gone when a frame outlives them at exit).
        self._free, self._byref = _capi.library.ranging_read_result_free, ctypes.byref

    def __del__(self):
        self._free(self._byref(self.result))


class _ResultArray:
    """One of the result's arrays, as numpy's array interface describes
    memory; np.asarray keeps it, and so the owner, as the array's base."""

    def __init__(self, owner, pointer, count):
        self.owner = owner
        self.__array_interface__ = {"version": 3, "shape": (count,), "typestr": np.dtype(pointer._type_).str,
                                    "data": (ctypes.cast(pointer, ctypes.c_void_p).value, False)}


def _frame(owner, count, names, unused, fields) -> pd.DataFrame:
    """The DataFrame of the reader's arrays: each §1 column whose array the
    reader gave (NULL when no column of the file fills it), then the other columns."""
    arrays = owner.result.arrays

    def view(pointer):
        return np.asarray(_ResultArray(owner, pointer, count)) if count else np.zeros(0, pointer._type_)

    columns = {}
    for name, field, place in _ARRAYS:
        pointer = getattr(arrays, field) if place is None else getattr(arrays, field)[place]
        if not pointer:
            continue
        values = view(pointer)
        if name == "object":
            values = names[values]  # -1, a pose alone, is the last: None
        elif name in ("vertical", "event"):
            values = (_VERTICALS if name == "vertical" else _EVENTS)[values.astype(np.intp) + 1]
        columns[name] = values
    index = (pd.Index(view(arrays.line), name="line", copy=False) if arrays.line
             else pd.Index([], dtype=np.int64, name="line"))
    if unused:
        others = np.array(fields, dtype=object).reshape(count, len(unused))
        for place, name in enumerate(unused):
            if name not in _KNOWN and name not in columns:
                columns[name] = others[:, place].copy()
    # Text as Series of dtype object: pandas would otherwise look through a column of None for dates.
    return pd.DataFrame({name: pd.Series(values, index=index, dtype=values.dtype, copy=False)
                         for name, values in columns.items()}, index=index, copy=False)


def with_rejected_rows(frame, rejections):
    """`frame` with a row of no values for each rejected line, and the
    rejections (a frame of line, column, field, reason, text; one a line)
    as the columns of REJECTION_COLUMNS."""
    lines = pd.Index(rejections["row"].to_numpy(dtype=np.int64), name="line")
    if len(lines):
        blank = pd.DataFrame({name: np.full(len(lines), np.nan) if frame[name].dtype == np.float64 else
                              pd.Series(None, index=lines, dtype=object) for name in frame.columns}, index=lines)
        frame = pd.concat([frame, blank]).sort_index(kind="stable")
    positions = frame.index.get_indexer(lines)
    for given, name in zip(REJECTED_COLUMNS[1:], REJECTION_COLUMNS):
        values = np.full(len(frame), None, dtype=object)
        values[positions] = rejections[given].astype(object).to_numpy()
        # Typed even when empty, so that Parquet and Spark know them: Int64 and string.
        frame[name] = pd.array(values, dtype="Int64" if name == "rejected_column" else "string")
    return frame
