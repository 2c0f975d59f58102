"""Tribes with roles (seat, third tribe, purple sixth tribe, neutral Void) and the game mode and options."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import GREEN, RED, SPACES, T_DESERT, T_TUNDRA, final_scoring_now, put_tents, put_totem
from iwari_desktop.engine import ConfigError, GameConfig, PlayerSpec, TribeColour
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.scoring import connection_winners
from iwari_desktop.engine.core.setup import VOID_RUINS, VOID_TOTEMS, new_game
from iwari_desktop.engine.core.state import TribeRole
from iwari_desktop.engine.files.saves import load_game, save_game
from iwari_desktop.engine.core.game import Game


@dataclass(frozen=True)
class NeutralVoid(RuleModule):
    """Stands for E3/E5: a module that needs the neutral Void at the table."""

    key: ClassVar[str] = "toy-neutral-void"
    tribe_roles: ClassVar[tuple] = (TribeRole.VOID,)


@pytest.fixture
def void_module(monkeypatch):
    monkeypatch.setitem(REGISTRY, NeutralVoid.key, NeutralVoid)


def board(max_players: int = 5, rules: tuple[str, ...] = ()):
    return dataclasses.replace(small_board(max_players=max_players, mountains=False), rules=rules)


def test_b12_two_seats_get_a_third_tribe_by_role():
    state = new_game(GameConfig.quick("small-test", 2, 1), board())
    assert [t.role for t in state.tribes] == [TribeRole.SEAT, TribeRole.SEAT, TribeRole.THIRD]
    assert state.third_tribe == 2 and state.void_tribe is None and state.roles.scoring == (0, 1, 2)


def test_e7_six_seats_on_a_map_for_six_the_sixth_is_purple():
    state = new_game(GameConfig.quick("small-test", 6, 1), board(max_players=6))
    assert len(state.tribes) == 6 and state.third_tribe is None
    assert state.tribes[5].colour is TribeColour.PURPLE and state.tribes[5].role is TribeRole.PURPLE
    assert state.tribes[5].role.seated and state.tribes[5].role.scores
    assert not state.removed  # E7: 5-6 players use every card
    assert all(len(h) == 3 for h in state.hands)


def test_e7_six_seats_are_refused_on_a_map_for_five():
    with pytest.raises(ConfigError, match="takes 2 to 5 players, not 6"):
        new_game(GameConfig.quick("small-test", 6, 1), board())


def test_e7_purple_only_on_maps_for_six():
    players = (PlayerSpec("A", TribeColour.RED), PlayerSpec("B", TribeColour.PURPLE), PlayerSpec("C", TribeColour.BLUE))
    with pytest.raises(ConfigError, match="purple is only the sixth tribe"):
        new_game(GameConfig("small-test", players, 1), board())
    state = new_game(GameConfig("small-test", players, 1), board(max_players=6))
    assert state.tribes[1].role is TribeRole.PURPLE


def test_seven_seats_are_refused():
    with pytest.raises(ConfigError, match="2 to 6 players, not 7"):
        new_game(GameConfig.quick("small-test", 7, 1), board(max_players=6))


def test_s1_solo_and_coop_modes_are_validated_and_need_their_rule_module(monkeypatch):
    with pytest.raises(ConfigError, match="solo game takes 1 player, not 2"):
        new_game(GameConfig.quick("small-test", 2, 1, mode=GameMode.SOLO), board())
    with pytest.raises(ConfigError, match="cannot be played in coop mode"):
        new_game(GameConfig.quick("small-test", 2, 1, mode=GameMode.COOP), board())
    solo_board = dataclasses.replace(board(), modes=frozenset({"multiplayer", "solo"}))
    from iwari_desktop.engine.core.modules import REGISTRY
    from iwari_desktop.engine.rulesets import load_all
    load_all()
    monkeypatch.delitem(REGISTRY, "solo")   # a version without the solo rules
    with pytest.raises(ConfigError, match="needs the 'solo' rules"):
        new_game(GameConfig.quick("small-test", 1, 1, mode=GameMode.SOLO), solo_board)


def test_options_are_validated_by_name_type_value_and_mode():
    for options, message in (({"nonsense": True}, "unknown option 'nonsense'"),
                             ({"worship": 4}, "worship must be one of 0, 1, 2, 3"),
                             ({"expeditions": 1}, "expeditions must be one of false, true"),
                             ({"k": 3}, "not part of a multiplayer game")):
        with pytest.raises(ConfigError, match=message):
            new_game(GameConfig.quick("small-test", 3, 1, options=options), board())
    with_cards = new_game(GameConfig.quick("small-test", 3, 1, options={"expeditions": True}), board())
    assert [m.key for m in with_cards.modules] == ["expeditions"]  # the option switches its module on
    state = new_game(GameConfig.quick("small-test", 3, 1, options={"expeditions": False, "worship": 0}), board())
    assert state.config.option("worship") == 0 and state.config.option("courage", "unset") == "unset"


def test_mode_and_options_round_trip_through_the_setup_json_and_stay_out_of_base_setups():
    config = GameConfig.quick("small-test", 3, 1, options={"worship": 2, "courage": True})
    data = config.to_json()
    assert data["options"] == {"courage": True, "worship": 2} and "mode" not in data
    assert GameConfig.from_json(data) == config
    assert "options" not in GameConfig.quick("small-test", 3, 1).to_json()
    solo = GameConfig.quick("small-test", 1, 1, mode=GameMode.SOLO, options={"k": 2})
    assert GameConfig.from_json(solo.to_json()) == solo
    with pytest.raises(ConfigError):
        GameConfig.from_json(dict(data, mode="duel"))


def test_e5_the_neutral_void_joins_when_a_module_needs_it(void_module):
    state = new_game(GameConfig.quick("small-test", 2, 1), board(rules=("toy-neutral-void",)))
    assert [t.role for t in state.tribes] == [TribeRole.SEAT, TribeRole.SEAT, TribeRole.THIRD, TribeRole.VOID]
    void = state.void_tribe
    assert void == 3 and state.tribes[void].seat is None
    assert (state.tents_left[void], state.totems_left[void]) == (VOID_RUINS, VOID_TOTEMS)
    assert state.roles.scoring == (0, 1, 2) and void not in state.roles.feat_earners


def test_e5_the_void_counts_for_caps_and_majorities_but_never_scores(void_module):
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board(rules=("toy-neutral-void",)))
    void = state.void_tribe
    put_tents(state, RED, SPACES[T_DESERT][:2])
    put_tents(state, GREEN, SPACES[T_TUNDRA][:2])
    put_totem(state, void, T_DESERT, 2)
    assert state.totems_in(T_DESERT) == 2 == state.totem_cap(T_DESERT)  # the cap counts Void totems
    put_totem(state, RED, T_TUNDRA)
    put_totem(state, void, T_TUNDRA)
    # connection 1 joins Desert and Tundra: the Void holds Desert alone and shares Tundra
    assert connection_winners(state, 1) == {void}
    final_scoring_now(state)
    report = state.reports[-1]
    assert report.totals()[void] == 0 and state.scores[void] == 0
    assert not any(line.subject == "connection:1" for line in report.lines)  # the Void wins it: nobody scores
    assert void not in state.result.winners


def test_e5_a_tribe_sharing_the_majority_with_the_void_scores(void_module):
    state = new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board(rules=("toy-neutral-void",)))
    void = state.void_tribe
    put_tents(state, RED, SPACES[T_DESERT][:2] + SPACES[T_TUNDRA][:2])
    put_totem(state, void, T_DESERT)
    put_totem(state, RED, T_DESERT)
    put_totem(state, RED, T_TUNDRA)
    final_scoring_now(state)
    line = next(l for l in state.reports[-1].lines if l.subject == "connection:1")
    assert line.base == {RED: 3}  # all three totems, the Void's included; the Void itself gets nothing


def test_a_game_with_the_void_saves_and_loads(void_module):
    b = board(rules=("toy-neutral-void",))
    game = Game.new(GameConfig.quick("small-test", 2, 4), b)
    from iwari_desktop.engine.bots.players import RandomBot
    bot = RandomBot(4)
    while not game.is_over():
        game.play(bot.choose(game.state))
    assert load_game(save_game(game), board=b).state == game.state
    assert game.state.scores[game.state.void_tribe] == 0
