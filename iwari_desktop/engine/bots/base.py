"""What every computer player shares: its own seeded RNG, the single-option shortcut, tie breaking.

Every bot (the levels, the players' side against the Void, the measuring stick in cli/vs_void.py)
draws only on an `Rng` of its own, seeded once from `seed`, never on the game's: so a seeded game
replays exactly whatever the bots do, and a bot's decisions do not shift the game's dice. Keeping
this in one place keeps the rule the same for all of them: a single legal option is played at
once, without drawing on the bot's RNG (so a forced move never changes the bot's later choices).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.rng import Rng
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.state import GameState

TIE = 1e-9   # values this close to the best count as equal (floating-point sums in another order)


@dataclass
class SeededBot:
    """A bot with its own RNG from `seed`; subclasses decide in `decide` (at least two options)."""

    seed: int = 0
    rng: Rng = field(init=False)

    # False only for a bot that has always drawn on its RNG for a forced move too (RandomBot):
    # dropping that draw would change every later decision of its seeded games.
    SINGLE_AT_ONCE: ClassVar[bool] = True

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        """Never changes `state`; pass `options` when the caller already computed legal_actions(state)."""
        options = options if options is not None else legal_actions(state)
        if self.SINGLE_AT_ONCE and len(options) == 1:
            return options[0]
        return self.decide(state, options)

    def decide(self, state: GameState, options: list[Action]) -> Action:
        """The bot's choice among `options` (the legal actions of `state`)."""
        raise NotImplementedError

    def pick(self, scored: list[tuple[float, Action]]) -> Action:
        """The best-valued option; equal values are broken with the bot's own RNG."""
        top = max(s for s, _ in scored)
        best = [a for s, a in scored if s >= top - TIE]
        return best[self.rng.below(len(best))]


def follow_line(line: list[Action], options: list[Action]) -> Action | None:
    """The next move of a turn planned at its start (`line`), taken off the line while it is still legal;
    otherwise the plan is dropped (the line emptied) and None says: decide afresh."""
    if line and line[0] in options:
        return line.pop(0)
    line.clear()
    return None
