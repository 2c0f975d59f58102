"""The setup screen for the expansion (issue 8, "In the game"): all maps, six players, the options.

Whether a choice is possible is the engine's call; these tests ask the engine the same question
and check the screen agrees, greys out what the engine refuses and shows the engine's reason in
words. `setup_toys` stands in for the option modules so the tests do not depend on which of them
are merged yet.
"""

from __future__ import annotations

import pygame
import pytest

from iwari_desktop.engine import ConfigError, Game, GameConfig, get_board
from iwari_desktop.engine.core.config import PLAYER_COLOURS, SIXTH_COLOUR
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.maps.registry import bundled_map_ids
from iwari_desktop.scenes.setup.setup import SetupScene
from iwari_desktop.scenes.setup.setup_maps import MapTiles
from iwari_desktop.scenes.setup.setup_words import MAP_RULE_LINES, WORSHIP_VALUES, map_rule_lines, rule_line
from iwari_desktop.scenes.ui.words import has_ruling_id, player_text
from layout_check import all_text, faults
from setup_toys import EXPEDITIONS_REFUSAL, WORSHIP_REFUSAL, install_toys
from scene_helpers import key, press, send

LONG = ["Wwwwwwwwwwwwwwww", "Mmmmmmmmmmmmmmmm", "Greenmantle Pass", "WWWWWWWWWWWWWWW0", "Aiyana Bodhiwalk",
        "Mmmmmmmmmmmmmmm6"]
SIZES = [(1280, 720), (1280, 800), (1920, 1080)]


def open_setup(app) -> SetupScene:  # noqa: F811
    app.stack.top.choose("new")
    app.step(0)
    scene = app.stack.top
    assert isinstance(scene, SetupScene)
    return scene


def tile(scene: SetupScene, map_id: str) -> pygame.Rect:
    from iwari_desktop.scenes.setup.setup import TILES_LEFT, TILES_TOP

    return scene.tiles.tile_rects(scene.app.ui, TILES_LEFT, TILES_TOP)[scene.maps.index(map_id)]


def click_map(app, scene: SetupScene, map_id: str) -> None:  # noqa: F811
    from scene_helpers import click
    click(app, tile(scene, map_id).center)
    assert scene.model.map_id == map_id


def hover(app, pos) -> None:  # noqa: F811
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def engine_refusal(map_id: str, n: int, **options) -> str | None:
    try:
        Game.new(GameConfig.quick(map_id, n, 1, options=options))
    except ConfigError as error:
        return player_text(str(error))
    return None


# ---- the maps ------------------------------------------------------------------------------------------

def test_e1_all_eight_maps_are_offered_with_a_thumbnail_player_counts_and_rules(app):  # noqa: F811
    scene = open_setup(app)
    assert scene.maps == list(bundled_map_ids()) and len(scene.maps) == 8
    for map_id in scene.maps:
        click_map(app, scene, map_id)
        board = get_board(map_id)
        picture = MapTiles(scene.maps).thumb(map_id, (85, 60))
        assert picture is not None and max(picture.get_size()) >= 84
        colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 7)
                   for y in range(0, picture.get_height(), 7)}
        assert len(colours) > 20, f"{map_id}'s thumbnail is blank"
        text = " ".join(all_text(app))
        assert f"{board.min_players}–{board.max_players} players" in text
        assert board.name in text
        for rule in map_rule_lines(board):
            first_words = " ".join(rule.split()[:4])
            assert first_words in text, (map_id, rule)
        for line in all_text(app):
            assert not has_ruling_id(line), line
        if not board.rules:
            assert "No special rules: the base game." in text


def test_e2_to_e7_every_map_rule_has_a_line_and_a_registered_summary_wins(monkeypatch):
    rules = {rule for map_id in bundled_map_ids() for rule in get_board(map_id).rules}
    assert rules, "the expansion maps name their rules"
    assert rules <= set(MAP_RULE_LINES), "a map rule with no fallback line would show blank"
    for rule in rules:
        line = rule_line(rule)
        assert line.strip() and not has_ruling_id(line)
    from dataclasses import dataclass
    from typing import ClassVar

    @dataclass(frozen=True)
    class Summarised(RuleModule):
        key: ClassVar[str] = "ruins"
        summary: ClassVar[str] = "Ruins wait on the connections (E3)."

    monkeypatch.setitem(REGISTRY, "ruins", Summarised)
    assert rule_line("ruins") == "Ruins wait on the connections."
    monkeypatch.delitem(REGISTRY, "ruins")
    assert rule_line("ruins") == MAP_RULE_LINES["ruins"]


