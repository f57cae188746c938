# SPDX-License-Identifier: Apache-2.0
"""replay() of a DataFrame through ranging_replay_table (ranging_replay.h):
the table's columns go to rangectl's reader and replay in Swift in Apache
Arrow's layout, as the CSV the table would be written as, so no rule of the
reader, the options or the replay is stated here. What is here converts:
pandas' types to Arrow's columns (NaN and None are nulls, durations are
seconds, which rangectl takes only in the time column), and the rows
`read_csv` rejected itself, which the table carries, into the result's
accounting."""
import ctypes
import json

import numpy as np
import pandas as pd
import pyarrow as pa

from . import _capi
from ._columns import REJECTED_COLUMNS, REJECTION_COLUMNS, RangingFormatError, rejected_frame
from ._file_replay import replay_arguments, replay_result


def duration_seconds(column):
    """Durations (a timedelta64 column) as float64 seconds, NaN where NaT: each
    the double nearest the exact duration, as rangectl reads it written in
    decimal (`100ms` is 0.1, not 100,000 microseconds)."""
    values = column.to_numpy()
    unit, count = np.datetime_data(values.dtype)
    per_second = int(np.timedelta64(1, "s") // np.timedelta64(count, unit))
    ticks = values.view(np.int64)
    missing = np.isnat(values)
    if (np.abs(ticks[~missing]) < 2 ** 53).all():
        seconds = ticks / per_second  # both exact as doubles: one rounding, the division's
    else:
        seconds = np.array([tick / per_second for tick in ticks.tolist()], dtype=np.float64)  # Python's: one rounding
    seconds[missing] = np.nan
    return seconds


class Column(ctypes.Structure):
    """ranging_replay_column_t."""
    _fields_ = [("name", ctypes.c_char_p), ("numbers", ctypes.c_void_p), ("integers", ctypes.c_void_p),
                ("offsets", ctypes.c_void_p), ("bytes", ctypes.c_void_p), ("validity", ctypes.c_void_p),
                ("validity_offset", ctypes.c_int64)]


_capi.library.ranging_replay_table.argtypes = [ctypes.c_char_p, ctypes.POINTER(Column), ctypes.c_size_t,
                                               ctypes.c_size_t, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
                                               ctypes.c_void_p]
_capi.library.ranging_replay_table.restype = ctypes.c_int32


def _validity(valid: np.ndarray):
    """Arrow's validity bitmap of a mask (None when every row has a value)."""
    return None if valid.all() else np.packbits(valid, bitorder="little")


def _column(name: str, series: pd.Series, path: str):
    """The C column of one pandas column, whether it held durations (given as
    seconds: rangectl refuses them but in the time column, `--duration-column`),
    and the arrays it points into (kept alive by the caller).

    Each duration is the double nearest the exact duration in seconds.
    Dates and times are refused: they have no origin in seconds."""
    dtype = series.dtype
    column = Column(name=name.encode("utf-8", "surrogatepass"))
    durations = pd.api.types.is_timedelta64_dtype(dtype)
    if pd.api.types.is_datetime64_any_dtype(dtype):
        raise RangingFormatError(path, None, name, f"column '{name}' holds dates and times ({dtype}), which have no "
                                 "origin in seconds: give durations from an origin of your choice, such as "
                                 f"df['{name}'] - df['{name}'].min(), or seconds")
    if durations:
        series = pd.Series(duration_seconds(series))
        dtype = series.dtype
    if pd.api.types.is_float_dtype(dtype):
        values = np.ascontiguousarray(series.to_numpy(dtype=np.float64, na_value=np.nan))
        validity = _validity(~np.isnan(values))  # pandas' NaN is a missing value
        column.numbers = values.ctypes.data
        keep = [values, validity]
    elif pd.api.types.is_integer_dtype(dtype) and not (pd.api.types.is_unsigned_integer_dtype(dtype) and bool(
            (series.dropna() > np.iinfo(np.int64).max).any())):  # an unsigned one past int64's range: as its digits
        valid = series.notna().to_numpy(dtype=bool)
        values = np.ascontiguousarray(series.to_numpy(dtype=np.int64, na_value=0))
        validity = _validity(valid)
        column.integers = values.ctypes.data
        keep = [values, validity]
    else:
        return (*_text_column(column, series), False)
    if validity is not None:
        column.validity = validity.ctypes.data
    return column, keep, durations


def text_buffers(array):
    """The addresses of a large_string array's first offset and its bytes (None when it has none)."""
    _, offsets, data = array.buffers()
    first = None if offsets is None else offsets.address + 8 * array.offset
    return first, data.address if data is not None and data.size else None


def _text_array(series: pd.Series):
    """The texts of a column in Arrow's large_string layout (or large_binary,
    the same buffers): each value as pandas' string type writes it (1.0 is
    "1.0", True is "True"), None and NaN nulls, and bytes as they are, whose
    invalid UTF-8 the reader repairs as a file's."""
    # Bytes only from a column of Python objects: pyarrow makes an integer n into the byte chr(n) (78 became "N").
    binary = [lambda: pa.array(series, type=pa.large_binary(), from_pandas=True)] if series.dtype == object else []
    conversions = [lambda: pa.array(series, type=pa.large_string(), from_pandas=True), *binary,
                   lambda: pa.array(series.astype("string"), type=pa.large_string(), from_pandas=True)]
    for conversion in conversions:
        try:
            return conversion()
        except (pa.ArrowInvalid, pa.ArrowTypeError, UnicodeDecodeError, UnicodeEncodeError):
            pass
    # Bytes beside values of other types, or texts with lone surrogates: each as its bytes or its text's
    # (_utf8); missing as pandas says (None, NaN, NA).
    return pa.array([None if pd.api.types.is_scalar(value) and pd.isna(value) else
                     value if isinstance(value, bytes) else _utf8(str(value))
                     for value in series.tolist()], type=pa.large_binary())


def _utf8(text: str) -> bytes:
    """A text's bytes. Lone surrogates are what Python makes of bytes that are
    not UTF-8 (os.fsdecode, errors="surrogateescape"): those become the bytes
    they stood for, and the reader repairs them as it repairs a file's; any
    other lone surrogate is written as its code point would be."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def _text_column(column: Column, series: pd.Series):
    """A column of texts (_text_array) for the C column."""
    array = _text_array(series)
    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks()
    validity = array.buffers()[0]
    column.offsets, column.bytes = text_buffers(array)
    if validity is not None and array.null_count:
        column.validity = validity.address
        column.validity_offset = array.offset
    return column, [array]


def library_backend() -> str:
    """The linear algebra backend the library replays on by default: "gsl"
    when it was built with GSL (RANGINGENGINE_WITH_GSL=1, setup.py), as
    `rangectl replay` is, else "swift" (`rangectl replay --backend swift`).
    Asked of the library: a replay of no rows with `backend="gsl"`, which a
    library without GSL refuses."""
    empty = pd.DataFrame({"t": np.zeros(0), "object": np.zeros(0, dtype=object), "distance": np.zeros(0)})
    try:
        replay_table(empty, None, {"backend": "gsl"}, False)
    except ValueError as refused:
        if 'backend="gsl"' not in str(refused):
            raise
        return "swift"
    return "gsl"


def _carried_rejections(frame: pd.DataFrame) -> np.ndarray:
    """Which rows carry a rejection of read_csv(keep_rejected=True): a
    `rejected_reason` that is neither missing nor empty. Empty is what "empty on
    the other rows" becomes through a CSV read with keep_default_na=False."""
    if "rejected_reason" not in frame:
        return np.zeros(len(frame), dtype=bool)
    reasons = frame["rejected_reason"].astype("string")
    return (reasons.notna() & (reasons.str.len() > 0)).fillna(False).to_numpy(dtype=bool)


def _carried_places(values: np.ndarray, labels, path: str):
    """A carried rejection's column places (`rejected_column`) as Int64: missing
    or empty is no column; anything else must be a whole number of at least 1."""
    places = []
    for value, label in zip(values, labels):
        if value is None or (pd.api.types.is_scalar(value) and pd.isna(value)) or (
                isinstance(value, str) and not value.strip()):
            places.append(pd.NA)
            continue
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = float("nan")
        if not (number.is_integer() and number >= 1):
            raise RangingFormatError(path, None, "rejected_column",
                                     f"row {label!r}: {value!r} is not a column place (a whole number from 1); "
                                     "rejected_column holds the place of the rejected field, or nothing")
        places.append(int(number))
    return pd.array(places, dtype="Int64")


def replay_table(frame: pd.DataFrame, zones, keywords, states=True):
    """The ReplayResult of the frame's rows through rangectl's reader and replay."""
    info = frame.attrs.get("rangingengine", {})
    path = info.get("path", "<DataFrame>")
    # The frame without its attrs, which pandas would deep-copy at each column taken from it.
    frame = pd.DataFrame(frame, copy=False)
    # Rows read_csv rejected itself: kept in the table (keep_rejected=True) or in its attrs.
    carried = _carried_rejections(frame)
    kept_rows = np.flatnonzero(~carried)
    rows = frame.iloc[kept_rows] if carried.any() else frame
    names = [str(name) for name in frame.columns]
    kept = [position for position, name in enumerate(names) if name not in REJECTION_COLUMNS]
    columns, alive, durations = [], [], []
    for place, position in enumerate(kept, start=1):
        column, keep, held_durations = _column(names[position], rows.iloc[:, position], path)
        columns.append(column)
        alive.append(keep)
        durations += ["--duration-column", str(place)] if held_durations else []
    table = (Column * len(columns))(*columns)
    result = replay_result(path, lambda options, count, out: _capi.library.ranging_replay_table(
        path.encode("utf-8", "surrogatepass"), table, len(columns), len(rows), options, count, out),
        replay_arguments(zones, keywords, states) + durations, states)
    del alive

    # The table's rejections name its rows by line (row i is line i + 2) and
    # its columns by place: as the frame names them, by index label and by
    # the file's column when read_csv gave the frame (its attrs say).
    file_columns = info.get("file_columns") or {names[position]: position + 1 for position in reversed(kept)}
    field_names = info.get("field_names", {})
    found = result.rejected
    places = pd.array([pd.NA] + [file_columns.get(names[position], pd.NA) for position in kept], dtype="Int64")
    found_places = found["column"].fillna(0).to_numpy(dtype=np.int64)
    fields = found["field"]
    parts = [pd.DataFrame({"position": kept_rows[found["row"].to_numpy(dtype=np.int64) - 2],
                           "column": places[found_places], "field": fields.map(field_names).fillna(fields),
                           "reason": found["reason"], "text": found["text"]})]
    if carried.any():
        at = np.flatnonzero(carried)
        # A carried column may be missing (only rejected_reason given): its fields are then empty.
        given = {name: frame[carried_name].iloc[at].to_numpy(dtype=object) if carried_name in frame
                 else np.full(len(at), None, dtype=object)
                 for name, carried_name in zip(REJECTED_COLUMNS[1:], REJECTION_COLUMNS)}
        given["field"][pd.isna(given["field"])] = None
        given["text"][pd.isna(given["text"])] = ""
        parts.append(pd.DataFrame({"position": at, "column": _carried_places(given["column"], frame.index[at], path),
                                   "field": given["field"], "reason": given["reason"], "text": given["text"]}))
    merged = pd.concat(parts, ignore_index=True).sort_values("position", kind="stable")
    merged.insert(0, "row", frame.index[merged.pop("position").to_numpy()])
    prior = info.get("rejected") or ""
    if isinstance(prior, list):  # a frame of an earlier read_csv (records; Parquet keeps attrs): as §6 text
        prior = "".join(json.dumps(dict(zip(["line", *REJECTED_COLUMNS[1:]], record))) + "\n" for record in prior)
    prior = rejected_frame(prior)
    rejected = pd.concat([prior, merged], ignore_index=True) if len(prior) else merged.reset_index(drop=True)
    if "rejected" in info and len(rejected):  # a frame of read_csv: its rejections by line, the attrs' among them
        rejected = rejected.sort_values("row", kind="stable").reset_index(drop=True)
    summary = result.summary
    summary.rows_read += int(carried.sum()) + len(prior)
    summary.rejected_by_reason = {str(k): int(v) for k, v in rejected["reason"].value_counts().items()}
    if "unused_columns" in info:
        # The file's (read_csv leaves out a column of a §1 name that it does not read), then any the frame gained.
        given = list(info["unused_columns"])
        summary.unused_columns = given + [name for name in summary.unused_columns if name not in given]
    result.rejected = rejected
    # The messages name the table's rows alone; the summary counts the carried ones too.
    result.messages = ""
    return result
