"""The banner over the board: whose tribe the screen is about, and the one sentence of what to do now.

Kept apart from the board scene because it is a drawing of its own with its own fitting rule: the
tribe's name in its colour (the third tribe's whole banner in its colour while it plays), and the
controller's prompt on one line while it fits at a readable size, else on two (a long German prompt),
cut only as a last resort. A standing hint's line replaces the prompt (`hints.hint_prompt`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...engine import Phase
from ...i18n import _
from ..ui.look import INK, TERRACOTTA, Ui, on_parchment, panel, readable
from .board_view import tribe_colour
from .hints import Hint, hint_prompt

if TYPE_CHECKING:
    from .controller import GameController


def draw_banner(surface: pygame.Surface, ui: Ui, r: pygame.Rect, c: GameController, hint: Hint | None) -> None:
    """The banner in `r`: the tribe's tag at the left, the prompt (or the hint's line) beside it."""
    state = c.state
    third = state.phase is Phase.THIRD_TRIBE and not c.needs_handoff and not c.turn_done
    if third:
        colour = tribe_colour(state, state.third_tribe)
        pygame.draw.rect(surface, colour, r, border_radius=ui.px(10))
        pygame.draw.rect(surface, INK, r, max(1, ui.px(2)), border_radius=ui.px(10))
        ink = readable(colour)
        tag_text = _("THIRD TRIBE")
        tag_colour = ink
    else:
        panel(surface, r, ui, shadow=False)
        ink = INK
        actor = c.shown_tribe
        tag_text = ui.fit(c.tribe_name(actor), "title", 20, ui.px(190)) if actor is not None else _("Game over")
        tag_colour = on_parchment(tribe_colour(state, actor)) if actor is not None else TERRACOTTA
    tag = ui.blit_text(surface, tag_text, (r.x + ui.px(14), r.centery), "title", 20, tag_colour, "midleft", box=r)
    room = r.right - ui.px(12) - (tag.right + ui.px(14))
    text = hint_prompt(c, hint) or c.prompt()  # a standing hint lights one territory
    # one line while it fits at a readable size, else two (a long German prompt), cut only as a last resort
    size, lines = ui.fit_lines(text, "body", 16, room, r.h - ui.px(4), 11)
    line_h = ui.line_height("body", size)
    top = r.centery - len(lines) * line_h // 2
    for i, line in enumerate(lines):
        ui.blit_text(surface, line, (tag.right + ui.px(14), top + i * line_h), "body", size, ink, box=r)
