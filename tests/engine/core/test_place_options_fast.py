"""`place_options`' fast path gives exactly the options `iter_place_options` lists (B6-B11, issue #32).

Why: the fast path (memos of which piece counts fit and of each territory's options) is what every bot and
the Hint read on maps without payment filters, permits or vetoes; a single option more, less or out of order
would change every decision after it. Compared at every main-phase decision of random games on every map.
"""

from __future__ import annotations

import logging

import pytest

from iwari_desktop.engine.bots.players import RandomBot
from iwari_desktop.engine.core.config import BASE_FEATS, GameConfig
from iwari_desktop.engine.core.placement import iter_place_options, place_options
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import Phase
from iwari_desktop.engine.maps.registry import MAP_IDS, get_board


@pytest.mark.parametrize("map_id", MAP_IDS)
def test_b6_b11_fast_place_options_are_the_listed_ones_in_order(map_id):
    logging.getLogger("pytmx.util_pygame").disabled = True
    board = get_board(map_id)
    compared = 0
    for seed, players in ((1, 2), (2, 3), (3, board.max_players)):
        state = new_game(GameConfig.quick(map_id, players, seed, feats=BASE_FEATS if seed % 2 else frozenset()), board)
        bots = [RandomBot(seed * 10 + i) for i in range(players)]
        while not state.is_terminal():
            if state.phase is Phase.MAIN:
                for tribe in range(len(state.tents_left)):   # every tribe, the 2-player game's third one too
                    hand = state.hands[state.active_seat]
                    assert place_options(state, tribe, hand) == list(iter_place_options(state, tribe, hand))
                    compared += 1
            apply(state, bots[state.active_seat].choose(state, legal_actions(state)))
    assert compared > 100


def test_b8_an_unexplored_territory_takes_one_tent_on_the_fast_path():
    """On New Horizons (no filter, permit or veto) the first Place of the game offers one piece in an unexplored
    territory and never two (B8)."""
    board = get_board("new-horizons")
    state = new_game(GameConfig.quick("new-horizons", 3, 5), board)
    assert not (state.hooks.payment_filter or state.hooks.placement_permit or state.hooks.piece_veto)
    options = place_options(state, state.active_seat, state.hands[state.active_seat])
    assert options and all(o.pieces == 1 for o in options)
