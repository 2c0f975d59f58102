"""The side panel's buttons on the board screen: which there are, which apply now, and their words.

A part of `BoardScene` (`scene.side_buttons`), kept apart so the scene file holds its layout, input and
flow. It is handed the scene: the buttons are the scene's widgets (so its rebuild and its covering
screens hide them), and a press calls the scene or its controller, which decide. What this part decides
is only the panel's look: the first row (Exchange, Undo, Menu), the optional row under it with at most
two of the controls that apply now (one piece instead of two, the Determination token, a totem, the
moved Void totem), and Hint beside the main button, which names what a press does (`main_button`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ...engine import Phase
from ...i18n import _
from ..ui.widgets import button, set_enabled
from .hints import hint_tooltip
from .main_button import main_button, show

if TYPE_CHECKING:
    from .board import BoardScene

OPTIONAL = ["pieces", "permit", "totem", "void"]   # the optional row's controls, in the order they are offered


class SideButtons:
    """The board's buttons (see the module docstring)."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def make(self) -> dict[str, pygame_gui.elements.UIButton]:
        """Every button at its place in the scene's side panel (laid out by `build`), the optional ones
        all in the one row they share."""
        scene, ui, c = self.scene, self.scene.app.ui, self.scene.controller
        x, y, sw = scene.side_rect.x, scene.hud.buttons_top, scene.side_rect.w
        third = (sw - ui.px(12)) // 3
        hint_w = ui.px(80)  # Hint beside End turn, in every game
        return {
            "exchange": button(scene, pygame.Rect(x, y, third, ui.px(40)), _("Exchange"), c.exchange, "#small",
                               _("Discard the one selected card instead of placing (X)")),
            "undo": button(scene, pygame.Rect(x + third + ui.px(6), y, third, ui.px(40)), _("Undo"), c.undo, "#small",
                           _("Take back the last step of this turn (Backspace)")),
            "menu": button(scene, pygame.Rect(x + 2 * (third + ui.px(6)), y, third, ui.px(40)), _("Menu"),
                           scene.open_pause, "#small", _("Save, load, settings, rules (Esc)")),
            "pieces": button(scene, pygame.Rect(x, y + ui.px(46), sw, ui.px(34)), _("Place 1 piece only"),
                             scene._toggle_pieces, "#small"),
            "totem": button(scene, pygame.Rect(x, y + ui.px(46), sw, ui.px(34)), _("Place a totem (T)"),
                            scene._place_totem, "#small", _("Raise a totem in this territory instead of a tent")),
            "void": button(scene, pygame.Rect(x, y + ui.px(46), sw, ui.px(34)), _("Place the Void totem (V)"),
                           scene._place_void_totem, "#small", _("Put the Void totem you are moving onto this stack")),
            "permit": button(scene, pygame.Rect(x, y + ui.px(46), sw, ui.px(34)), _("Use the Determination token"),
                             scene._toggle_permit, "#small",
                             _("Put 2 pieces in an unexplored territory; the token then passes to the previous player")),
            **({"hint": button(scene, pygame.Rect(x, scene.side_rect.bottom - ui.px(52), hint_w - ui.px(6), ui.px(52)),
                               _("Hint"), scene.ask_hint, "#small", hint_tooltip(c))}
               if hint_w else {}),
            "primary": button(scene, pygame.Rect(x + hint_w, scene.side_rect.bottom - ui.px(52), sw - hint_w,
                                                 ui.px(52)), _("End turn"), scene.primary, "#primary"),
        }

    def refresh(self, covered: bool) -> None:
        """Each button enabled, shown and worded as the game stands now; `covered`: a screen over the board
        hides the optional row (it would stand over that screen)."""
        c, b, ui = self.scene.controller, self.scene._buttons, self.scene.app.ui
        set_enabled(b["exchange"], c.can_exchange())
        set_enabled(b["undo"], c.can_undo())
        if "hint" in b:
            set_enabled(b["hint"], c.hand_visible and not c.turn_done and not c.computer_to_move and not c.over)
        counts = c.piece_counts()
        if len(counts) > 1 and not covered and not c.use_permit:
            b["pieces"].set_text(_("Place 2 pieces instead") if c.pieces_choice == min(counts)
                                 else _("Place 1 piece only"))
        self.optional_row(OPTIONAL, covered)
        primary = b["primary"]

        def fit_name(template: str, name: str) -> str:
            room = primary.rect.w - ui.px(28) - ui.font("bold", 18).size(template.format(player=""))[0]
            return ui.fit(name, "bold", 18, room)

        show(primary, main_button(c, fit_name))

    def totem_offered(self) -> bool:
        c = self.scene.controller
        return c.state.phase is Phase.PIECES and c.totem_allowed() and not c.turn_done and not c.needs_handoff

    def bottom(self) -> int:
        """Where the side panel's buttons end: the optional row (pieces or totem) only while it is shown."""
        b = self.scene._buttons
        extra = b and any(b[name].visible for name in OPTIONAL)
        return self.scene.hud.buttons_top + self.scene.app.ui.px(86 if extra else 46)

    def optional_row(self, order: list[str], covered: bool) -> None:
        """The row under the main buttons: the controls that apply now, side by side (at most two)."""
        c = self.scene.controller
        b = self.scene._buttons
        live = not covered and not c.turn_done and not c.needs_handoff
        wanted = {
            "pieces": live and len(c.piece_counts()) > 1 and not c.use_permit,
            "permit": live and c.state.phase in (Phase.MAIN, Phase.THIRD_TRIBE) and c.permit_offered(),
            "totem": self.totem_offered() and not covered,
            "void": live and c.state.phase is Phase.PIECES and c.void_totem_allowed(),
        }
        shown = [name for name in order if wanted[name]][:2]
        ui = self.scene.app.ui
        x, y, sw = self.scene.side_rect.x, self.scene.hud.buttons_top + ui.px(46), self.scene.side_rect.w
        width = sw if len(shown) < 2 else (sw - ui.px(6)) // 2
        for i, name in enumerate(shown):
            place = pygame.Rect(x + i * (width + ui.px(6)), y, width, ui.px(34))
            if b[name].relative_rect != place:
                b[name].set_relative_position(place.topleft)
                b[name].set_dimensions(place.size)
            b[name].show()
        for name in order:
            if name not in shown:
                b[name].hide()
        if "permit" in shown:
            b["permit"].set_text(_("Don't use the token") if c.use_permit else
                                 (_("Use Determination") if len(shown) > 1 else _("Use the Determination token")))
        if "totem" in shown:
            b["totem"].set_text(_("Your totem (T)") if len(shown) > 1 else (
                _("Move your totem (T)") if c.moving() else _("Place a totem (T)")))  # S9: a move's totem
        if "void" in shown:
            b["void"].set_text(_("Void totem (V)") if len(shown) > 1 else _("Place the Void totem (V)"))
