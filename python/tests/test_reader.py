# SPDX-License-Identifier: Apache-2.0
"""read_csv and the inputs replay() takes: docs/FORMATS.md §1's rules, Parquet
and Arrow, and errors that name the file, line and field."""
import copy
import json
import random
from collections import Counter
import subprocess

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.feather as feather
import pyarrow.parquet as parquet
import pytest

import rangingengine
from rangingengine._python_terms import python_terms
from conftest import REPOSITORY
from test_replay import assert_same_as_rangectl

WALK = REPOSITORY / "datasets" / "walk-in-out" / "samples.csv"


def test_columns_in_any_order_with_comments_blank_lines_and_extra_columns_give_the_same_events(tmp_path, reference):
    lines = WALK.read_text().splitlines()
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header = lines[header_at].split(",")
    order = list(reversed(range(len(header))))
    shuffled = [",".join(header[i] for i in order) + ",note"]
    for number, line in enumerate(lines[header_at + 1:]):
        fields = line.split(",")
        shuffled.append(",".join(f" {fields[i]}\t" for i in order) + ",x")
        if number % 50 == 0:
            shuffled += ["# comment", "", " \t "]
    path = tmp_path / "shuffled.csv"
    path.write_bytes(("# leading comment\r\r" + "\r".join(shuffled) + "\r").encode())
    frame = rangingengine.read_csv(path)
    # The columns of §1 in §1's order, then the file's other columns as text.
    assert list(frame.columns[:3]) == ["t", "object", "distance"] and frame.columns[-1] == "note"
    assert (frame["note"] == "x").all()
    assert frame.index.name == "line"
    result = rangingengine.replay(frame)
    expected = reference(path)
    assert result.events_jsonl() == expected.events == rangingengine.replay(rangingengine.read_csv(WALK)).events_jsonl()
    assert result.summary.unused_columns == ["note"]
    assert result.summary.report(str(path)) in expected.stderr


def test_empty_fields_are_no_value(tmp_path):
    path = tmp_path / "empty.csv"
    path.write_text("t,object,distance,dir_x,dir_y,dir_z\n0.0,a,2.0,,,\n0.2,a,,0,0,-1\n0.4,a,,,,\n")
    frame = rangingengine.read_csv(path)
    # The row of no value at all is rangectl's to reject, at the read: it is kept in the attributes.
    assert frame["distance"].isna().tolist() == [False, True]
    # As docs/FORMATS.md §6 writes a rejection: one JSON object a line.
    assert frame.attrs["rangingengine"]["rejected"] == (
        '{"line":4,"column":null,"field":"row","reason":"no_measurement","text":"0.4,a,,,,"}\n')
    result = rangingengine.replay(frame)
    assert result.summary.measurements_accepted == 2
    assert result.rejected[["row", "field", "reason"]].values.tolist() == [[4, "row", "no_measurement"]]


def test_the_columns_are_the_readers_own_arrays_kept_while_any_column_lives(tmp_path):
    """read_csv hands out the reader's arrays without copying them: each numeric column (and the
    line index) keeps the C result alive, so its values outlive the frame they came in, and the
    result is freed once the last of them goes."""
    import gc
    import weakref

    path = tmp_path / "walk.csv"
    path.write_text("t,object,distance,true_distance\n" + "".join(f"{i / 10},a,{1 + i / 100},{1 + i / 90}\n"
                                                                  for i in range(1000)))
    def result_owner(array):  # the _ReadResultOwner at the end of the array's chain of bases
        while not hasattr(array, "owner"):
            array = array.base
        return array.owner

    frame = rangingengine.read_csv(path)
    distance, line = frame["distance"].to_numpy(), frame.index.to_numpy()
    assert result_owner(frame["t"].to_numpy()) is result_owner(distance) is result_owner(line)
    owner = weakref.ref(result_owner(distance))
    del frame
    gc.collect()
    # Values as written: 1 + i/100 parsed by Swift's reader is the float Python parses from the same text.
    assert distance.tolist() == [float(f"{1 + i / 100}") for i in range(1000)]
    assert line.tolist() == list(range(2, 1002)) and owner() is not None
    distance[0] = -1.0  # the arrays are the frame's to change
    del distance
    gc.collect()
    assert owner() is not None  # the line numbers still hold it
    del line
    gc.collect()
    assert owner() is None