def test_keyboard_chooses_the_map_and_the_player_count(app):  # noqa: F811
    scene = open_setup(app)
    assert scene.model.map_id == scene.maps[0]
    key(app, pygame.K_DOWN)
    assert scene.model.map_id == scene.maps[1]
    key(app, pygame.K_END)
    assert scene.model.map_id == "the-void"
    key(app, pygame.K_6)
    assert len(scene.model.names) == 6 and scene.model.colours[5] is SIXTH_COLOUR
    key(app, pygame.K_UP)
    assert scene.model.map_id == scene.maps[-2] and len(scene.model.names) == get_board(scene.maps[-2]).max_players
    key(app, pygame.K_2)
    assert len(scene.model.names) == 2
    key(app, pygame.K_HOME)
    assert scene.model.map_id == scene.maps[0]
    key(app, pygame.K_RETURN)
    from iwari_desktop.scenes.board.board import BoardScene

    board = app.stack.find(BoardScene)
    assert board is not None and len(board.controller.game.config.players) == 2


# ---- players -------------------------------------------------------------------------------------------

def test_e7_the_void_takes_six_players_by_clicks_and_the_sixth_is_purple(app):  # noqa: F811
    from scene_helpers import find_button
    scene = open_setup(app)
    click_map(app, scene, "the-void")
    while len(scene.model.names) < 6:
        press(app, find_button(scene, "+ Add player"))
    assert scene.add_button is None, "no seventh seat"
    assert scene.model.colours == list(PLAYER_COLOURS) + [SIXTH_COLOUR]
    assert scene.colour_menus[5].selected_option[0] == "Purple"
    sixth_name = scene.model.names[5]
    click_map(app, scene, "new-horizons")
    assert len(scene.model.names) == 5 and SIXTH_COLOUR not in scene.model.colours
    assert sixth_name in " ".join(all_text(app)) and "left out" in " ".join(all_text(app))
    assert scene.add_button is None


def test_purple_is_offered_only_on_a_map_for_six_and_moves_aside_when_leaving_it(app):  # noqa: F811
    scene = open_setup(app)
    click_map(app, scene, "the-void")
    assert "Purple" in [text for text, _ in scene.colour_menus[0].options_list]
    scene.model.colours[0] = SIXTH_COLOUR
    scene.rebuild()
    click_map(app, scene, "vast-lands")
    assert "Purple" not in [text for text, _ in scene.colour_menus[0].options_list]
    assert len(set(scene.model.colours)) == 3 and SIXTH_COLOUR not in scene.model.colours
    assert "changed colour" in " ".join(all_text(app))


@pytest.mark.parametrize("map_id", list(bundled_map_ids()))
def test_b12_the_third_tribes_colour_is_shown_for_two_players_on_every_map(app, map_id):  # noqa: F811
    scene = open_setup(app)
    click_map(app, scene, map_id)
    scene.set_player_count(2)
    config = GameConfig(map_id, tuple(scene.model.config(1).players), 1)
    game = Game.new(config)
    third = game.state.tribes[game.state.third_tribe].colour
    assert scene.third_tribe_colour() is third
    assert f"Third tribe: {third.value.capitalize()}" in all_text(app)


# ---- options -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("map_id", list(bundled_map_ids()))
def test_option_controls_agree_with_the_engine_on_every_map(app, map_id):  # noqa: F811
    """With whatever modules are registered: a control is greyed exactly when the engine refuses it."""
    scene = open_setup(app)
    click_map(app, scene, map_id)
    n = len(scene.model.names)
    for name in ("expeditions", "courage"):
        refusal = engine_refusal(map_id, n, **{name: True})
        assert scene.options.boxes[name].is_enabled == (refusal is None), (map_id, name, refusal)
        hint = next(h for h in scene.options.hints if h.title == scene.options.boxes[name].text or
                    h.rect.colliderect(scene.options.boxes[name].rect))
        assert hint.refused == (refusal is not None) and (refusal is None or hint.text == refusal)
    for value in WORSHIP_VALUES:
        refusal = engine_refusal(map_id, n, worship=value) if value else None
        chosen = scene.model.options["worship"] == value
        assert scene.options.worship[value].is_enabled == (chosen or refusal is None), (map_id, value, refusal)


