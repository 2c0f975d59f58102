"""S2's four piles as numbers and on a hand-built deck: the rule tests of engine/rulesets/solo/piles.py (the
real games' check is tests/engine/rulesets/solo/test_solo_piles.py, too slow for mutation testing).

S2: 57 biome cards; 3 per hand and 4 in the display; the rest in four piles differing by at most one card, three
Void cards shuffled into each, stacked. The deck's top is its list's end, so the last pile is drawn first.
"""

from __future__ import annotations

from collections import Counter

import pytest

from solo_helpers import VOID_CARD, solo_state, vd

from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.rulesets.solo.piles import lay_out_piles, pile_bounds, void_per_pile

SOLO = [(0, 16), (16, 32), (32, 47), (47, 62)]    # 50 biome cards: 13, 13, 12, 12, each with 3 Void cards
COOP = [(0, 15), (15, 30), (30, 45), (45, 59)]    # 47 biome cards: 12, 12, 12, 11


def test_s2_four_piles_differing_by_at_most_one_card_with_three_void_cards_each():
    assert pile_bounds(1) == SOLO
    assert pile_bounds(2) == COOP


@pytest.mark.parametrize("deck_size, void_cards, expected", [
    (62, 12, [(0, 16, 3), (16, 32, 3), (32, 47, 3), (47, 62, 3)]),     # untouched
    (50, 10, [(0, 16, 3), (16, 32, 3), (32, 47, 3), (47, 50, 1)]),     # the last pile being drawn holds the rest
    (47, 9, [(0, 16, 3), (16, 32, 3), (32, 47, 3)]),                   # the last pile used up
    (40, 7, [(0, 16, 3), (16, 32, 3), (32, 40, 1)]),
    (3, 2, [(0, 3, 2)]),
    (0, 0, []),
])
def test_s2_untouched_piles_hold_three_void_cards_and_the_pile_being_drawn_the_rest(deck_size, void_cards,
                                                                                    expected):
    assert void_per_pile(deck_size, void_cards, SOLO) == expected


def test_s2_s12_a_world_whose_hidden_hands_hold_void_cards_keeps_every_count_possible():
    # co-op: Void cards a partner's hidden hand holds leave a pile short; the shortfall comes off the last pile
    assert void_per_pile(62, 10, SOLO) == [(0, 16, 3), (16, 32, 3), (32, 47, 3), (47, 62, 1)]
    assert void_per_pile(62, 2, SOLO) == [(0, 16, 2), (16, 32, 0), (32, 47, 0), (47, 62, 0)]
    # more Void cards than the pile being drawn has room for: the earlier piles take the surplus
    assert void_per_pile(48, 12, SOLO) == [(0, 16, 3), (16, 32, 3), (32, 47, 5), (47, 48, 1)]


def test_s2_the_first_deck_is_laid_out_pile_by_pile_and_each_pile_keeps_its_biome_cards():
    state = solo_state()
    others = [card for card in state.deck if card is not VOID_CARD]
    state.deck = others + [VOID_CARD] * 12          # a redrawn world with every Void card on top
    lay_out_piles(state, Rng(7))
    assert [state.deck[start:end].count(VOID_CARD) for start, end in SOLO] == [3, 3, 3, 3]
    taken = 0
    for start, end in SOLO:                         # each pile keeps its biome cards, in a shuffled order
        pile = [card for card in state.deck[start:end] if card is not VOID_CARD]
        assert Counter(pile) == Counter(others[taken:taken + len(pile)])
        taken += len(pile)
    assert Counter(state.deck)[VOID_CARD] == 12 and len(state.deck) == 62


@pytest.mark.parametrize("after", ["corruption", "new deck", "no deck"])
def test_s6_s10_after_a_corruption_or_a_new_deck_there_are_no_piles_to_keep(after):
    state = solo_state()
    state.deck = [card for card in state.deck if card is not VOID_CARD] + [VOID_CARD] * 12
    if after == "corruption":
        vd(state).corruptions = 1
    elif after == "new deck":
        state.deck_exhaustions = 1
    else:
        state.deck = []
    before = list(state.deck)
    lay_out_piles(state, Rng(7))
    assert state.deck == before
