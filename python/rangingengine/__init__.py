# SPDX-License-Identifier: Apache-2.0
"""RangingEngine from Python: replay Ultra-Wideband ranging recordings through
rangectl's reader and replay in Swift (the C library of ranging_replay.h,
through ctypes), with pandas.

    import rangingengine
    df = rangingengine.read_csv("datasets/walk-in-out/samples.csv")
    result = rangingengine.replay(df, zones={"inner": 1.5, "outer": 3.0})
    result.events, result.filtered, result.rejected, result.summary

`rangingengine.spark.replay` runs the same replay on a Spark DataFrame,
one recording per task. `rangingengine.BACKEND` names the linear algebra
backend the replay runs on: "swift" (rangectl's `--backend swift`), or
"gsl" in a build with GSL (RANGINGENGINE_WITH_GSL=1), rangectl's default.
"""
from ._capi import library as _library
from ._columns import RangingFormatError
from ._reader import read_csv
from ._replay import ReplayResult, ReplaySummary, events_jsonl, filtered_csv, replay
from ._table_replay import library_backend as _library_backend

__version__ = _library.ranging_engine_version().decode()
# "swift" (the default install: no GPL code), or "gsl" for a build with RANGINGENGINE_WITH_GSL=1.
BACKEND = _library_backend()
__all__ = ["read_csv", "replay", "events_jsonl", "filtered_csv", "ReplayResult", "ReplaySummary",
           "RangingFormatError", "BACKEND"]
