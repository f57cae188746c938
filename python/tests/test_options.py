# SPDX-License-Identifier: Apache-2.0
"""The engine options: rangectl replay's names, defaults and ranges. Each value
below is given to rangingengine.replay and to `rangectl replay`: both accept
it, or both refuse it (rangectl with status 64, Python with a ValueError
naming the option)."""
import re
import subprocess

import pytest

import rangingengine
from conftest import REPOSITORY

WALK = REPOSITORY / "datasets" / "walk-in-out" / "samples.csv"

# (option, value, accepted)
CASES = [
    ("hysteresis", 0.0, True), ("hysteresis", 1.5, True), ("hysteresis", 1.6, False), ("hysteresis", -0.1, False),
    ("band_offset", -0.5, True), ("band_offset", -1.5, False), ("band_offset", 20000, False),
    ("enter_dwell", 86400, True), ("enter_dwell", 86401, False), ("exit_dwell", -1, False),
    ("sigma_margin", 0, True), ("sigma_margin", -0.5, False), ("sigma_margin", 101, False),
    ("capacity", 1, True), ("capacity", 0, False),
    ("suspension", "hold", True), ("suspension", "keep", False),
    ("process_noise", 1e-6, True), ("process_noise", 0, False), ("process_noise", 1e7, False),
    ("measurement_sigma", 1e-4, True), ("measurement_sigma", 1e-5, False), ("measurement_sigma", 1e200, False),
    ("gate", 0.1, True), ("gate", 0.05, False), ("short_gate", 1e6, True), ("short_gate", 2e6, False),
    ("max_rate", 0.1, True), ("max_rate", 0.05, False), ("max_rate", float("inf"), True),
    ("reset_after", 1, True), ("reset_after", 0, False),
    ("reset_after_seconds", 86400, True), ("reset_after_seconds", -1, False),
    ("confirmation", 0, True), ("confirmation", 1000, True), ("confirmation", -1, False), ("confirmation", 1001, False),
    ("confirmation_seconds", 3600, True), ("confirmation_seconds", 3601, False),
    ("direction", "off", True), ("direction", "maybe", False),
    ("measured_noise", "off", True), ("measured_noise", "maybe", False),
    ("gating", "always", True), ("gating", "sometimes", False),
    ("fov", "180,90", True), ("fov", "181,45", False), ("fov", "55", False), ("fov", "0,45", False),
    ("max_coast", 3600, True), ("max_coast", 3601, False), ("max_coast", 0, False),
    ("velocity_correlation", 1e-3, True), ("velocity_correlation", 1e-4, False), ("velocity_correlation", 2e6, False),
    ("hampel_threshold", 0, True), ("hampel_threshold", -1, False), ("hampel_threshold", 1e6, True),
    ("hampel_threshold", 2e6, False), ("hampel_window", 15, True), ("hampel_window", 16, False),
    ("hampel_window", 0, False), ("hampel_side", "both", True), ("hampel_side", "below", False),
    ("range_offset", -10, True), ("range_offset", 10.5, False), ("range_scale", 0.5, True), ("range_scale", 2.5, False),
]


def rangectl_accepts(rangectl, option, value):
    flag = "--" + option.replace("_", "-")
    text = value if isinstance(value, str) else repr(value)
    done = subprocess.run([str(rangectl), "replay", str(WALK), "--quiet", "--backend", "swift", flag, text],
                          capture_output=True, text=True)
    assert done.returncode in (0, 64), done.stderr
    return done.returncode == 0


@pytest.mark.parametrize("option,value,accepted", CASES, ids=[f"{o}={v}" for o, v, _ in CASES])
def test_python_and_rangectl_agree_on_every_range(option, value, accepted, rangectl):
    assert rangectl_accepts(rangectl, option, value) == accepted
    frame = rangingengine.read_csv(WALK)
    if accepted:
        rangingengine.replay(frame, **{option: value})
    else:
        # rangectl's own message, naming the option by its keyword (Python's terms, not the flag).
        with pytest.raises(ValueError, match=f"(?<![-\\w]){option}\\b") as caught:
            rangingengine.replay(frame, **{option: value})
        assert "--" not in str(caught.value)


def test_an_unknown_option_is_refused_with_the_known_ones():
    # rangectl's refusal of a misspelt option, with its suggestion.
    with pytest.raises(ValueError, match="unknown keyword 'gates'. Did you mean 'gate'"):
        rangingengine.replay(rangingengine.read_csv(WALK), gates=3)


