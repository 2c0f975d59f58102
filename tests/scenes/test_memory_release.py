"""Memory given back when a heavy screen closes (issue #34 item 4: `--smoke replay` peaked at 206-207 MB):
the board's map art goes with the last screen that shows a map, and the app collects and trims the heap
once, right after the screen has left (scenes/ui/memory_release.py). Figures: docs/performance.md."""

from __future__ import annotations

import sys

import pytest

from iwari_desktop.scenes.ui import memory_release
from scene_helpers import board_after_handoff, make_game


def test_closing_the_board_drops_its_map_art_and_gives_memory_back_once(app, monkeypatch):
    app.give_back_memory = True                        # the game's own setting (the suite's Apps leave it off)
    board = board_after_handoff(app, make_game())
    app.step(0)
    assert board.heavy and len(app.caches.map_art) > 0
    released = []
    monkeypatch.setattr(memory_release, "release_memory", lambda: released.append(True) or True)
    while app.stack.top is not board:
        app.stack.pop()
    app.stack.pop()                                    # back on the menu
    app.step(0)
    assert released == [True]
    assert len(app.caches.map_art) == 0                # no screen left shows a map
    app.step(0)
    assert released == [True]                          # once per closed screen, never per frame


def test_an_overlay_closing_over_the_board_keeps_the_map_art(app, monkeypatch):
    app.give_back_memory = True
    board = board_after_handoff(app, make_game())
    app.step(0)
    while app.stack.top is not board:
        app.stack.pop()
    app.step(0)
    released = []
    monkeypatch.setattr(memory_release, "release_memory", lambda: released.append(True) or True)
    board.open_pause()
    app.step(0)
    app.stack.pop()
    app.step(0)
    assert released == [] and len(app.caches.map_art) > 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's allocator only")
def test_on_glibc_large_pictures_are_their_own_mappings_and_the_heap_is_trimmed():
    assert memory_release.tune_allocator()
    assert memory_release.release_memory()


def test_the_game_gives_memory_back_unless_told_not_to(app, monkeypatch):
    """The game's App collects and trims (the default); an App made with give_back_memory=False drops the map art
    but leaves the heap alone."""
    from iwari_desktop.app import App

    import inspect

    assert inspect.signature(App).parameters["give_back_memory"].default is True
    assert app.give_back_memory is False
    board = board_after_handoff(app, make_game())
    app.step(0)
    released = []
    monkeypatch.setattr(memory_release, "release_memory", lambda: released.append(True) or True)
    while app.stack.top is not board:
        app.stack.pop()
    app.stack.pop()
    app.step(0)
    assert released == [] and len(app.caches.map_art) == 0
