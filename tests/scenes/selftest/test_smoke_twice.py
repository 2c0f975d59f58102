"""Two smoke runs in one process both pass (issue #21 item 4): no picture outlives its app, so the second
app never blits a surface of the first one's closed display ("Surface is not initialized")."""

from __future__ import annotations

import pytest


@pytest.mark.slow
def test_two_smoke_runs_in_one_process_both_pass(capsys):
    from iwari_desktop.app import App
    from iwari_desktop.scenes.selftest.smoke_tutorial import run_tutorial_smoke

    first = run_tutorial_smoke(App)
    second = run_tutorial_smoke(App)
    err = capsys.readouterr().err
    assert (first, second) == (0, 0), err
    assert "not initialized" not in err


def test_closing_the_app_drops_its_pictures(app):
    from iwari_desktop.engine.maps.registry import get_board
    from iwari_desktop.scenes.board.map_picture import map_art

    assert map_art(get_board("new-horizons"), app.caches) is not None
    assert app.caches.map_art.bytes > 0
    app.close()
    assert app.caches.map_art.bytes == 0 and len(app.caches.map_art) == 0


def _surfaces_in(value, depth: int = 2):
    import pygame

    if isinstance(value, pygame.Surface):
        yield value
    elif depth and isinstance(value, dict):
        for item in list(value.values()):
            yield from _surfaces_in(item, depth - 1)
    elif depth and isinstance(value, (list, tuple, set, frozenset)):
        for item in list(value):
            yield from _surfaces_in(item, depth - 1)


def test_no_module_keeps_a_picture_once_a_game_was_drawn_and_the_app_closed(app):
    import sys

    from iwari_desktop.engine import Game, GameConfig
    from iwari_desktop.scenes.setup.setup import start_game

    start_game(app, Game.new(GameConfig.quick("new-horizons", 3, seed=3)))
    for _ in range(3):
        app.step(0)
    app.close()
    kept = [f"{name}.{attr}" for name, module in list(sys.modules.items())
            if name.startswith("iwari_desktop") and module is not None
            for attr, value in list(vars(module).items()) if any(True for _ in _surfaces_in(value))]
    assert kept == [], f"module-level pictures outlive the app: {kept}"
