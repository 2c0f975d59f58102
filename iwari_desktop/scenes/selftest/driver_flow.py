"""Gestures for the expansion's actions, for the bot driver (`smoke_driver.bot_step`).

A bot picks a rule module's action; this turns it into the clicks a person makes for it, through
the same `GameController` methods the board's mouse and keys call, so bot games exercise the
expansion's click flows rather than a shortcut around them.
"""

from __future__ import annotations

from ...engine import Action, PlaceFeat
from iwari_desktop.engine.rulesets.contested import PlaceContested
from iwari_desktop.engine.rulesets.ruins import TakeRuin
from iwari_desktop.engine.rulesets.void_totems import VoidMove, VoidTotem
from ..board.controller import GameController


def select_cards(controller: GameController, cards: tuple) -> None:
    """Select exactly `cards` from the hand, by clicks on hand cards."""
    controller.clear_selection()
    hand = list(controller.hand())
    used: set[int] = set()
    for card in cards:
        index = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(index)
        controller.toggle_card(index)


def play_module_action(controller: GameController, action: Action) -> bool:
    """Play a rule module's action by gestures; False if the gestures did not play it, or it is unknown."""
    if isinstance(action, TakeRuin):
        select_cards(controller, controller.paid_cards(action) or ())
        return controller.click_space(action.space)
    if isinstance(action, PlaceContested):
        select_cards(controller, controller.paid_cards(action) or ())
        return controller.click_token(action.token)
    if isinstance(action, VoidMove):
        select_cards(controller, action.cards)
        if not controller.click_totem_stack(action.source):
            return False
        return controller.click_territory(action.territory)
    if isinstance(action, VoidTotem):
        return controller.place_void_totem()
    if isinstance(action, PlaceFeat):
        return controller.place_feat(action.target, action.on_connection)
    return False
