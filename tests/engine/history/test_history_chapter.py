"""A campaign chapter's game in the history (playtest D17): kept with its chapter's title, read back exactly,
recorded once, and a history without the field (every file written before) reads as before."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from history_helpers import finished_game
from iwari_desktop import history_store
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.files.saves import save_game
from iwari_desktop.engine.history.record import (
    MAX_CHAPTER, HistoryDamaged, history_text, parse_history, record_json, record_of,
)

NOW = datetime(2026, 11, 26, 21, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def solo():
    return finished_game("new-horizons", (("Ann", None),), seed=4, mode=GameMode.SOLO)


def test_s10_a_chapters_record_keeps_its_title_and_reads_back_exactly(solo):
    record = record_of(solo, save_game(solo), NOW, "The Cracked Ice")
    assert record.chapter == "The Cracked Ice" and record.mode is GameMode.SOLO
    back = parse_history(json.loads(history_text([record])), "history.json")
    assert back == [record] and back[0].chapter == "The Cracked Ice"
    plain = record_of(solo, save_game(solo), NOW)
    assert plain.chapter == "" and "chapter" not in record_json(plain)     # other games: the file as before
    assert parse_history(json.loads(history_text([plain])), "history.json")[0].chapter == ""


@pytest.mark.parametrize("bad", [7, None, ["x"], "x" * (MAX_CHAPTER + 1)])
def test_a_chapter_field_of_the_wrong_shape_makes_the_history_damaged(solo, bad):
    data = json.loads(history_text([record_of(solo, save_game(solo), NOW, "The Cracked Ice")]))
    data["games"][0]["chapter"] = bad
    with pytest.raises(HistoryDamaged):
        parse_history(data, "history.json")


def test_s10_the_same_chapter_game_is_recorded_once_whichever_end_screen_records_it(folders, solo):
    assert history_store.remember_finished(solo, "The Cracked Ice") is None
    assert history_store.remember_finished(solo) is None                 # the plain end screen, later
    assert history_store.remember_finished(solo, "The Cracked Ice") is None
    records = history_store.read_history().records
    assert len(records) == 1 and records[0].chapter == "The Cracked Ice"
    game = history_store.load_record(records[0])                         # and it replays
    assert game.is_over() and [str(a) for a in game.log] == [str(a) for a in solo.log]
