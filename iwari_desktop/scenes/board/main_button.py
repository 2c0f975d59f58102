"""The board's main button (and Enter): what it says, whether it can be pressed, and why not.

It always names what a press does: "End turn" while a turn is under way (greyed: the turn is ended
by playing it), "End turn » Kiona" once it is over (pressing passes play on; a computer's turn
passes on by itself after the pace's pause), "Pass" with an empty hand, the Void's step in solo,
the result at the end. It is greyed only when a press would do nothing, and then its tooltip says
why.

The greyed "Continue" a player met at the start of a turn was a stale picture: pygame-gui redraws a button's
other looks (greyed, hovered) one per frame after its words change, and an idle window draws no frames, so
a button greyed right after its words changed kept showing the old ones. `show` redraws every look at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame_gui

from ...i18n import _
from ..ui.look import Ui
from ..ui.widgets import set_enabled
from .controller import GameController


@dataclass(frozen=True)
class MainButton:
    text: str
    enabled: bool
    tooltip: str   # what a press does, or why it cannot be pressed now


def main_button(c: GameController, fit_name: Callable[[str, str], str]) -> MainButton:
    """The button for the controller's moment; `fit_name(template, name)` shortens a long name to the room
    the template leaves on the button."""
    if c.over and not c.turn_done:
        return MainButton(_("See the result") if c.void_view() is not None else _("Final scores"), True,
                          _("How the game ended (Enter)"))
    if c.turn_done:
        if c.over or c.new_reports():
            return MainButton(_("See the result") if c.void_view() is not None else _("See the scores"), True,
                              _("The scoring comes first (Enter)"))
        seat = c.state.active_seat
        if seat == c.last_seat:  # solo: the same player again
            return MainButton(_("End turn"), True, _("Start your next turn (Enter)"))
        name = c.tribe_name(seat)
        text = _("End turn » {player}").format(player=fit_name(_("End turn » {player}"), name))
        if c.computer_level(c.last_seat) is not None:
            return MainButton(text, True, _("The computer's turn passes on by itself in a moment; press to go on "
                                            "now (Enter)"))
        return MainButton(text, True, _("Pass play on to {player} (Enter)").format(player=name))
    if c.can_pass():
        return MainButton(_("Pass (empty hand)"), True, _("No cards to play and none to draw: pass (Enter)"))
    void = c.void_primary()
    if void is not None:
        return MainButton(void[0], True, void[0])
    if c.computer_to_move:
        why = _("{player} (computer) is playing its turn.").format(player=c.tribe_name(c.state.active_seat))
    elif c.needs_handoff:
        why = _("Hand the laptop over first.")
    else:
        why = _("Not yet: your turn ends once it is played. {prompt}").format(prompt=c.prompt())
    return MainButton(_("End turn"), False, why)


def show(widget: pygame_gui.elements.UIButton, shown: MainButton) -> None:
    """Put `shown` on the button: state, words and tooltip, every look of it redrawn now (module docstring)."""
    set_enabled(widget, shown.enabled)
    if widget.text != shown.text:
        widget.set_text(shown.text)
    widget.set_tooltip(shown.tooltip)
    shape = widget.drawable_shape
    while shape is not None and shape.states_to_redraw_queue:
        shape.update(0.0)  # one queued look per call


def greyed_reason(widget: pygame_gui.elements.UIButton | None, pos: tuple[int, int], ui: Ui) -> list[str]:
    """The greyed button under the mouse: its words, then why it cannot be pressed, wrapped (pygame-gui shows no
    tooltip on a disabled button, so the board draws this one)."""
    if widget is None or widget.is_enabled or not widget.visible or not widget.rect.collidepoint(pos):
        return []
    return [widget.text] + ui.wrap(widget.tool_tip_text or "", "body", 14, ui.px(380))
