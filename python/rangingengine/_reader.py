# SPDX-License-Identifier: Apache-2.0
"""read_csv through ranging_read_file (ranging_replay.h): rangectl replay's
own reader in Swift reads the file, with its input options, rejection rules
and units, and hands back every accepted row in metres, seconds and
radians, the rejected rows (docs/FORMATS.md §6) and the other columns'
fields. Nothing here restates a rule of the reader: what is here turns its
records into a DataFrame's columns."""
import ctypes
import io
import os

import numpy as np
import pandas as pd
import pyarrow.json as pa_json

from . import _capi
from ._columns import KNOWN, POSE, REJECTION_COLUMNS, RangingFormatError
from ._file_replay import REJECTED_SCHEMA, Text, _bytes, command_line

# ranging_read_row_t as a NumPy record (C alignment; tests/test_layout.py checks it against the header).
READ_ROW = np.dtype([("line", np.int64), ("t", np.float64), ("object", np.int64), ("distance_m", np.float64),
                     ("direction", np.float64, (3,)), ("horizontal_angle_rad", np.float64),
                     ("truth", np.float64, (4,)), ("pose", np.float64, (4,)), ("vertical", np.int8),
                     ("event", np.int8), ("kind", np.uint8)], align=True)


class ReadResult(ctypes.Structure):
    """ranging_read_result_t, field by field."""
    _fields_ = [("status", ctypes.c_int32), ("messages", Text), ("rows", ctypes.c_void_p),
                ("row_count", ctypes.c_size_t), ("object_names", Text), ("rejected", Text), ("columns", Text),
                ("unused_columns", Text), ("rows_read", ctypes.c_int64), ("rows_rejected", ctypes.c_int64),
                ("unused_fields", Text)]


_capi.library.ranging_read_file.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
                                            ctypes.POINTER(ReadResult)]
_capi.library.ranging_read_file.restype = ctypes.c_int32
_capi.library.ranging_read_result_free.argtypes = [ctypes.POINTER(ReadResult)]
_capi.library.ranging_read_result_free.restype = None

# The codes of ranging_read_row_t.vertical and .event, spelled as docs/FORMATS.md §1 spells them.
_VERTICALS = np.array([None] + sorted(_capi.VERTICAL_CODES, key=_capi.VERTICAL_CODES.get), dtype=object)
_EVENTS = np.array([None] + sorted(_capi.LIFECYCLE_CODES, key=_capi.LIFECYCLE_CODES.get), dtype=object)
# The frame's column of each reader's column: azimuth and elevation come out as the direction they make.
_MADE_OF = {"azimuth": ["dir_x", "dir_y", "dir_z", "horizontal_angle"], "elevation": ["dir_x", "dir_y", "dir_z"]}
# The §1 columns, in §1's order, and where each value is in a row record.
_FIELDS = [("t", "t", None), ("object", None, None), ("distance", "distance_m", None), ("dir_x", "direction", 0),
           ("dir_y", "direction", 1), ("dir_z", "direction", 2), ("horizontal_angle", "horizontal_angle_rad", None),
           ("vertical", None, None), ("event", None, None), ("true_distance", "truth", 0), ("true_x", "truth", 1),
           ("true_y", "truth", 2), ("true_z", "truth", 3)] + [(name, "pose", axis) for axis, name in enumerate(POSE)]
