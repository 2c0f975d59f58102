"""The random level: uniform among the legal actions, with the bot's own seeded RNG.

A baseline opponent for the strength ladder and a reproducible fuzzer: seeded games reach odd
corners of the rules. It needs no hidden information at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from iwari_desktop.engine.bots.base import SeededBot
from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.state import GameState


@dataclass
class RandomBot(SeededBot):
    """Picks uniformly among the legal actions with its own seeded RNG (never the game's).

    It draws for a forced move too (SINGLE_AT_ONCE off), as it always has, so seeded games replay."""

    SINGLE_AT_ONCE = False

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        """`SeededBot.choose` without the call to `decide`: every decision of a random game comes here (issue #32)."""
        if options is None:
            options = legal_actions(state)
        return options[self.rng.below(len(options))]

    def decide(self, state: GameState, options: list[Action]) -> Action:
        return options[self.rng.below(len(options))]
