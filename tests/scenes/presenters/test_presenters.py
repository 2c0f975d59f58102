"""Presenters (scenes/presenters/): one per engine rule key, and every rule table of the screens read from the
registries — the engine's `REGISTRY` and the presenters' — so no table is a hand copy that can miss a rule.

Each "derived" test adds a rule the code has never seen (a fake engine module or presenter, through
monkeypatch) and checks that the table picks it up: a hand-written table would not.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import ClassVar

from iwari_desktop.engine import rulesets
from iwari_desktop.engine.core.config import OPTIONS, PLAYER_COLOURS, GameMode, OptionSpec, PlayerSpec
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.scoring import ScoreLine
from iwari_desktop.engine.core.setup import OPTION_MODULES
from iwari_desktop.engine.maps.validator import KNOWN_RULE_IDS, known_rule_ids
from iwari_desktop.scenes.presenters import registry
from iwari_desktop.scenes.presenters.base import Category, Presenter
from iwari_desktop.scenes.presenters.views import void_view
from iwari_desktop.scenes.scoring.scoring import step_order
from iwari_desktop.scenes.scoring.scoring_table import table_rows
from iwari_desktop.scenes.setup import setup_words
from iwari_desktop.engine import Game, GameConfig, get_board
from iwari_desktop.engine.maps.registry import bundled_map_ids


def test_every_engine_module_key_has_a_presenter_and_every_presenter_an_engine_key():
    rulesets.load_all()
    keys = {p.key for p in registry.presenters()}
    assert set(REGISTRY) <= keys, f"rules with no presenter: {sorted(set(REGISTRY) - keys)}"
    assert keys - set(REGISTRY) == {"base"}, "a presenter for a key the engine does not know"
    assert {"courage", "worship", "expeditions", "ruins", "void-totems", "solo", "coop"} <= keys


def test_known_rule_ids_are_the_engines_map_rules_and_follow_a_new_module(monkeypatch):
    rulesets.load_all()
    assert KNOWN_RULE_IDS == {key for key, module in REGISTRY.items() if module.map_rule}
    maps_rules = {rule for map_id in bundled_map_ids() for rule in get_board(map_id).rules}
    assert maps_rules and maps_rules <= KNOWN_RULE_IDS

    @dataclass(frozen=True)
    class Quicksand(RuleModule):
        key: ClassVar[str] = "quicksand"
        map_rule: ClassVar[bool] = True

    monkeypatch.setitem(REGISTRY, "quicksand", Quicksand)
    assert "quicksand" in known_rule_ids(), "a hand-written list would miss the new map rule"
    assert "courage" not in known_rule_ids(), "an option is switched on by the setup, not by a map"


def test_every_map_rule_has_a_setup_line_from_its_presenter(monkeypatch):
    assert set(setup_words.MAP_RULE_LINES) == KNOWN_RULE_IDS
    for key in KNOWN_RULE_IDS:
        assert setup_words.MAP_RULE_LINES[key] == registry.presenter(key).setup_line

    class Quicksand(Presenter):
        key: ClassVar[str] = "quicksand"
        setup_line: ClassVar[str] = "Quicksand swallows one tent a round."

    monkeypatch.setitem(registry.PRESENTERS, "quicksand", Quicksand())
    assert registry.map_rule_lines()["quicksand"] == "Quicksand swallows one tent a round."


def test_option_titles_are_the_engines_option_modules_in_its_order(monkeypatch):
    assert list(setup_words.OPTION_TITLES) == list(OPTION_MODULES) == ["expeditions", "courage", "worship"]

    class Tides(Presenter):
        key: ClassVar[str] = "tides"
        option_title: ClassVar[str] = "Tides"

    monkeypatch.setitem(OPTIONS, "tides", OptionSpec(bool, (False, True), frozenset({GameMode.MULTIPLAYER}), "the tides rise and fall"))
    monkeypatch.setitem(registry.PRESENTERS, "tides", Tides())
    assert registry.option_titles()["tides"] == "Tides"


def test_the_scoring_order_comes_from_the_presenters(monkeypatch):
    order = registry.scoring_order()
    assert order == {"worship": -2, "courage": -1, "tents": 0, "long-road": 1, "totems": 2, "settlement": 3,
                     "ruins": 4, "expedition": 5}
    lines = [ScoreLine(category, f"{category}:0", category, {0: 1}) for category in
             ("expedition", "ruins", "settlement", "totems", "long-road", "tents", "courage", "worship", "claim")]
    assert [line.category for line in step_order(lines)] == [
        "worship", "courage", "tents", "long-road", "totems", "settlement", "ruins", "expedition", "claim"]

    class Tides(Presenter):
        key: ClassVar[str] = "tides"
        categories: ClassVar[tuple[Category, ...]] = (Category("tides", "Tides", order=-5, colour=(1, 2, 3)),)

    monkeypatch.setitem(registry.PRESENTERS, "tides", Tides())
    lines.append(ScoreLine("tides", "tides:0", "Tides", {1: 2}))
    assert step_order(lines)[0].category == "tides", "a hand-written order would put the new rule last"
    assert registry.category_colours()["tides"] == (1, 2, 3)
    scene = SimpleNamespace(controller=SimpleNamespace(state=SimpleNamespace(tribes=[0, 1])), previous=[],
                            lines=lines, final=True)
    rows = [key for key, _row in table_rows(scene)[0]]
    assert rows[:3] == ["tents", "totems", "settlement"] and rows[3] == "tides"


def test_a_category_two_presenters_describe_differently_is_refused(monkeypatch):
    class Clash(Presenter):
        key: ClassVar[str] = "clash"
        categories: ClassVar[tuple[Category, ...]] = (Category("tents", "Tents", order=7),)

    monkeypatch.setitem(registry.PRESENTERS, "clash", Clash())
    try:
        registry.categories()
    except ValueError as error:
        assert "tents" in str(error)
    else:
        raise AssertionError("two descriptions of one category must not both stand")


def test_the_void_views_are_the_modes_against_the_void():
    assert set(registry.void_keys()) == {mode.value for mode in GameMode if mode is not GameMode.MULTIPLAYER}
    solo = Game.new(GameConfig("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]),), 3, frozenset(),
                               mode=GameMode.SOLO))
    view = void_view(solo.state)
    assert view is not None and "pawn" in view
    two = Game.new(GameConfig("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]),
                                               PlayerSpec("Bo", PLAYER_COLOURS[1])), 3))
    assert void_view(two.state) is None


def test_a_new_rules_hover_note_and_log_words_reach_the_board(monkeypatch):
    from iwari_desktop.engine import Pass
    from iwari_desktop.scenes.board.narration import describe_module_action
    from iwari_desktop.scenes.presenters.hover_words import connection_notes, territory_notes

    class Tides(Presenter):
        key: ClassVar[str] = "tides"

        def territory_notes(self, state, territory, name, views):
            return [f"Tide over territory {territory}"]

        def connection_notes(self, state, number, views):
            return [f"Tide over connection {number}"]

        def describe(self, state, action):
            return "waits for the tide" if isinstance(action, Pass) else None

    game = Game.new(GameConfig("new-horizons", (PlayerSpec("Ann", PLAYER_COLOURS[0]),
                                                PlayerSpec("Bo", PLAYER_COLOURS[1])), 3))
    assert territory_notes(game.state, 0, str) == [] and connection_notes(game.state, 1) == []
    assert describe_module_action(game.state, Pass()) == "makes a move of this map's rules"
    monkeypatch.setitem(registry.PRESENTERS, "tides", Tides())
    assert territory_notes(game.state, 0, str) == ["Tide over territory 0"]
    assert connection_notes(game.state, 1) == ["Tide over connection 1"]
    assert describe_module_action(game.state, Pass()) == "waits for the tide"
