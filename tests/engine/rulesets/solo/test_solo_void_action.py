"""P54 and S4 on hand-built cases: which biome pays for each piece of the Void's Place (a ruin paid with biome X
must go on a ruin space with icon X on The Forgotten Island, S11/P23): the territory's own card first, then a
pair's biome. Rule tests of engine/rulesets/solo/void_action.py."""

from __future__ import annotations

import pytest

from iwari_desktop.engine import Biome
from iwari_desktop.engine.rulesets.solo.void_action import payment_biomes

F, C, D = Biome.FOREST, Biome.COAST, Biome.DESERT


@pytest.mark.parametrize("cards, pieces, paid", [
    ((F,), 1, [F]),                 # one piece: the territory's card
    ((C, C), 1, [C]),               # or a pair, paying with the pair's biome
    ((F, F), 2, [F, F]),            # two pieces: two of the territory's cards
    ((F, C, C), 2, [F, C]),         # the territory's card, then the pair
    ((C, F, C), 2, [F, C]),         # in any order of the cards
    ((F, F, F), 2, [F, F]),         # three of the territory's cards: X, X
    ((D, D, F), 2, [F, D]),
])
def test_p54_each_piece_is_paid_with_the_territorys_card_first_then_the_pairs_biome(cards, pieces, paid):
    assert payment_biomes(F, cards, pieces) == [int(b) for b in paid]


def test_s4_p54_the_void_place_commits_its_pieces_payments_and_void_cards():
    from solo_helpers import solo_state, vd

    from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
    from iwari_desktop.engine.rulesets.solo.void_action import start_void_place

    state = solo_state()
    start_void_place(state, VoidPlay(2, (F, C, C), 2, 1))        # the Forest, paid Forest + a Coast pair
    placing = vd(state).placing
    assert (placing.tribe, placing.territory, placing.pieces_left) == (state.void_tribe, 2, 2)
    assert placing.biomes == [int(F), int(C)] and placing.void_cards == 1


@pytest.mark.parametrize("ruins_left, offered", [(1, True), (0, False)])
def test_p23_s10_a_void_ruin_goes_on_its_biomes_ruin_space_only_while_the_void_has_a_ruin_left(ruins_left, offered):
    from iwari_desktop.engine import GameConfig, PlaceTent, new_game
    from iwari_desktop.engine.core.config import GameMode
    from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
    from iwari_desktop.engine.rulesets.solo.void_action import piece_choices, start_void_place

    state = new_game(GameConfig.quick("forgotten-island", 1, 1, mode=GameMode.SOLO, first_player=0))
    state.tents_left[state.void_tribe] = ruins_left
    start_void_place(state, VoidPlay(1, (D,), 1, 0))         # Desert territory 1, paid with a Desert card
    assert (PlaceTent(75) in piece_choices(state)) is offered  # 75: the empty Desert ruin space
