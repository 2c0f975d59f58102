"""The shortcuts that made the Expert's workload faster (issue #20) answer exactly what they replace.

Each remembered or shortened answer is compared with a fresh, unshortened one on every position of random
solo and co-op games on maps with their own solo rules: The Long Road (purple road), The Uncharted Paths
(the Void's totems gather on the centre), Floating Lands (linked Tundra ruins).
"""

from __future__ import annotations

import pytest

from iwari_desktop.engine.bots import solo_plan
from iwari_desktop.engine.bots.expert_rollout import with_k
from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.bots.solo_draw import _deck_odds, _hand_value, biome_rooms
from iwari_desktop.engine.bots.solo_draw import _expected as expected_cached
from iwari_desktop.engine.bots.solo_eval import largest_void_settlement
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.placement import any_place, place_options
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import EMPTY, GameState, Phase
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo import maprules
from iwari_desktop.engine.rulesets.solo.data import VOID, data
from iwari_desktop.engine.rulesets.solo.outcome import k_of
from iwari_desktop.engine.rulesets.solo.settlements import largest_after_one_ruin
from iwari_desktop.engine.rulesets.solo.sides import side_groups
from iwari_desktop.engine.rulesets.solo.void_action import has_void_action, void_action_options

MAPS = ("long-road", "uncharted-paths", "floating-lands")


def _positions(map_id: str, mode: GameMode, seed: int) -> list[GameState]:
    """Every position of one random game against the Void (copies, in order)."""
    board = get_board(map_id)
    n = 1 if mode is GameMode.SOLO else 2
    state = new_game(GameConfig.quick(board.map_id, n, seed, mode=mode), board)
    bots = [RandomBot(seed + i) for i in range(n)]
    seen = []
    while not state.is_terminal():
        seen.append(state.clone())
        apply(state, bots[state.active_seat].choose(state, legal_actions(state)))
    return seen


@pytest.fixture(scope="module")
def positions() -> list[GameState]:
    found = []
    for i, map_id in enumerate(MAPS):
        found += _positions(map_id, GameMode.SOLO, 40 + i)
        found += _positions(map_id, GameMode.COOP, 50 + i)
    return found


def test_the_remembered_plan_score_is_the_fresh_one(positions):
    solo_plan._SCORES.clear()
    remembered = [solo_plan.plan_value(s, s.active_seat) for s in positions]   # the cache fills as play goes on
    fresh = []
    for s in positions:
        solo_plan._SCORES.clear()
        fresh.append(solo_plan.plan_value(s, s.active_seat))
    assert remembered == fresh
    assert len({round(v, 6) for v in fresh}) > 20   # the positions really differ in value


def _moved_pawn(s: GameState) -> None:
    numbers = s.board.connection_numbers
    data(s).pawn = numbers[(numbers.index(data(s).pawn) + 1) % len(numbers)]


def _more_above(s: GameState) -> None:
    data(s).above += 1


def _more_beside(s: GameState) -> None:
    data(s).beside += 1


def _fewer_void_ruins(s: GameState) -> None:
    s.tents_left[s.void_tribe] = max(0, s.tents_left[s.void_tribe] - 3)


def _fewer_void_totems(s: GameState) -> None:
    s.totems_left[s.void_tribe] = max(0, s.totems_left[s.void_tribe] - 2)


def _fewer_player_pieces(s: GameState) -> None:
    s.tents_left[0] = max(0, s.tents_left[0] - 4)


def _other_k(s: GameState) -> None:
    s.config = with_k(s, k_of(s) + 1).config


@pytest.mark.parametrize("change", [_moved_pawn, _more_above, _more_beside, _fewer_void_ruins, _fewer_void_totems,
                                    _fewer_player_pieces, _other_k])
def test_every_input_of_the_plan_score_is_in_its_key(positions, change):
    """A position changed in one input the plan reads, weighed right after the original (its score remembered),
    gets the fresh score: a key that left the input out would hand back the original's."""
    solo_plan._SCORES.clear()
    differs = 0
    for s in positions[::3]:
        if s.phase is Phase.GAME_OVER:
            continue
        original = solo_plan.plan_value(s, s.active_seat)
        changed = s.clone()
        change(changed)
        remembered = solo_plan.plan_value(changed, changed.active_seat)
        solo_plan._SCORES.clear()
        fresh = solo_plan.plan_value(changed, changed.active_seat)
        assert remembered == fresh
        differs += abs(fresh - original) > 1e-9
    assert differs > 5


def test_the_remembered_void_settlement_size_is_the_fresh_one(positions):
    grown = 0
    for s in positions:
        linked = maprules.linked_void_spaces(s)
        fresh = max((len(g) for g in side_groups(s, VOID, linked)), default=0)
        assert largest_void_settlement(s) == fresh
        grown += fresh >= 2
    assert grown > 10


def test_s11_the_remembered_reach_of_one_more_ruin_is_the_fresh_one(positions):
    """`largest_after_one_ruin` (Floating Lands' settlement reach) against trying a ruin on every empty space of
    every uncounted territory and measuring the groups afresh."""
    joined = 0
    for s in positions[::2]:
        if s.phase is Phase.GAME_OVER:
            continue
        linked = maprules.linked_void_spaces(s)
        owner, void, claims = s.space_owner, s.void_tribe, data(s).claims
        fresh = max((len(g) for g in side_groups(s, VOID, linked)), default=0)
        largest = fresh
        for space, info in enumerate(s.board.spaces):
            if owner[space] != EMPTY or info.territory is None or info.territory in claims:
                continue
            owner[space] = void
            fresh = max(fresh, max(len(g) for g in side_groups(s, VOID, linked)))
            owner[space] = EMPTY
        assert largest_after_one_ruin(s) == fresh
        joined += fresh > largest + 1      # one ruin joined groups
    assert joined > 5


def test_a_void_action_exists_exactly_when_the_options_list_one(positions):
    answers = set()
    for s in positions:
        assert has_void_action(s) == bool(void_action_options(s))
        answers.add(has_void_action(s))
    assert answers == {True, False}


def test_any_place_says_whether_place_options_offer_one(positions):
    answers = set()
    for s in positions:
        for tribe in (s.active_seat, s.void_tribe):
            hand = [c for c in s.hands[s.active_seat] if c is not Biome.VOID]
            found = any_place(s, tribe, hand)
            assert found == bool(place_options(s, tribe, hand))
            answers.add(found)
    assert answers == {True, False}


def _expected_fresh(hand, draws, odds, room_items) -> float:
    """The draw planner's expectation as it was written before its cache: the unsorted hand, recursively."""
    if draws <= 0:
        return _hand_value(tuple(sorted(hand)), room_items)
    return sum(p * _expected_fresh(hand + [b], draws - 1, odds, room_items) for b, p in odds)


def test_the_cached_draw_expectation_is_the_fresh_one(positions):
    checked = 0
    for s in positions[::7]:
        seat = s.active_seat
        odds = tuple(_deck_odds(s, seat).items())
        rooms = tuple(biome_rooms(s).items())
        hand = list(reversed(s.hands[seat]))[:2]
        for draws in (0, 1, 2):
            assert expected_cached(tuple(sorted(hand)), draws, odds, rooms) == _expected_fresh(hand, draws, odds, rooms)
            checked += 1
    assert checked > 30
