"""The one converter from a finished solo/co-op game to a ChapterResult (engine/campaign/from_game.py).

Real finished games are played through the engine with seeded bots and checked field by field against
the state; hand-made finished states pin each field (territories, corruptions, turns, ruins, the
purple road); every goal evaluator is checked end to end on converted real results.
"""

from __future__ import annotations

import dataclasses

import pytest

from solo_helpers import vs_board

from engine_helpers import make_state, put_tent
from iwari_desktop.engine import GameConfig, new_game
from iwari_desktop.engine.campaign.from_game import NotAFinishedVoidGame, chapter_result
from iwari_desktop.engine.campaign.goals import Goal, GoalKind, check_goal
from iwari_desktop.engine.campaign.result import ChapterResult, Side
from iwari_desktop.engine.cli.vs_void import play_vs_void
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.long_road import road_spaces
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim, data
from iwari_desktop.engine.rulesets.solo.end import finish
from iwari_desktop.engine.rulesets.solo.outcome import END_ALL_COUNTED, END_VOID_SETTLEMENT, VoidOutcome


SIDE = {PLAYERS: Side.PLAYER, VOID: Side.VOID}

# (map, mode, K, seed) of seeded random games; new-horizons solo K = 10 seed 2 is won, the others lost
REAL_GAMES = [
    ("new-horizons", GameMode.SOLO, 10, 2),
    ("new-horizons", GameMode.COOP, 10, 6),
    ("long-road", GameMode.SOLO, 3, 1),
    ("long-road", GameMode.COOP, 3, 2),
    ("glacial-mass", GameMode.COOP, 3, 1),
    ("uncharted-paths", GameMode.SOLO, 3, 1),
]


def real_game(map_id: str, mode: GameMode, k: int, seed: int) -> GameState:
    return play_vs_void(get_board(map_id), mode, seed, "random", k).state


@pytest.mark.parametrize("map_id,mode,k,seed", REAL_GAMES)
def test_s10_real_finished_games_convert_field_by_field(map_id, mode, k, seed):
    state = real_game(map_id, mode, k, seed)
    outcome = state.result
    assert isinstance(outcome, VoidOutcome) and state.phase is Phase.GAME_OVER
    result = chapter_result(state)
    claims = data(state).claims
    void = state.void_tribe
    assert result.won is outcome.won
    # turns begun: the turn the game ended in counts, also when it ended before that turn was over (D2)
    assert result.turns == state.turn and len(state.turns_taken) == state.n_players
    assert result.turns - sum(state.turns_taken) in (0, 1)
    assert result.corruptions == data(state).corruptions
    playable = [t for t in state.board.territories if t.tent_spaces]
    assert [(t.name, t.biome) for t in result.territories] == [(t.name, t.biome) for t in playable]
    assert [t.controller for t in result.territories] == [
        SIDE[claims[t.index].side] if t.index in claims else None for t in playable]
    assert result.void_territories == outcome.void_territories == sum(c.side == VOID for c in claims.values())
    assert result.player_territories == sum(c.side == PLAYERS for c in claims.values())
    assert result.ruins_placed == state.space_owner.count(void)
    if map_id == "long-road":
        assert result.ruins_on_purple_road == sum(state.space_owner[s] == void for s in road_spaces(state))
    else:
        assert result.ruins_on_purple_road is None
    if result.won:
        assert result.void_territories < k and "of the 10 it needs" in result.reason
    else:
        assert result.reason


def test_s10_the_seeded_real_games_include_a_win_and_losses():
    won = [chapter_result(real_game(*game)).won for game in REAL_GAMES]
    assert won[0] and not all(won)


# ---- hand-made finished states ------------------------------------------------------------------------

def vs_state(coop: bool = False, k: int = 3, purple: tuple[int, ...] = ()) -> GameState:
    board = vs_board()
    if purple:
        spaces = tuple(dataclasses.replace(s, purple_road=s.index in purple) for s in board.spaces)
        board = dataclasses.replace(board, spaces=spaces)
    mode = GameMode.COOP if coop else GameMode.SOLO
    config = GameConfig.quick("small-test", 2 if coop else 1, 1, mode=mode, options={"k": k}, first_player=0)
    return new_game(config, board)


def claim_all(state: GameState, sides: dict[int, str]) -> None:
    d = data(state)
    d.claims.clear()
    for territory, side in sides.items():
        d.claims[territory] = Claim(side, 1, 0, 0, 0, None, "filled", 3)


def finished(state: GameState, sides: dict[int, str], end: str = END_ALL_COUNTED, *, corruptions: int = 0,
             turns: tuple[int, ...] = (5,), ruins: tuple[int, ...] = ()) -> ChapterResult:
    claim_all(state, sides)
    data(state).corruptions = corruptions
    state.turns_taken = list(turns)
    state.turn = sum(turns)   # ended at the end of its last turn: as many turns begun as taken
    for space in ruins:
        put_tent(state, state.void_tribe, space)
    finish(state, end)
    return chapter_result(state)


ALL_PLAYER = {t: PLAYERS for t in range(6)}


def test_s7_each_territory_keeps_its_name_biome_and_controller():
    state = vs_state()
    result = finished(state, {0: VOID, 1: PLAYERS, 2: PLAYERS, 3: VOID, 4: PLAYERS, 5: PLAYERS})
    board = state.board
    assert [(t.name, t.biome) for t in result.territories] == [(t.name, t.biome) for t in board.territories]
    assert [t.controller for t in result.territories] == [Side.VOID, Side.PLAYER, Side.PLAYER, Side.VOID,
                                                          Side.PLAYER, Side.PLAYER]
    assert result.void_territories == 2 and result.player_territories == 4
    assert result.won and result.reason.endswith("(2 of the 3 it needs)")


