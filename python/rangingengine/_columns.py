# SPDX-License-Identifier: Apache-2.0
"""The columns of a ranging CSV (docs/FORMATS.md §1) and the rejection records
every reader and replay reports, with rangectl's reason codes."""
import pandas as pd

# The phone's attitude (a unit quaternion w, x, y, z), in docs/FORMATS.md §1's order.
POSE = ["pose_w", "pose_x", "pose_y", "pose_z"]
REJECTED_COLUMNS = ["row", "column", "field", "reason", "text"]
# A row's rejection carried with it (read_csv(..., keep_rejected=True)): REJECTED_COLUMNS but the row.
REJECTION_COLUMNS = ["rejected_column", "rejected_field", "rejected_reason", "rejected_text"]


def rejected_frame(records) -> pd.DataFrame:
    """Rejections (row, column, field, reason, text) as a DataFrame; `row` is the
    file's 1-based line for read_csv input, else the DataFrame's index label."""
    frame = pd.DataFrame.from_records(list(records), columns=REJECTED_COLUMNS)
    frame["column"] = frame["column"].astype("Int64")
    return frame


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
