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

Speed: the lines are found with NumPy (_lines.py) and the fields parsed by
pyarrow's CSV reader in C++, numbers straight to float64 (its converter,
fast_float, rounds correctly, as the reader's strtod does) and text columns
dictionary-encoded, so that a name repeated on every row becomes one Python
string. Only cells that pyarrow could not settle go through Python
(_number_text.py): a column with a malformed number, and NaN cells (pyarrow
reads `nan(...)` as NaN; rangectl calls it malformed).
"""
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.csv as arrow_csv
import pyarrow.compute as arrow_compute

from . import _number_text
from ._columns import (MEASUREMENT, NUMERIC, POSE, REJECTION_COLUMNS, TEXT, RangingFormatError, clipped,
                       too_long_names)
from ._mapping import ANGLES, ColumnMapping, column_mapping, layout_attributes
from ._lines import normalised_line_ends, scanned_lines, split_lines, wrong_field_count

# UTF-32LE's mark begins with UTF-16LE's: the longer marks first (Unicode 15, table 23-4).
_WIDE_MARKS = [(b"\x00\x00\xfe\xff", "UTF-32BE"), (b"\xff\xfe\x00\x00", "UTF-32LE"), (b"\xff\xfe", "UTF-16LE"),
               (b"\xfe\xff", "UTF-16BE")]


def read_csv(path, preset=None, column=None, distance_unit=None, time_unit=None, angle_unit=None,
             keep_rejected=False) -> pd.DataFrame:
    """Reads a ranging CSV into a DataFrame indexed by the 1-based line number.

    Columns: `t` and the numeric columns as float64 (NaN where the field is
    empty), `object`, `vertical` and `event` as text (None where empty),
    other columns as text. Raises RangingFormatError (a ValueError) naming the
    file and line when the file has no header or no `t` or `object` column,
    and OSError when it cannot be read.

    preset, column, distance_unit, time_unit, angle_unit: rangectl's
    `--preset`, `--column`, `--distance-unit`, `--time-unit`, `--angle-unit`
    (docs/FORMATS.md §5; `column={"distance": "range_cm"}` or
    `column=["distance=range_cm"]`). The columns read come out under their
    §1 names, in metres, seconds and radians (`azimuth` and `elevation`,
    read with an angle unit, too; replay() makes their direction); the
    file's own names stay in `df.attrs["rangingengine"]["field_names"]` for
    the rejections. A file column that is not read and has a §1 name (a
    `t` beside `column={"t": "time_s"}`) is left out, and listed as unused.

    keep_rejected: the rows that fail the text checks stay in the DataFrame,
    at their line, with what could be read of them (nothing, for a line
    not split into fields) and their rejection in the columns
    `rejected_reason`, `rejected_column`, `rejected_field` and
    `rejected_text` (empty on the other rows), instead of in `df.attrs`,
    which pd.concat, Parquet and Spark do not keep. replay() and
    spark.replay() reject such a row for the reason it carries, so that
    rows read = accepted + rejected on any route the rows take.
    """
    mapping = column_mapping(preset, column, distance_unit, time_unit, angle_unit) or ColumnMapping()
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
    if not data.isascii():
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            # Invalid UTF-8 bytes become `\xNN`, as rangectl's UTF8Text.decode writes them.
            data = data.decode("utf-8", errors="backslashreplace").encode()
    data = normalised_line_ends(data)
    lines = split_lines(path, data)
    header = lines.header
    layout = mapping.layout(header, path, lines.header_line)
    status_index = mapping.status_index(header)
    read_as = {index: name for name, index in layout.items()}
    # Each column under the name it is read as; a column not read keeps its own name, unless another column
    # is read under that name.
    names = [read_as.get(index, name) for index, name in enumerate(header)]
    # A repeated name of a column not read: the first such column is kept.
    columns, taken = [], set(layout)
    for index, name in enumerate(names):
        if index in read_as or name not in taken:
            columns.append(index)
            taken.add(name)
    numeric = {name for name in NUMERIC + ANGLES if name in layout}
    fields = _Fields(lines.buffer, names, columns, lines.spaced, numeric)
    if lines.numbers is None and not fields.never_empty(layout["t"]):
        # pyarrow reads an empty line as a row of empty fields, as it reads `,,`: only the line scan tells
        # them apart. A `t` in every row of the plain lines rules empty lines out.
        lines = scanned_lines(path, data)
        fields = _Fields(lines.buffer, names, columns, lines.spaced, numeric)
    rejections = list(lines.rejections)
    line_numbers = lines.line_numbers(fields.rows)
    # pyarrow left out the lines whose field count differs from the header's.
    for row, text in fields.wrong_field_count:
        rejections.append((int(line_numbers[row]), None, "row", "wrong_field_count", wrong_field_count(text)))
    numbers_of_rows = (np.delete(line_numbers, [row for row, _ in fields.wrong_field_count])
                       if fields.wrong_field_count else line_numbers)

    count = len(numbers_of_rows)
    bad = np.zeros(count, dtype=bool)

    def reject(mask, index, reason, text_of):
        mask = mask & ~bad
        if not mask.any():
            return
        for position in np.flatnonzero(mask):
            rejections.append((int(numbers_of_rows[position]), index + 1, header[index], reason, text_of(position)))
        bad[mask] = True

    texts = {index: fields.text(index) for index in columns if names[index] not in numeric}
    numbers = {index: fields.number(index) for index in columns if names[index] in numeric}
    t_index, object_index = layout["t"], layout["object"]
    reject(~numbers[t_index].present & ~numbers[t_index].malformed, t_index, "missing_value", lambda _: "")
    def given(name):
        index = layout.get(name)
        if index is None:
            return np.zeros(count, dtype=bool)
        return numbers[index].present if index in numbers else fields.present(index)

    # RowParser: a pose alone (no measurement, no event) belongs to no object, so its `object` may be empty.
    pose_only = (np.logical_or.reduce([given(name) for name in POSE]) &
                 ~np.logical_or.reduce([given(name) for name in MEASUREMENT + ANGLES + ["event"]]))
    reject(~fields.present(object_index) & ~pose_only, object_index, "missing_value", lambda _: "")
    reject(fields.too_long_names(object_index), object_index, "object_name_too_long",
           lambda position: clipped(texts[object_index][position] or ""))
    if status_index is not None:
        # RowParser: the radio reports that the exchange failed; whatever else the row holds is not a measurement.
        word = mapping.success_status[1]
        status = texts[status_index] if status_index in texts else fields.raw(status_index)
        reject(status != word, status_index, "no_measurement", lambda position: clipped(status[position] or ""))
    numeric_columns = [index for index in columns if index in numbers]
    for reason in ("malformed_number", "non_finite_value"):
        for index in numeric_columns:
            number = numbers[index]
            failing = number.malformed if reason == "malformed_number" else number.non_finite
            if failing.any():
                reject(failing, index, reason, lambda position, index=index: clipped(fields.raw(index)[position]))
    if not mapping.converts_nothing:
        # Input units to ours (docs/FORMATS.md §5), after the text checks and before any value check.
        for index in numeric_columns:
            divisor = mapping.divisor(names[index])
            if divisor != 1:
                numbers[index].values = numbers[index].values / divisor

    # Rows rejected here are left out (a file without any keeps its arrays as they are).
    keep = ~bad if bad.any() and not keep_rejected else slice(None)
    line_index = pd.Index(numbers_of_rows[keep], name="line")
    # Text as Series of dtype object: pandas would otherwise look through a column of None for dates.
    frame = pd.DataFrame({names[index]: numbers[index].values[keep] if index in numbers else
                          pd.Series(texts[index][keep], index=line_index, dtype=object, copy=False)
                          for index in columns},
                         index=line_index, columns=[names[i] for i in columns],
                         copy=False)  # the arrays are new: no copy, and no merging into blocks
    rejections.sort(key=lambda record: record[0])
    if keep_rejected:
        frame = with_rejected_rows(frame, rejections)
        rejections = []
    frame.attrs["rangingengine"] = {
        "path": path,
        # Plain lists, so that the attributes survive pyarrow and Parquet (which store them as JSON).
        "rejected": [list(record) for record in rejections],
        "file_columns": {name: index + 1 for name, index in layout.items()},
        **layout_attributes(header, layout, status_index),
    }
    return frame


def with_rejected_rows(frame, rejections):
    """`frame` (every row that was split into fields, indexed by line) with a
    row of no values for each line that was not, and the rejections
    (line, column, field, reason, text; at most one a line) as the columns
    of REJECTION_COLUMNS."""
    lines = [record[0] for record in rejections]
    unsplit = pd.Index(lines, name="line").difference(frame.index)
    if len(unsplit):
        blank = pd.DataFrame({name: np.full(len(unsplit), np.nan) if frame[name].dtype == np.float64 else
                              pd.Series(None, index=unsplit, dtype=object) for name in frame.columns}, index=unsplit)
        frame = pd.concat([frame, blank]).sort_index(kind="stable")
    positions = frame.index.get_indexer(lines)
    for offset, name in enumerate(REJECTION_COLUMNS, start=1):
        values = np.full(len(frame), None, dtype=object)
        values[positions] = [record[offset] for record in rejections]
        # Typed even when empty, so that Parquet and Spark know them: Int64 and string.
        frame[name] = pd.array(values, dtype="Int64" if name == "rejected_column" else "string")
    return frame


class _Number:
    """One numeric column: values (NaN where empty or unusable), and which
    fields were present, malformed or non-finite."""

    def __init__(self, values, present, malformed, non_finite):
        self.values, self.present, self.malformed, self.non_finite = values, present, malformed, non_finite


class _Fields:
    """The data lines' fields, parsed by pyarrow: numbers as float64 where every
    field of the column converts, text otherwise; the trimmed text of any
    column on demand."""

    def __init__(self, buffer, header, columns, spaced, numeric):
        self.buffer, self.header, self.columns = buffer, header, columns
        self.names = [f"c{index}" for index in range(len(header))]
        # pyarrow's number converter skips spaces and tabs itself; text needs trimming only if the data has any.
        self.spaced = spaced
        # (0-based row of the buffer, its text) of each line with the wrong field count, from the first read.
        self.wrong_field_count = None
        self.raw_texts = {}
        text_type = pa.string() if self.spaced else pa.dictionary(pa.int32(), pa.string())
        types = {self.names[i]: (pa.float64() if header[i] in numeric else text_type) for i in columns}
        try:
            self.table = self._read(types)
            self.converted = True
        except pa.ArrowInvalid:
            # A field pyarrow cannot convert (a malformed number): numbers as text, settled column by column.
            self.table = self._read({name: (pa.string() if kind == pa.float64() else kind)
                                     for name, kind in types.items()})
            self.converted = False
        # The buffer's lines, those pyarrow left out included.
        self.rows = self.table.num_rows + len(self.wrong_field_count)

    def _read(self, types):
        if not len(self.buffer):
            self.wrong_field_count = []
            return pa.table({name: pa.array([], type=kind) for name, kind in types.items()})
        found = []

        def skip(row):
            # row.number: the row's 1-based line in the buffer (known when reading on one thread).
            found.append((row.number - 1, row.text))
            return "skip"

        # One thread: the issue's measure is one core, and the invalid rows' numbers are then known.
        # One block for the whole buffer (up to 1 GiB): each column is then one array, which NumPy reads in place.
        block_size = min(max(len(self.buffer) + 1, 1 << 20), 1 << 30)
        options = arrow_csv.ReadOptions(column_names=self.names, use_threads=False, block_size=block_size)
        parse = arrow_csv.ParseOptions(delimiter=",", quote_char=False, double_quote=False, escape_char=False,
                                       newlines_in_values=False, ignore_empty_lines=False, invalid_row_handler=skip)
        convert = arrow_csv.ConvertOptions(column_types=types, include_columns=list(types), null_values=[""],
                                           strings_can_be_null=False, quoted_strings_can_be_null=False)
        table = arrow_csv.read_csv(pa.py_buffer(self.buffer), read_options=options, parse_options=parse,
                                   convert_options=convert)
        if self.wrong_field_count is None:
            self.wrong_field_count = found
        return table

    def never_empty(self, index):
        """Whether numeric column `index` converted with a number in every row."""
        return self.converted and self.table.column(self.names[index]).null_count == 0

    def raw(self, index):
        """Column `index`'s fields as trimmed Python strings (cached; for rejections and the slow path)."""
        if index not in self.raw_texts:
            table = self._read({self.names[index]: pa.string()})
            column = arrow_compute.utf8_trim(table.column(0), " \t") if self.spaced else table.column(0)
            self.raw_texts[index] = column.to_numpy(zero_copy_only=False)
        return self.raw_texts[index]

    def _dictionary(self, index):
        """A text column dictionary-encoded, chunk by chunk: (distinct texts as
        Python strings, indices into them) for each chunk."""
        column = self.table.column(self.names[index])
        if self.spaced:
            column = arrow_compute.dictionary_encode(arrow_compute.utf8_trim(column, " \t"))
        return [(chunk.dictionary.to_numpy(zero_copy_only=False).astype(object),
                 chunk.indices.to_numpy(zero_copy_only=False)) for chunk in column.chunks]

    def text(self, index):
        """A text column as an object array; None where empty in the columns of
        §1 (`object`, `vertical`, `event`), the empty string in unknown columns."""
        empty = None if self.header[index] in TEXT else ""
        text = np.empty(self.table.num_rows, dtype=object)
        start = 0
        for values, indices in self._dictionary(index):
            # One Python string per distinct value, then an array of references to them.
            values[values == ""] = empty
            # mode="clip" writes straight into `out` ("raise" goes through a buffer); the indices are in range.
            np.take(values, indices, out=text[start:start + len(indices)], mode="clip")
            start += len(indices)
        return text

    def too_long_names(self, index):
        """Where a text column's field is a name too long (too_long_names), judged once per distinct text."""
        parts = [too_long_names(values)[indices] for values, indices in self._dictionary(index)]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=bool)

    def present(self, index):
        """Where a text column's field is not empty."""
        parts = [(values != "")[indices] for values, indices in self._dictionary(index)]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=bool)

    def number(self, index):
        """A numeric column: float64 values and which fields were present, malformed or non-finite."""
        column = self.table.column(self.names[index])
        if self.converted:
            if column.null_count == len(column):
                nothing = np.zeros(len(column), dtype=bool)
                return _Number(np.full(len(column), np.nan), nothing, nothing, nothing)
            present = (np.ones(len(column), dtype=bool) if column.null_count == 0 else
                       ~column.is_null().to_numpy(zero_copy_only=False))
            return self._settled(index, column, present)
        if self.spaced:
            column = arrow_compute.utf8_trim(column, " \t")
        present_column = arrow_compute.not_equal(column, "")
        present = present_column.to_numpy(zero_copy_only=False)
        try:
            return self._settled(index, arrow_compute.cast(_null_where_not(present_column, column), pa.float64()),
                                 present)
        except pa.ArrowInvalid:
            pass
        # Malformed fields in this column: the grammar decides, by RE2 in C++, field by field.
        decimal = arrow_compute.match_substring_regex(column, f"^(?:{_number_text.DECIMAL.pattern})$")
        spelled = arrow_compute.match_substring_regex(column, f"^(?:{_number_text.NON_FINITE.pattern})$")
        converted = arrow_compute.cast(_null_where_not(decimal, column), pa.float64())
        values = converted.to_numpy(zero_copy_only=False).astype(np.float64, copy=False)
        decimal, spelled = (array.to_numpy(zero_copy_only=False) for array in (decimal, spelled))
        return _Number(values, present, present & ~decimal & ~spelled, spelled | (decimal & np.isinf(values)))

    def _settled(self, index, column, present):
        """A column that converted to float64 whole: only NaN cells need their text
        (`nan` is non-finite, `nan(1)` malformed)."""
        values = column.to_numpy(zero_copy_only=False).astype(np.float64, copy=False)
        malformed = np.zeros(len(values), dtype=bool)
        if np.isfinite(values).all():  # the common case: one pass instead of three
            return _Number(values, present, malformed, np.zeros(len(values), dtype=bool))
        non_finite = np.isinf(values)
        unsure = present & np.isnan(values)
        if unsure.any():
            unsure = np.flatnonzero(unsure)
            _, wrong, _ = _number_text.classify(self.raw(index)[unsure])
            malformed[unsure] = wrong
            non_finite[unsure] = ~wrong
        return _Number(values, present, malformed, non_finite)


def _null_where_not(mask, column):
    """`column` with null where `mask` is false (pyarrow's cast reads null as no value)."""
    return arrow_compute.if_else(mask, column, pa.scalar(None, type=pa.string()))

