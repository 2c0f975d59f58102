"""S2's piles in a world a bot believes in (rulesets/solo/piles.py): the real first deck always has three Void
cards in each untouched pile, and `determinize` deals its worlds the same way."""

from __future__ import annotations

import pytest

from iwari_desktop.engine.bots.random_bot import RandomBot
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.observation import determinize
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo.data import data
from iwari_desktop.engine.rulesets.solo.piles import pile_bounds, void_per_pile


def _void_counts(deck, parts):
    return [deck[start:end].count(Biome.VOID) for start, end, _ in parts]


@pytest.mark.parametrize("mode,players", [(GameMode.SOLO, 1), (GameMode.COOP, 2)])
def test_s2_pile_rule_holds_for_the_real_deck_and_for_every_redrawn_world(mode, players):
    """Until the first Corruption shuffles Void cards into the whole deck (S6) or the deck runs out, every pile
    not yet touched holds three Void cards and the one being drawn the rest; solo worlds keep the same cards."""
    board = get_board("glacial-mass")
    checked = 0
    for seed in range(6):
        state = new_game(GameConfig.quick("glacial-mass", players, seed, mode=mode), board)
        assert len(state.deck) == pile_bounds(players)[-1][1]
        bots = [RandomBot(seed + i) for i in range(players)]
        step = 0
        while not state.is_terminal():
            if state.deck and not state.deck_exhaustions and not data(state).corruptions:
                parts = void_per_pile(len(state.deck), state.deck.count(Biome.VOID), pile_bounds(players))
                assert _void_counts(state.deck, parts) == [count for _, _, count in parts]
                world = determinize(state, state.active_seat, Rng(step))
                if mode is GameMode.SOLO:
                    assert sorted(world.deck) == sorted(state.deck)
                    assert _void_counts(world.deck, parts) == [count for _, _, count in parts]
                checked += 1
            apply(state, bots[state.active_seat].choose(state, legal_actions(state)))
            step += 1
    assert checked > 100


def test_s2_untouched_piles_hold_three_void_cards_and_a_short_world_keeps_every_card():
    bounds = pile_bounds(1)
    full = bounds[-1][1]
    assert [c for _, _, c in void_per_pile(full, 12, bounds)] == [3, 3, 3, 3]
    # two cards drawn from the top pile, one of them a Void card: the top pile keeps two
    assert [c for _, _, c in void_per_pile(full - 2, 11, bounds)] == [3, 3, 3, 2]
    # a co-op world whose partner hand holds a Void card the piles need: counts stay possible and add up
    counts = [c for _, _, c in void_per_pile(full - 2, 10, bounds)]
    assert sum(counts) == 10 and all(0 <= c <= 3 for c in counts)
