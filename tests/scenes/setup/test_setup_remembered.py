"""Setup opens as the player left it (issue 19, item 7): map, players, seats and levels, options, per mode.

A new player finished six on The Void against five computers, opened New game and found New Horizons
with three people again. The last started setup of each mode is kept in settings.json and read back
through the bounded settings reader, also after a restart.
"""

from __future__ import annotations

import pygame

from iwari_desktop import storage
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.scenes.setup.setup import TILES_LEFT, TILES_TOP, SetupScene
from iwari_desktop.scenes.setup.setup_mode import ModeSetupScene
from iwari_desktop.scenes.board.board import BoardScene
from scene_helpers import click, key, press


def open_from_menu(app, entry: str):
    app.nav.reset("menu")
    app.step(0)
    app.stack.top.choose(entry)
    app.step(0)
    return app.stack.top


def test_a_six_player_game_on_the_void_is_set_up_again_the_next_time(app):
    scene = open_from_menu(app, "new")
    assert isinstance(scene, SetupScene) and scene.model.map_id == "new-horizons" and len(scene.model.names) == 3
    click(app, scene.tiles.tile_rects(app.ui, TILES_LEFT, TILES_TOP)[scene.maps.index("the-void")].center)
    key(app, pygame.K_6)
    levels = [None, "easy", "normal", "hard", "normal", "hard"]
    for seat, level in enumerate(levels):
        while scene.model.computers[seat] != level:
            press(app, scene.seat_buttons[seat])
    press(app, scene.options.worship[2])
    chosen = (scene.model.map_id, list(scene.model.names), list(scene.model.colours), list(scene.model.computers),
              dict(scene.model.options))
    assert chosen[0] == "the-void" and len(chosen[1]) == 6
    assert scene.start(seed=4)
    assert isinstance(app.stack.top, BoardScene)

    again = open_from_menu(app, "new")
    assert (again.model.map_id, again.model.names, again.model.colours, again.model.computers,
            again.model.options) == chosen
    assert [b.text for b in again.seat_buttons] == ["Person", "Easy", "Normal", "Hard", "Normal", "Hard"]
    # and after a restart: the settings file holds it
    assert storage.load_settings().last_setups["multiplayer"].map_id == "the-void"


def test_solo_remembers_its_map_k_and_name_and_leaves_co_op_alone(app):
    scene = open_from_menu(app, "solo")
    assert isinstance(scene, ModeSetupScene)
    other = next(m for m in scene.maps if m != scene.model.map_id)
    scene.pick_map(other)
    press(app, scene.buttons["k+"])
    press(app, scene.buttons["k+"])
    scene.entries[0].set_text("Tala")
    press(app, scene.buttons["ties"])
    assert scene.start(seed=2)

    again = open_from_menu(app, "solo")
    assert (again.model.map_id, again.model.k, again.model.names, again.model.auto_ties) == (other, 5, ["Tala"], True)
    coop = open_from_menu(app, "coop")
    assert (coop.model.k, coop.model.names, coop.model.map_id) == (1, ["Aiyana", "Bodhi"], coop.maps[0])


def test_a_remembered_map_that_is_gone_or_colours_it_does_not_offer_fall_back_to_the_defaults(app):
    from iwari_desktop.setup_memory import RememberedSeat, RememberedSetup

    app.settings.last_setups = {"multiplayer": RememberedSetup("no-such-map", (RememberedSeat("Ann"),))}
    scene = open_from_menu(app, "new")
    assert scene.model.map_id == "new-horizons" and scene.model.names == ["Aiyana", "Bodhi", "Chenoa"]

    seats = tuple(RememberedSeat(n, "purple", "genius") for n in ("Ann", "Ben"))   # purple: maps for six only
    app.settings.last_setups = {"multiplayer": RememberedSetup("new-horizons", seats, options={"worship": 99})}
    scene = open_from_menu(app, "new")
    assert scene.model.names == ["Ann", "Ben"] and len(set(scene.model.colours)) == 2
    assert scene.model.computers == [None, None] and scene.model.options["worship"] == 0
    assert scene.start(seed=1)
