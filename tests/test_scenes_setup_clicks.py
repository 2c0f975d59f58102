"""Setup driven by real mouse clicks through pygame-gui, the path a player takes.

pygame-gui passes its event to button commands that accept one argument; these tests click the
buttons whose commands are parametrised (map choice, remove player) so that such a mix-up shows.
"""

from __future__ import annotations

from test_scenes_support import app, find_button, press  # noqa: F401  (fixture)

from iwari_desktop.scenes.setup import SetupScene


def open_setup(app) -> SetupScene:  # noqa: F811
    app.stack.top.choose("new")
    app.step(0)
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    return scene


def test_clicking_a_map_button_selects_that_map(app):  # noqa: F811
    scene = open_setup(app)
    press(app, find_button(scene, "The Vast Lands"))
    assert scene.model.map_id == "vast-lands"
    press(app, find_button(scene, "New Horizons"))
    assert scene.model.map_id == "new-horizons"


def test_clicking_a_remove_button_removes_that_player(app):  # noqa: F811
    scene = open_setup(app)
    names_before = list(scene.model.names)
    assert len(names_before) == 3
    removers = [w for w in scene.widgets if getattr(w, "text", None) == "×"]
    press(app, removers[1])
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    assert scene.model.names == [names_before[0], names_before[2]]


def test_clicking_start_game_opens_the_board(app):  # noqa: F811
    from iwari_desktop.scenes.board import BoardScene

    scene = open_setup(app)
    press(app, find_button(scene, "Start game"))
    assert app.stack.find(BoardScene) is not None
