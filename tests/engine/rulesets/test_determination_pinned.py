"""E7 / P17 pinned (issue #32): whom the Determination token's permit is for when the rules ask about a Place
of two pieces in an unexplored territory — the holder, on its own turn, with a card of the biome, never the
third tribe and never in the third tribe's turn (the bots and the Hint ask for other tribes too)."""

from __future__ import annotations

from void_helpers import T_GREYWOOD, void_game

from iwari_desktop.engine import Biome
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.rulesets.determination import PERMIT, Determination, holder

FOREST, DESERT = Biome.FOREST, Biome.DESERT
PAIR = (FOREST, FOREST)


def permit(state, tribe: int, cards=PAIR, pieces: int = 2):
    return Determination().placement_permit(state, tribe, T_GREYWOOD, cards, pieces)


def test_e7_the_permit_is_the_holders_and_only_on_its_own_turn():
    state = void_game(3)
    assert holder(state) == 2 and state.active_seat == 0 and not state.is_explored(T_GREYWOOD)
    assert permit(state, 2) is None                  # not the holder's turn
    assert permit(state, 0) is None                  # the active player holds no token
    state.active_seat = 2
    assert permit(state, 2) == PERMIT
    assert permit(state, 0) is None                  # asked about another tribe on the holder's turn


def test_p17_the_second_piece_needs_a_card_of_the_biome_and_one_piece_needs_no_permit():
    state = void_game(3)
    state.active_seat = 2
    assert permit(state, 2, (FOREST, DESERT, DESERT)) == PERMIT      # X + YY: the Forest card pays the second
    assert permit(state, 2, (DESERT, DESERT, DESERT)) is None       # no card of the biome (P17)
    assert permit(state, 2, (FOREST,), 1) is None


def test_p17_never_for_the_third_tribe_nor_during_its_turn():
    state = void_game(2)
    third = state.third_tribe
    state.active_seat = holder(state)
    assert permit(state, holder(state)) == PERMIT
    assert permit(state, third) is None
    state.phase = Phase.THIRD_TRIBE
    assert permit(state, holder(state)) is None and permit(state, third) is None