def test_a_frame_alive_at_exit_frees_its_arrays_without_the_modules_globals(tmp_path):
    """The reader's result is freed when the last column goes, which at interpreter exit may be after
    the package's modules have lost their globals: freeing needs none of them."""
    import sys

    script = tmp_path / "exit.py"
    script.write_text("import sys, rangingengine\n"
                      f"frame = rangingengine.read_csv({str(WALK)!r})\n"
                      "sys.modules['rangingengine._reader'].__dict__.clear()\n"
                      "sys.modules['rangingengine._capi'].__dict__.clear()\n")
    finished = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert finished.returncode == 0 and "Exception ignored" not in finished.stderr, finished.stderr


def test_a_file_without_t_raises_with_file_line_and_field(tmp_path, reference):
    path = tmp_path / "no-t.csv"
    path.write_text("# comment\ntime,object,distance\n1,a,2\n")
    with pytest.raises(ValueError, match=r"no-t\.csv:2: not a ranging CSV: no 't' column") as refused:
        rangingengine.read_csv(path)
    # rangectl's own message, in Python's terms (its hint's flags as keywords).
    assert f"rangectl replay: {refused.value}" in python_terms(reference(path).stderr)
    assert "--" not in str(refused.value)
    with pytest.raises(rangingengine.RangingFormatError):
        rangingengine.replay(pd.DataFrame({"object": ["a"], "distance": [1.0]}))


@pytest.mark.parametrize("header", [
    "timestamp_ms,device,range_cm",
    "t;object;distance",
    "time_ms,mac_address,status,distance[cm],loc_az_pdoa,loc_az,loc_el_pdoa,loc_el,rmt_az,rmt_el,RSSI[dBm]",
    "a,b,c,d,e,f,g,h,i," + "k" * 80,
    "t,distance",
], ids=["other-log", "semicolons", "qorvo-layout", "many-names", "no-object"])
def test_a_foreign_header_says_what_it_found_and_what_reads_it_as_rangectl_does(header, tmp_path, rangectl):
    # Issue 34, item 11: "no 't' column" alone before.
    path = tmp_path / "foreign.csv"
    path.write_text(header + "\n")
    done = subprocess.run([str(rangectl), "replay", str(path)], capture_output=True, text=True)
    assert done.returncode == 65
    said = done.stderr.strip().split(": not a ranging CSV: ", 1)[1]
    with pytest.raises(rangingengine.RangingFormatError) as raised:
        rangingengine.read_csv(path)
    assert str(raised.value).endswith(f": not a ranging CSV: {python_terms(said)}")
    assert "found '" in said and "--" not in str(raised.value)


def test_parquet_and_arrow_tables_are_taken_wherever_a_dataframe_is(tmp_path):
    frame = rangingengine.read_csv(WALK)
    expected = rangingengine.replay(frame).events_jsonl()
    table = pa.Table.from_pandas(frame.reset_index(drop=True), preserve_index=False)
    assert rangingengine.replay(table).events_jsonl() == expected
    parquet.write_table(table, tmp_path / "walk.parquet")
    assert rangingengine.replay(tmp_path / "walk.parquet").events_jsonl() == expected
    assert rangingengine.replay(pd.read_parquet(tmp_path / "walk.parquet")).events_jsonl() == expected
    feather.write_feather(table, tmp_path / "walk.arrow")
    assert rangingengine.replay(str(tmp_path / "walk.arrow")).events_jsonl() == expected


def test_a_dataframe_built_by_hand_is_checked_as_the_reader_checks_rows():
    frame = pd.DataFrame({
        "t": [0.0, 0.2, 0.4, float("inf"), 0.6, 0.8, 1.0],
        "object": ["a", "a", None, "a", "a", "a", "a"],
        "distance": [2.0, -1.0, 2.0, 2.0, 2.0, 2.0, 2.0],
        "event": [None, None, None, None, "lost_it", None, "suspended"],
        "dir_x": [None, None, None, None, None, 0.0, None],
    })
    result = rangingengine.replay(frame)
    assert result.rejected[["row", "field", "reason"]].values.tolist() == [
        [1, "distance", "negative_distance"], [2, "object", "missing_value"], [3, "t", "non_finite_value"],
        [4, "event", "unknown_event"], [5, "dir_y", "incomplete_direction"],
        [6, "distance", "measurement_on_event_row"]]
    assert result.summary.rows_read == 7 and result.summary.rows_accepted == 1


def test_a_column_added_to_a_frame_of_read_csv_is_counted_as_not_used(tmp_path, reference):
    # The summary lists the file's unused columns (from the attrs) and the frame's new ones, as rangectl lists the
    # columns of the CSV that pandas writes of the frame.
    frame = rangingengine.read_csv(REPOSITORY / "datasets" / "walk-in-out" / "samples.csv").assign(note="x")
    path = tmp_path / "noted.csv"
    frame.to_csv(path, index=False)
    expected = reference(path)
    result = rangingengine.replay(frame)
    assert result.summary.unused_columns == ["note"]
    assert "columns not used: note" in expected.stderr
    assert result.events_jsonl() == expected.events


