"""The tutorial's opponents: a bot held to the script.

Where the script plans an opponent's turn (the turns that set up a lesson: exploring the territory the
learner will play into, filling a totem stack to its cap), the bot plays exactly that plan. Its other
turns follow one fixed rule, so the game still comes out the same every time: the Place that uses
the most cards (the first such in `legal_actions`' stable order), tents before totems on the first
free space, and cards drawn from the deck while it lasts, else from the display.
"""

from __future__ import annotations

from iwari_desktop.engine.core.actions import Action, Draw, Exchange, Place, PlaceTent, PlaceTotem, parse_action
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.rules import legal_actions
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.tutorial.script import OpponentTurn, Script


def planned_turn(script: Script, state: GameState) -> OpponentTurn | None:
    """The script's plan for the active seat's current turn (its own turns counted from 1), if any."""
    seat = state.active_seat
    number = state.turns_taken[seat] + 1
    return next((t for t in script.opponents if t.seat == seat and t.turn == number), None)


def opponent_action(script: Script, state: GameState) -> Action:
    """The opponent's next decision: the script's plan for this turn, else the fixed rule above.

    Raises IllegalAction when a planned action is not legal here: the script and the game disagree,
    which the script's own test catches before a player ever could.
    """
    legal = legal_actions(state)
    if not legal:
        raise IllegalAction("B14", "the game is over")
    plan = planned_turn(script, state)
    wanted: Action | None = None
    if plan is not None and state.phase is Phase.MAIN:
        wanted = parse_action(plan.main)
    elif plan is not None and state.phase is Phase.PIECES and state.pending is not None:
        wanted = parse_action(plan.pieces[state.pending.placed])
    if wanted is not None:
        if wanted not in legal:
            raise IllegalAction("B5", f"the tutorial script plans '{wanted}', which is not legal here")
        return wanted
    return _fixed_rule(legal)


def _fixed_rule(legal: list[Action]) -> Action:
    places = [a for a in legal if isinstance(a, Place)]
    if places:
        return max(places, key=lambda a: (len(a.cards), a.pieces))  # max keeps the first of equals
    tents = [a for a in legal if isinstance(a, PlaceTent)]
    if tents:
        return tents[0]
    if PlaceTotem() in legal:
        return PlaceTotem()
    draws = [a for a in legal if isinstance(a, Draw)]
    if draws:
        return Draw(None) if Draw(None) in draws else draws[0]
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    return exchanges[0] if exchanges else legal[0]
