"""Drive a `GameController` with a bot, gesture by gesture, as a person's clicks would.

A bot picks an engine action; this module turns it into the controller calls a person makes for
it (select cards, click a territory, click a space...), then checks the controller really played
that action. So the smoke run tests the click path, not a shortcut around it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ...engine import Action, Draw, Exchange, Pass, Place, PlaceFeat, PlaceTent, PlaceTotem
from ..board.controller import GameController
from .driver_flow import play_module_action, select_cards  # noqa: F401  (select_cards: every driver's gesture)


class Bot(Protocol):
    def choose(self, state, options=None) -> Action: ...


class DriverError(RuntimeError):
    """The controller did not play what the gestures asked for."""


class SmokeFailure(Exception):
    """A smoke run's check failed (the message says which); `smoke.py` reports it in one line."""


def between_actions(controller: GameController) -> str | None:
    """The gestures no decision needs (take the handoff, end a finished turn), or "over": what happened,
    or None when the game waits for a decision. Shared by every driver's step."""
    if controller.needs_handoff:
        controller.accept_handoff()
        return "handoff"
    if controller.turn_done:
        controller.confirm()
        return "end-turn"
    if controller.over:
        return "over"
    return None


def dismiss_screen(top) -> str | None:
    """A screen a player only clicks through between moves, clicked through: the handoff taken, an
    announcement acknowledged, a scoring skipped to its table and closed. What it was, or None for any
    other scene (left alone). Shared by the play loops of tests and screenshot tools."""
    from ..board.overlays import AnnouncementOverlay, HandoffOverlay
    from ..scoring.scoring import ScoringScene

    if isinstance(top, HandoffOverlay):
        top.confirm()
        return "handoff"
    if isinstance(top, AnnouncementOverlay):
        top.acknowledge()
        return "announcement"
    if isinstance(top, ScoringScene):
        top.skip()
        top.close()
        return "scoring"
    return None


def bot_step(controller: GameController, bot: Bot) -> str:
    """One gesture-level step; returns a word for what happened (for logs and tests)."""
    done = between_actions(controller)
    if done is not None:
        return done
    action = bot.choose(controller.state)
    before = len(controller.game.log)
    if isinstance(action, Place):
        select_cards(controller, action.cards)
        controller.set_pieces(action.pieces)
        if controller.uses_permit(action):
            controller.toggle_permit()  # the Determination token is switched on by its own button
        ok = controller.click_territory(action.territory)
    elif isinstance(action, PlaceTent):
        ok = controller.click_space(action.space)
    elif isinstance(action, PlaceTotem):
        ok = controller.place_totem()
    elif isinstance(action, Exchange):
        select_cards(controller, (action.card,))
        ok = controller.exchange()
    elif isinstance(action, Draw):
        ok = controller.draw_deck() if action.card is None else controller.draw_display(
            controller.display_slots().index(action.card))
    elif isinstance(action, Pass):
        ok = controller.confirm()
    elif isinstance(action, PlaceFeat):
        ok = controller.place_feat(action.target, action.on_connection)
    else:
        ok = play_module_action(controller, action)
    log = controller.game.log
    if not ok or len(log) != before + 1 or log[-1] != action:
        detail = controller.message.text if controller.message else "no message"
        raise DriverError(f"gestures for '{action}' did not play it ({detail})")
    return str(action)


@dataclass
class PlayCounts:
    """What a smoke play loop went through (for the smoke runs' checks and summary lines)."""

    limit: int
    gestures: int = 0
    handoffs: int = 0
    announcements: int = 0
    scorings: int = 0
    sequences: int = 0


def play_to_final_scoring(app, board, bot: Bot, limit: int = 20_000) -> PlayCounts:
    """A multiplayer game on `board` played by `bot`, gesture by gesture, through every screen it opens
    (handoffs, announcements, half-journey scoring) until the final scoring opens — or the board is
    over with nothing left to show, or `limit` gestures are made (the caller checks which)."""
    from ..board.overlays import AnnouncementOverlay, HandoffOverlay
    from ..scoring.scoring import ScoringScene

    controller = board.controller
    counts = PlayCounts(limit)
    while counts.gestures < limit:
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            top.confirm()
            counts.handoffs += 1
        elif isinstance(top, AnnouncementOverlay):
            top.acknowledge()
            counts.announcements += 1
        elif isinstance(top, ScoringScene):
            counts.scorings += 1
            if top.final:
                break
            top.skip()
            app.step(0)
            top.close()
        elif top is board:
            if controller.over and not controller.turn_done and not controller.new_reports():
                break
            bot_step(controller, bot)
        else:
            raise SmokeFailure(f"unexpected screen {type(top).__name__}")
        counts.gestures += 1
        app.step(0)
    return counts
