# SPDX-License-Identifier: Apache-2.0
"""replay(..., events_path=PATH, filtered_path=PATH): the events and the
filtered track written to files as the replay makes them, the bytes of
`rangectl replay --events PATH --filtered PATH`, and held nowhere in memory."""
import pytest

import rangingengine
from conftest import DATASETS


@pytest.mark.parametrize("path", DATASETS, ids=[path.parent.name for path in DATASETS])
def test_streamed_outputs_are_rangectls_bytes_on_every_bundled_dataset(path, reference, tmp_path):
    expected = reference(path)
    events, filtered = tmp_path / "events.jsonl", tmp_path / "filtered.csv"
    result = rangingengine.replay(path, events_path=events, filtered_path=str(filtered))
    assert events.read_text() == expected.events
    assert filtered.read_text() == expected.filtered
    # Nothing of either output is held: the frames are absent, the summary and rejections as in memory.
    assert result.events is None and result.filtered is None
    with pytest.raises(ValueError, match="events_path"):
        result.events_jsonl()
    with pytest.raises(ValueError, match="filtered_path"):
        result.filtered_csv()
    in_memory = rangingengine.replay(path)
    assert result.summary == in_memory.summary
    assert result.rejected.equals(in_memory.rejected)


def test_either_output_alone_and_a_table_stream_as_a_file_does(reference, tmp_path):
    path = DATASETS[0]
    expected = reference(path)
    events = tmp_path / "events.jsonl"
    only_events = rangingengine.replay(path, events_path=events)
    assert events.read_text() == expected.events
    assert only_events.events is None and only_events.filtered_csv() == expected.filtered
    filtered = tmp_path / "filtered.csv"
    only_track = rangingengine.replay(path, filtered_path=filtered)
    assert filtered.read_text() == expected.filtered
    assert only_track.filtered is None and only_track.events_jsonl() == expected.events
    # A DataFrame goes through the same replay (ranging_replay_table).
    frame = rangingengine.read_csv(path)
    table = rangingengine.replay(frame, events_path=tmp_path / "t.jsonl", filtered_path=tmp_path / "t.csv")
    assert (tmp_path / "t.jsonl").read_text() == expected.events
    assert (tmp_path / "t.csv").read_text() == expected.filtered
    assert table.events is None and table.filtered is None


def test_outputs_that_collide_with_each_other_or_the_input_or_cannot_be_created_are_refused(tmp_path):
    path = DATASETS[0]
    same = tmp_path / "out"
    with pytest.raises(ValueError, match="filtered_path .* and events_path .* are one file") as caught:
        rangingengine.replay(path, events_path=same, filtered_path=same)
    assert "--" not in str(caught.value)
    with pytest.raises(ValueError, match="events_path .* is the input file"):
        rangingengine.replay(path, events_path=path)
    with pytest.raises(OSError, match="no-such-folder"):
        rangingengine.replay(path, events_path=tmp_path / "no-such-folder" / "events.jsonl")
    with pytest.raises(ValueError, match="events_path=3: expected a file's path"):
        rangingengine.replay(path, events_path=3)
    # A device takes both, as with rangectl.
    assert rangingengine.replay(path, events_path="/dev/null", filtered_path="/dev/null").events is None
