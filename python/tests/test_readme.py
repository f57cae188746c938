# SPDX-License-Identifier: Apache-2.0
"""The Python examples of README.md and docs/PYTHON.md run as written, from the repository."""
import re
import subprocess
import sys

import pandas as pd

import rangingengine
from conftest import REPOSITORY


def python_block(heading, page="README.md"):
    text = (REPOSITORY / page).read_text()
    section = text[text.index(f"## {heading}\n"):]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def run(code):
    return subprocess.run([sys.executable, "-c", code], cwd=REPOSITORY, capture_output=True, text=True, check=True)


def test_the_use_from_python_example_prints_the_events_and_the_summary():
    printed = run(python_block("Use it from Python")).stdout
    summary = rangingengine.replay(rangingengine.read_csv(REPOSITORY / "datasets/walk-in-out/samples.csv")).summary
    assert summary.report("walk-in-out") in printed
    assert printed.count("enter") >= 4


def test_the_cluster_example_writes_every_recordings_events():
    printed = run(python_block("Many recordings on a cluster", "docs/PYTHON.md")).stdout
    assert "|recording" in printed.replace(" ", "")
    # The summary table: one line per recording, with its rows read and objects.
    for path in sorted((REPOSITORY / "datasets").glob("*/samples.csv")):
        summary = rangingengine.replay(rangingengine.read_csv(path)).summary
        assert f"|{path.parent.name}|{summary.rows_read}|{summary.rows_rejected}|{summary.objects}|" in printed.replace(
            " ", ""), path.parent.name
    events = pd.read_parquet("/tmp/events.parquet")
    for path in sorted((REPOSITORY / "datasets").glob("*/samples.csv")):
        local = rangingengine.replay(rangingengine.read_csv(path)).events
        ours = events[events["recording"] == path.parent.name].drop(columns="recording").reset_index(drop=True)
        assert rangingengine.events_jsonl(ours) == rangingengine.events_jsonl(local), path.parent.name
