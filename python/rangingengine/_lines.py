# SPDX-License-Identifier: Apache-2.0
"""The physical lines of a ranging CSV (docs/FORMATS.md §1), found with NumPy
over the file's bytes rather than line by line in Python: which lines are
comments, blank, the header, data lines with the header's field count, and
which data lines the reader rejects whole (line_too_long, wrong_field_count),
with the same reasons and texts as rangectl's RangingCSVReader.

The result hands the accepted data lines on as one buffer, `\\n` after each,
for a columnar CSV parser (pyarrow.csv), with their 1-based line numbers.

A file whose data lines are all plain (no `#`, space or tab after the header,
and no stretch of 512 KiB without a line end) is common and needs no such
scan: its data lines are the consecutive lines after the header, so the
buffer is the rest of the file, as it is, unless it has an empty line, which
the parser reads as a row of empty fields (the reader then scans the lines).
"""
from dataclasses import dataclass

import numpy as np

from ._columns import RangingFormatError, clipped

_NEWLINE, _HASH = 10, 35
# RangingCSVReader's limit: a data line longer than 1 MiB (in bytes) is line_too_long.
_MAXIMUM_LINE_BYTES = 1 << 20
# A line end in every block of this many bytes keeps every line under _MAXIMUM_LINE_BYTES: two
# consecutive line ends are then less than two blocks apart.
_PLAIN_BLOCK_BYTES = _MAXIMUM_LINE_BYTES // 2


def _trimmed(text: str) -> str:
    return text.strip(" \t")


@dataclass
class DataLines:
    """The accepted data lines of a file, and the rejections of the others."""

    header: list        # the header's trimmed names, in file order
    header_line: int    # its 1-based line number
    buffer: object      # the data lines (bytes or a memoryview of the file), each ending in `\n`
    numbers: object     # their 1-based line numbers, in file order; None: every line after the header's
    rejections: list    # (line, column, field, reason, text) of the lines rejected here
    spaced: bool        # whether the data lines hold a space or a tab (fields then need trimming)

    def line_numbers(self, lines: int) -> np.ndarray:
        """The 1-based line numbers of the buffer's `lines` lines (the parser's rows,
        those it skipped included)."""
        if self.numbers is not None:
            return self.numbers
        return np.arange(self.header_line + 1, self.header_line + 1 + lines)


def normalised_line_ends(data: bytes) -> bytes:
    """`\\r\\n` and a lone `\\r` as `\\n`: each is one line end (§1), so line
    numbers are unchanged and a `\\r` is never part of a field."""
    if b"\r" not in data:
        return data
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


def split_lines(path: str, data: bytes) -> DataLines:
    """The lines of `data` (UTF-8 whose line ends are all `\\n`).

    Raises RangingFormatError naming the file when there is no header line;
    the header's columns are the caller's to check (ColumnMapping.layout).
    Complexity: O(bytes) in NumPy, plus Python work per rejected, blank-looking
    or comment line; O(bytes) in memchr for a file whose data lines are plain.
    """
    return _plain_lines(data) or scanned_lines(path, data)


def _plain_lines(data: bytes):
    """split_lines of a file whose data lines are every line after its header
    (no comment, no line of spaces and tabs, none too long), or None. Its empty
    lines, if any, are in the buffer: the caller rules them out."""
    start, line = 0, 1
    while True:
        end = data.find(b"\n", start)
        if end < 0:
            return None  # no data line (or no header): the scan says which
        text = data[start:end]
        if text.startswith(b"#") or not text.strip(b" \t"):
            start, line = end + 1, line + 1
            continue
        break
    header = [_trimmed(name) for name in text.decode().split(",")]
    body = end + 1
    if body == len(data) or any(data.find(byte, body) >= 0 for byte in (b"#", b" ", b"\t")):
        return None
    if any(data.find(b"\n", block, block + _PLAIN_BLOCK_BYTES) < 0
           for block in range(body, len(data) - _PLAIN_BLOCK_BYTES, _PLAIN_BLOCK_BYTES)):
        return None
    buffer = memoryview(data)[body:] if data.endswith(b"\n") else data[body:] + b"\n"
    return DataLines(header, line, buffer, None, [], False)


def scanned_lines(path: str, data: bytes) -> DataLines:
    """split_lines of any file: every line's kind from NumPy over its bytes."""
    raw = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(raw == _NEWLINE)
    if len(data) and data[-1] != _NEWLINE:
        ends = np.append(ends, len(data))
    starts = np.empty_like(ends)
    starts[:1] = 0
    starts[1:] = ends[:-1] + 1
    lengths = ends - starts
    first = raw[np.minimum(starts, max(len(raw) - 1, 0))] if len(raw) else np.zeros(0, dtype=np.uint8)
    comment = (lengths > 0) & (first == _HASH)
    # A line of spaces and tabs is blank, as an empty one is; only lines that start with one need a look.
    blank = lengths == 0
    for index in np.flatnonzero((lengths > 0) & ((first == 32) | (first == 9))):
        blank[index] = data[starts[index]:ends[index]].strip(b" \t") == b""
    content = np.flatnonzero(~comment & ~blank)
    if len(content) == 0:
        raise RangingFormatError(path, None, None, "not a ranging CSV: no header line")
    header_index = int(content[0])
    header = [_trimmed(name) for name in data[starts[header_index]:ends[header_index]].decode().split(",")]

    data_lines = content[1:]
    too_long = lengths[data_lines] > _MAXIMUM_LINE_BYTES
    rejections = [(int(index) + 1, None, "row", "line_too_long", "") for index in data_lines[too_long]]
    kept = data_lines[~too_long]
    buffer, spaced = _joined(data, starts, ends, kept)
    return DataLines(header, header_index + 1, buffer, kept + 1, rejections, spaced)


def wrong_field_count(text: str):
    """The rejection text of a data line whose field count differs from the header's."""
    return clipped(_trimmed(text))


def _joined(data: bytes, starts, ends, kept):
    """Lines `kept` of `data`, each ending in `\n`, and whether they hold a space
    or a tab. A run of adjacent lines is one slice: a file without comments or
    rejected lines between its data lines is passed on without a copy."""
    if len(kept) == 0:
        return b"", False
    breaks = np.flatnonzero(np.diff(kept) != 1)
    run_first = np.concatenate(([kept[0]], kept[breaks + 1]))
    run_last = np.concatenate((kept[breaks], [kept[-1]]))
    runs = [(int(starts[a]), int(ends[b])) for a, b in zip(run_first, run_last)]
    spaced = any(data.find(b" ", a, b) >= 0 or data.find(b"\t", a, b) >= 0 for a, b in runs)
    if len(runs) == 1 and runs[0][1] < len(data):
        return memoryview(data)[runs[0][0]:runs[0][1] + 1], spaced
    return b"\n".join(data[a:b] for a, b in runs) + b"\n", spaced