def test_the_gsl_backend_is_refused_by_name_without_gsl_and_either_backend_replays_as_rangectls_with_it(reference):
    frame = rangingengine.read_csv(WALK)
    if rangingengine.BACKEND == "swift":
        with pytest.raises(ValueError, match='backend="gsl": this package was built without GSL; use backend="swift"'):
            rangingengine.replay(frame, backend="gsl")
        return
    # Built with GSL (RANGINGENGINE_WITH_GSL=1): GSL by default, and the Swift backend when asked, as rangectl.
    expected = {backend: reference(WALK, ["--backend", backend]) for backend in ("gsl", "swift")}
    for backend, outputs in expected.items():
        result = rangingengine.replay(frame, backend=backend)
        assert result.events_jsonl() == outputs.events and result.filtered_csv() == outputs.filtered
    assert rangingengine.replay(frame).filtered_csv() == expected["gsl"].filtered


@pytest.mark.parametrize("texts", [["tag"], ["=0.1"], ["tag=abc"], ["tag=0.1,1,2"], ["tag=20"], ["tag=0.1,3"],
                                   ["tag=0.1", "tag=0.2"], ["tag= 0.1"]])
def test_bad_object_calibration_texts_are_refused_by_both(texts, rangectl):
    # rangectl's --object-calibration name=offset[,scale] (repeatable), as a list of texts.
    done = subprocess.run([str(rangectl), "replay", str(WALK), "--quiet", "--backend", "swift",
                           *[part for text in texts for part in ("--object-calibration", text)]],
                          capture_output=True, text=True)
    assert done.returncode == 64, done.stderr
    with pytest.raises(ValueError, match="(?<![-\\w])object_calibration") as caught:
        rangingengine.replay(rangingengine.read_csv(WALK), object_calibration=texts)
    assert "--" not in str(caught.value)



# rangectl replay's options that say where output goes or how the command runs, not what the engine does:
# replay() returns DataFrames, reads its input once, and runs on the calling thread.
OUTPUT_ONLY = {"events", "filtered", "follow", "smooth", "quiet", "list-rejected", "jobs", "out-dir", "write-filtered",
               "version", "help"}


def test_every_option_of_rangectl_replay_is_a_keyword_of_replay_with_its_default(rangectl):
    # replay() holds no list of options: each keyword is rangectl's option of that name. Every engine and input
    # option of `rangectl replay --help` is taken under its name, with the default the help gives.
    done = subprocess.run([str(rangectl), "replay", "--help"], capture_output=True, text=True, check=True)
    blocks = {block.split()[0]: " ".join(block.split()) for block in re.split(r"\n  (?=--)", done.stdout)
              if block.strip().startswith("--")}
    frame = rangingengine.read_csv(WALK)
    expected = rangingengine.replay(frame).events_jsonl()
    taken = set()
    for flag, block in blocks.items():
        name = flag.removeprefix("--")
        default = re.search(r"(?:\(|; )default: ([^)]*)\)", block)
        # The backend's default is the reference rangectl's build's (GSL); the package's is rangingengine.BACKEND.
        if name in OUTPUT_ONLY or name == "backend" or default is None:
            continue
        assert rangingengine.replay(frame, **{name.replace("-", "_"): default.group(1)}).events_jsonl() == expected
        taken.add(name)
    assert {"gate", "capacity", "zones", "fov", "measurement-sigma", "hampel-side"} <= taken


def test_a_zone_value_that_is_not_a_number_is_refused_by_rangectl_naming_the_zone():
    with pytest.raises(ValueError, match="zone 'door': radius 'wide' is not a positive number of metres"):
        rangingengine.replay(WALK, zones={"door": "wide"})
    assert rangingengine.replay(WALK, zones={"inner": "1.5", "outer": 3}).events_jsonl() == \
        rangingengine.replay(WALK).events_jsonl()


def test_flags_take_true_or_false_only():
    for value in ("yes", 1, None):
        with pytest.raises(ValueError, match="expected True or False"):
            rangingengine.read_csv(WALK, keep_rejected=value)
        with pytest.raises(ValueError, match="expected True or False"):
            rangingengine.replay(WALK, filtered=value)


def test_the_writers_name_a_missing_or_unreadable_column():
    result = rangingengine.replay(WALK)
    with pytest.raises(ValueError, match="events_jsonl: no column 'sigma'"):
        rangingengine.events_jsonl(result.events.drop(columns="sigma"))
    with pytest.raises(ValueError, match="filtered_csv: no column 'nlos'"):
        rangingengine.filtered_csv(result.filtered.drop(columns="nlos"))
    with pytest.raises(ValueError, match="column 't': "):
        rangingengine.events_jsonl(result.events.assign(t="soon"))
