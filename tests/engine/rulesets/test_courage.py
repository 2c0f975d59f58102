"""E9 / P12 / P13 / P47: Courage, earned by exploring the last unexplored territory, cancels one feat."""

from __future__ import annotations


import pytest

from engine_fixtures import small_board
from engine_helpers import (
    BLUE, DESERT, GREEN, RED, SPACES, T_DESERT, T_FOREST, T_TUNDRA, TUNDRA, YELLOW, COAST, FOREST,
    draw_until_turn_ends, final_scoring_now, give_hand, place, put_tents, put_totem,
)
from iwari_desktop.engine import ConfigError, Exchange, FeatKind, GameConfig, Phase, PlaceFeat, apply, legal_actions
from iwari_desktop.engine.core import primitives
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import EMPTY, FeatOnBoard, GameState
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.courage import Courage, unexplored_territories

UNION = FeatKind.UNION
COURAGE = FeatKind.COURAGE


def small(n: int = 3, feats=(UNION,)) -> GameState:
    board = small_board(mountains=False)
    return new_game(GameConfig.quick("small-test", n, 1, first_player=0, feats=frozenset(feats),
                                     options={"courage": True}), board)


def explore_all_but(state: GameState, tribe: int, *left: int) -> None:
    """A tent of `tribe` in every territory with tent spaces except `left` (written in, no hooks)."""
    for territory in state.board.territories:
        if territory.index in left or not territory.tent_spaces or state.is_explored(territory.index):
            continue
        free = next(s for s in territory.tent_spaces if state.space_owner[s] == EMPTY)
        put_tents(state, tribe, [free])


def line(state: GameState, subject: str):
    return next(l for l in state.reports[-1].lines if l.subject == subject)


def test_e9_the_rulebook_example_two_unions_and_courage_give_x2_red_5_becomes_10_yellow_3_becomes_6():
    """New Horizons, 4 players: red (3 tents) and yellow (2) share Redscar Plateau, the Tundra. Each completes a
    settlement there and puts its Union on it; green explores the last territory and Courage goes there."""
    state = new_game(GameConfig.quick("new-horizons", 4, 1, first_player=0, feats=frozenset({UNION}),
                                      options={"courage": True}))
    board = state.board
    redscar = board.territory_named("Redscar Plateau").index
    ashen = board.territory_named("Ashen Isle").index
    assert board.territories[redscar].biome is TUNDRA and board.territories[ashen].biome is TUNDRA
    put_tents(state, RED, [49, 56, 57])          # Saltwind Bay 49 - Redscar 56 - 57 by road
    put_tents(state, YELLOW, [23, 76, 62])       # Gullcry Cliffs 23 - 76 - Redscar 62 by road
    explore_all_but(state, GREEN, ashen, redscar)
    assert unexplored_territories(state) == [ashen]
    # red completes a settlement of 4 (49-56-57-58) and puts Union on Redscar rather than Saltwind Bay
    give_hand(state, RED, [TUNDRA])
    place(state, redscar, [TUNDRA], 1, 58)
    assert state.phase is Phase.FEAT and legal_actions(state) == [PlaceFeat(UNION, 6, False), PlaceFeat(UNION, 9, False)]
    apply(state, PlaceFeat(UNION, redscar, False))
    draw_until_turn_ends(state)
    # green explores Ashen Isle, the last unexplored territory: Courage goes on the only feat, Redscar
    give_hand(state, GREEN, [TUNDRA])
    place(state, ashen, [TUNDRA], 1, 53)
    assert state.feats_earned[COURAGE] == [GREEN]
    assert [(f.feat, f.target) for f in state.feats] == [(UNION, redscar), (COURAGE, redscar)]
    draw_until_turn_ends(state)
    give_hand(state, BLUE, [DESERT])
    apply(state, Exchange(DESERT))
    draw_until_turn_ends(state)
    # yellow completes 23-76-62-61 and puts the second Union on Redscar too
    give_hand(state, YELLOW, [TUNDRA])
    place(state, redscar, [TUNDRA], 1, 61)
    apply(state, PlaceFeat(UNION, redscar, False))
    draw_until_turn_ends(state)
    assert state.territory_tents[redscar][RED] == 3 and state.territory_tents[redscar][YELLOW] == 2
    assert sum(state.territory_tents[redscar]) == 5
    final_scoring_now(state)
    redscar_line = line(state, f"territory:{redscar}")
    assert redscar_line.base == {RED: 5, YELLOW: 3}
    assert redscar_line.multiplier == 2
    assert redscar_line.points == {RED: 10, YELLOW: 6}
    courage = line(state, "courage")
    assert courage.points == {} and courage.detail == (
        "Player 2 explored the last territory and put Courage on Redscar Plateau: it cancels one of the 2 feats "
        "there, so the multiplier is x2")


def test_p12_courage_may_go_on_a_feat_earned_by_the_same_tent():
    """Red's tent on space 7 explores Tundra, the last unexplored territory, and completes the settlement 2-3-4-7:
    Union is placed first (P12), so Courage, with no other feat on the board, can still go on it."""
    state = small()
    put_tents(state, RED, SPACES[T_DESERT][2:5])
    explore_all_but(state, GREEN, T_TUNDRA)
    give_hand(state, RED, [TUNDRA])
    place(state, T_TUNDRA, [TUNDRA], 1, 7)
    assert state.phase is Phase.FEAT
    assert [(c.feat, c.deferred) for c in state.pending_feats] == [(UNION, False), (COURAGE, True)]
    apply(state, PlaceFeat(UNION, T_TUNDRA, False))
    assert [(f.feat, f.target) for f in state.feats] == [(UNION, T_TUNDRA), (COURAGE, T_TUNDRA)]
    assert state.phase is Phase.DRAW and not state.pending_feats