# Rows of records copied into the columns at a time: 8,192 of 136 bytes, about a megabyte.
_BLOCK_ROWS = 8192
MAPPING_OPTIONS = ("preset", "column", "distance_unit", "time_unit", "angle_unit")


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
    left out and kept in `df.attrs["rangingengine"]["rejected"]`, which
    replay() counts. keep_rejected: they stay in the DataFrame instead, at
    their line, with no values and their rejection in the columns
    `rejected_reason`, `rejected_column`, `rejected_field` and
    `rejected_text` (empty on the other rows), which pd.concat, Parquet and
    Spark keep where they drop `attrs`. replay() and spark.replay() reject
    such a row for the reason it carries, so that rows read = accepted +
    rejected on any route the rows take.
    """
    path = os.fsdecode(path)
    keywords = dict(zip(MAPPING_OPTIONS, (preset, column, distance_unit, time_unit, angle_unit)))
    arguments = [os.fsencode(argument) for argument in command_line(None, keywords) + ["--unused-fields"]]
    result = ReadResult()
    _capi.library.ranging_read_file(os.fsencode(path), (ctypes.c_char_p * len(arguments))(*arguments),
                                    len(arguments), ctypes.byref(result))
    try:
        status, messages = result.status, _bytes(result.messages).decode("utf-8", "replace")
        rows = (np.frombuffer((ctypes.c_char * (result.row_count * READ_ROW.itemsize)).from_address(result.rows),
                              dtype=READ_ROW) if result.row_count else np.zeros(0, dtype=READ_ROW))
        names = np.array(_bytes(result.object_names).decode().split("\n")[:-1] + [None], dtype=object)
        read = [line.split("\t") for line in _bytes(result.columns).decode().splitlines()]
        unused = _bytes(result.unused_columns).decode().split("\n")[:-1]
        fields = _bytes(result.unused_fields).decode().split("\n")[:-1]
        rejected = _bytes(result.rejected)
        frame = _frame(rows, names, [canonical for canonical, _, _ in read], unused, fields)
    finally:
        _capi.library.ranging_read_result_free(ctypes.byref(result))
    message = messages.strip().removeprefix("rangectl replay: ")
    if status == 64:
        raise ValueError(message.removeprefix("Error: "))
    if status == 65:
        raise RangingFormatError.from_message(path, message)
    if status != 0:
        raise OSError(message)
    table = (pa_json.read_json(io.BytesIO(rejected), read_options=pa_json.ReadOptions(block_size=1 << 24),
                               parse_options=pa_json.ParseOptions(explicit_schema=REJECTED_SCHEMA))
             if rejected else REJECTED_SCHEMA.empty_table())
    rejections = [list(record) for record in zip(*(table.column(name).to_pylist() for name in REJECTED_SCHEMA.names))]
    if keep_rejected:
        frame = with_rejected_rows(frame, rejections)
        rejections = []
    frame.attrs["rangingengine"] = {
        "path": path,
        # Plain lists, so that the attributes survive pyarrow and Parquet (which store them as JSON).
        "rejected": rejections,
        "file_columns": {canonical: int(place) for canonical, _, place in read},
        "field_names": {canonical: name for canonical, name, _ in read},
        "unused_columns": unused,
    }
    return frame


def _frame(rows, names, read, unused, fields) -> pd.DataFrame:
    """The DataFrame of the reader's row records: the §1 columns the reader read, then the other columns."""
    shown = set(read).union(*(_MADE_OF.get(name, []) for name in read))
    wanted = [(name, field, axis) for name, field, axis in _FIELDS if name in shown]
    numeric = [(name, field, axis) for name, field, axis in wanted if field is not None]
    columns = {name: np.empty(len(rows), dtype=np.float64) for name, _, _ in numeric}
    lines, objects = np.empty(len(rows), dtype=np.int64), np.empty(len(rows), dtype=np.int64)
    # Each column out of the records a block at a time: the block stays in the cache while every column reads
    # it, where a column at a time would read all the records (136 bytes a row) once per column.
    for start in range(0, len(rows), _BLOCK_ROWS):
        block = rows[start:start + _BLOCK_ROWS]
        lines[start:start + len(block)] = block["line"]
        objects[start:start + len(block)] = block["object"]
        for name, field, axis in numeric:
            columns[name][start:start + len(block)] = block[field] if axis is None else block[field][:, axis]
    index = pd.Index(lines, name="line")
    texts = {"object": lambda: names[objects],  # -1, a pose alone, is the last: None
             "vertical": lambda: _VERTICALS[rows["vertical"].astype(np.intp) + 1],
             "event": lambda: _EVENTS[rows["event"].astype(np.intp) + 1]}
    columns.update({name: texts[name]() for name, field, _ in wanted if field is None})
    columns = {name: columns[name] for name, _, _ in wanted}  # §1's order
    if unused:
        others = np.array(fields, dtype=object).reshape(len(rows), len(unused))
        for place, name in enumerate(unused):
            if name not in KNOWN and name not in columns:
                columns[name] = others[:, place].copy()
    # Text as Series of dtype object: pandas would otherwise look through a column of None for dates.
    return pd.DataFrame({name: pd.Series(values, index=index, dtype=values.dtype, copy=False)
                         for name, values in columns.items()}, index=index, copy=False)


def with_rejected_rows(frame, rejections):
    """`frame` with a row of no values for each rejected line, and the
    rejections (line, column, field, reason, text; one a line) as the
    columns of REJECTION_COLUMNS."""
    lines = pd.Index([record[0] for record in rejections], name="line", dtype=np.int64)
    if len(lines):
        blank = pd.DataFrame({name: np.full(len(lines), np.nan) if frame[name].dtype == np.float64 else
                              pd.Series(None, index=lines, dtype=object) for name in frame.columns}, index=lines)
        frame = pd.concat([frame, blank]).sort_index(kind="stable")
    positions = frame.index.get_indexer(lines)
    for offset, name in enumerate(REJECTION_COLUMNS, start=1):
        values = np.full(len(frame), None, dtype=object)
        values[positions] = [record[offset] for record in rejections]
        # Typed even when empty, so that Parquet and Spark know them: Int64 and string.
        frame[name] = pd.array(values, dtype="Int64" if name == "rejected_column" else "string")
    return frame
