"""Fuzz: the history file. Any bytes give the records or a one-line reason, never a traceback, a hang or a
changed file; the History screen shows such a file's reason instead of crashing."""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from file_fuzz_helpers import (
    SPECIAL_KINDS, assert_one_line, assert_read_or_refused, assert_special_file_refused,
    mutations, snapshot, special_files, typed_edits, write_cases,
)
from history_helpers import finished_game
from iwari_desktop import history_store
from iwari_desktop.engine.files.saves import save_game
from iwari_desktop.engine.history.record import HistoryError, history_text, read_history_file, record_of

NOW = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def sample() -> dict:
    game = finished_game("new-horizons", (("Ann", None), ("Ben", "easy")), seed=4)
    record = record_of(game, save_game(game), NOW)
    return json.loads(history_text([record]))


def _check(path) -> None:
    assert_read_or_refused(path, read_history_file, HistoryError, lambda records: isinstance(records, list))


def test_the_sample_reads_back(tmp_path, sample):
    path = tmp_path / "history.json"
    path.write_text(json.dumps(sample), encoding="utf-8")
    records = read_history_file(path)
    assert len(records) == 1 and records[0].seats[1].computer == "easy"


def test_damaged_and_mistyped_history_files(tmp_path, sample):
    rng = random.Random(12)
    slim = json.loads(json.dumps(sample))
    slim["games"][0]["save"] = {"format": "iwari-desktop-save"}   # the record's own fields get the edits
    raw = json.dumps(sample, indent=1).encode()
    cases = list(mutations(raw, rng, 120)) + list(typed_edits(slim, rng, 200))
    for path in write_cases(tmp_path, "history", iter(cases)):
        _check(path)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                         lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                     max_size=4), max_leaves=30))
def test_any_json_inside_a_history_envelope(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("h") / "history.json"
    path.write_text(json.dumps({"format": "iwari-desktop-history", "version": 1, "games": [data]}), encoding="utf-8")
    _check(path)


@pytest.mark.parametrize("special", SPECIAL_KINDS)
def test_special_files(tmp_path, special):
    assert_special_file_refused(special_files(tmp_path, "history.json")[special], read_history_file, HistoryError)


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b'{"format": "iwari-desktop-history"}',
                                     b'{"format": "iwari-desktop-history", "version": 99, "games": []}'])
def test_the_store_reports_a_bad_file_and_leaves_it(tmp_path, monkeypatch, content):
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    path = history_store.history_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    before = snapshot(path)
    read = history_store.read_history()
    assert read.records == [] and read.problem
    assert_one_line(read.problem)
    assert read.newer == (b"99" in content)
    assert snapshot(path) == before
