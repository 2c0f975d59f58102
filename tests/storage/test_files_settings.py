"""Issue #13, settings and start-up: no settings file can hang or crash the game; unwritable settings are reported.

Also the start-up tidy-up of what interrupted saves leave behind, and the guard at the top of the
real app: a screen that fails (on a bad file or a bug) shows a dialog over the main menu.
"""

from __future__ import annotations

import copy
import json
import os
import time
from pathlib import Path

import pygame
import pytest

from file_fuzz_helpers import assert_one_line, snapshot, special_files, within
from iwari_desktop import storage
from iwari_desktop.engine.files.saves import SaveError
from iwari_desktop.scenes.menu.menu import MenuScene
from iwari_desktop.scenes.ui.dialogs import DialogScene
from iwari_desktop.scenes.settings.settings import SettingsScene
from iwari_desktop.scenes.ui.stack import Scene
from scene_helpers import close_window, make_game


@pytest.fixture
def folders(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("IWARI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("IWARI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def _start():
    from iwari_desktop.app import App

    with within():
        application = App(size=(1280, 720), fullscreen=False, headless=True)
        application.step(0)
    return application


def _settings_file(folders: Path, kind: str) -> Path:
    config = folders / "config"
    config.mkdir(parents=True, exist_ok=True)
    path = config / "settings.json"
    if kind == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "nested":
        path.write_text(json.dumps({"window_size": [[[[[[[[[[1280]]]]]]]]], 720]}), encoding="utf-8")
    elif kind == "huge-number":
        path.write_text('{"window_size": [' + "9" * 5_000 + ", 720]}", encoding="utf-8")
    elif kind == "not-utf8":
        path.write_bytes(b'{"sound": "\xff"}')
    else:
        special = special_files(folders / "specials", "settings.json")[kind]
        if special.is_symlink():
            path.symlink_to(os.readlink(special))
        else:
            os.rename(special, path)
    return path


@pytest.mark.parametrize("kind", ["fifo", "devzero", "folder", "deep", "nested", "huge-number", "not-utf8", "huge"])
def test_a_broken_settings_file_starts_the_game_with_defaults_and_says_so(folders, kind):
    """A FIFO or /dev/zero hung the game at start; deep nesting crashed it (RecursionError)."""
    path = _settings_file(folders, kind)
    before = snapshot(path)
    application = _start()
    try:
        assert application.running and application.settings == storage.Settings()
        assert isinstance(application.stack.scenes[0], MenuScene)
        dialog = application.stack.top
        assert isinstance(dialog, DialogScene) and dialog.title == "Settings not read"
        assert "settings.json" in assert_one_line(dialog.message)
        assert snapshot(path) == before
    finally:
        close_window()


def test_a_missing_settings_file_is_no_problem(folders):
    application = _start()
    try:
        assert isinstance(application.stack.top, MenuScene)
    finally:
        close_window()


def test_settings_that_cannot_be_written_are_reported_and_the_game_keeps_running(folders, monkeypatch):
    """Apply with a read-only config folder crashed the game. (A file where the folder should be: even root cannot write.)"""
    blocker = folders / "blocker"
    blocker.write_text("a file, not a folder")
    monkeypatch.setenv("IWARI_CONFIG_DIR", str(blocker / "config"))
    application = _start()
    try:
        scene = SettingsScene(application)
        application.stack.push(scene)
        scene.draft.sound = False
        scene.draft.animation_speed = "fast"
        with within():
            scene.apply()
            application.step(0)
        assert application.running
        dialog = application.stack.top
        assert isinstance(dialog, DialogScene) and dialog.title == "Settings not saved"
        assert str(blocker) in assert_one_line(dialog.message)
        assert application.settings.animation_speed == "fast" and not application.audio.cues.levels.effects_on
        dialog.close()
        assert isinstance(application.stack.top, MenuScene)
    finally:
        close_window()


def test_a_read_only_config_folder_is_reported_too(folders, monkeypatch):
    from iwari_desktop.engine.files import atomic

    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    application = _start()
    try:
        monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse)
        application.apply_settings(storage.Settings(sound=False))
        assert isinstance(application.stack.top, DialogScene)
        assert "Permission denied" in application.stack.top.message
    finally:
        close_window()


# ---- interrupted saves ----------------------------------------------------------------------------

def test_temporaries_of_interrupted_saves_are_removed_at_start_and_never_listed(folders):
    saves = folders / "data" / "saves"
    saves.mkdir(parents=True)
    game = make_game(players=2)
    from iwari_desktop.engine.files.saves import save_game

    text = json.dumps(save_game(game))
    stale = [saves / ".slot-1.json.k3j5h2g1.tmp", saves / ".autosave.json.abcdefgh.tmp", folders / "config" / ".settings.json.zyxwvuts.tmp"]
    stale[-1].parent.mkdir(parents=True)
    fresh = saves / ".slot-2.json.q1w2e3r4.tmp"     # another copy of the game saving right now
    for path in stale + [fresh]:
        path.write_text(text[: len(text) // 2])
    old = time.time() - 3600
    for path in stale:
        os.utime(path, (old, old))
    (saves / "slot-4.json").write_text(text)
    assert [e.path.name for e in storage.list_saves()] == ["slot-4.json"]
    application = _start()
    try:
        assert not any(p.exists() for p in stale) and fresh.exists()
        assert [e.path.name for e in storage.list_saves()] == ["slot-4.json"]
    finally:
        close_window()


# ---- the guard at the top of the real app -----------------------------------------------------------

class _FailingScene(Scene):
    """A scene that fails the way a scene reading a bad file would: in build, on input or while drawing."""

    name = "failing"

    def __init__(self, app, when: str, error: Exception) -> None:
        super().__init__(app)
        self.when = when
        self.error = error

    def _fail(self) -> None:
        # a copy is raised: the parametrized error lives as long as the module, and raising it would hang
        # this test's frames, and through them its App, on its traceback for the rest of the run
        raise copy.copy(self.error)

    def build(self) -> None:
        if self.when == "build":
            self._fail()

    def update(self, dt: float) -> bool:
        if self.when == "update":
            self._fail()
        return False

    def draw(self, surface) -> None:
        if self.when == "draw":
            self._fail()


class _Launcher(Scene):
    """Opens the failing scene when Enter is pressed, as a menu opens a board or a load screen."""

    name = "launcher"

    def __init__(self, app, failing: Scene) -> None:
        super().__init__(app)
        self.failing = failing

    def handle(self, intent) -> None:
        self.app.stack.push(self.failing)


def _press_enter_and_run(app) -> None:
    with within():
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
        for _ in range(3):
            app.request_redraw()
            app.step(0)


@pytest.mark.parametrize("when", ["build", "update", "draw"])
@pytest.mark.parametrize("error, title", [
    (SaveError("slot-1.json: the save is damaged (" + "x" * 5_000 + ")"), "A file could not be used"),
    (OSError(5, "Input/output error"), "A file could not be used"),
    (RuntimeError("a bug"), "Something went wrong"),
])
def test_a_failing_scene_shows_a_dialog_over_the_menu_instead_of_crashing(app, when, error, title, capsys):
    app.guard = True
    app.stack.push(_Launcher(app, _FailingScene(app, when, error)))
    _press_enter_and_run(app)
    assert app.running
    assert [type(s) for s in app.stack.scenes] == [MenuScene, DialogScene]
    dialog = app.stack.top
    assert dialog.title == title and "main menu" in assert_one_line(dialog.message)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("iwari: ") and len(err[0]) < 500
    assert (Path(os.environ["IWARI_CACHE_DIR"]) / "last-error.txt").is_file()


def test_a_menu_that_keeps_failing_stops_the_game_with_one_line(app, monkeypatch, capsys):
    app.guard = True
    monkeypatch.setattr(MenuScene, "draw", lambda self, surface: (_ for _ in ()).throw(RuntimeError("menu broken")))
    with within():
        for _ in range(10):
            if not app.running:
                break
            app.request_redraw()
            app.step(0)
    assert not app.running and app.failed
    assert all(line.startswith("iwari: ") for line in capsys.readouterr().err.strip().splitlines())


def test_without_the_guard_tests_and_smoke_still_see_the_exception(app):
    assert app.guard is False
    app.stack.push(_FailingScene(app, "update", RuntimeError("visible")))
    with pytest.raises(RuntimeError, match="visible"):
        app.step(0)
