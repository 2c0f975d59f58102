"""An App that is done lets go of everything it drew (issue #18): a closed game, and a test's App once the
test is over, leave no App, board or pygame-gui manager behind, though the window was resized (a second
manager) and a button just pressed (its events still queued).

What used to keep them, unseen by `gc.get_referrers` (tests/support/window_closer.py tells it in full):
pygame's queued events, whose dicts pygame-ce holds from C until they are taken; and pygame-gui's default
manager, a module global holding the first manager of the process with its widgets, their callbacks, their
scenes and the App. A test that started a game kept its App, 50-80 MB, for the rest of the run.
"""

from __future__ import annotations

import ast
import functools
import gc
import weakref

import pygame
import pytest
from pygame_gui.core.utility import get_default_manager, set_default_manager

from repo_root import ROOT
from scene_helpers import make_game
from window_closer import apps_alive, close_test_window


def _board_game_left_alive(tmp_path, monkeypatch) -> tuple[list[weakref.ref], object]:
    """An App made the way the `app` fixture makes it, as the first of its process (pygame-gui has no default
    manager yet), with a game on its board, the window resized, then a button pressed (its events queued). Returns weak
    references to the App, its board and both its managers, and the App itself."""
    from iwari_desktop.app import App
    from iwari_desktop.scenes.board.board import BoardScene
    from iwari_desktop.scenes.setup.setup import start_game

    for name in ("DATA", "CACHE", "CONFIG"):
        monkeypatch.setenv(f"IWARI_{name}_DIR", str(tmp_path / name.lower()))
    monkeypatch.setenv("IWARI_LANG", "en")
    set_default_manager(None)   # what a fresh process has: this App's manager becomes pygame-gui's first
    app = App(size=(1280, 720), fullscreen=False, headless=True)
    app.step(0)
    start_game(app, make_game())
    board = app.stack.find(BoardScene)
    first_manager = app.manager
    app.screen = pygame.display.set_mode((1000, 700))
    app.on_resize((1000, 700))
    assert app.manager is not first_manager
    assert get_default_manager() is app.manager   # a widget made without a manager lands on the current one
    button = next(w for w in app.stack.top.widgets if hasattr(w, "pressed_event") and w.visible)
    app.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    assert pygame.event.peek(), "pressing a button queues pygame-gui's events"
    return [weakref.ref(o) for o in (app, board, first_manager, app.manager)], app


def _alive(refs: list[weakref.ref]) -> list[str]:
    gc.collect()
    return [type(ref()).__name__ for ref in refs if ref() is not None]


def test_a_closed_app_leaves_no_app_board_or_manager_behind(tmp_path, monkeypatch):
    refs, app = _board_game_left_alive(tmp_path, monkeypatch)
    app.close()
    del app
    assert _alive(refs) == []
    assert get_default_manager() is None


def test_the_teardown_alone_frees_a_young_app_and_one_that_grew_old(tmp_path, monkeypatch):
    """What tests/conftest.py does after each test: the App the test left open (never closed) is gone.
    The teardown collects the young generations, and the whole heap only while an App outlived them
    (tests/support/window_closer.py, `watch_apps`): both Apps are gone with no other collection. (The young
    case is what `test_after_a_test_its_app_left_open_is_let_go` checked with an App of its own.)"""
    for grown_old in (False, True):
        refs, app = _board_game_left_alive(tmp_path / str(grown_old), monkeypatch)
        assert apps_alive() >= 1
        if grown_old:
            gc.collect()    # every survivor moves to the oldest generation, out of a young collection's reach
        del app
        close_test_window()
        assert [type(ref()).__name__ for ref in refs if ref() is not None] == [], grown_old
        assert apps_alive() == 0


# The attribute names the checks below look for: a file that never spells one cannot call it, so only the
# files that do are parsed (the parse of every file was most of these tests' time, 3 s a run).
_CALLED_NAMES = (b"clear", b"quit")


def _calls(folder: str, wanted) -> list[str]:
    """Where the Python files under `folder` make a call `wanted(call)` says yes to, as path:line (`wanted`
    looks for a call of an attribute named in `_CALLED_NAMES`: `_clears_events` or `_quits_pygame`)."""
    return list(_found_under(folder)[wanted.__name__])


@functools.cache
def _found_under(folder: str) -> dict[str, tuple[str, ...]]:
    """What each check finds under `folder`, parsed once per worker (two tests read tests/). Only the places are
    kept, never the syntax trees: a worker kept every call node of 800 files for the rest of its run, and each
    full collection after it (an App's close, the teardown's) walked them all again."""
    found: dict[str, list[str]] = {check.__name__: [] for check in (_clears_events, _quits_pygame)}
    for path in sorted((ROOT / folder).rglob("*.py")):
        source = path.read_bytes()
        if not any(name in source for name in _CALLED_NAMES):
            continue
        for node in ast.walk(ast.parse(source, filename=str(path))):
            if isinstance(node, ast.Call):
                for check in (_clears_events, _quits_pygame):
                    if check(node):
                        found[check.__name__].append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return {name: tuple(places) for name, places in found.items()}


def _clears_events(call: ast.Call) -> bool:
    """`….event.clear(…)`: pygame's, whatever it was imported as."""
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr == "clear" and isinstance(func.value, ast.Attribute)
            and func.value.attr == "event")


@pytest.mark.parametrize("folder", ["iwari_desktop", "tests", "tools", "bench"])
def test_no_code_clears_pygame_events(folder):
    """`pygame.event.clear()` drops queued events without letting go of what their dicts hold (pygame-ce
    2.5.8): a widget's event keeps its App for good. Events are taken (`pygame.event.get()`) instead."""
    assert _calls(folder, _clears_events) == []


def _quits_pygame(call: ast.Call) -> bool:
    """`pygame.quit()` or `app.pg.quit()`."""
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr == "quit"
            and (isinstance(func.value, ast.Name) and func.value.id == "pygame"
                 or isinstance(func.value, ast.Attribute) and func.value.attr == "pg"))


def test_a_test_closes_its_window_through_close_window():
    """A test that closes its own window calls `scene_helpers.close_window()`, which takes the queued events
    first: `pygame.quit()` alone drops them with the App they hold (tests/support/window_closer.py)."""
    found = [where for where in _calls("tests", _quits_pygame) if not where.startswith("tests/support/")]
    assert found == []


def test_an_unmarked_tests_app_plays_through_a_fake_mixer_and_opens_no_audio_device(app):
    """`silent_mixer` (tests/conftest.py): no audio thread to wait for when the window closes, none to fork under."""
    import pygame

    from iwari_desktop.audio.mixer import FakeMixer

    app.step(0.05)
    assert isinstance(app.audio.output.mixer, FakeMixer) and app.audio.output.mixer.opened >= 1
    assert pygame.mixer.get_init() is None
