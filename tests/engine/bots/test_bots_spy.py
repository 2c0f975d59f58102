"""Computer players decide from the seat's observation only (issue #11's spy test).

Two states that differ only in what the seat cannot see — the other hands, the deck order and the
game's RNG — must get the same decision from every level given the same bot seed. A spy that could
read hidden cards would, sooner or later, decide differently.
"""

from __future__ import annotations

import pytest

from bot_helpers import choice_positions, hidden_swapped

from iwari_desktop.engine.bots.hard import HardBot
from iwari_desktop.engine.bots.registry import make_bot
from iwari_desktop.engine.core.observation import observe
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.bots.random_bot import RandomBot


def positions(map_id: str, players: int, seed: int, count: int) -> list[GameState]:
    """`count` positions of one random game where the active seat has a real choice, varied in phase."""
    return choice_positions(map_id, players, seed, count, RandomBot(seed), every=7)


def _pair(state: GameState, salt: int) -> tuple[GameState, GameState]:
    seat = state.active_seat
    twin = hidden_swapped(state, seat, salt)
    assert observe(state, seat) == observe(twin, seat)
    assert twin.deck != state.deck or any(twin.hands[o] != state.hands[o] for o in range(len(state.hands)) if o != seat)
    return state, twin


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_greedy_levels_decide_the_same_whatever_the_hidden_cards(level: str) -> None:
    phases = set()
    for players, seed in ((3, 11), (2, 12)):
        for position in positions("new-horizons", players, seed, 14):
            state, twin = _pair(position, salt=seed)
            phases.add(state.phase)
            options = legal_actions(state)
            assert options == legal_actions(twin)  # what the seat may do is public too
            for bot_seed in range(4):
                assert make_bot(level, bot_seed).choose(state, options) == make_bot(level, bot_seed).choose(twin, options)
    assert {Phase.MAIN, Phase.DRAW} <= phases


def test_easy_choice_distribution_is_the_same_whatever_the_hidden_cards() -> None:
    position = next(p for p in positions("new-horizons", 3, 21, 20) if p.phase is Phase.MAIN)
    state, twin = _pair(position, salt=5)
    options = legal_actions(state)
    picks = [make_bot("easy", s).choose(state, options) for s in range(40)]
    assert picks == [make_bot("easy", s).choose(twin, options) for s in range(40)]
    assert len(set(picks)) > 1  # Easy does vary with its seed, so the equality above means something


def test_hard_decides_the_same_whatever_the_hidden_cards() -> None:
    searched = 0
    for position in positions("new-horizons", 3, 31, 8):
        state, twin = _pair(position, salt=3)
        a, b = HardBot(4, iterations=12), HardBot(4, iterations=12)
        assert a.choose(state) == b.choose(twin)
        assert a.last == b.last  # the whole search saw the same worlds and the same results
        searched += a.last.simulations > 0
    assert searched > 0


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_choosing_never_changes_the_state(level: str) -> None:
    for position in positions("new-horizons", 2, 41, 5):
        before = position.clone()
        bot = make_bot(level, 1) if level != "hard" else HardBot(1, iterations=6)
        bot.choose(position)
        assert position == before
