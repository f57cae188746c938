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


def _load():
    if not LIBRARY_PATH.exists():
        raise ImportError(f"{LIBRARY_PATH} is missing: install the package with `pip install ./python`")
    library = ctypes.CDLL(str(LIBRARY_PATH))
    library.ranging_engine_version.argtypes = []
    library.ranging_engine_version.restype = ctypes.c_char_p
    for name, argument in (("ranging_lifecycle_name", ctypes.c_uint32), ("ranging_vertical_name", ctypes.c_int32),
                           ("ranging_direction_state_name", ctypes.c_uint32), ("ranging_exit_reason_name", ctypes.c_uint32),
                           ("ranging_filtered_column_name", ctypes.c_int32)):
        getattr(library, name).argtypes = [argument]
        getattr(library, name).restype = ctypes.c_char_p
    library.ranging_record_column_type.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    library.ranging_record_column_type.restype = ctypes.c_int32
    return library


library = _load()


def _spellings(function):
    """The library's table of one data format's spellings: function(0), function(1), ... until NULL."""
    names = []
    while (name := function(len(names))) is not None:
        names.append(name.decode())
    return names


# The spellings of docs/FORMATS.md, read from the library (ranging_engine.h), which states each once:
# `vertical` and `event` of §1 (the codes of ranging_read_arrays_t's `vertical` and `event` arrays; -1: none),
# `reason` of §2 (ranging_exit_reason_t; none for RANGING_EXIT_MEASURED, code 0) and `direction_state` of §3.
VERTICAL_CODES = {name: code for code, name in enumerate(_spellings(library.ranging_vertical_name))}
LIFECYCLE_CODES = {name: code for code, name in enumerate(_spellings(library.ranging_lifecycle_name))}
EXIT_REASONS = [None]
while (_reason := library.ranging_exit_reason_name(len(EXIT_REASONS)).decode()) != "unknown":
    EXIT_REASONS.append(_reason)
DIRECTION_STATES = _spellings(library.ranging_direction_state_name)
# The filtered track's columns of §3, in order (ranging_replay.h).
FILTERED_COLUMNS = _spellings(library.ranging_filtered_column_name)
