"""The history of finished games: recorded once per game, read back exactly, bounded, exported as a save.

The store writes atomically into the data folder; a damaged history is never overwritten in place
(the next recorded game moves it aside, byte for byte), a newer one is never touched.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timezone

import pytest

from history_helpers import finished_game
from iwari_desktop import history_store, storage
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.files.saves import SaveError, save_game
from iwari_desktop.engine.history.record import (
    HISTORY_VERSION, KEEP_LOGS, MAX_RECORDS, GameRecord, HistoryDamaged, Seat, add_record, game_id, history_text,
    parse_history, record_of,
)

NOW = datetime(2026, 11, 21, 20, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def game():
    return finished_game("new-horizons", (("Ann", None), ("Ben", None), ("Cat", "easy")), seed=5)


def test_a_record_says_who_played_scored_and_won(game):
    record = record_of(game, save_game(game), NOW)
    result = game.state.result
    assert [s.name for s in record.seats] == ["Ann", "Ben", "Cat"]
    assert [s.computer for s in record.seats] == [None, None, "easy"]
    assert [s.score for s in record.seats] == [result.totals[t.index] for t in game.state.tribes if t.seat is not None]
    assert {s.name for s in record.seats if s.winner} == {game.state.tribes[t].name for t in result.winners}
    assert record.map_name == "New Horizons" and record.mode is GameMode.MULTIPLAYER and record.won is None
    assert record.turns == game.state.turn and record.moves == len(game.log)
    assert record.save["actions"] == [str(a) for a in game.log]


def test_a_solo_record_is_won_or_lost_against_the_void():
    solo = finished_game("new-horizons", (("Ann", None),), seed=3, mode=GameMode.SOLO)
    record = record_of(solo, save_game(solo), NOW)
    assert record.mode is GameMode.SOLO and record.won is solo.state.result.won
    assert record.seats[0].winner is bool(solo.state.result.won)


def test_an_unfinished_game_is_not_a_record():
    unfinished = finished_game("new-horizons", seed=5)
    from iwari_desktop.engine.core.game import Game

    half = Game.replay(unfinished.config, unfinished.log[:30], unfinished.state.board)
    with pytest.raises(ValueError):
        record_of(half, save_game(half), NOW)


def test_history_round_trips_through_its_text(game):
    record = record_of(game, save_game(game), NOW)
    other = replace(record, id="ab" * 12, won=None, seats=record.seats[:2], save=None)
    text = history_text([record, other])
    back = parse_history(json.loads(text), "history.json")
    assert back == [record, other]
    assert back[0].save == record.save and back[1].save is None


def test_the_same_game_is_recorded_once(game):
    record = record_of(game, save_game(game), NOW)
    again = record_of(game, save_game(game), datetime(2027, 1, 1, tzinfo=timezone.utc))
    assert again.id == record.id == game_id(save_game(game))
    records, added = add_record([], record)
    assert added
    records, added = add_record(records, again)
    assert not added and records == [record]


def _toy(n: int) -> GameRecord:
    return GameRecord(f"{n:024x}", "2026-11-21T20:00:00+00:00", "new-horizons", "New Horizons", GameMode.MULTIPLAYER,
                      (Seat("Ann", "red", None, n, True), Seat("Ben", "green", None, 0, False)), 10, 50,
                      save={"format": "toy", "n": n})


def test_the_history_keeps_the_newest_games_and_only_the_newest_logs():
    records: list[GameRecord] = []
    for n in range(MAX_RECORDS + 25):
        records, added = add_record(records, _toy(n))
        assert added
    assert len(records) == MAX_RECORDS
    assert records[0].id == _toy(MAX_RECORDS + 24).id and records[-1].id == _toy(25).id
    assert all(r.save is not None for r in records[:KEEP_LOGS])
    assert all(r.save is None for r in records[KEEP_LOGS:])


def test_the_store_records_a_finished_game_in_the_data_folder(folders, game):
    assert history_store.read_history().records == []
    result = history_store.record_game(game, NOW)
    assert result.problem is None and len(result.records) == 1
    path = history_store.history_path()
    assert path.parent == storage.data_dir() and path.is_file()
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["format"] == "iwari-desktop-history" and stored["version"] == HISTORY_VERSION
    before = path.read_bytes()
    assert history_store.remember_finished(game) is None   # reaching the scoring again adds nothing
    assert path.read_bytes() == before
    records = history_store.read_history().records
    assert len(records) == 1 and records[0].save["actions"] == [str(a) for a in game.log]
    assert [str(a) for a in history_store.load_record(records[0]).log] == [str(a) for a in game.log]


def test_a_damaged_history_is_moved_aside_unchanged_when_the_next_game_is_recorded(folders, game):
    path = history_store.history_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "iwari-desktop-history", "version": 1, "games": [{"id": 7}]}')
    damaged = path.read_bytes()
    read = history_store.read_history()
    assert read.records == [] and read.problem and "damaged" in read.problem and not read.newer
    assert path.read_bytes() == damaged   # reading never writes
    result = history_store.record_game(game, NOW)
    assert result.set_aside is not None and result.set_aside.read_bytes() == damaged
    assert result.set_aside.name.startswith("history.json.damaged-")
    assert len(history_store.read_history().records) == 1


def test_a_newer_history_is_never_touched(folders, game):
    path = history_store.history_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "iwari-desktop-history", "version": HISTORY_VERSION + 1, "games": []}))
    newer = path.read_bytes()
    problem = history_store.remember_finished(game)
    assert problem and "newer" in problem
    assert path.read_bytes() == newer and sorted(p.name for p in path.parent.iterdir()) == ["history.json"]


def test_export_writes_a_normal_save_that_loads_the_same_game(folders, game):
    history_store.record_game(game, NOW)
    record = history_store.read_history().records[0]
    path = history_store.export_record(record)
    assert path.parent == storage.saves_dir() and path.name.startswith("history-")
    loaded = storage.load_save(path)
    assert loaded.log == game.log and loaded.state == game.state
    listed = {e.path for e in storage.list_saves()}
    assert path in listed
    slot = history_store.export_record(record, slot=4)
    assert slot == storage.slot_path(4) and storage.load_save(slot).log == game.log


def test_a_record_without_its_moves_cannot_be_watched_or_exported(folders, game):
    record = replace(record_of(game, save_game(game), NOW), save=None)
    with pytest.raises(SaveError):
        history_store.load_record(record)
    with pytest.raises(SaveError):
        history_store.export_record(record)
    assert not storage.saves_dir().exists()


def test_a_tampered_log_in_the_history_is_refused_in_one_line(folders, game):
    record = record_of(game, save_game(game), NOW)
    save = dict(record.save)
    save["actions"] = save["actions"][:-3]
    with pytest.raises(SaveError) as error:
        history_store.load_record(replace(record, save=save))
    assert "damaged" in str(error.value) and "\n" not in str(error.value)


def test_a_history_with_a_game_listed_twice_is_damaged(game):
    record = record_of(game, save_game(game), NOW)
    with pytest.raises(HistoryDamaged):
        parse_history(json.loads(history_text([record, record])), "history.json")
