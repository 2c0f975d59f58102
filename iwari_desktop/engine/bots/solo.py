"""The solo/co-op player-side bot (`selfplay --mode solo|coop --bot solo`): a plan of the rest of the
game, judged after a played-out turn.

Every option is judged by `solo_plan.plan_value` of the position after it, where the rest of the
action (its pieces, the Void action that follows, the Void's placements and the tie choices the rules
leave to the player) is played out with the same evaluation one decision at a time. That value reads
the coming Infections off the pawn's path (S5), the Corruption among them (S6), and how many more
pieces each territory needs to hold through its hits, the worst K - 1 given up. Compared with the
greedy measuring stick (cli/vs_void.py) it plays out every decision of the turn, not the few best. The
look-ahead stops before any card is drawn and runs on `worlds.public_copy` of the seat's view, so
nothing hidden (deck order, a partner's closed hand) can sway a decision: decisions come from the
observation only.

Draws plan the hand for the next action (`solo_draw.draw_score`): a hand that plays all three cards
leaves the Void action nothing (S4); taking a display card turns one up, maybe a Void card (S3, S6).
"""

from __future__ import annotations

from dataclasses import dataclass

from iwari_desktop.engine.bots.base import SeededBot
from iwari_desktop.engine.bots.solo_draw import draw_score
from iwari_desktop.engine.bots.solo_plan import plan_value as value
from iwari_desktop.engine.bots.worlds import public_copy
from iwari_desktop.engine.core.actions import Action, Draw
from iwari_desktop.engine.core.rules import apply, legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.rulesets.solo.data import hush

FOLLOW_STEPS = 24      # decisions played out after an option before it is judged
NESTED_WIDTH = 16      # options tried at each played-out decision


@dataclass
class SoloBot(SeededBot):
    """Players' side against the Void (module docstring); `seed` only breaks exact ties."""

    def decide(self, state: GameState, options: list[Action]) -> Action:
        seat = state.active_seat
        world = public_copy(state, seat)
        if world.phase is Phase.DRAW:
            scored = [(self._draw_value(world, seat, a), a) for a in options]
        else:
            scored = [(self._after(world, seat, a), a) for a in options]
        return self.pick(scored)

    # ---- look-ahead ------------------------------------------------------------------------------
    def _after(self, world: GameState, seat: int, action: Action) -> float:
        return self.followed_value(world, seat, action)[1]

    def followed(self, world: GameState, seat: int, action: Action,
                 line: list[Action] | None = None) -> GameState:
        """A copy of `world` after `action` and the rest of the turn played out (what `_after` values);
        the decisions played after `action` are appended to `line` when one is given (the Expert's turns)."""
        return self.followed_value(world, seat, action, line)[0]

    def followed_value(self, world: GameState, seat: int, action: Action,
                       line: list[Action] | None = None) -> tuple[GameState, float]:
        """`followed` and its `plan_value` for `seat`: the value the play-out's last greedy choice was made by,
        when that choice ended it (the same position and seat), else worked out now."""
        trial = world.clone()
        hush(trial)   # a look-ahead copy: its Void steps write no sentences (data.VoidData.quiet)
        apply(trial, action)
        trial, known = self._follow(trial, seat, line)
        return trial, value(trial, seat) if known is None else known

    def _follow(self, trial: GameState, seat: int,
                line: list[Action] | None = None) -> tuple[GameState, float | None]:
        """Play out the rest of this turn's decisions (pieces, Void action, Void choices) greedily; the position
        reached is returned (`trial` itself, or the copy the last greedy choice was weighed on) with its value
        for `seat` when the last step was such a choice (None otherwise).

        Why the copy goes on: the probe of the chosen option is the position that option leads to, so it is
        played on rather than applying the option to `trial` once more (a tenth of the play-out's rule work).
        Each option is applied with the options already listed (`apply`'s `listed`), not listed again."""
        known: float | None = None
        for _ in range(FOLLOW_STEPS):
            if trial.phase not in (Phase.PIECES, Phase.MODULE) or trial.active_seat != seat:
                return trial, known
            options = legal_actions(trial)
            if not options:
                return trial, known
            known = None
            if len(options) == 1:
                apply(trial, options[0], options)
                if line is not None:
                    line.append(options[0])
                continue
            best, best_value, best_probe = options[0], None, trial
            for option in self.tried(options):
                probe = trial.clone()
                apply(probe, option, options)
                v = value(probe, seat)
                if best_value is None or v > best_value:
                    best, best_value, best_probe = option, v, probe
            if best_value is None:   # nothing tried: the first option, as before
                apply(trial, best, options)
            else:
                trial, known = best_probe, best_value
            if line is not None:
                line.append(best)
        return trial, known

    def tried(self, options: list[Action]) -> list[Action]:
        """The options tried at a played-out decision: the first `NESTED_WIDTH` (the Expert spreads them)."""
        return options[:NESTED_WIDTH]

    # ---- draws -------------------------------------------------------------------------------------
    def _draw_value(self, world: GameState, seat: int, action: Draw) -> float:
        return draw_score(world, seat, action.card)
