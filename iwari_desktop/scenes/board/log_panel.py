"""The "Recent moves" panel, shared by the board's side panel and Watch the game.

Both show the last public moves, newest at the bottom. A long move wraps onto more lines rather
than being cut short (German sentences run a third longer); only whole moves are shown, so the
oldest one that no longer fits is left out. When the panel is so short that the newest move would
not fit under the heading, the heading gives way, and then the type gets a size smaller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...i18n import _
from .narration import EVENT
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, Ui, panel

PANEL_FILL = (64, 44, 30)
PANEL_BORDER = (110, 76, 48)


@dataclass(frozen=True)
class FittedLog:
    """What fits: (tribe or EVENT, wrapped lines) oldest first, whether the heading shows, type size, line step."""

    moves: list[tuple[int, list[str]]]
    heading: bool
    size: int
    line_h: int


def fit_log(ui: Ui, recent: list[tuple[int, str]], area: pygame.Rect) -> FittedLog:
    """Wrap the moves (each already with its tribe's name in front) into `area`, newest kept first."""
    width = area.w - ui.px(34)
    entries: list[tuple[int, list[str]]] = []
    size, line_h, room, bare = 12, ui.px(19), 0, 0
    for size, line_h in ((12, ui.px(19)), (11, ui.px(16))):
        entries = [(tribe, ui.wrap(text, "bold" if tribe == EVENT else "body", size, width)) for tribe, text in recent]
        room = (area.h - ui.px(26)) // line_h
        bare = (area.h - ui.px(8)) // line_h  # the lines there are without the heading
        if len(entries[-1][1]) <= bare:
            break
    heading = len(entries[-1][1]) <= room or bare <= room
    if not heading:
        room = bare
    shown: list[tuple[int, list[str]]] = []
    for tribe, lines in reversed(entries):
        if len(lines) > room:
            if shown:
                break
            role = "bold" if tribe == EVENT else "body"  # a single move longer than the whole panel
            lines = lines[:room - 1] + [ui.fit(" ".join(lines[room - 1:]), role, size, width)] if room > 0 else []
        shown.insert(0, (tribe, lines))
        room -= len(lines)
        if room <= 0:
            break
    return FittedLog(shown, heading, size, line_h)


def draw_log(surface: pygame.Surface, ui: Ui, area: pygame.Rect, recent: list[tuple[int, str]],
             colour_of: Callable[[int], tuple[int, int, int]]) -> FittedLog | None:
    """Draw the panel with `recent` (tribe or EVENT, full sentence) in `area`; None when nothing shows."""
    if area.h < ui.px(44) or not recent:
        return None
    fitted = fit_log(ui, recent, area)
    panel(surface, area, ui, fill=PANEL_FILL, border=PANEL_BORDER, shadow=False)
    y = area.y + ui.px(4)
    if fitted.heading:
        ui.blit_text(surface, _("Recent moves"), (area.x + ui.px(10), y), "bold", 12, GOLD_LIGHT)
        y = area.y + ui.px(24)
    line_h = fitted.line_h
    for tribe, lines in fitted.moves:
        if tribe == EVENT:  # a game event: a gold diamond and the sentence itself
            c = (area.x + ui.px(14), y + line_h // 2)
            d = ui.px(5)
            pygame.draw.polygon(surface, GOLD, [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])])
        else:
            pygame.draw.circle(surface, colour_of(tribe), (area.x + ui.px(14), y + line_h // 2), ui.px(5))
        role, ink = ("bold", GOLD_LIGHT) if tribe == EVENT else ("body", CREAM)
        for line in lines:
            ui.blit_text(surface, line, (area.x + ui.px(24), y + ui.px(1)), role, fitted.size, ink, box=area)
            y += line_h
    return fitted
