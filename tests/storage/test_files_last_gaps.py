"""The last gaps in damaged-file handling (issue #21 item 4): a folder in place of a save, an autosave or an
exported replay is listed as damaged with its reason and Continue says why; one start-up sweep covers
every folder the game writes; a --smoke run leaves no temp folder behind and passes over a data folder
that already holds saves and history."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from iwari_desktop import autosaves, history_store, storage
from iwari_desktop.engine.files.saves import write_save
from iwari_desktop.scenes.load.load import entry_text
from file_fuzz_helpers import SPECIAL_KINDS, special_files
from history_helpers import finished_game
from scene_helpers import close_window, make_game


@pytest.mark.parametrize("name", ["slot-2.json", "autosave-20261126-101010-abcdef.json", "autosave.json",
                                  "history-20261126-101010-abc123.json"])
def test_a_folder_that_took_a_save_s_name_is_listed_as_damaged_with_its_reason(app, name):
    storage.write_slot(make_game(seed=5), 1)
    folder = storage.saves_dir() / name
    folder.mkdir(parents=True)
    app.stack.top.choose("load")
    app.step(0)
    rows = {e.path.name: entry_text(e) for e in app.stack.top.entries}
    assert set(rows) == {"slot-1.json", name}
    assert "damaged: is a folder, not a file" in rows[name]
    assert folder.is_dir()                                   # looked at, never touched


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_an_autosave_replaced_by_anything_but_a_file_is_explained_in_load_game_and_continue(app, tmp_path, kind):
    made = special_files(tmp_path / "specials", "x.json")[kind]
    target = storage.saves_dir() / "autosave-20261126-101010-abcdef.json"
    target.parent.mkdir(parents=True)
    os.rename(made, target) if not made.is_symlink() else target.symlink_to(os.readlink(made))
    menu = app.stack.top
    menu.rebuild()
    app.step(0)
    [entry] = autosaves.list_autosaves()
    assert entry.damaged and entry.problem and entry_text(entry).startswith("Autosave · damaged: ")
    assert not menu.buttons["continue"].is_enabled and menu.continue_note.startswith("The autosave cannot be loaded: ")
    assert len(menu.continue_note) > len("The autosave cannot be loaded: .")


def test_continue_says_why_when_the_autosave_is_a_folder(app):
    (storage.saves_dir() / storage.AUTOSAVE_NAME).mkdir(parents=True)
    menu = app.stack.top
    menu.rebuild()
    app.step(0)
    assert not menu.buttons["continue"].is_enabled
    assert menu.continue_note == "The autosave cannot be loaded: is a folder, not a file."


def test_one_start_up_sweep_covers_every_folder_the_game_writes(tmp_path, monkeypatch):
    for name in ("DATA", "CONFIG", "CACHE"):
        monkeypatch.setenv(f"IWARI_{name}_DIR", str(tmp_path / name.lower()))
    data = tmp_path / "data"
    stale = [data / ".history.json.k3j5h2g1.tmp", data / "saves" / ".slot-1.json.abcdefgh.tmp",
             data / "profiles" / ".profile-1.json.zyxwvuts.tmp", tmp_path / "config" / ".settings.json.q1w2e3r4.tmp",
             tmp_path / "cache" / ".last-error.txt.a1b2c3d4.tmp",
             tmp_path / "cache" / "maps" / ".new-horizons-0123abcd.png.tmp.png"]
    fresh = data / ".history.json.n0w5av1n.tmp"               # another copy of the game writing right now
    kept = [data / "history.json", tmp_path / "cache" / "maps" / "new-horizons-0123abcd.png"]
    for path in stale + [fresh] + kept:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half a file")
    old = time.time() - 3600
    for path in stale + kept:
        os.utime(path, (old, old))
    assert {p.parent for p in stale} == set(storage.written_folders())   # the test names every folder
    from iwari_desktop.app import App

    App(size=(1280, 720), fullscreen=False, headless=True)
    try:
        assert not any(p.exists() for p in stale)
        assert fresh.exists() and all(p.exists() for p in kept)
    finally:
        close_window()


def test_every_writer_writes_into_a_swept_folder(tmp_path, monkeypatch):
    for name in ("DATA", "CONFIG", "CACHE"):
        monkeypatch.setenv(f"IWARI_{name}_DIR", str(tmp_path / name.lower()))
    from iwari_desktop import campaign_store

    swept = set(storage.written_folders())
    writers = [history_store.history_path(), storage.slot_path(1), autosaves.new_autosave_path(),
               campaign_store.profile_path("profile-1"), storage.settings_path(),
               storage.art_cache_dir() / "any.png", storage.cache_dir() / "last-error.txt"]
    assert {path.parent for path in writers} <= swept


def _prefilled(data: Path, monkeypatch) -> None:
    """A data folder as a player's looks after some play: saves in the slots, autosaves, a history."""
    with monkeypatch.context() as patch:
        patch.setenv("IWARI_DATA_DIR", str(data))
        for slot, seed in ((1, 11), (2, 12)):
            storage.write_slot(make_game(seed=seed), slot, f"an earlier game {slot}")
        autosaves.write_autosave(make_game(seed=13), None)
        history_store.record_game(finished_game())
        write_save(storage.saves_dir() / "history-20260101-000000-abcdef.json", finished_game(seed=6))


def _smoke(variant: str, data: Path, tmp: Path) -> subprocess.CompletedProcess:
    """`--smoke <variant>` over `data`, the config and cache folders left to the smoke run (a temp folder)."""
    tmp.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("IWARI_CONFIG_DIR", "IWARI_CACHE_DIR")}
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "IWARI_DATA_DIR": str(data),
                "TMPDIR": str(tmp)})
    return subprocess.run([sys.executable, "-m", "iwari_desktop", "--smoke", *([variant] if variant else [])],
                          capture_output=True, text=True, timeout=600, env=env)