def test_unsigned_and_boolean_columns_replay_as_the_csv_pandas_writes_of_them(tmp_path, reference):
    # pyarrow made an unsigned integer n into the byte chr(n) when asked for bytes (t = 78 ms became "N"). The
    # reference: rangectl on the CSV that pandas writes of the same frame (digits, and True/False).
    frame = pd.DataFrame({
        "t": np.array([0, 78, 274, 468, 600, 2 ** 64 - 1], dtype=np.uint64),
        "object": ["a"] * 6,
        "distance": np.array([2, 1, 1, 3, 1, 1], dtype=np.uint8),
        "true_distance": pd.array([2, None, 1, 3, 1, 1], dtype="UInt64"),
        "dir_x": [None, None, None, True, None, None],
    })
    path = tmp_path / "unsigned.csv"
    frame.to_csv(path, index=False)
    expected = reference(path, ("--time-unit", "ms"))
    result = rangingengine.replay(frame, time_unit="ms")
    assert result.events_jsonl() == expected.events
    assert result.filtered_csv() == expected.filtered
    ours = [(int(row) + 2, field, reason) for row, field, reason in result.rejected[["row", "field", "reason"]].values]
    assert ours == expected.rejected(path) and len(ours) == 2  # the boolean direction, and the last time's range
    assert result.summary.measurements_accepted == 4


CORPUS = REPOSITORY / "Tests" / "Corpus"


@pytest.mark.parametrize("name", ["nul-object.csv", "negative-zero.csv", "mixed-line-ends.csv",
                                  "comma-before-combining-mark.csv"])
def test_corpus_inputs_replay_as_rangectl_replays_them(name, reference):
    path = CORPUS / name
    expected = reference(path)
    assert expected.status == 0, expected.stderr
    result = rangingengine.replay(rangingengine.read_csv(path))
    assert result.events_jsonl() == expected.events
    assert result.filtered_csv() == expected.filtered
    assert result.summary.report(str(path)) in expected.stderr


@pytest.mark.parametrize("name", ["utf16le-bom.csv", "utf16be-bom.csv"])
def test_a_utf16_file_is_refused_as_rangectl_refuses_it(name, reference):
    expected = reference(CORPUS / name)
    assert expected.status == 65
    with pytest.raises(rangingengine.RangingFormatError, match=f"{name}:1: not a ranging CSV: UTF-16") as refused:
        rangingengine.read_csv(CORPUS / name)
    assert f"rangectl replay: {refused.value}" in expected.stderr


def replayed_as_rangectl_replays(path, reference):
    """Replays `path` with read_csv and replay, and with rangectl: the same rejected rows (row, field,
    reason). Returns the result, rangectl's outputs and the rejected rows, sorted."""
    expected = reference(path)
    assert expected.status == 0, expected.stderr
    result = rangingengine.replay(rangingengine.read_csv(path))
    ours = sorted((int(row), field, reason) for row, field, reason in
                  result.rejected[["row", "field", "reason"]].itertuples(index=False, name=None))
    assert ours == sorted(expected.rejected(path))
    return result, expected, ours


