# SPDX-License-Identifier: Apache-2.0
"""Errors and warnings in Python's terms: the keywords a caller writes
(`angle_unit="deg"`), never rangectl's flags (`--angle-unit deg`), and the
calibration file of `rangectl calibrate --per-object --write-calibration`."""
import re
import subprocess

import pytest

import rangingengine
from conftest import REPOSITORY
from rangingengine._python_terms import python_terms

WALK = REPOSITORY / "datasets" / "walk-in-out" / "samples.csv"


@pytest.mark.parametrize("message,expected", [
    ("--capacity must be in 1...16777216, got 0", "capacity must be in 1...16777216, got 0"),
    ("The value 'rad2' is invalid for '--angle-unit <unit>'. Please provide one of 'deg' and 'rad'.",
     "The value 'rad2' is invalid for 'angle_unit'. Please provide one of 'deg' and 'rad'."),
    ("--process-noise, --measurement-sigma, --gate and --short-gate must be positive",
     "process_noise, measurement_sigma, gate and short_gate must be positive"),
    ("Unknown option '--gates'. Did you mean '--gate'?", "unknown keyword 'gates'. Did you mean 'gate'?"),
    ("x.csv:13: not a ranging CSV: no column 'nope' (--column distance=nope)",
     "x.csv:13: not a ranging CSV: no column 'nope' (column={\"distance\": \"nope\"})"),
    ("e.g. --column 't=Time [ms]' --time-unit ms --column 'it'\\''s=a b' --range-offset -0.1 --zones inner=1.5,outer=3.",
     "e.g. column={\"t\": \"Time [ms]\", \"it's\": \"a b\"}, time_unit=\"ms\", range_offset=-0.1, "
     "zones=\"inner=1.5,outer=3\"."),
    ("--filtered a and --events b are one file", "filtered_path a and events_path b are one file"),
])
def test_rangectls_words_are_translated_by_one_table(message, expected):
    assert python_terms(message) == expected


@pytest.mark.parametrize("message,order_by,recording,keyword,count,shown", [
    ("orderBy: column 'line' has no whole number on 2 rows (such as object 'a', t '0.1')",
     "line", None, "order_by", 2, [("object", "a"), ("t", "0.1")]),
    ("recording: column 'it's' has no value on 1 row (such as line '7', object None)",
     "line", "it's", "recording", 1, [("line", "7"), ("object", None)]),
    ("recording: column 'rec' has no value on 3 rows", None, "rec", "recording", 3, []),
])
def test_the_jvm_routes_null_refusal_is_the_python_routes_error(message, order_by, recording, keyword, count, shown):
    # SparkReplay.replay (Java) words it with its parameter's name; the caller wrote the keyword. Both routes take the
    # words from the library (ranging_null_column_refusal), so the Python route's own refusal of the same rows is it.
    from rangingengine.spark import _jvm_refusal, _null_refusal
    name = order_by if keyword == "order_by" else recording
    error = _jvm_refusal(message, order_by, recording)
    assert type(error) is rangingengine.RangingFormatError and error.field == name
    assert str(error) == f"<Spark DataFrame>: field '{name}': {keyword}{message[message.index(':'):]}"
    assert str(error) == str(_null_refusal(keyword, name, count, shown))


def test_the_jvm_routes_missing_column_is_the_python_routes_error_and_its_others_are_in_pythons_terms():
    from rangingengine.spark import _jvm_refusal
    missing = _jvm_refusal("orderBy: the table has no column 'x'", "x", None)
    assert type(missing) is rangingengine.RangingFormatError and missing.field == "x"
    assert str(missing) == "<Spark DataFrame>: field 'x': order_by: the table has no column 'x'"
    other = _jvm_refusal("--capacity must be in 1...16777216, got 0", None, None)
    assert type(other) is ValueError and str(other) == "capacity must be in 1...16777216, got 0"
    # A parameter's refusal is the Python route's only for the column the caller gave under that parameter.
    assert type(_jvm_refusal("recording: the table has no column 'r'", "line", None)) is ValueError


def test_the_foreign_header_hint_is_keywords_that_read_the_file_with_every_column_used(tmp_path):
    # A header rangectl does not know, with a direction column: the hint names it, in keywords that run as printed.
    log = tmp_path / "foreign.csv"
    log.write_text("Time [ms],Tag ID,Range [cm],azimuth_deg\n"
                   + "".join(f"{1000 + 100 * i},tag one,{150 + i},{10 + i}\n" for i in range(20)))
    for call in (rangingengine.replay, rangingengine.read_csv):
        with pytest.raises(rangingengine.RangingFormatError) as caught:
            call(log)
        message = str(caught.value)
        assert "--" not in message, message
        hint = message.split("e.g. ", 1)[1]
        assert hint == ('column={"t": "Time [ms]", "object": "Tag ID", "distance": "Range [cm]", '
                        '"azimuth": "azimuth_deg"}, time_unit="ms", distance_unit="cm", angle_unit="deg"')
        keywords = eval(f"dict({hint})")  # the hint as a caller pastes it into a call
        result = rangingengine.replay(log, **keywords)
        assert result.summary.rows_read == 20 and result.summary.rows_rejected == 0
        assert result.summary.unused_columns == []


def calibration_table(rangectl, tmp_path):
    """calibrate --per-object --write-calibration on the many-objects dataset: the file and its flags."""
    data = REPOSITORY / "datasets" / "many-objects" / "samples.csv"
    file = tmp_path / "calibration.csv"
    done = subprocess.run([str(rangectl), "calibrate", str(data), "--per-object", "--write-calibration", str(file)],
                          capture_output=True, text=True)
    if done.returncode == 64 and "GSL" in done.stderr:
        pytest.skip("rangectl was built without GSL: no calibrate")
    assert done.returncode == 0, done.stderr
    return data, file


def test_calibration_file_is_read_as_the_equivalent_object_calibrations(rangectl, tmp_path):
    data, file = calibration_table(rangectl, tmp_path)
    rows = [line.split(",") for line in file.read_text().splitlines()[1:]]
    flags = {name: (float(offset), float(scale)) for name, offset, scale in rows}
    from_file = rangingengine.replay(data, calibration_file=file)
    assert from_file.events_jsonl() == rangingengine.replay(data, object_calibration=flags).events_jsonl()
    assert from_file.events_jsonl() != rangingengine.replay(data).events_jsonl()
    assert from_file.filtered_csv() == rangingengine.replay(
        rangingengine.read_csv(data), calibration_file=str(file)).filtered_csv()


def test_a_bad_calibration_file_names_the_keyword_the_file_the_line_and_the_field(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("object,offset_m,scale\ntag,0.1,1\ntag,0.1,0\n")
    with pytest.raises(ValueError, match=re.escape(f"calibration_file: {bad}:3: field 'object': 'tag' is also on line 2")):
        rangingengine.replay(WALK, calibration_file=bad)
    bad.write_text("object,offset_m,scale\ntag,0.1,0\n")
    with pytest.raises(ValueError, match=re.escape(f"calibration_file: {bad}:2: field 'scale': the scale must be positive")):
        rangingengine.replay(WALK, calibration_file=bad)
