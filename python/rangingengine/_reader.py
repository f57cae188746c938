# SPDX-License-Identifier: Apache-2.0
"""read_csv: a ranging CSV (docs/FORMATS.md §1) as a DataFrame, with the rules of
rangectl's reader (Sources/RangingFormats/Reading/RowParser.swift): `#` comment lines
anywhere, blank lines skipped, fields trimmed of spaces and tabs, no quoting,
an empty field is no value, columns in any order, unknown columns kept.

Rows that fail the text checks (line_too_long, wrong_field_count,
missing_value, malformed_number, non_finite_value; the first that applies,
the leftmost column first) are not in the DataFrame: they are in
`df.attrs["rangingengine"]["rejected"]` (row, column, field, reason, text), and replay() counts and reports them,
so that rows read = accepted + rejected. The remaining checks (values, event
names, directions) are replay()'s, so that they apply to any DataFrame.
"""
import re

import numpy as np
import pandas as pd

from ._columns import NUMERIC, TEXT, KNOWN, POSE, RangingFormatError, clipped

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_DECIMAL = r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?"
_NON_FINITE = r"[+-]?([nN][aA][nN]|[iI][nN][fF]|[iI][nN][fF][iI][nN][iI][tT][yY])"
_MAXIMUM_LINE_BYTES = 1 << 20
# UTF-32LE's mark begins with UTF-16LE's: the longer marks first (Unicode 15, table 23-4).
_WIDE_MARKS = [(b"\x00\x00\xfe\xff", "UTF-32BE"), (b"\xff\xfe\x00\x00", "UTF-32LE"), (b"\xff\xfe", "UTF-16LE"),
               (b"\xfe\xff", "UTF-16BE")]


def _trim(field: str) -> str:
    return field.strip(" \t")


def read_csv(path) -> pd.DataFrame:
    """Reads a ranging CSV into a DataFrame indexed by the 1-based line number.

    Columns: `t` and the numeric columns as float64 (NaN where the field is
    empty), `object`, `vertical` and `event` as text (None where empty),
    other columns as text. Raises RangingFormatError (a ValueError) naming the
    file and line when the file has no header or no `t` or `object` column,
    and OSError when it cannot be read.
    """
    path = str(path)
    with open(path, "rb") as file:
        data = file.read()
    # RangingCSVReader: a UTF-8 byte order mark is skipped, a UTF-16 or UTF-32 one refused.
    for mark, encoding in _WIDE_MARKS:
        if data.startswith(mark):
            raise RangingFormatError(path, 1, None, f"not a ranging CSV: the file is {encoding} text "
                                                    "(its byte order mark); save it as UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    # Invalid UTF-8 bytes become `\xNN`, as rangectl's UTF8Text.decode writes them.
    text = data.decode("utf-8", errors="backslashreplace")
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    header_index = next((i for i, line in enumerate(lines)
                         if not line.startswith("#") and line.strip(" \t") != ""), None)
    if header_index is None:
        raise RangingFormatError(path, None, None, "not a ranging CSV: no header line")
    header = [_trim(name) for name in lines[header_index].split(",")]
    for required in ("t", "object"):
        if required not in header:
            raise RangingFormatError(path, header_index + 1, required, f"not a ranging CSV: no '{required}' column")
    unsupported(path, header_index + 1, header)
    data, numbers, rejections = _split(lines, header_index, header)
    position = {name: header.index(name) for name in header if name in KNOWN}
    frame = pd.DataFrame(data, columns=header).set_axis(pd.Index(numbers, name="line"))
    frame, more = _parse_numbers(frame, header, position)
    rejections.extend(more)
    for name in TEXT:
        if name in frame:
            frame[name] = frame[name].where(frame[name] != "", None)
    frame = frame.loc[:, ~pd.Index(header).duplicated()]
    frame.attrs["rangingengine"] = {
        "path": path,
        # Plain lists, so that the attributes survive pyarrow and Parquet (which store them as JSON).
        "rejected": [list(record) for record in sorted(rejections, key=lambda record: record[0])],
        "unused_columns": [name for name in header if name not in KNOWN],
        "file_columns": {name: index + 1 for index, name in reversed(list(enumerate(header)))},
    }
    return frame


def _split(lines, header_index, header):
    """The data lines as trimmed fields, their line numbers, and the row-level rejections."""
    width = len(header)
    t_column, object_column = header.index("t"), header.index("object")
    data, numbers, rejections = [], [], []
    for index in range(header_index + 1, len(lines)):
        line = lines[index]
        if line.startswith("#") or line.strip(" \t") == "":
            continue
        number = index + 1
        if len(line) * 4 > _MAXIMUM_LINE_BYTES and len(line.encode()) > _MAXIMUM_LINE_BYTES:
            rejections.append((number, None, "row", "line_too_long", ""))
            continue
        fields = [_trim(field) for field in line.split(",")]
        if len(fields) != width:
            rejections.append((number, None, "row", "wrong_field_count", clipped(_trim(line))))
            continue
        missing = next((column for column in (t_column, object_column) if fields[column] == ""), None)
        if missing is not None:
            rejections.append((number, missing + 1, header[missing], "missing_value", ""))
            continue
        data.append(fields)
        numbers.append(number)
    return data, numbers, rejections


def _parse_numbers(frame, header, position):
    """The numeric columns as float64; rows with a malformed or non-finite number
    (the leftmost such column in the file) are taken out and returned as rejections."""
    numeric = sorted((name for name in NUMERIC if name in position), key=position.get)
    bad = {}
    values = {}
    for reason in ("malformed_number", "non_finite_value"):
        for name in numeric:
            texts = frame[name]
            present = texts != ""
            if reason == "malformed_number":
                ok = ~present | texts.str.fullmatch(_DECIMAL) | texts.str.fullmatch(_NON_FINITE)
                # Python's float() rounds decimal text correctly, as the reader's strtod does.
                parsed = np.full(len(texts), np.nan)
                usable = (present & ok).to_numpy()
                parsed[usable] = [float(text) for text in texts.to_numpy()[usable]]
                values[name] = pd.Series(parsed, index=texts.index)
                failing = ~ok
            else:
                failing = present & ~np.isfinite(values[name].fillna(0.0))
            for line in texts.index[failing]:
                if line not in bad:
                    bad[line] = (line, position[name] + 1, name, reason, clipped(texts.at[line]))
    rejections = list(bad.values())
    keep = ~frame.index.isin(list(bad))
    frame = frame.loc[keep].copy()
    for name in numeric:
        frame[name] = values[name].loc[keep].to_numpy()
    return frame, rejections


def unsupported(path, line, columns):
    """Refuses pose columns (the phone's attitude): rangectl replays them, this
    package does not yet, and ignoring them would give other events."""
    found = [name for name in columns if name in POSE]
    if found:
        raise RangingFormatError(path, line, found[0], "pose columns (the phone's attitude) are not supported by "
                                                        "the Python package yet; replay the file with rangectl")
