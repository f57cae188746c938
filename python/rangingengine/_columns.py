# SPDX-License-Identifier: Apache-2.0
"""The columns of a ranging CSV (docs/FORMATS.md §1) and the rejection records
every reader and replay reports, with rangectl's reason codes."""
import numpy as np
import pandas as pd

# The phone's attitude (a unit quaternion w, x, y, z), in KnownColumn.poseColumns' order.
POSE = ["pose_w", "pose_x", "pose_y", "pose_z"]
NUMERIC = ["t", "distance", "dir_x", "dir_y", "dir_z", "horizontal_angle",
           "true_distance", "true_x", "true_y", "true_z"] + POSE
TEXT = ["object", "vertical", "event"]
KNOWN = set(NUMERIC) | set(TEXT)
AXES = ["dir_x", "dir_y", "dir_z"]
# A life-cycle row carries none of these (measurement_on_event_row).
MEASUREMENT = ["distance", "dir_x", "dir_y", "dir_z", "horizontal_angle", "vertical"]
VERTICAL = {"same", "above", "below", "aboveOrBelow", "unknown"}
# SampleValidation.attitudeNormTolerance: a pose's norm must be within this of 1.
POSE_NORM_TOLERANCE = 0.01
# |t| must stay below this many seconds: Timestamp's microseconds fit in an Int64.
MAXIMUM_SECONDS = 9.2e12
# RowParser.maximumObjectNameBytes: a longer name (in UTF-8) rejects its row as object_name_too_long.
MAXIMUM_OBJECT_NAME_BYTES = 256


def too_long_names(texts):
    """For distinct texts (None where empty): which names have more than MAXIMUM_OBJECT_NAME_BYTES bytes of UTF-8."""
    return np.array([text is not None and len(text) * 4 > MAXIMUM_OBJECT_NAME_BYTES
                     and len(text.encode("utf-8", "surrogatepass")) > MAXIMUM_OBJECT_NAME_BYTES for text in texts],
                    dtype=bool)
REJECTED_COLUMNS = ["row", "column", "field", "reason", "text"]
# A row's rejection carried with it (read_csv(..., keep_rejected=True)): REJECTED_COLUMNS but the row.
REJECTION_COLUMNS = ["rejected_column", "rejected_field", "rejected_reason", "rejected_text"]
MAXIMUM_TEXT = 40


def clipped(text: str) -> str:
    """RowRejection's text: at most 40 characters, then `...`."""
    return text if len(text) <= MAXIMUM_TEXT else text[:MAXIMUM_TEXT] + "..."


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
