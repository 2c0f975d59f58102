"""Drive a solo or co-op game through the controller, gesture by gesture, with seeded random choices.

Used by the solo smoke run, the screenshot tool and the tests: each step picks one of the engine's
legal actions that a person's gestures can make, makes those gestures (select cards, click a lit
territory or space, press the main button) and checks the controller played exactly that action.
The S9 move of pieces is made like a click does: cards, the territory to leave, the territory to enter,
then each tent (its space, then the empty space it goes to) or the totem (its button).
"""

from __future__ import annotations

import random

from ...engine import Action, Biome
from iwari_desktop.engine.rulesets.solo.actions import (Decline, FreePlace, MovePiece, MovePieces, VoidChoice,
                                                        VoidHand, VoidPlay, VoidSkip)
from ..board.controller import GameController
from .smoke_driver import Bot, DriverError, PlayCounts, SmokeFailure, between_actions, bot_step, select_cards


class _Fixed:
    """A 'bot' that plays one chosen action (so the base gestures come from `bot_step`)."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def choose(self, state, options=None) -> Action:
        return self.action


def clickable(actions: list[Action]) -> list[Action]:
    """The legal actions the click flow can make: a click plays the most pieces the cards buy."""
    most: dict[tuple, int] = {}
    for a in actions:
        if isinstance(a, VoidPlay):
            key = ("v", a.territory, a.cards, a.void_cards)
            most[key] = max(most.get(key, 0), a.pieces)
        elif isinstance(a, FreePlace):
            most[("f", a.territory)] = max(most.get(("f", a.territory), 0), a.pieces)
    out = []
    for a in actions:
        if isinstance(a, VoidPlay) and a.pieces != most[("v", a.territory, a.cards, a.void_cards)]:
            continue
        if isinstance(a, FreePlace) and a.pieces != most[("f", a.territory)]:
            continue
        out.append(a)
    return out


def void_step(controller: GameController, rng: random.Random, bot=None) -> str:
    """One gesture-level step of a solo/co-op game; returns the action's text (or what happened).

    The action is a seeded random one, or the one `bot` (a players'-side bot with `choose(state, options)`)
    picks among those the clicks can make; either way it is played by gestures."""
    done = between_actions(controller)
    if done is not None:
        return done
    options = clickable(controller.legal())
    if not options:
        raise DriverError(f"no clickable action ({[str(a) for a in controller.legal()]})")
    action = rng.choice(options) if bot is None else bot.choose(controller.state, options)
    if not isinstance(action, (VoidPlay, VoidSkip, VoidChoice, FreePlace, Decline, VoidHand, MovePieces, MovePiece)):
        return bot_step(controller, _Fixed(action))
    before = len(controller.game.log)
    if isinstance(action, VoidPlay):
        select_cards(controller, action.cards + (Biome.VOID,) * action.void_cards)
        ok = controller.click_territory(action.territory) if action.territory is not None else controller.confirm()
    elif isinstance(action, VoidSkip):
        select_cards(controller, (action.card,))
        ok = controller.confirm()
    elif isinstance(action, VoidChoice):
        ok = controller.click_space(action.target) if action.space else controller.click_territory(action.target)
    elif isinstance(action, MovePieces):
        select_cards(controller, action.cards)
        controller.set_pieces(action.pieces)
        ok = controller.click_territory(action.source) and controller.click_territory(action.territory)
    elif isinstance(action, MovePiece):
        if action.source_space is None:
            ok = controller.place_totem()
        else:
            ok = controller.click_space(action.source_space) and controller.click_space(action.space)
    elif isinstance(action, FreePlace):
        ok = controller.click_territory(action.territory)
    else:  # Decline, VoidHand: the main button
        ok = controller.confirm()
    log = controller.game.log
    if not ok or len(log) != before + 1 or log[-1] != action:
        detail = controller.message.text if controller.message else "no message"
        raise DriverError(f"gestures for '{action}' did not play it ({detail})")
    return str(action)


def play_void_game(app, board, seed: int, until: type, what: str = "game", limit: int = 20_000,
                   bot: Bot | None = None) -> PlayCounts:
    """A game against the Void on `board` played by seeded random gestures (or the gestures for `bot`'s
    choices; `solo_driver.void_step`) through the Void's steps, scorings and announcements until a scene
    of type `until` is on top; SmokeFailure naming `what` after `limit` gestures."""
    rng = random.Random(seed)
    controller = board.controller
    counts = PlayCounts(limit)
    while counts.gestures < limit:
        top = app.stack.top
        if isinstance(top, until):
            return counts
        if top is board:
            void_step(controller, rng, bot)
            board._after()
        elif top.name == "void-steps":
            counts.sequences += 1
            top.finish()
        elif top.name == "scoring":
            counts.scorings += 1
            top.skip()
            app.step(0)
            top.close()
        elif top.name == "announcement":
            counts.announcements += 1
            top.acknowledge()
        else:
            raise SmokeFailure(f"unexpected screen {type(top).__name__}")
        counts.gestures += 1
        app.step(0)
    raise SmokeFailure(f"the {what} did not finish within {limit} gestures")
