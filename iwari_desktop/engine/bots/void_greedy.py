"""The greedy measuring stick against the Void (`greedy`): the players' side one decision ahead.

Why here, in bots/: `cli/vs_void.py` names it for `selfplay` and `campaign simulate`, and the Expert
(`bots/expert.py`) searches the turn it would play among its own candidates (docs/ai.md, "Playing for the K
of the chapter"), so it lives beside the other players'-side bots. What it does: it plays the players' side
one decision ahead, judging each choice by the position after the rest of its turn — its pieces one step
ahead, its Void action (S4) with that action's pieces for the few best-looking plays, the Void's own steps
with the first option (the fixed tie rule's). The position is judged by `bots/solo_plan.plan`: the
Infections still to come follow the pawn (S5), a Corruption among them counts its two territories (S6), and
each open territory needs so many more pieces to hold through the hits it will take; the worst K - 1 may be
given up. Draws plan a hand that plays all three cards (`bots/solo_draw`), which leaves the Void action
nothing (S4). The plan made at a turn's first decision is followed through its pieces and Void action. It
decides from the observation only: it never reads the deck order or a partner's closed hand (its look-ahead
ends before any card is drawn; tests/engine/bots/test_bots_solo.py spies on it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iwari_desktop.engine.bots.base import SeededBot, follow_line
from iwari_desktop.engine.bots.solo_draw import draw_score
from iwari_desktop.engine.bots.solo_plan import plan_value as position_value
from iwari_desktop.engine.core.actions import Action, Draw
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.actions import VoidPlay
from iwari_desktop.engine.rulesets.solo.data import data, hush

ROLLOUT_STEPS = 60
WIDTH = 8             # options tried at a decision inside a play-out
DEEP = 3              # best-looking options whose Void action is played out too


@dataclass
class VoidGreedyBot(SeededBot):
    """One step ahead for the players' side, its own Void action played out greedily (module docstring)."""

    line: list[Action] = field(init=False, default_factory=list)   # the rest of the turn as last planned

    def _play_out(self, trial: GameState, seat: int, depth: int, line: list[Action] | None = None) -> float:
        """Finish this turn's decisions before any card is drawn: pieces one step ahead, the Void action with
        its pieces played out (`depth` > 0, for the few best-looking plays), the Void's own choices with the
        first option (the fixed tie rule's)."""
        for _ in range(ROLLOUT_STEPS):
            if trial.phase not in (Phase.PIECES, Phase.MODULE):
                break
            options = legal_actions(trial)
            if not options:
                break
            if len(options) == 1 or trial.phase is Phase.MODULE and not _ours(trial):
                apply(trial, options[0], options)
                if line is not None:
                    line.append(options[0])
                continue
            if depth < 0 and trial.phase is Phase.PIECES:
                candidates = options[:1] + options[-1:]   # a first look: one tent space and the last (the totem)
            elif len(options) <= WIDTH:
                candidates = options
            else:
                candidates = options[:WIDTH - 1] + options[-1:]   # the totem is last
            scored = []
            for option in candidates:
                probe = trial.clone()
                apply(probe, option, options)   # listed already (`apply`)
                scored.append((position_value(probe, seat), option, probe))
            if depth > 0 and isinstance(options[0], VoidPlay):
                scored.sort(key=lambda x: -x[0])
                scored = [(self._play_out(probe, seat, depth - 1), option, probe)
                          for _, option, probe in scored[:DEEP]]
            best = max(scored, key=lambda x: x[0])
            apply(trial, best[1], options)
            if line is not None:
                line.append(best[1])
        return position_value(trial, seat)

    def _after(self, state: GameState, action: Action, depth: int = 1, line: list[Action] | None = None) -> float:
        trial = state.clone()
        hush(trial)   # a look-ahead copy: its Void steps write no sentences (data.VoidData.quiet)
        apply(trial, action)
        return self._play_out(trial, state.active_seat, depth, line)

    def decide(self, state: GameState, options: list[Action]) -> Action:
        seat = state.active_seat
        planned = self._planned(state, options)
        if planned is not None:
            return planned
        if state.phase is Phase.DRAW:
            scored = [(draw_score(state, seat, a.card) if isinstance(a, Draw) else 0.0, a) for a in options]
        else:
            depth = 0
            scored = [(self._after(state, a, -1 if len(options) > DEEP else 0), a) for a in options]
            if len(scored) > DEEP:   # the few best-looking ones again, their Void action played out
                depth = 1
                scored.sort(key=lambda x: -x[0])
                scored = [(self._after(state, a, 1), a) for _, a in scored[:DEEP]]
        choice = self.pick(scored)
        if state.phase is not Phase.DRAW:
            self.line = []
            self._after(state, choice, depth, self.line)   # remember the rest of the turn as planned
        return choice

    def _planned(self, state: GameState, options: list[Action]) -> Action | None:
        """The next step of the turn as planned at its first decision, while play follows that plan: the
        pieces and the Void action it already weighed. A draw, a new action or a choice left to the player
        for the Void (its ties) is weighed afresh."""
        if state.phase not in (Phase.PIECES, Phase.MODULE) or state.phase is Phase.MODULE and not _ours(state):
            self.line = []
            return None
        return follow_line(self.line, options)


def _ours(state: GameState) -> bool:
    """A module decision that is the seat's own play (the Void action, its pieces, a free Place)."""
    kind = data(state).decision
    return kind is not None and kind[0] in ("action", "pieces", "free")
