"""The random level: uniform among the legal actions, with the bot's own seeded RNG.

A baseline opponent for the strength ladder and a reproducible fuzzer: seeded games reach odd
corners of the rules. It needs no hidden information at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.state import GameState


@dataclass
class RandomBot:
    """Picks uniformly among the legal actions with its own seeded RNG (never the game's)."""

    seed: int = 0
    rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        """Never changes `state`; pass `options` when the caller already computed legal_actions(state)."""
        options = options if options is not None else legal_actions(state)
        return options[self.rng.below(len(options))]
