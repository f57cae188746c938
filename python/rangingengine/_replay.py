# SPDX-License-Identifier: Apache-2.0
"""replay(): a CSV path through ranging_replay_file, any table through
ranging_replay_table (rangectl's reader and replay, in Swift), and the
result's types."""
import os
from dataclasses import dataclass, field

import pandas as pd

from ._writers import EVENT_COLUMNS, FILTERED_COLUMNS, events_jsonl, filtered_csv, summary_report


@dataclass
class ReplaySummary:
    """The counts `rangectl replay` prints: rows read = accepted + rejected."""

    rows_read: int = 0
    measurements_accepted: int = 0
    lifecycle_accepted: int = 0
    poses_accepted: int = 0
    rejected_by_reason: dict = field(default_factory=dict)
    objects: int = 0
    evictions: int = 0
    enter_events: int = 0
    exit_events: int = 0
    unused_columns: list = field(default_factory=list)

    @property
    def rows_accepted(self) -> int:
        return self.measurements_accepted + self.lifecycle_accepted + self.poses_accepted

    @property
    def rows_rejected(self) -> int:
        return sum(self.rejected_by_reason.values())

    def report(self, path: str) -> str:
        """The summary as rangectl writes it to standard error (its own ReplaySummary.report, in Swift)."""
        return summary_report(path, self)


@dataclass
class ReplayResult:
    """What a replay produced: `events` (docs/FORMATS.md §2 fields), `filtered`
    (the §3 columns, one row per accepted measurement in input order),
    `rejected` (row, column, field, reason, text) and `summary`."""

    events: pd.DataFrame  # None for replay(..., events_path=PATH): the events are in that file
    filtered: pd.DataFrame  # None for replay(..., filtered=False) or filtered_path=PATH
    rejected: pd.DataFrame
    summary: ReplaySummary
    # A file's replay (ranging_replay_file) keeps the events as rangectl's writer wrote them, and its messages.
    events_text: bytes = None
    messages: str = ""

    def events_jsonl(self) -> str:
        """The events as `rangectl replay` writes them (JSON Lines, §2), byte for byte."""
        if self.events is None:
            raise ValueError("no events in memory: this replay wrote them to its events_path")
        return self.events_text.decode() if self.events_text is not None else events_jsonl(self.events)

    def filtered_csv(self) -> str:
        """The filtered track as `rangectl replay --filtered` writes it (§3), byte for byte."""
        if self.filtered is None:
            raise ValueError("no filtered rows in memory: this replay was run with filtered=False, "
                             "or wrote them to its filtered_path")
        return filtered_csv(self.filtered)


def as_frame(data) -> pd.DataFrame:
    """A DataFrame from a DataFrame, a pyarrow Table or RecordBatch, or a
    Parquet (.parquet) or Arrow (.arrow, .feather) path; a CSV path is
    replayed from the file (_is_csv_path)."""
    if isinstance(data, pd.DataFrame):
        return data
    if hasattr(data, "to_pandas") and hasattr(data, "schema"):
        return data.to_pandas()
    if isinstance(data, (str, bytes)) or hasattr(data, "__fspath__"):
        path = os.fsdecode(data)
        return pd.read_parquet(path) if path.endswith(".parquet") else pd.read_feather(path)
    raise TypeError(f"replay: expected a DataFrame, a pyarrow Table or a path, got {type(data).__name__}")


def replay(data, zones=None, **engine_options) -> ReplayResult:
    """Replays ranging rows through the engine, as `rangectl replay` does.

    - data: a DataFrame with the columns of docs/FORMATS.md §1 (from read_csv,
      or built by hand: numeric columns as numbers with NaN for no value), a
      pyarrow Table, or a path.
    - zones: {"inner": 1.5, "outer": 3.0} (the default), {"door": (1.5, 30)}
      for an angle limit in degrees, or rangectl's text "inner=1.5,outer=3".
    - engine_options: rangectl replay's options by name (gate=4, capacity=64,
      direction="off", ...); ValueError names a bad one and its range.
      Also its input options (docs/FORMATS.md §5): preset="android" or
      "qorvo", column={"distance": "range_cm"}, distance_unit, time_unit,
      angle_unit, which read `data` as read_csv reads a file with them.
    - jobs=N: replay the one recording on N threads (1...256, default 1),
      as `rangectl replay --jobs N`: the same results as jobs=1.
    - filtered=False: no filtered rows (`result.filtered` is None), for a
      replay that wants the events alone: the states are then not collected.
    - events_path=PATH, filtered_path=PATH: write the events (JSON Lines,
      §2) and the filtered track (CSV, §3) to these files as the replay
      makes them, the same bytes as `rangectl replay --events PATH
      --filtered PATH`, instead of holding them in memory (`result.events`,
      `result.filtered` are then None): memory stays bounded however long
      the input. The rejected rows and the summary are still returned.
    """
    engine_options = dict(engine_options)
    states = engine_options.pop("filtered", True)
    if not isinstance(states, bool):
        raise ValueError(f"filtered={states!r}: expected True or False")
    streamed = {name for name in ("events_path", "filtered_path") if engine_options.get(name) is not None}
    if "filtered_path" in streamed:
        states = False  # the track goes to its file, not into memory
    if _is_csv_path(data):
        # A CSV file is replayed by rangectl's own reader and replay, in Swift.
        from ._file_replay import replay_file
        result = replay_file(os.fsdecode(data), zones, engine_options, states)
    else:
        # A table is replayed by the same reader and replay, reading its columns as that CSV (ranging_replay_table).
        from ._table_replay import replay_table
        result = replay_table(as_frame(data), zones, engine_options, states)
    if "events_path" in streamed:
        result.events, result.events_text = None, None
    return result


def _is_csv_path(data) -> bool:
    """Whether `data` names a file that is neither Parquet nor Arrow: a CSV, replayed from the file."""
    if not (isinstance(data, (str, bytes)) or hasattr(data, "__fspath__")):
        return False
    return not os.fsdecode(data).endswith((".parquet", ".arrow", ".feather"))
