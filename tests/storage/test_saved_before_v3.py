"""Playtest D4: a player's history and save slot written by the version before the wordless digest (main at
a7ad654, save version 2) open as they did: History lists both games and replays them, Export writes them as
today's saves, and the save slot loads (tests/support/saved_games/)."""

from __future__ import annotations

import shutil

from repo_root import ROOT

from iwari_desktop import history_store, storage
from iwari_desktop.engine.files.saves import SAVE_VERSION, read_save, read_save_data

OLD = ROOT / "tests" / "support" / "saved_games"


def test_s10_history_and_a_slot_written_by_version_2_open_and_export(tmp_path, monkeypatch):
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    history = history_store.history_path()
    history.parent.mkdir(parents=True)
    shutil.copyfile(OLD / "history-v2-a7ad654.json", history)
    slot = storage.slot_path(1)
    slot.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(OLD / "solo-save-v2-a7ad654.json", slot)

    read = history_store.read_history()
    assert read.problem is None and len(read.records) == 2
    for record in read.records:
        game = history_store.load_record(record)
        assert game.is_over() and game.state.turn == record.turns
        exported = history_store.export_record(record)
        assert read_save_data(exported)["version"] == SAVE_VERSION == 3
        assert read_save(exported).state == game.state
    assert read_save(slot).is_over()