def test_s10_k_void_territories_lose_with_the_count_in_the_reason():
    result = finished(vs_state(), {0: VOID, 1: VOID, 2: VOID, 3: PLAYERS, 4: PLAYERS, 5: PLAYERS})
    assert not result.won and result.void_territories == 3
    assert result.reason == "the Void controls enough territories to win (3 of the 3 it needs)"


def test_p27_an_immediate_loss_leaves_uncounted_territories_without_controller():
    result = finished(vs_state(), {0: PLAYERS, 1: VOID}, END_VOID_SETTLEMENT)
    assert not result.won and result.reason == "the Void built a settlement big enough to win"
    assert [t.controller for t in result.territories] == [Side.PLAYER, Side.VOID, None, None, None, None]


def test_s6_corruptions_and_turns_are_copied():
    result = finished(vs_state(), ALL_PLAYER, corruptions=2, turns=(17,))
    assert (result.corruptions, result.turns) == (2, 17)


def test_s12_coop_turns_count_each_partners_turn():
    result = finished(vs_state(coop=True, k=1), ALL_PLAYER, turns=(9, 8))
    assert result.turns == 17 and result.won


def test_p19_ruins_placed_counts_the_voids_tents_on_the_board():
    result = finished(vs_state(), ALL_PLAYER, ruins=(0, 7, 12, 25))
    assert result.ruins_placed == 4
    assert result.ruins_on_purple_road is None     # the fixture board has no purple road


def test_s11_ruins_on_the_purple_road_are_counted_on_a_map_with_one():
    state = vs_state(purple=(1, 2, 3))
    result = finished(state, ALL_PLAYER, ruins=(2, 3, 9))
    assert result.ruins_placed == 3 and result.ruins_on_purple_road == 2
    clean = finished(vs_state(purple=(1, 2, 3)), ALL_PLAYER, ruins=(9,))
    assert clean.ruins_on_purple_road == 0
    assert check_goal(Goal(GoalKind.NO_RUIN_ON_PURPLE_ROAD), clean).met
    missed = check_goal(Goal(GoalKind.NO_RUIN_ON_PURPLE_ROAD), result)
    assert not missed.met and missed.reason == "2 ruins stood on the purple road"


def test_a_game_in_progress_or_a_multiplayer_game_has_no_chapter_result():
    with pytest.raises(NotAFinishedVoidGame, match="not finished"):
        chapter_result(vs_state())
    with pytest.raises(NotAFinishedVoidGame, match="not a game against the Void"):
        chapter_result(make_state(3))


# ---- every goal evaluator end to end on converted real results -------------------------------------

def _goal(kind: GoalKind, number: int | None = None, biome=None) -> Goal:
    return Goal(kind, number, biome)


def test_s10_every_goal_kind_on_a_converted_real_win():
    state = real_game("new-horizons", GameMode.SOLO, 10, 2)
    r = chapter_result(state)
    assert r.won
    claims = data(state).claims
    assert check_goal(_goal(GoalKind.WIN), r).met
    v, p = r.void_territories, r.player_territories
    assert check_goal(_goal(GoalKind.VOID_AT_MOST, v), r).met
    assert v >= 1 and not check_goal(_goal(GoalKind.VOID_AT_MOST, v - 1), r).met
    assert check_goal(_goal(GoalKind.CONTROL_AT_LEAST, p), r).met
    assert not check_goal(_goal(GoalKind.CONTROL_AT_LEAST, p + 1), r).met
    assert check_goal(_goal(GoalKind.WIN_BEFORE_CORRUPTION, r.corruptions + 1), r).met
    if r.corruptions:
        assert not check_goal(_goal(GoalKind.WIN_BEFORE_CORRUPTION, r.corruptions), r).met
    assert check_goal(_goal(GoalKind.RUINS_AT_MOST, r.ruins_placed), r).met
    assert not check_goal(_goal(GoalKind.RUINS_AT_MOST, r.ruins_placed - 1), r).met
    assert check_goal(_goal(GoalKind.WIN_WITHIN_TURNS, r.turns), r).met
    assert not check_goal(_goal(GoalKind.WIN_WITHIN_TURNS, r.turns - 1), r).met
    road = check_goal(_goal(GoalKind.NO_RUIN_ON_PURPLE_ROAD), r)
    assert not road.met and road.reason == "this map has no purple road"
    biomes = {t.biome for t in state.board.territories if t.tent_spaces}
    for biome in biomes:
        mine = all(claims.get(t.index) is not None and claims[t.index].side == PLAYERS
                   for t in state.board.territories if t.biome is biome and t.tent_spaces)
        assert check_goal(_goal(GoalKind.CONTROL_BIOME, biome=biome), r).met is mine


def test_s10_on_a_converted_real_loss_only_the_win_goal_is_judged_and_missed():
    state = real_game("long-road", GameMode.SOLO, 3, 1)
    r = chapter_result(state)
    assert not r.won
    win = check_goal(_goal(GoalKind.WIN), r)
    assert not win.met and win.reason.startswith("the chapter was lost: ")
    for goal in (_goal(GoalKind.VOID_AT_MOST, 40), _goal(GoalKind.WIN_WITHIN_TURNS, 300),
                 _goal(GoalKind.RUINS_AT_MOST, 40), _goal(GoalKind.NO_RUIN_ON_PURPLE_ROAD),
                 _goal(GoalKind.CONTROL_AT_LEAST, 1), _goal(GoalKind.WIN_BEFORE_CORRUPTION, 3)):
        check = check_goal(goal, r)
        assert not check.met and check.reason.startswith("only a won chapter earns this star: ")
    road = check_goal(_goal(GoalKind.NO_RUIN_ON_PURPLE_ROAD), r)
    assert f"{r.ruins_on_purple_road} ruin" in road.reason
