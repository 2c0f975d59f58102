"""The end of a game from any state, on a copy: what `score` prints for a position or a save in progress.

`end_now` runs the real end of the game (`flow.end_game`) on a clone: the rule modules' decisions
before the final scoring (Worship, E10), a half journey still owed (B13), the final scoring and the
result (B18). Running the real flow rather than calling the scoring functions alone is what keeps a
position's score equal to what the game would score: a module that decides something first is asked
exactly as in play. Decisions are taken by a chooser (a position file names Worship's target) or,
failing one, as the deciding seat's best. `score_now` is the plain report of the moment (no decisions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from iwari_desktop.engine.core.actions import Action
from iwari_desktop.engine.core.flow import end_game
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.scoring import GameResult, ScoreReport, decide_winner, score_report
from iwari_desktop.engine.core.state import GameState, Phase


# ---- scoring without mutating -----------------------------------------------------------------

def score_now(state: GameState, final: bool = True) -> ScoreReport:
    """The report scoring would add at this moment, without touching the state."""
    return score_report(state, final)


def winner_after(state: GameState, report: ScoreReport, points_before: list[int] | None = None) -> GameResult:
    """B18/B12 winner if `report` were added to `points_before` (default: the state's scores)."""
    before = list(state.scores) if points_before is None else list(points_before)
    trial = state.clone()
    trial.scores = [b + p for b, p in zip(before, report.totals())]
    return decide_winner(trial)


@dataclass
class Ending:
    """What the end of the game would bring from a state: the reports it adds (a half journey still owed,
    the final scoring), the result, and the decisions taken before the final scoring on the way."""

    state: GameState                 # a finished copy; the state it came from is untouched
    reports: list[ScoreReport]
    result: GameResult
    decisions: list[dict[str, Any]]


# A chooser for a decision before the final scoring: (state, legal options) -> the option, or None for
# "the deciding seat's best" (most points for its tribe at the end; ties: the first option).
Chooser = Callable[[GameState, list[Action]], Action | None]


def end_now(state: GameState, choose: Chooser | None = None) -> Ending:
    """Run the real end of the game on a copy of `state`: modules' decisions before the final scoring
    (Worship, E10), the scoring, the result (B18). A state already waiting on such a decision goes on
    from there. Decisions come from `choose`, else the deciding seat's best option.
    """
    trial = state.clone()
    start = len(trial.reports)
    waiting = (trial.phase is Phase.MODULE and trial.continuation is not None
               and trial.continuation.hook == "before_final_scoring")
    if not trial.is_terminal() and not waiting:
        end_game(trial, "position")
    decisions = _decide(trial, choose)
    return Ending(trial, trial.reports[start:], trial.result, decisions)


def _decide(state: GameState, choose: Chooser | None) -> list[dict[str, Any]]:
    decisions: list[dict[str, Any]] = []
    while not state.is_terminal():
        options = legal_actions(state)
        module = state.module_turn
        action = choose(state, options) if choose is not None else None
        how = "file"
        if action is None:
            action, how = _best(state, options), "best"
        decisions.append({"module": module, "tribe": state.acting_tribe, "action": str(action), "chosen": how})
        apply(state, action)
    return decisions


def _best(state: GameState, options: list[Action]) -> Action:
    """The option after which the deciding tribe ends with most points (later decisions also at their best)."""
    tribe = state.acting_tribe
    best, best_points = options[0], None
    for action in options:
        trial = state.clone()
        apply(trial, action)
        _decide(trial, None)
        if best_points is None or trial.scores[tribe] > best_points:
            best, best_points = action, trial.scores[tribe]
    return best
