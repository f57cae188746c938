# SPDX-License-Identifier: Apache-2.0
"""The package's shared library (the C library of ranging_engine.h and
ranging_replay.h), through ctypes, and the codes its records carry.

ctypes rather than cffi: it is in the standard library, so the package needs
no compiler at import time and no build step beyond the shared library; the
library is reached once per file or table (ranging_read_file,
ranging_replay_file, ranging_replay_table), so ctypes' cost per call does not
matter. The structures of those calls live beside their callers
(_file_replay, _table_replay, _reader); tests/test_layout.py compiles a C
program that prints the headers' sizes and offsets and compares them.
"""
import ctypes
from pathlib import Path

LIBRARY_PATH = Path(__file__).resolve().parent / "librangingengine.so"

# RANGING_VERTICAL_* and ranging_lifecycle_t (ranging_engine.h), by the spellings of docs/FORMATS.md §1's
# `vertical` and `event` columns: the codes of ranging_read_arrays_t's `vertical` and `event` arrays (-1: none).
VERTICAL_CODES = {"unknown": 0, "same": 1, "above": 2, "below": 3, "aboveOrBelow": 4}
LIFECYCLE_CODES = {
    "removed_timeout": 0,
    "removed_peer_ended": 1,
    "suspended": 2,
    "suspension_ended": 3,
    "invalidated": 4,
}
# ranging_exit_reason_t: the `reason` of docs/FORMATS.md §2 (none for MEASURED).
EXIT_REASONS = [None, "lost", "removed_timeout", "removed_peer_ended", "suspended", "invalidated", "evicted"]
# ranging_direction_state_t: the `direction_state` of docs/FORMATS.md §3.
DIRECTION_STATES = ["measured", "predicted", "unknown"]


def _load():
    if not LIBRARY_PATH.exists():
        raise ImportError(f"{LIBRARY_PATH} is missing: install the package with `pip install ./python`")
    library = ctypes.CDLL(str(LIBRARY_PATH))
    library.ranging_engine_version.argtypes = []
    library.ranging_engine_version.restype = ctypes.c_char_p
    return library


library = _load()