def test_number_spellings_and_line_shapes_are_read_as_rangectl_reads_them(tmp_path, reference):
    # Every case the columnar reader settles outside pyarrow's plain float path, against rangectl's
    # own listing of the rejected rows (line, field, reason) and its events.
    lines = WALK.read_text().splitlines()
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header, rows = lines[header_at], lines[header_at + 1:]
    columns = header.split(",")
    distance, true_x = columns.index("distance"), columns.index("true_x")
    spellings = ["nan(1)", "nan", "-Infinity", "1e400", "1e-400", "+.5", "1.e0", "0x10", "1e", "1_0", "\v1",
                 " 2.5\t", "inf", "2.5e+0", "00.75"]
    out = [header + ",extra,extra"]  # an unknown column may be named twice
    for number, line in enumerate(rows[:400]):
        fields = line.split(",")
        if number < 2 * len(spellings):
            column = distance if number % 2 == 0 else true_x
            fields[column] = spellings[number // 2]
        out.append(",".join(fields) + ",x,999")
        if number == 40:
            out.append("#" + "," * (len(columns) + 2))                # a comment as wide as a row
            out.append(" \t ")                                       # blank
        if number == 41:
            out.append(",".join(fields))                             # wrong_field_count
        if number == 42:
            bad = list(fields); bad[0] = ""; bad[distance] = "x"     # missing_value (t) before malformed_number
            out.append(",".join(bad) + ",x,1")
    path = tmp_path / "spellings.csv"
    path.write_bytes(("\n".join(out) + "\n").encode())
    result, expected, ours = replayed_as_rangectl_replays(path, reference)
    assert {reason for _, _, reason in ours} >= {"malformed_number", "non_finite_value", "wrong_field_count",
                                                   "missing_value"}
    assert result.events_jsonl() == expected.events
    assert result.filtered_csv() == expected.filtered
    assert result.summary.report(str(path)) in expected.stderr


def test_object_names_over_256_bytes_are_rejected_as_rangectl_rejects_them(tmp_path, reference):
    # Issue 34, item 8: at most 256 bytes of UTF-8 (rangectl's RowParser.maximumObjectNameBytes), on both routes.
    names = ["a" * 256, "a" * 257, "\u00e9" * 128, "\u00e9" * 129, "\u20ac" * 86, "short"]
    rows = ["t,object,distance"] + [f"{k},{name},1.0" for k, name in enumerate(names)]
    path = tmp_path / "names.csv"
    path.write_bytes(("\n".join(rows) + "\n").encode())
    result, expected, ours = replayed_as_rangectl_replays(path, reference)
    # Lines 3, 5 and 6: 257, 258 and 258 bytes.
    assert ours == [(3, "object", "object_name_too_long"), (5, "object", "object_name_too_long"),
                    (6, "object", "object_name_too_long")]
    frame = pd.DataFrame({"t": [0.0, 1.0, 2.0], "object": ["a" * 257, None, "b"], "distance": [1.0, 1.0, 1.0]})
    counts = rangingengine.replay(frame).summary
    assert counts.rejected_by_reason == {"object_name_too_long": 1, "missing_value": 1}


def test_a_column_of_the_format_named_twice_is_refused_as_rangectl_refuses_it(tmp_path, reference):
    path = tmp_path / "twice.csv"
    path.write_text("# comment\nt,object,distance,t\n0.0,a,2.0,1.0\n")
    expected = reference(path)
    assert expected.status == 65
    with pytest.raises(rangingengine.RangingFormatError, match=r"twice\.csv:2: not a ranging CSV: duplicate") as refused:
        rangingengine.read_csv(path)
    assert f"rangectl replay: {refused.value}" in expected.stderr


def test_the_formats_worked_pose_example_turns_the_direction_as_its_closed_form_says(tmp_path, reference):
    # docs/FORMATS.md §1: the phone turns 90° left about +y, q = (cos 45°, 0, sin 45°, 0); an object
    # 2 m straight ahead before the turn is then at q* (0, 0, -2) q = (2, 0, 0): direction (1, 0, 0).
    path = tmp_path / "pose.csv"
    path.write_text("t,object,distance,dir_x,dir_y,dir_z,pose_w,pose_x,pose_y,pose_z\n0.00,,,,,,1,0,0,0\n"
                    "0.00,tag,2.0,0,0,-1,,,,\n0.50,,,,,,0.7071068,0,0.7071068,0\n0.50,tag,2.0,,,,,,,\n")
    result = rangingengine.replay(rangingengine.read_csv(path))
    last = result.filtered.iloc[-1]
    assert last["direction_state"] == "predicted"
    assert abs(last["dir_x"] - 1) < 0.01 and abs(last["dir_y"]) < 0.01 and abs(last["dir_z"]) < 0.01
    assert result.summary.poses_accepted == 2 and result.summary.measurements_accepted == 2
    assert result.filtered_csv() == reference(path).filtered
    # A DataFrame built by hand takes the same columns.
    frame = pd.DataFrame({"t": [0.0, 0.0, 0.5, 0.5], "object": [None, "tag", None, "tag"],
                          "distance": [None, 2.0, None, 2.0], "dir_x": [None, 0, None, None],
                          "dir_y": [None, 0, None, None], "dir_z": [None, -1, None, None],
                          "pose_w": [1, None, 0.7071068, None], "pose_x": [0, None, 0, None],
                          "pose_y": [0, None, 0.7071068, None], "pose_z": [0, None, 0, None]})
    assert rangingengine.replay(frame).filtered_csv() == result.filtered_csv()

@pytest.mark.parametrize("shape", ["empty lines", "a row of empty fields", "no line end at the end",
                                   "wrong field count"])
def test_plain_data_lines_are_numbered_and_checked_as_rangectl_does(shape, tmp_path, reference):
    # Lines numbered from the header's line on, an empty line skipped and a line of empty fields rejected.
    lines = WALK.read_text().splitlines()
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    header, rows = lines[header_at], lines[header_at + 1:header_at + 301]
    if shape == "empty lines":
        rows[100:100] = ["", ""]
        rows[10:10] = [""]
    elif shape == "a row of empty fields":
        rows[20:20] = ["," * header.count(",")]
    elif shape == "wrong field count":
        rows[30:30] = ["1.5,a"]
    text = "\n".join(lines[:header_at] + [header] + rows) + ("" if shape == "no line end at the end" else "\n")
    path = tmp_path / "plain.csv"
    path.write_bytes(text.encode())
    result, expected, ours = replayed_as_rangectl_replays(path, reference)
    assert len(ours) == {"empty lines": 0, "no line end at the end": 0}.get(shape, 1)
    assert result.events_jsonl() == expected.events
    assert result.filtered_csv() == expected.filtered
    assert result.summary.report(str(path)) in expected.stderr


def test_rows_kept_with_their_rejection_are_counted_wherever_the_rows_go(tmp_path, reference, troubled):
    # read_csv(keep_rejected=True): the rejected rows travel as rows, so that a table without attrs (pd.concat,
    # Parquet, Spark) still gives rangectl's counts: rows read = accepted + rejected by reason.
    bad = tmp_path / "bad.csv"
    bad.write_text("t,object,distance\n0.0,a,1.0\n0.1,a,abc\n0.2,a,nan\n0.3,,1.0\n0.4,a,1e999\n0.5,a\n0.6,a,1.5\n")
    for path in (bad, troubled):
        expected = reference(path)
        kept = rangingengine.read_csv(path, keep_rejected=True)
        assert kept.attrs["rangingengine"]["rejected"] == ""
        table = pd.concat([kept.iloc[:0], kept])  # as pd.concat, Parquet or Spark leave it: no attrs
        table.attrs = {}
        result = rangingengine.replay(table)
        assert result.summary.report(str(path)) in expected.stderr
        assert result.events_jsonl() == expected.events
        assert result.filtered_csv() == expected.filtered
        ours = sorted((int(row), field, reason) for row, field, reason in
                      result.rejected[["row", "field", "reason"]].itertuples(index=False, name=None))
        assert ours == sorted(expected.rejected(path))
        # The same rejections, texts and columns included, as the attrs give.
        from_attrs = rangingengine.replay(rangingengine.read_csv(path)).rejected
        assert result.rejected.sort_values("row", kind="stable").reset_index(drop=True).equals(from_attrs)
    by_reason = rangingengine.replay(rangingengine.read_csv(bad, keep_rejected=True)).summary.rejected_by_reason
    assert by_reason == {"malformed_number": 1, "non_finite_value": 2, "missing_value": 1, "wrong_field_count": 1}


def test_the_rejections_in_the_attrs_are_one_text_that_pandas_copies_as_it_is(troubled, reference):
    # pandas deep-copies attrs at every operation on the frame (a column taken, a filter): with the rejections as a
    # list of records each operation walked them all (1.3 s a column on a recording with half its rows rejected).
    # As §6's text they are one str, which a deep copy keeps as it is.
    frame = rangingengine.read_csv(troubled)
    text = frame.attrs["rangingengine"]["rejected"]
    assert isinstance(text, str) and text.endswith("\n")
    assert copy.deepcopy(frame.attrs)["rangingengine"]["rejected"] is text
    assert frame[frame["distance"] > 1.0].attrs["rangingengine"]["rejected"] is text
    lines = [json.loads(line) for line in text.splitlines()]
    # The reader's own rejections, among those rangectl lists (which adds the engine's, such as time_went_backwards).
    assert lines and {(row["line"], row["field"], row["reason"]) for row in lines} <= set(
        reference(troubled).rejected(troubled))
    # A frame of an earlier read_csv, whose attrs held the records as lists (Parquet keeps them), counts alike.
    earlier = frame.copy()
    earlier.attrs = {"rangingengine": {**frame.attrs["rangingengine"], "rejected": [
        [row["line"], row["column"], row["field"], row["reason"], row["text"]] for row in lines]}}
    now, then = rangingengine.replay(frame), rangingengine.replay(earlier)
    assert then.rejected.equals(now.rejected)
    assert then.summary == now.summary


HOSTILE_HEADERS = ["t,object,distance\n", "t,object,distance,dir_x,dir_y,dir_z,event,vertical,true_distance,note\n",
                   "\ufeff t ,object,distance,note,note\r\n", "#c\n", ""]
HOSTILE_PIECES = [
    "0.1,a,1.5\n", "0.2,a,", "nan", "1e308", "-0", ",", "\n", "\r\n", "\r", "b", "0.3,b,2.9,0,0,-1\n", "\xff",
    "removed_timeout", "above", "#c\n", "9e9,a,1\n", ",,,\n", "0.1,a,-1\n", "5,c,0.4,1,1,1\n", " \t", "é",
    "7,a,2.5,,,,,same,2.4,x\n", "0x1p3", "1_0", "+.5", "inf", "\ufeff", '"a"', "\x00", "1.25,a,2.0\n",
    "2.5,b,1.0,0,0,-1,,,1.1,y\n", "3,a,0.9\n", "4,a,3.5,,,,suspended\n",
]


@pytest.mark.parametrize("seed", range(40))
def test_hostile_files_read_and_replay_as_rangectl_replays_them(seed, tmp_path, reference):
    # Seeded files of pieces (bad numbers, stray bytes, line ends of every kind, short and long rows): read_csv +
    # replay, with the rejected rows in the attributes or kept as rows, gives rangectl's bytes, or its refusal.
    draws = random.Random(seed)
    text = draws.choice(HOSTILE_HEADERS) + "".join(draws.choice(HOSTILE_PIECES) for _ in range(draws.randint(1, 120)))
    path = tmp_path / "hostile.csv"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    expected = reference(path)
    if expected.status != 0:
        with pytest.raises(rangingengine.RangingFormatError) as refused:
            rangingengine.read_csv(path)
        assert f"rangectl replay: {refused.value}" in python_terms(expected.stderr)
        return
    assert_same_as_rangectl(path, reference)  # read_csv's frame, and the path itself
    assert_same_as_rangectl(path, reference, data=rangingengine.read_csv(path, keep_rejected=True))


@pytest.mark.parametrize("seed", range(40))
def test_no_rejected_row_is_lost_or_counted_twice_however_the_frame_is_cut(seed, tmp_path):
    # The hostile files of the test above, read with the rejections in the attrs or kept as rows, then cut as a
    # user cuts a frame (rows shuffled, some dropped): every rejection the frame carries is in the result once, the
    # engine's own rejections (time_went_backwards, which a shuffle makes) beside them, and rows read = accepted +
    # rejected by reason.
    draws = random.Random(seed)
    text = draws.choice(HOSTILE_HEADERS) + "".join(draws.choice(HOSTILE_PIECES) for _ in range(draws.randint(1, 120)))
    path = tmp_path / "hostile.csv"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    try:
        frames = [rangingengine.read_csv(path), rangingengine.read_csv(path, keep_rejected=True)]
    except rangingengine.RangingFormatError:
        return  # refused whole: the test above holds it to rangectl's message
    for frame in frames:
        order = draws.sample(range(len(frame)), len(frame))
        cut = frame.iloc[[position for position in order if draws.random() < 0.8]]
        # What the frame carries, read from §6's text with the json module and from the kept rows' own columns.
        attrs = [json.loads(line) for line in frame.attrs["rangingengine"]["rejected"].splitlines()]
        carried = [(row["line"], row["reason"]) for row in attrs]
        if "rejected_reason" in cut:
            kept = cut["rejected_reason"].notna().to_numpy()
            carried += list(zip(cut.index[kept].tolist(), cut["rejected_reason"][kept].tolist()))
        result = rangingengine.replay(cut, filtered=False)
        summary = result.summary
        assert summary.rows_read == len(cut) + len(attrs)
        assert summary.rows_read == summary.rows_accepted + summary.rows_rejected
        assert summary.rows_rejected == len(result.rejected) == sum(summary.rejected_by_reason.values())
        found = Counter(zip(result.rejected["row"].tolist(), result.rejected["reason"].tolist()))
        assert all(found[key] == 1 for key in carried), [key for key in carried if found[key] != 1]


def test_an_object_name_with_a_line_break_is_rejected_and_names_no_other_object():
    # The results list names one a line: "a\nb" was named "a", and the object after it "b".
    frame = pd.DataFrame({"t": [0.0, 0.1, 0.2, 0.3], "object": ["a\nb", "c", "d\r", "c"],
                          "distance": [1.0, 5.0, 1.2, 5.0]})
    result = rangingengine.replay(frame)
    assert result.rejected[["row", "reason"]].values.tolist() == [[0, "wrong_field_count"], [2, "wrong_field_count"]]
    assert result.filtered["object"].tolist() == ["c", "c"]
    assert set(result.events["object"]) <= {"c"}
    assert result.summary.rows_read == 4 and result.summary.rows_rejected == 2
    # A column name with a line break: refused as no header holds one.
    with pytest.raises(rangingengine.RangingFormatError, match="holds a line break"):
        rangingengine.replay(frame.rename(columns={"distance": "distance\n"}).assign(note="x"))


def test_hostile_object_names_name_only_their_own_rows():
    # Seeded names of commas, line breaks, blanks, quotes, NUL, '#' and non-ASCII: each accepted row's filtered
    # object is its own name, trimmed; every refused name rejects its row; rows read = accepted + rejected.
    draws = random.Random(35)
    pieces = ["a", "b", "tag-1", ",", "\n", "\r", "\t", " ", '"', "\x00", "#", "é", "\x85", "\u2028"]
    for _ in range(20):
        count = draws.randint(1, 30)
        names = ["".join(draws.choice(pieces) for _ in range(draws.randint(1, 4))) for _ in range(count)]
        frame = pd.DataFrame({"t": [0.1 * row for row in range(count)], "object": names,
                              "distance": [draws.choice([1.0, 1.4, 2.0, 3.5]) for _ in range(count)]})
        result = rangingengine.replay(frame)
        refused = {row for row, name in enumerate(names) if any(c in name for c in ",\n\r")}
        rejected = dict(zip(result.rejected["row"], result.rejected["reason"]))
        assert {row for row, reason in rejected.items() if reason == "wrong_field_count"} == refused
        accepted = [row for row in range(count) if row not in rejected]
        assert result.filtered["object"].tolist() == [names[row].strip(" \t") for row in accepted]
        summary = result.summary
        assert summary.rows_read == count == summary.rows_accepted + summary.rows_rejected
        assert result.filtered_csv().count("\n") == len(accepted) + 1


def test_a_header_name_with_a_tab_reads_through_a_mapping(tmp_path):
    path = tmp_path / "tab.csv"
    path.write_text("t,object,range\tcm\n0.1,a,150\n0.2,a,140\n")
    frame = rangingengine.read_csv(path, column={"distance": "range\tcm"}, distance_unit="cm")
    assert frame["distance"].tolist() == [1.5, 1.4]
    assert frame.attrs["rangingengine"]["field_names"]["distance"] == "range\tcm"
    assert frame.attrs["rangingengine"]["file_columns"]["distance"] == 3


def test_an_object_name_with_a_comma_is_rejected_as_its_csv_line_would_be():
    # docs/FORMATS.md §1: a name holds no comma; the filtered track (§3) does not quote one.
    frame = pd.DataFrame({"t": [0.1, 0.2], "object": ["a,b", "c"], "distance": [1.5, 2.5], "note": ["x,y", "z"]})
    result = rangingengine.replay(frame)
    assert result.rejected[["row", "field", "reason", "text"]].values.tolist() == [[0, "row", "wrong_field_count",
                                                                                      "0.1,a,b,1.5,x,y"]]
    assert result.filtered["object"].tolist() == ["c"] and "a,b" not in result.filtered_csv()


def test_a_summary_report_is_rangectls_own_with_control_characters_escaped():
    summary = rangingengine.ReplaySummary(rows_read=3, measurements_accepted=2, rejected_by_reason={"z_reason": 0,
                                          "malformed_number": 1}, objects=1, unused_columns=["n\tote"])
    assert summary.report("in\x1b[31m.csv") == (
        "in\\x1b[31m.csv: 3 rows read, 2 accepted (2 measurements, 0 life-cycle), 1 rejected\n"
        "  rejected malformed_number: 1\n  rejected z_reason: 0\n  objects: 1 (evicted: 0)\n"
        "  events: 0 (0 enter, 0 exit)\n  columns not used: n\\tote\n")
    with pytest.raises(ValueError, match="refused"):
        rangingengine.ReplaySummary(rows_read=-1).report("x")


def test_object_names_given_as_bytes_replay_as_the_file_of_those_bytes(tmp_path, reference):
    # Bytes as they are, invalid UTF-8 among them, beside texts and a number: the file holding those bytes is
    # the reference, whose reader repairs what is not UTF-8 (as the table's does).
    names = [b"a", b"\xffb", "c\u00e9", 7, b"a", b"\xffb"]
    frame = pd.DataFrame({"t": [0.1 * row for row in range(6)], "object": names,
                          "distance": [1.0, 1.1, 2.0, 3.5, 1.2, 1.3]})
    path = tmp_path / "bytes.csv"
    lines = [b"t,object,distance"] + [b"%r,%s,%r" % (t, name if isinstance(name, bytes) else str(name).encode(), d)
                                      for t, name, d in zip(frame["t"], names, frame["distance"])]
    path.write_bytes(b"\n".join(lines) + b"\n")
    expected = reference(path)
    result = rangingengine.replay(frame)
    assert result.events_jsonl() == expected.events and result.filtered_csv() == expected.filtered


def test_missing_values_beside_bytes_that_are_not_utf8_are_missing():
    # pandas' NA and NaN, as None: a missing object (missing_value), never the name "<NA>" or "nan".
    frame = pd.DataFrame({"t": [0.0, 0.1, 0.2, 0.3, 0.4], "object": [b"\xff", pd.NA, 7, None, float("nan")],
                          "distance": [1.0, 1.1, 1.2, 1.3, 1.4]})
    result = rangingengine.replay(frame)
    assert result.filtered["object"].tolist() == ["\\xff", "7"]
    assert result.rejected[["row", "reason"]].values.tolist() == [[1, "missing_value"], [3, "missing_value"],
                                                                 [4, "missing_value"]]


def test_carried_rejections_survive_a_csv_round_trip_however_pandas_reads_empty_fields(tmp_path, reference):
    # keep_rejected=True writes "empty on the other rows"; through a CSV that reads back as NaN by default and as
    # "" with keep_default_na=False. Either way only the rows with a reason are rejected, each for its own reason,
    # and the replay is rangectl's of the original file.
    bad = tmp_path / "bad.csv"
    bad.write_text("t,object,distance\n0.0,a,1.0\n0.1,a,abc\n0.2,a,nan\n0.3,,1.0\n0.4,a,1e999\n0.5,a\n0.6,a,1.5\n")
    expected = reference(bad)
    written = tmp_path / "kept.csv"
    rangingengine.read_csv(bad, keep_rejected=True).to_csv(written, index=False)
    for keep_default_na in (True, False):
        table = pd.read_csv(written, keep_default_na=keep_default_na)
        result = rangingengine.replay(table)
        assert result.events_jsonl() == expected.events
        assert result.filtered_csv() == expected.filtered
        assert result.summary.rows_read == 7 and result.summary.rows_rejected == 5
        assert result.summary.rejected_by_reason == {"malformed_number": 1, "non_finite_value": 2,
                                                     "missing_value": 1, "wrong_field_count": 1}


def test_an_empty_rejected_reason_is_no_rejection(tmp_path, reference):
    path = tmp_path / "plain.csv"
    path.write_text("t,object,distance\n0.0,a,1.0\n0.5,a,1.1\n1.0,a,1.2\n")
    table = rangingengine.read_csv(path).assign(rejected_reason="")
    result = rangingengine.replay(table)
    assert result.summary.rows_rejected == 0 and result.summary.rows_accepted == 3
    assert result.filtered_csv() == reference(path).filtered


def test_a_rejected_reason_alone_is_counted_with_empty_fields():
    # rejected_column, rejected_field and rejected_text are optional beside rejected_reason.
    table = pd.DataFrame({"t": [0.0, 0.5, 1.0], "object": ["a", "a", "a"], "distance": [1.0, None, 1.2],
                          "rejected_reason": [None, "malformed_number", None]})
    result = rangingengine.replay(table)
    assert result.summary.rows_read == 3 and result.summary.rows_rejected == 1
    assert result.summary.rejected_by_reason == {"malformed_number": 1}
    rejected = result.rejected.iloc[0]
    assert rejected["reason"] == "malformed_number" and pd.isna(rejected["column"]) and rejected["text"] == ""


def test_a_rejected_column_that_is_no_place_is_refused_naming_it():
    table = pd.DataFrame({"t": [0.0, 0.5], "object": ["a", "a"], "distance": [1.0, None],
                          "rejected_reason": [None, "malformed_number"], "rejected_column": [None, "third"]})
    with pytest.raises(rangingengine.RangingFormatError, match="rejected_column.*'third'"):
        rangingengine.replay(table)


def test_a_name_with_lone_surrogates_replays_as_rangectl_replays_its_bytes(tmp_path, reference):
    # A name read from bytes that are not UTF-8 (os.fsdecode, surrogateescape) holds lone surrogates: the table
    # hands over the bytes they stand for, and the reader repairs them as it repairs the file's.
    raw = b"t,object,distance\n0.0,tag\xff,1.0\n0.5,tag\xff,1.1\n1.0,ok,2.0\n"
    path = tmp_path / "bytes.csv"
    path.write_bytes(raw)
    expected = reference(path)
    # A column of Python objects (pandas' Arrow-backed strings refuse lone surrogates themselves).
    names = pd.Series(["tag\udcff", "tag\udcff", "ok"], dtype=object)
    result = rangingengine.replay(pd.DataFrame({"t": [0.0, 0.5, 1.0], "object": names, "distance": [1.0, 1.1, 2.0]}))
    assert result.events_jsonl() == expected.events
    assert result.filtered_csv() == expected.filtered
