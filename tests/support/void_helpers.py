"""Helpers for The Void's rule tests (E7): real games on the bundled `the-void` map.

Territories of the-void (index: biome, tent spaces): t0 Shardveil void 5, t1 The Maw of Night void 5,
t2 Cinder Reach tundra 8, t3 Greywood Tangle forest 7, t4 Rimewatch glaciers 6, t5 Moonwater Strand
coast 5, t6 Dunesworn Expanse desert 6, t7 Flintmoor tundra 7, t8 Hushpine Vale forest 8,
t9 Frostlantern Peaks glaciers 6, t10 Gullwing Coast coast 6, t11 Scorchglass Barrens desert 8.
Contested spots (token: territories): 0: t2/t11, 1: t6/t7, 2: t10/t11, 3: t3/t4, 4: t7/t8.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine_helpers import draw_until_turn_ends

from iwari_desktop.engine import Biome, Exchange, GameConfig, GameState, Phase, apply, legal_actions, new_game
from iwari_desktop.engine.core.biomes import BASE_DECK_COUNTS, VOID_CARD_COUNT
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.state import EMPTY
from iwari_desktop.engine.rulesets.contested import tokens

MAP = "the-void"
T_SHARDVEIL, T_MAW, T_CINDER, T_GREYWOOD, T_RIMEWATCH, T_MOONWATER, T_DUNESWORN, T_FLINTMOOR, T_HUSHPINE, \
    T_FROSTLANTERN, T_GULLWING, T_SCORCHGLASS = range(12)
VOID_DECK = Counter(BASE_DECK_COUNTS) + Counter({Biome.VOID: VOID_CARD_COUNT})   # 69 cards


def void_game(n_players: int = 3, seed: int = 1, first_player: int | None = 0, **kwargs: Any) -> GameState:
    return new_game(GameConfig.quick(MAP, n_players, seed, first_player=first_player, **kwargs))


def all_cards(state: GameState) -> Counter:
    cards = Counter(state.deck) + Counter(state.display) + Counter(state.discard) + Counter(state.removed)
    for hand in state.hands:
        cards += Counter(hand)
    return cards


def quiet_turn(state: GameState) -> None:
    """The active player exchanges a card and draws (3+ players: no third tribe to play)."""
    assert state.phase is Phase.MAIN
    apply(state, Exchange(state.hands[state.active_seat][0]))
    draw_until_turn_ends(state)


def check_void_invariants(state: GameState) -> None:
    """Cards (with the 12 Void cards) and pieces are conserved; tents on contested tokens are counted in
    their territory but on no printed space; the Determination token is always with a seat."""
    assert all_cards(state) == VOID_DECK
    on_tokens = Counter(tribe for place in tokens(state) for tribe in ([place[1]] if place else []))
    for tribe in range(len(state.tribes)):
        on_spaces = sum(1 for owner in state.space_owner if owner == tribe)
        assert on_spaces + on_tokens[tribe] + state.tents_left[tribe] == 20
        assert sum(s.count(tribe) for s in state.totem_stacks) + state.totems_left[tribe] == 8
    for territory in state.board.territories:
        t = territory.index
        owners = [state.space_owner[s] for s in territory.tent_spaces]
        assert state.territory_empty[t] == owners.count(EMPTY)   # P6: a token never counts as a space
        for tribe in range(len(state.tribes)):
            extra = sum(1 for place in tokens(state) if place == (t, tribe))
            assert state.territory_tents[t][tribe] == owners.count(tribe) + extra
        assert len(state.totem_stacks[t]) <= max(state.territory_tents[t])
    holder = state.ext["determination"]
    assert 0 <= holder < state.n_players


def random_game(n_players: int, seed: int, check_every: bool = True, **kwargs: Any) -> tuple[GameState, list]:
    """A complete game of random legal actions on the-void; returns the final state and the action log."""
    state = void_game(n_players, seed, first_player=None, **kwargs)
    rng = Rng(seed * 7919 + n_players)
    log = []
    for _ in range(20_000):
        if state.is_terminal():
            return state, log
        options = legal_actions(state)
        action = options[rng.below(len(options))]
        apply(state, action)
        log.append(action)
        if check_every:
            check_void_invariants(state)
    raise AssertionError("the game did not end")
