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
    from iwari_desktop.scenes.board.board_view import map_art

    assert map_art(get_board("new-horizons"), app.caches) is not None
    assert app.caches.map_art.bytes > 0
    app.close()
    assert app.caches.map_art.bytes == 0 and len(app.caches.map_art) == 0
