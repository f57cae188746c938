# SPDX-License-Identifier: Apache-2.0
"""Shared fixtures: the repository, rangectl (the reference every result is
compared with), generated recordings, and a local Spark session.

RANGECTL names the rangectl binary (scripts/checks/check-python builds it);
without it, the repository's .build/debug/rangectl is used.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fleet import write_fleet

import rangingengine

REPOSITORY = Path(__file__).resolve().parents[2]
DATASETS = sorted((REPOSITORY / "datasets").glob("*/samples.csv"))
# The real recordings of other labs, read from ../shared/datasets beside the repository (its README.md names each
# source and licence): the package does not ship them. The eight the tests read, by name (not the folder's INRoL
# files), so that a folder lacking one fails rather than passing on fewer.
SHARED_DATASETS = REPOSITORY.parent / "shared" / "datasets"
REAL_RECORDINGS = [SHARED_DATASETS / name for name in (
    "arexp-stage.csv", "arexp-static5m.csv", "hanyang-los-trajA-case1.csv", "hanyang-los-trajB-case3.csv",
    "hanyang-nlos-trajA-case2.csv", "hanyang-nlos-trajB-case3.csv", "hanyang-static.csv", "lias-trolley-fast.csv")]


def skip_without_real_recordings():
    """Skips the calling test, saying why, when ../shared/datasets is absent (a clone without it)."""
    if not SHARED_DATASETS.is_dir():
        pytest.skip(f"{SHARED_DATASETS} is absent: the third-party recordings are read from ../shared/datasets, "
                    "not shipped (README.md, Accuracy)")


@pytest.fixture(scope="session")
def rangectl():
    path = Path(os.environ.get("RANGECTL", REPOSITORY / ".build" / "debug" / "rangectl"))
    if not path.exists():
        pytest.fail(f"no rangectl at {path}: build it (swift build --product rangectl) or set RANGECTL")
    return path


class Reference:
    """rangectl replay's outputs for one file and one set of options, with the
    package's linear algebra backend unless the options name another:
    `--backend swift` for the library built without GSL (the default
    install), rangectl's default (GSL) for one built with it
    (RANGINGENGINE_WITH_GSL=1; rangingengine.BACKEND says which)."""

    def __init__(self, rangectl, path, tmp_path, options=()):
        filtered = tmp_path / f"{Path(path).stem}-filtered.csv"
        filtered.unlink(missing_ok=True)
        backend = [] if "--backend" in options or rangingengine.BACKEND == "gsl" else ["--backend", "swift"]
        # --jobs takes no --filtered.
        track = [] if "--jobs" in options else ["--filtered", str(filtered)]
        done = subprocess.run([str(rangectl), "replay", str(path), *track, "--list-rejected", "100000", *backend,
                               *options], capture_output=True, text=True)
        self.status = done.returncode
        self.events = done.stdout
        self.stderr = done.stderr
        self.filtered = filtered.read_text() if filtered.exists() else None

    def rejected(self, path):
        """(line, field, reason) of every rejected row rangectl listed."""
        pattern = re.compile(re.escape(str(path)) + r":(\d+)(?::\d+)?: (?:row|field '([^']*)'): ([a-z ]+?)(?: '.*)?$")
        found = []
        for line in self.stderr.splitlines():
            match = pattern.match(line)
            if match:
                found.append((int(match.group(1)), match.group(2) or "row", match.group(3).replace(" ", "_")))
        return found


@pytest.fixture(scope="session")
def reference(rangectl, tmp_path_factory):
    directory = tmp_path_factory.mktemp("reference")

    def run(path, options=()):
        return Reference(rangectl, path, directory, options)

    return run


@pytest.fixture(scope="session")
def generated_suite(rangectl, tmp_path_factory):
    """Every scenario of `rangectl generate --seed 11`."""
    directory = tmp_path_factory.mktemp("suite")
    subprocess.run([str(rangectl), "generate", "--seed", "11", "--out", str(directory), "--quiet"], check=True)
    return sorted(directory.glob("*.csv"))


@pytest.fixture(scope="session")
def phone_motion_suites(rangectl, tmp_path_factory):
    """`rangectl generate --phone-motion` suites: every scenario with the phone turning,
    sweeping and walking (pose columns and pose-only rows at 50 Hz)."""
    suites = {}
    for seed, kind in ((21, "turns"), (22, "sweeps"), (23, "walk")):
        directory = tmp_path_factory.mktemp(f"motion-{kind}")
        subprocess.run([str(rangectl), "generate", "--seed", str(seed), "--phone-motion", kind, "--out",
                        str(directory), "--quiet"], check=True)
        suites[kind] = sorted(directory.glob("*.csv"))
    return suites


@pytest.fixture(scope="session")
def fleet_50(rangectl, tmp_path_factory):
    """A 50-object recording: the many-objects scenario of seeds 11, 12 and 13
    (20 tags each) with the objects renamed per seed, the first 50 objects,
    rows merged in time order (fleet.write_fleet)."""
    return write_fleet(rangectl, tmp_path_factory.mktemp("fleet"))


@pytest.fixture(scope="session")
def troubled(fleet_50, tmp_path_factory):
    """The 50-object recording with what real files hold: comments and blank
    lines between rows, CRLF line ends, rows that the reader or the engine
    reject (one of each reason the C path can meet), life-cycle rows, and
    every third object falling silent for 8 s while the others go on (lost exits
    found by the clock check)."""
    lines = fleet_50.read_text().splitlines()
    header, rows = lines[0], lines[1:]
    out = [header]
    names = list(dict.fromkeys(line.split(",")[1] for line in rows))
    silent = set(names[::3])
    for index, line in enumerate(rows):
        fields = line.split(",")
        t, name = float(fields[0]), fields[1]
        if name in silent and 20.0 <= t < 28.0:
            continue
        out.append(line)
        if index == 100:
            out += ["# a comment between rows", "", "   "]
        if index == 200:
            bad = list(fields); bad[2] = "n/a"; out.append(",".join(bad))          # malformed_number
        if index == 210:
            out.append(",".join(fields[:5]))                                     # wrong_field_count
        if index == 220:
            bad = list(fields); bad[0] = f"{t - 30:.6f}"; out.append(",".join(bad))  # time_went_backwards
        if index == 230:
            bad = list(fields); bad[2] = "-1"; out.append(",".join(bad))         # negative_distance
        if index == 240:
            bad = list(fields); bad[2] = "inf"; out.append(",".join(bad))        # non_finite_value
        if index == 250:
            bad = list(fields); bad[3] = ""; out.append(",".join(bad))           # incomplete_direction
        if index == 260:
            bad = [""] * len(fields); bad[0], bad[1], bad[8] = fields[0], name, "dropped"
            out.append(",".join(bad))                                            # unknown_event
        if index == 270:
            bad = [""] * len(fields); bad[0], bad[1] = fields[0], name
            out.append(",".join(bad))                                            # no_measurement
        if index == 280:
            bad = list(fields); bad[2] = "5000"; out.append(",".join(bad))       # distance_out_of_range
        if index == 290:
            bad = list(fields); bad[3:6] = ["0.5", "0", "0"]; out.append(",".join(bad))  # direction_not_unit
        if index == 300:
            bad = list(fields); bad[1] = ""; out.append(",".join(bad))           # missing_value
        if index == 310:
            bad = list(fields); bad[10] = "2e6"; out.append(",".join(bad))       # truth_out_of_range (true_x)
        if index in (1000, 3000):
            event = [""] * len(fields); event[0], event[1] = fields[0], name
            event[8] = "suspended" if index == 1000 else "removed_peer_ended"
            out.append(",".join(event))
            if index == 1000:
                resumed = list(event); resumed[8] = "suspension_ended"; out.append(",".join(resumed))
    path = tmp_path_factory.mktemp("troubled") / "troubled.csv"
    path.write_bytes(("\r\n".join(out) + "\r\n").encode())
    return path


@pytest.fixture(scope="session")
def spark():
    from pyspark.sql import SparkSession
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (SparkSession.builder.master("local[2]").appName("rangingengine-tests")
               .config("spark.ui.enabled", "false")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true")
               .config("spark.sql.shuffle.partitions", "4")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def column_refusals():
    """Tables whose order_by ("line") or recording column spark.replay refuses on the driver, each with the keywords
    that name the columns and the message (a regular expression) of the RangingFormatError: the same on both routes,
    engine="python" (test_spark.py) and engine="jvm" (test_spark_jvm.py). Also the base table they are made from."""
    import pandas as pd
    base = pd.DataFrame({"line": [2, 3, 4], "t": [0.0, 0.1, 0.2], "object": ["a", "a", "b"],
                         "distance": [1.0, 1.1, 1.2], "rec": ["r1", None, "r1"]})
    return base, [
        (base, {"recording": "rec"}, r"field 'rec': recording: column 'rec' has no value on 1 row "
                                     r"\(such as line '3', object 'a', t '0.1'\)"),
        (base.assign(line=[2.0, None, 4.0]), {}, r"field 'line': order_by: column 'line' has no whole number on 1 row "
                                                 r"\(such as object 'a', t '0.1'\)"),
        (base, {"recording": "recording"}, r"field 'recording': recording: the table has no column 'recording'"),
    ]