def test_smoke_solo_passes_over_a_data_folder_with_saves_and_history_and_leaves_no_temp_folder(tmp_path, monkeypatch):
    data, tmp = tmp_path / "data", tmp_path / "tmp"
    _prefilled(data, monkeypatch)
    before = {p.name: p.read_bytes() for p in (data / "saves").iterdir() if p.name.startswith("slot-")}
    done = _smoke("solo", data, tmp)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("smoke solo ok:") and "saved and loaded slot-3.json" in done.stdout
    assert {n: (data / "saves" / n).read_bytes() for n in before} == before   # the earlier games are untouched
    assert list(tmp.iterdir()) == []                          # its iwari-smoke-* folder is gone


def _app_drawing_no_pictures(stores: dict):
    """Makes Apps whose frames are counted but not rendered: for the first of the two `--smoke replay` runs,
    whose every screen the second run (a real subprocess, with stores of its own) draws again, the same game on
    the same folders. Each App gets `stores`, what the `app` fixture hands its App (tests/conftest.py: the
    worker's decoded pictures, drawn text and boxes, parsed theme, and no heap trim at a closed board)."""
    from iwari_desktop.app import App

    return lambda **kwargs: _counting_frames(App(**kwargs, **stores))


def _counting_frames(app):
    """`app` with its `draw` counting frames only."""

    def draw() -> None:
        app.dirty = False
        app.frames += 1

    app.draw = draw
    return app


def _replay_smoke_in_process(data: Path, tmp: Path, monkeypatch, capsys, stores: dict) -> tuple[int, str, str]:
    """`--smoke replay` as the entry point runs it (`run_replay_smoke(App)`), in this process, over `data` with
    the config and cache folders left to the smoke run (a temp folder under `tmp`)."""
    import tempfile

    from iwari_desktop.i18n import set_language
    from iwari_desktop.scenes.selftest.smoke_replay import run_replay_smoke

    tmp.mkdir(exist_ok=True)
    capsys.readouterr()
    with monkeypatch.context() as patch:
        patch.delenv("IWARI_CONFIG_DIR", raising=False)
        patch.delenv("IWARI_CACHE_DIR", raising=False)
        patch.setenv("IWARI_DATA_DIR", str(data))
        patch.setenv("IWARI_LANG", "en")
        patch.setattr(tempfile, "tempdir", str(tmp))
        try:
            code = run_replay_smoke(_app_drawing_no_pictures(stores))
        finally:
            set_language("en")
    out, err = capsys.readouterr()
    return code, out, err


def test_smoke_replay_passes_over_a_data_folder_with_saves_and_history_twice(tmp_path, monkeypatch, capsys,
                                                                            kept_file_art, kept_text_store,
                                                                            kept_shape_store, kept_theme_store):
    """Also what tests/scenes/history/test_scenes_replay.py checked with a third `--smoke replay` run (over
    empty folders): one summary line naming the game, and the watched game exported into the saves.

    The first run is `run_replay_smoke` in this process with its frames counted but not rendered (the same
    checks, ~2/3 cheaper); the second, over the history that now holds this very game, is the real
    `python -m iwari_desktop --smoke replay` with every frame drawn."""
    data, tmp = tmp_path / "data", tmp_path / "tmp"
    _prefilled(data, monkeypatch)
    prefilled = {p.name for p in (data / "saves").glob("history-*")}
    for run in range(2):                                      # the second run finds this very game in the history
        if run == 0:
            stores = dict(file_art=kept_file_art, text_store=kept_text_store, shape_store=kept_shape_store,
                          theme_store=kept_theme_store, give_back_memory=False)
            code, out, err = _replay_smoke_in_process(data, tmp, monkeypatch, capsys, stores)
        else:
            done = _smoke("replay", data, tmp)
            code, out, err = done.returncode, done.stdout, done.stderr
        assert code == 0, (run, err)
        lines = out.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("smoke replay ok: New Horizons, seed 7,"), lines
        assert "states match" in lines[0]
        assert list(tmp.iterdir()) == []
        exported = {p.name for p in (data / "saves").glob("history-*")} - prefilled
        assert len(exported) == 1, (run, exported)      # the watched game's file (the second run writes it again)
    history = json.loads((data / "history.json").read_text(encoding="utf-8"))
    assert len(history["games"]) == 2                         # the prefilled game and the smoke's, once


def test_the_smoke_run_s_temporary_folders_go_and_its_variables_are_unset(tmp_path, monkeypatch):
    import tempfile

    from iwari_desktop.scenes.selftest.smoke import headless_with_temporary_folders

    for name in ("DATA", "CONFIG", "CACHE"):
        monkeypatch.delenv(f"IWARI_{name}_DIR", raising=False)
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path / "mine"))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(RuntimeError):
        with headless_with_temporary_folders():
            inside = Path(os.environ["IWARI_DATA_DIR"])
            assert inside.parent.name.startswith("iwari-smoke-") and os.environ["IWARI_CONFIG_DIR"] == str(tmp_path / "mine")
            inside.mkdir(parents=True)
            (inside / "history.json").write_text("{}")
            raise RuntimeError("a failing smoke run cleans up too")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("iwari-smoke-")]
    assert "IWARI_DATA_DIR" not in os.environ and "IWARI_CACHE_DIR" not in os.environ
    assert os.environ["IWARI_CONFIG_DIR"] == str(tmp_path / "mine")
