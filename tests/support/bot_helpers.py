"""What the bot tests share: positions where a seat has a real choice, and the spy's twin of a position.

The spy tests (test_bots_spy.py, test_bots_solo.py, test_bots_explain.py, test_scenes_computer.py) check
that a decision is the same in two states that differ only in what the deciding seat cannot see.
"""

from __future__ import annotations

from iwari_desktop.engine.core.config import GameConfig, GameMode
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.setup import new_game
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.maps.registry import get_board


def hidden_swapped(state: GameState, seat: int, salt: int) -> GameState:
    """The same position for `seat`, with every card it cannot see dealt again and a new game RNG."""
    twin = state.clone()
    pool = list(twin.deck)
    for other, hand in enumerate(twin.hands):
        if other != seat:
            pool.extend(hand)
    Rng(salt).shuffle(pool)
    for other, hand in enumerate(twin.hands):
        if other != seat:
            size = len(hand)
            twin.hands[other] = sorted(pool[:size])
            del pool[:size]
    twin.deck = pool
    twin.rng = Rng(salt * 7919 + 1)
    return twin


def choice_positions(map_id: str, players: int, seed: int, count: int, bot, every: int,
                     mode: GameMode = GameMode.MULTIPLAYER) -> list[GameState]:
    """Up to `count` positions of one game played by `bot`, taken every `every` decisions where the active
    seat has a real choice (more than one legal action), so they vary in phase."""
    state = new_game(GameConfig.quick(map_id, players, seed, mode=mode), get_board(map_id))
    found: list[GameState] = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        options = legal_actions(state)
        if len(options) > 1 and step % every == 0:
            found.append(state.clone())
        apply(state, bot.choose(state, options))
        step += 1
    return found
