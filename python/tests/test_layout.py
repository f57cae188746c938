# SPDX-License-Identifier: Apache-2.0
"""The ctypes structures and NumPy records of rangingengine._file_replay,
_table_replay, _reader and _writers against ranging_replay.h, and the codes of
rangingengine._capi against ranging_engine.h: a C program prints each
structure's size and each field's offset as the C compiler lays them out,
and each code's value."""
import ctypes
import os
import shlex
import subprocess

from rangingengine import _capi, _file_replay, _reader, _table_replay, _writers
from conftest import REPOSITORY

STRUCTURES = {
    "ranging_replay_text_t": _file_replay.Text,
    "ranging_replay_result_t": _file_replay.Result,
    "ranging_replay_event_t": _file_replay.EVENT_RECORD,
    "ranging_replay_column_t": _table_replay.Column,
    "ranging_read_arrays_t": _reader.ReadArrays,
    "ranging_read_result_t": _reader.ReadResult,
    "ranging_names_t": _writers.Names,
    "ranging_filtered_columns_t": _file_replay.FilteredColumns,
    "ranging_filtered_arrays_t": _file_replay.FilteredColumns,
    "ranging_replay_summary_t": _writers.Summary,
}
# Each code of _capi, by the name of its constant in ranging_engine.h.
CODES = {**{f"RANGING_VERTICAL_{name.upper() if name != 'aboveOrBelow' else 'ABOVE_OR_BELOW'}": code
            for name, code in _capi.VERTICAL_CODES.items()},
         **{f"RANGING_LIFECYCLE_{name.upper()}": code for name, code in _capi.LIFECYCLE_CODES.items()},
         **{f"RANGING_EXIT_{(name or 'measured').upper()}": code for code, name in enumerate(_capi.EXIT_REASONS)},
         **{f"RANGING_DIRECTION_{name.upper()}": code for code, name in enumerate(_capi.DIRECTION_STATES)}}


def layout(kind):
    if isinstance(kind, type) and issubclass(kind, ctypes.Structure):
        return ctypes.sizeof(kind), {name: getattr(kind, name).offset for name, _ in kind._fields_}
    return kind.itemsize, {name: kind.fields[name][1] for name in kind.names}


def test_every_structure_has_the_headers_layout(tmp_path):
    lines = ['#include <stddef.h>', '#include <stdio.h>', '#include "ranging_engine.h"', '#include "ranging_replay.h"',
             "int main(void) {"]
    for c_name, kind in STRUCTURES.items():
        size, offsets = layout(kind)
        lines.append(f'  printf("{c_name} %zu\\n", sizeof({c_name}));')
        for field in offsets:
            lines.append(f'  printf("{c_name}.{field} %zu\\n", offsetof({c_name}, {field}));')
    for c_name in CODES:
        lines.append(f'  printf("{c_name} %lld\\n", (long long){c_name});')
    lines += ["  return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines) + "\n")
    compiler = shlex.split(os.environ.get("CC", "cc"))
    subprocess.run(compiler + ["-I", str(REPOSITORY / "Sources/RangingEngineCAPI/include"),
                               "-I", str(REPOSITORY / "Sources/RangingReplayCAPI/include"), str(source), "-o",
                               str(tmp_path / "layout")], check=True)
    printed = dict(line.rsplit(" ", 1) for line in subprocess.run(
        [str(tmp_path / "layout")], capture_output=True, text=True, check=True).stdout.splitlines())
    for c_name, kind in STRUCTURES.items():
        size, offsets = layout(kind)
        assert int(printed[c_name]) == size, c_name
        for field, offset in offsets.items():
            assert int(printed[f"{c_name}.{field}"]) == offset, f"{c_name}.{field}"
    for c_name, code in CODES.items():
        assert int(printed[c_name]) == code, c_name


def test_the_library_is_the_headers_version():
    import rangingengine
    header = (REPOSITORY / "Sources/RangingEngineCAPI/include/ranging_engine.h").read_text()
    assert f'#define RANGING_ENGINE_VERSION "{rangingengine.__version__}"' in header
