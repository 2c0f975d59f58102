"""The other screens after the play-test: rules navigation, setup names, the load list, settings sizes,
a remembered window size, recent moves after a load, and full-width drop-downs."""

from __future__ import annotations

import json

import pygame
import pytest

from iwari_desktop import autosaves, storage
from iwari_desktop.engine import ConfigError, Game, GameConfig, PlayerSpec, TribeColour
from iwari_desktop.scenes.board.board import BoardScene
from iwari_desktop.scenes.load.load import LoadScene, entry_text
from iwari_desktop.scenes.menu.menu import MenuScene
from iwari_desktop.scenes.rules.rules import RulesScene
from iwari_desktop.scenes.settings.settings import SettingsScene, fitting_sizes
from iwari_desktop.scenes.setup.setup import SetupScene
from iwari_desktop.scenes.ui.widgets import PLACEHOLDER_INK
from scene_helpers import click, key, make_game, map_id, press, send


def _rules(app) -> RulesScene:
    app.stack.push(RulesScene(app))
    app.step(0)
    return app.stack.top


def test_rules_contents_jump_to_their_sections(app):
    rules = _rules(app)
    titles = [t for t, _ in rules.page.anchors]
    assert "Scoring" in titles and len(rules.toc_rects) == len(titles)
    rect, y = rules.toc_rects[titles.index("Scoring")]
    click(app, rect.center)
    assert rules.offset == rules.target == min(y, rules.limit)
    assert rules.page.anchors[rules.current_section()][0] == "Scoring"


def test_rules_page_keys_move_a_screenful_and_home_end_reach_the_ends(app):
    rules = _rules(app)
    key(app, pygame.K_PAGEDOWN)
    screen = rules.view.h - app.ui.px(40)
    assert rules.offset == screen
    key(app, pygame.K_PAGEUP)
    assert rules.offset == 0
    key(app, pygame.K_END)
    assert rules.offset == rules.limit > 0
    key(app, pygame.K_HOME)
    assert rules.offset == 0


def test_rules_wheel_glides(app):
    rules = _rules(app)
    send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    assert rules.target > 0 and rules.animating
    for _ in range(200):
        rules.update(0.016)
    assert rules.offset == rules.target and not rules.animating


def _setup(app) -> SetupScene:
    app.stack.top.choose("new")
    app.step(0)
    return app.stack.top


def test_empty_name_fields_show_a_faint_placeholder_and_the_error_names_the_row(app):
    setup = _setup(app)
    entry = setup.entries[1]
    assert entry.text_colour != PLACEHOLDER_INK
    setup.set_names(["Aiyana", ""])
    assert entry.text_colour == PLACEHOLDER_INK and entry.placeholder_text == "Name"
    key(app, pygame.K_RETURN)
    assert app.stack.top is setup and setup.error == "Player 2 needs a name."
    setup.set_names(["Aiyana", "Bea"])
    assert entry.text_colour != PLACEHOLDER_INK


def test_third_tribe_is_not_a_players_name_in_a_two_player_game(app):
    specs = (PlayerSpec("Ann", TribeColour.RED), PlayerSpec("third TRIBE", TribeColour.BLUE))
    with pytest.raises(ConfigError, match="Third tribe"):
        Game.new(GameConfig(map_id(), specs, 1))
    setup = _setup(app)
    setup._remove(2)
    setup.set_names(["Ann", "Third tribe"])
    assert not setup.start(seed=1)
    assert "third tribe" in setup.error.lower() and "choose another name" in setup.error
    three = (PlayerSpec("Ann", TribeColour.RED), PlayerSpec("Third tribe", TribeColour.BLUE),
             PlayerSpec("Cat", TribeColour.GREEN))
    Game.new(GameConfig(map_id(), three, 1))  # with three players there is no third tribe to confuse


def test_load_rows_differ_and_name_each_thing_once(app):
    game = make_game()
    storage.write_slot(game, 1, "")
    storage.write_slot(game, 2, f"{game.state.board.name}, turn {game.state.turn}")
    autosave = autosaves.write_autosave(game, None)
    rows = {e.path.name: entry_text(e) for e in (storage.check_save(x) for x in storage.list_saves())}
    assert len(set(rows.values())) == 3
    for row in rows.values():
        assert row.count(game.state.board.name) == 1 and row.count("round") == 1 and "turn" not in row
    assert rows["slot-1.json"].startswith("Slot 1 · ") and rows[autosave.name].startswith("Autosave · ")


def test_newer_and_damaged_saves_are_marked_in_the_list(app):
    game = make_game()
    newer = storage.write_slot(game, 1, "from the future")
    data = json.loads(newer.read_text())
    data["version"] = 99
    newer.write_text(json.dumps(data))
    bad = storage.write_slot(game, 2, "bad moves")
    data = json.loads(bad.read_text())
    data["actions"] = ["nonsense"] + data["actions"]
    bad.write_text(json.dumps(data))
    app.stack.push(LoadScene(app))
    app.step(0)
    rows = {e.path.name: entry_text(e) for e in app.stack.top.entries}
    assert "needs a newer Iwari Desktop" in rows["slot-1.json"]
    assert "damaged" in rows["slot-2.json"]


def test_continue_says_why_it_is_greyed_out(app):
    storage.saves_dir().mkdir(parents=True, exist_ok=True)
    autosaves.new_autosave_path().write_text("{ broken", encoding="utf-8")
    menu = app.stack.top
    menu.rebuild()
    app.step(0)
    assert not menu.buttons["continue"].is_enabled
    assert menu.continue_note.startswith("The autosave cannot be loaded:")


def test_settings_offer_only_window_sizes_that_fit_the_desktop(app, monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    sizes = fitting_sizes((1280, 720))
    assert (1920, 1080) in sizes and (2560, 1440) not in sizes and (3840, 2160) not in sizes
    app.stack.push(SettingsScene(app))
    app.step(0)
    assert "3840 × 2160" not in app.stack.top.size_menu.options_list[-1]


def test_a_dragged_window_size_is_remembered(app):
    app.screen = pygame.display.set_mode((1100, 800), pygame.RESIZABLE)
    app.process_event(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=800, size=(1100, 800)))
    assert storage.load_settings().window_size == (1100, 800)


def test_recent_moves_come_back_after_a_load(app):
    from iwari_desktop.scenes.load.load import open_save
    from iwari_desktop.engine.bots.players import GreedyBot

    game = make_game()
    bot = GreedyBot(2)
    while game.state.turn < 4:
        game.play(bot.choose(game.state))
    path = storage.write_slot(game, 1, "")
    assert open_save(app, path)
    board = app.stack.find(BoardScene)
    history = board.controller.history
    assert 0 < len(history) <= 40
    assert any(text.startswith(("plays", "exchanges", "passes")) for _, text in history)
    board.controller.undo_history()  # nothing of the loaded log may be dropped by undo bookkeeping
    assert board.controller.history == history


def test_drop_down_lists_are_as_wide_as_their_button(app):
    app.stack.push(SettingsScene(app))
    app.step(0)
    menu = app.stack.top.size_menu
    press(app, menu)
    options = menu.menu_states["expanded"].options_selection_list
    assert options is not None and options.rect.width == menu.rect.width
    assert isinstance(app.stack.find(MenuScene), MenuScene)