def test_e9_courage_is_discarded_when_no_feat_lies_on_the_board():
    state = small()
    explore_all_but(state, GREEN, T_FOREST)
    give_hand(state, RED, [FOREST])
    place(state, T_FOREST, [FOREST], 1, SPACES[T_FOREST][0])
    assert state.feats_earned[COURAGE] == [RED] and state.feat_supply[COURAGE] == 0
    assert state.feats == [] and state.phase is Phase.DRAW
    view = observe(state, GREEN).module_view("courage")
    assert view == {"in_supply": False, "earned_by": RED, "target": None, "unexplored": []}
    final_scoring_now(state)
    assert line(state, "courage").detail == ("Player 1 explored the last territory, but no feat lay on the board: "
                                             "Courage is discarded")


def test_e9_courage_may_go_on_a_connection_and_cancels_its_feat_there():
    state = small(feats=(UNION, FeatKind.HONOUR))
    state.feats.append(FeatOnBoard(FeatKind.HONOUR, BLUE, 1, True))          # on connection 1 (Desert-Tundra)
    state.feats.append(FeatOnBoard(UNION, BLUE, T_DESERT, False))
    put_tents(state, BLUE, [SPACES[T_DESERT][0], SPACES[T_TUNDRA][0]])
    put_totem(state, BLUE, T_DESERT)
    put_totem(state, BLUE, T_TUNDRA)
    explore_all_but(state, GREEN, T_FOREST)
    give_hand(state, RED, [FOREST])
    place(state, T_FOREST, [FOREST], 1, SPACES[T_FOREST][0])
    assert legal_actions(state) == [PlaceFeat(COURAGE, T_DESERT, False), PlaceFeat(COURAGE, 1, True)]
    apply(state, PlaceFeat(COURAGE, 1, True))
    draw_until_turn_ends(state)
    final_scoring_now(state)
    connection = line(state, "connection:1")
    assert connection.multiplier == 1 and connection.points == {BLUE: 2}   # Honour cancelled
    assert line(state, f"territory:{T_DESERT}").multiplier == 2            # Union untouched


def test_p13_a_territory_without_tent_spaces_never_counts_as_unexplored():
    state = new_game(GameConfig.quick("uncharted-paths", 3, 1, first_player=0, feats=frozenset({UNION}),
                                      options={"courage": True}))
    rift = state.board.territory_named("The Hollow Rift").index
    assert not state.board.territories[rift].tent_spaces
    last = next(t.index for t in state.board.territories if t.tent_spaces)
    explore_all_but(state, GREEN, last)
    assert unexplored_territories(state) == [last] and not state.is_explored(rift)
    primitives.put_tent(state, RED, state.board.territories[last].tent_spaces[0])
    assert state.feats_earned[COURAGE] == [RED]


def test_p47_the_third_tribe_earns_courage_and_the_active_player_places_it():
    state = small(n=2)
    third = state.third_tribe
    state.feats.append(FeatOnBoard(UNION, RED, T_DESERT, False))
    state.feats.append(FeatOnBoard(UNION, GREEN, T_TUNDRA, False))
    explore_all_but(state, GREEN, T_FOREST)
    give_hand(state, RED, [FOREST, COAST, COAST])
    apply(state, Exchange(COAST))
    assert state.phase is Phase.THIRD_TRIBE
    place(state, T_FOREST, [FOREST], 1, SPACES[T_FOREST][0])      # the third tribe explores the last one
    assert state.feats_earned[COURAGE] == [third]
    assert state.phase is Phase.FEAT and state.current_player() == RED
    assert legal_actions(state) == [PlaceFeat(COURAGE, T_DESERT, False), PlaceFeat(COURAGE, T_TUNDRA, False)]


def test_e9_only_the_first_tent_of_the_last_territory_earns_it_and_only_once():
    state = small()
    explore_all_but(state, GREEN, T_FOREST)
    state.feats.append(FeatOnBoard(UNION, GREEN, T_DESERT, False))
    give_hand(state, RED, [FOREST, FOREST])
    place(state, T_FOREST, [FOREST], 1, SPACES[T_FOREST][0])
    assert state.feats_earned[COURAGE] == [RED]
    draw_until_turn_ends(state)
    give_hand(state, GREEN, [FOREST])
    place(state, T_FOREST, [FOREST], 1, SPACES[T_FOREST][1])
    assert state.feats_earned[COURAGE] == [RED] and sum(f.feat is COURAGE for f in state.feats) == 1


def test_e9_courage_is_off_in_solo_and_coop_and_describes_itself():
    for mode, n in ((GameMode.SOLO, 1), (GameMode.COOP, 2)):
        with pytest.raises(ConfigError, match=f"option courage is not part of a {mode.value} game"):
            new_game(GameConfig.quick("glacial-mass", n, 1, mode=mode, options={"courage": True}))
    assert Courage.title == "the Courage feat" and "E9" not in Courage.summary and Courage.summary
    state = new_game(GameConfig.quick("the-void", 4, 1, options={"courage": True}), get_board("the-void"))
    assert state.feat_supply[COURAGE] == 1   # Courage is played on every map, The Void included
