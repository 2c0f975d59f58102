"""A computer's move for a seat of an online table, computed by the caller off the event loop.

`Table.computer_turn()` says which seat must move, at which level and at which state number;
`choose_move(turn)` makes the bot and asks it (seconds for Hard and the Expert: run it in a worker
thread, never on the loop); the answer goes back through `Table.play_computer(action, state_number,
now)`, which ignores it if the table has moved on meanwhile.

Against the Void (solo, co-op) the levels of `COMPUTER_LEVELS` map onto the players'-side bots, which are
the ones that know the Void's rules: random stays random, easy and normal play the Solo bot, hard the
Expert with the app's time budget.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from iwari_desktop.engine.bots.registry import make_bot, make_vs_void_bot
from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.state import GameState

VS_VOID_FOR_LEVEL = {"random": "random", "easy": "solo", "normal": "solo", "hard": "expert"}
EXPERT_BUDGET = 1.5  # seconds of CPU per decision, as the app gives the Expert (bots/expert.py APP_BUDGET)


@dataclass(frozen=True)
class ComputerTurn:
    """A decision a computer must take now: for `seat`, at `level`, on a private copy of the host's state.

    `state` is a clone (the bot may read it from another thread while the table goes on); `seed` makes
    the bot's own randomness differ from move to move but repeat for the same table and state number.
    """

    seat: int
    level: str
    state_number: int
    state: GameState
    seed: int


def choose_move(turn: ComputerTurn) -> Action:
    """The bot's action for `turn` (blocking: call it in a worker thread)."""
    if turn.state.config.mode is GameMode.MULTIPLAYER:
        bot = make_bot(turn.level, turn.seed, clock=time.thread_time)
    else:
        name = VS_VOID_FOR_LEVEL.get(turn.level, "solo")
        bot = make_vs_void_bot(name, turn.seed, budget=EXPERT_BUDGET if name == "expert" else None)
    return bot.choose(turn.state)