def test_e7_e10_impossible_options_are_greyed_with_the_engines_reason(app, monkeypatch):  # noqa: F811
    install_toys(monkeypatch)
    scene = open_setup(app)
    click_map(app, scene, "the-void")
    box = scene.options.boxes["expeditions"]
    assert not box.is_enabled and scene.options.boxes["courage"].is_enabled
    assert scene.options.worship[2].is_enabled and scene.options.worship[3].is_enabled
    press(app, box)
    assert scene.model.options["expeditions"] is False, "a greyed box does not tick"
    reason = player_text(f"E7: {EXPEDITIONS_REFUSAL.format(map='The Void')}")
    hover(app, scene.options.boxes["expeditions"].rect.center)
    assert scene.tip.element is not None and reason in scene.tip.text and not has_ruling_id(scene.tip.text)
    click_map(app, scene, "glacial-mass")
    assert scene.options.boxes["expeditions"].is_enabled and not scene.options.worship[2].is_enabled
    hover(app, scene.options.worship[2].rect.center)
    assert WORSHIP_REFUSAL.format(map="Glacial Mass") in scene.tip.text
    hover(app, (5, 5))
    assert scene.tip.element is None and scene.tip.text == ""


def test_e7_an_option_refused_after_a_map_change_is_explained_and_can_be_switched_off(app, monkeypatch):  # noqa: F811
    from iwari_desktop.scenes.board.board import BoardScene
    from scene_helpers import find_button
    install_toys(monkeypatch)
    scene = open_setup(app)
    press(app, scene.options.boxes["expeditions"])
    assert scene.model.options["expeditions"] is True
    click_map(app, scene, "the-void")
    box = scene.options.boxes["expeditions"]
    assert box.is_enabled and box.get_state(), "still on, and clickable so it can be switched off"
    reason = EXPEDITIONS_REFUSAL.format(map="The Void")
    assert any(reason in t for t in all_text(app)), "the reason shows before Start is pressed"
    press(app, find_button(scene, "Start game"))
    assert app.stack.top is scene and reason in scene.error and not has_ruling_id(scene.error)
    press(app, scene.options.boxes["expeditions"])
    assert scene.model.options["expeditions"] is False and not scene.options.boxes["expeditions"].is_enabled
    press(app, find_button(scene, "Start game"))
    board = app.stack.find(BoardScene)
    assert board is not None and board.controller.game.config.options == ()


def test_hovering_an_option_explains_it(app, monkeypatch):  # noqa: F811
    install_toys(monkeypatch)
    scene = open_setup(app)
    hover(app, scene.options.boxes["courage"].rect.center)
    assert scene.tip.text == "Courage: Exploring the last territory earns a token that cancels a feat."
    hover(app, scene.options.worship[3].rect.center)
    assert scene.tip.text.startswith("Worship variant 3: Most totems on the golden tokens")
    assert scene.tip.element.alive()


@pytest.mark.parametrize("app", ["en", "de"], indirect=True)
@pytest.mark.parametrize("size", SIZES)
def test_setup_fits_in_its_longest_states(app, monkeypatch, size):  # noqa: F811
    from scene_helpers import resize

    install_toys(monkeypatch)
    resize(app, size)
    scene = open_setup(app)
    scene._pick_map("the-void")
    scene.set_player_count(6)
    scene.set_names(LONG)
    for name in ("expeditions", "courage"):
        scene.model.options[name] = True
    scene.model.options["worship"] = 2
    scene.model.draft = True
    scene.changed()
    assert scene.setup_problem(), "expedition cards on The Void are refused and explained"
    assert faults(app) == []
    scene.model.options["expeditions"] = False
    scene.changed()
    assert not scene.setup_problem()
    assert faults(app) == []
    scene.set_names([LONG[0], ""])
    assert not scene.start()
    assert scene.error and faults(app) == []
    scene.set_player_count(2)
    scene._pick_map("the-void")
    assert faults(app) == []
    for map_id in scene.maps:
        scene._pick_map(map_id)
        assert faults(app) == [], map_id


@pytest.mark.parametrize("size", SIZES)
def test_e10_every_option_line_is_shown_whole(app, size):  # noqa: F811
    """Each option's one-line explanation fits its panel: none is cut short with an ellipsis."""
    from iwari_desktop.scenes.setup.setup import OPTIONS_W
    from scene_helpers import resize

    resize(app, size)
    scene = open_setup(app)
    ui = app.ui
    for map_id in ("the-void", "forgotten-island"):
        scene._pick_map(map_id)
        for value in WORSHIP_VALUES:
            scene.model.options["worship"] = value
            scene.changed()
            for text, _pos, refused in scene.options.lines:
                role, px = ("bold", 15) if text == "Worship" else ("bold" if refused else "body", 13)
                assert ui.fit(text, role, px, ui.px(OPTIONS_W - 16)) == text, (map_id, value, text)
