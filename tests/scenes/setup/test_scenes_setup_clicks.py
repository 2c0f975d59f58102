"""Setup driven by real mouse clicks through pygame-gui, the path a player takes.

pygame-gui passes its event to button commands that accept one argument; these tests click the
buttons whose commands are parametrised (map choice, remove player, Worship variant) so that such a
mix-up shows. Every map is started by clicks with each player count it takes and with the options,
and the game that starts must carry exactly the config the clicks chose.
"""

from __future__ import annotations

import pytest

from iwari_desktop.engine import BASE_FEATS, Game, GameConfig, get_board
from iwari_desktop.engine.maps.registry import bundled_map_ids
from setup_toys import install_toys
from scene_helpers import click, find_button, press

from iwari_desktop.scenes.setup.setup import TILES_LEFT, TILES_TOP, SetupScene

# option sets tried in turn, one per player count, so every option value meets every map
OPTION_SETS = ({"expeditions": True, "courage": True, "worship": 3}, {}, {"courage": True, "worship": 1},
               {"expeditions": True, "worship": 2}, {"courage": True, "worship": 3})


def open_setup(app) -> SetupScene:  # noqa: F811
    from iwari_desktop.scenes.menu.menu import MenuScene

    app.stack.reset(MenuScene(app))
    app.step(0)
    app.stack.top.choose("new")
    app.step(0)
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    return scene


def click_map(app, scene: SetupScene, map_id: str) -> None:  # noqa: F811
    rects = scene.tiles.tile_rects(app.ui, TILES_LEFT, TILES_TOP)
    click(app, rects[scene.maps.index(map_id)].center)
    assert scene.model.map_id == map_id


def engine_accepts(config: GameConfig) -> bool:
    from iwari_desktop.engine import ConfigError

    try:
        Game.new(config)
    except ConfigError:
        return False
    return True


def test_clicking_a_map_tile_selects_that_map(app):  # noqa: F811
    scene = open_setup(app)
    click_map(app, scene, "vast-lands")
    click_map(app, scene, "the-void")
    click_map(app, scene, "new-horizons")


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
    from iwari_desktop.scenes.board.board import BoardScene

    scene = open_setup(app)
    press(app, find_button(scene, "Start game"))
    assert app.stack.find(BoardScene) is not None


def set_count_by_clicks(app, scene: SetupScene, n: int) -> None:  # noqa: F811
    while len(scene.model.names) < n:
        press(app, find_button(scene, "+ Add player"))
    while len(scene.model.names) > n:
        removers = [w for w in scene.widgets if getattr(w, "text", None) == "×"]
        press(app, removers[-1])
    assert len(scene.model.names) == n


def set_options_by_clicks(app, scene: SetupScene, wanted: dict) -> dict:  # noqa: F811
    """Click each option towards `wanted`; a greyed control does not move. Returns what the screen holds."""
    for name in ("expeditions", "courage"):
        box = scene.options.boxes[name]
        if box.get_state() != bool(wanted.get(name, False)):
            enabled = box.is_enabled
            press(app, box)
            assert scene.model.options[name] == (bool(wanted.get(name)) if enabled else False)
    value = wanted.get("worship", 0)
    widget = scene.options.worship[value]
    enabled = widget.is_enabled
    press(app, widget)
    if enabled:
        assert scene.model.options["worship"] == value
    else:
        assert scene.model.options["worship"] != value
    return scene.model.chosen_options()


@pytest.mark.parametrize("map_id", list(bundled_map_ids()))
def test_e1_each_map_starts_by_clicks_with_each_player_count_and_the_options(app, monkeypatch, map_id):  # noqa: F811
    from iwari_desktop.scenes.board.board import BoardScene

    install_toys(monkeypatch)
    board = get_board(map_id)
    tried: set[str] = set()
    for i, n in enumerate(range(board.min_players, board.max_players + 1)):
        scene = open_setup(app)
        click_map(app, scene, map_id)
        set_count_by_clicks(app, scene, n)
        wanted = OPTION_SETS[i % len(OPTION_SETS)]
        chosen = set_options_by_clicks(app, scene, wanted)
        for name, value in wanted.items():
            alone = GameConfig.quick(map_id, n, 1, feats=BASE_FEATS, options={name: value})
            assert (chosen.get(name) == value) == engine_accepts(alone), (map_id, n, name, value)
        tried |= set(chosen)
        names, colours = list(scene.model.names), list(scene.model.colours)
        press(app, find_button(scene, "Start game"))
        game = app.stack.find(BoardScene).controller.game
        config = game.config
        assert config.map_id == map_id
        assert [p.name for p in config.players] == names and [p.colour for p in config.players] == colours
        assert len(set(colours)) == n
        assert dict(config.options) == chosen
        assert config.feats == BASE_FEATS and config.first_player is None and not config.draft
        assert len(game.state.config.players) == n
    assert tried >= {"courage", "worship"}, "options were tried on every map"
    assert ("expeditions" in tried) == engine_accepts(GameConfig.quick(map_id, 3, 1, options={"expeditions": True}))
