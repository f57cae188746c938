# SPDX-License-Identifier: Apache-2.0
"""The columns of a ranging CSV (docs/FORMATS.md §1) and the rejection records
every reader and replay reports, with rangectl's reason codes."""
import io

import pandas as pd
import pyarrow as pa
import pyarrow.json as pa_json

# The phone's attitude (a unit quaternion w, x, y, z), in docs/FORMATS.md §1's order.
POSE = ["pose_w", "pose_x", "pose_y", "pose_z"]
REJECTED_COLUMNS = ["row", "column", "field", "reason", "text"]
# A row's rejection carried with it (read_csv(..., keep_rejected=True)): REJECTED_COLUMNS but the row, each
# field's column named rejected_FIELD (zip(REJECTED_COLUMNS[1:], REJECTION_COLUMNS) pairs them).
REJECTION_COLUMNS = [f"rejected_{name}" for name in REJECTED_COLUMNS[1:]]
_INTEGERS = {pa.int64(): pd.Int64Dtype()}
# docs/FORMATS.md §6's fields, as the C results give them.
_REJECTED_SCHEMA = pa.schema([("line", pa.int64()), ("column", pa.int64()), ("field", pa.string()),
                              ("reason", pa.string()), ("text", pa.string())])


def rejected_frame(text) -> pd.DataFrame:
    """Rejections given as docs/FORMATS.md §6 JSON Lines (bytes or str) as a
    DataFrame (row, column, field, reason, text), column by column: `row` is
    the §6 line (the file's 1-based line, or a table's row number), `column`
    Int64 (NA for the whole row)."""
    data = text.encode() if isinstance(text, str) else text
    if not data:
        table = _REJECTED_SCHEMA.empty_table()
    else:
        table = pa_json.read_json(io.BytesIO(data), read_options=pa_json.ReadOptions(block_size=1 << 24),
                                  parse_options=pa_json.ParseOptions(explicit_schema=_REJECTED_SCHEMA))
    texts = {name: table.column(name).to_numpy(zero_copy_only=False) for name in ("field", "reason", "text")}
    return pd.DataFrame({"row": table.column("line").to_numpy(),
                         "column": pd.array(table.column("column").to_pandas(types_mapper=_INTEGERS.get)), **texts},
                        columns=REJECTED_COLUMNS)


class RangingFormatError(ValueError):
    """A file or table that is not a ranging CSV at all (rangectl's exit 65 or 66):
    the message names the file, the line and the field."""

    def __init__(self, path, line, field, message):
        self.path, self.line, self.field = path, line, field
        where = f"{path}:{line}" if line is not None else f"{path}"
        super().__init__(f"{where}: field '{field}': {message}" if field else f"{where}: {message}")

    @classmethod
    def from_message(cls, path, message):
        """The error of a file's replay in Swift (ranging_replay_file), whose
        message already names the file and, where there is one, the line."""
        error = cls.__new__(cls)
        error.path, error.line, error.field = path, None, None
        ValueError.__init__(error, message)
        return error
