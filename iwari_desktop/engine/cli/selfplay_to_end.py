"""`selfplay --mode solo|coop --to-end`: play on after the Void reaches K, to read strength on a scale.

Why: a verdict at K is one bit a game; the Void's tally at the natural end says how far from the line
a game was. A territory once counted never changes hands (S7), so one game played to its natural end
gives the verdict at every K and the tally at once — provided the bots still play for the K asked:
the game runs with the largest K the engine takes (so it does not stop at K), and every bot decides on
a view of the state whose K is the one it plays for (`PlayingFor`); once the Void holds that many, the
view asks for one more than it holds, so a lost game is still played to lose as little as possible.

An outright Void win — a Void settlement big enough (S10), the fifth totem on the purple centre (S11),
more ruins on the ruin spaces or the purple road at the end (S11) — is a tally of `OUTRIGHT` (12): lost
at every K.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iwari_desktop.engine.bots.expert_rollout import with_k
from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.config import OPTIONS
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.solo.data import VOID, data
from iwari_desktop.engine.rulesets.solo.outcome import END_VOID_CONTROL, VoidOutcome

OUTRIGHT = 12
GAME_K = max(OPTIONS["k"].allowed)    # the K a game played to its end runs with


def void_held(state: GameState) -> int:
    return sum(1 for c in data(state).claims.values() if c.side == VOID)


@dataclass
class PlayingFor:
    """A bot that decides as if the game's K were `k` (one more than the Void holds once it holds `k`)."""

    bot: Any
    k: int

    def __post_init__(self) -> None:
        # A bot whose play depends on the K of the game itself, not the moving K of the view (the Expert's K
        # gate, bots/expert.py `ExpertBot.for_verdict`), is told that K once.
        if hasattr(self.bot, "played_for"):
            self.bot.played_for = self.k

    def choose(self, state: GameState, options: list[Action] | None = None) -> Action:
        k = min(max(self.k, void_held(state) + 1), GAME_K)
        return self.bot.choose(with_k(state, k), options)


def tally(outcome: VoidOutcome) -> int:
    """The Void's territories at the natural end; OUTRIGHT for a Void win K does not decide."""
    if not outcome.won and outcome.reason != END_VOID_CONTROL:
        return OUTRIGHT
    return outcome.void_territories


def result_at(outcome: VoidOutcome, k: int) -> str:
    """"win" or "loss" at `k` for a game played to its natural end (claims never change hands)."""
    return "win" if tally(outcome) < k else "loss"


def to_end_fields(outcome: VoidOutcome, k: int) -> dict[str, Any]:
    """The JSON line's fields of a game played to its end for `k`."""
    return {"k": k, "result": result_at(outcome, k), "to_end": True, "tally": tally(outcome),
            "outright": not outcome.won and outcome.reason != END_VOID_CONTROL}
