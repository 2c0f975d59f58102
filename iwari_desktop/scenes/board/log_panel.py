"""The "Recent moves" panel, shared by the board's side panel and Watch the game.

Both show the last public moves, newest at the bottom. A long move wraps onto more lines rather
than being cut short (German sentences run a third longer); only whole moves are shown, so the
oldest one that no longer fits is left out. When the panel is so short that the newest move would
not fit under the heading, the heading gives way, and then the type gets a size smaller. In a window
larger than 1280×720 the type grows more slowly than the panel (`growth`): more lines, not bigger ones.

The board's panel also tells which moves are news (since the player's last turn) and how to open the
whole game's log (`log_overlay`); the same sentences scroll there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ...i18n import _, ngettext
from .narration import EVENT
from ..ui.look import CREAM, GOLD, GOLD_LIGHT, Ui, panel

PANEL_FILL = (64, 44, 30)
PANEL_BORDER = (110, 76, 48)
OLDER = (176, 156, 132)  # a move from before the player's last turn: still readable, clearly not news


@dataclass(frozen=True)
class FittedLog:
    """What fits: (tribe or EVENT, wrapped lines) oldest first, whether the heading shows, type size, line step,
    and the design-size factor `g` the panel's type and rows are drawn at (`growth`)."""

    moves: list[tuple[int, list[str]]]
    heading: bool
    size: float
    line_h: int
    g: float = 1.0


def growth(ui: Ui) -> float:
    """The factor on the panel's design sizes: in a window larger than 1280×720 its type grows half as fast
    as the rest, so the taller panel of a 1920×1080 window holds more lines, not the same lines bigger
    (playtest D20; 12 design px are 15 px there, still larger than at 1280×720)."""
    return 1.0 if ui.scale <= 1 else (1 + (ui.scale - 1) / 2) / ui.scale


def fit_log(ui: Ui, recent: list[tuple[int, str]], area: pygame.Rect) -> FittedLog:
    """Wrap the moves (each already with its tribe's name in front) into `area`, newest kept first."""
    g = growth(ui)
    width = area.w - ui.px(34)
    entries: list[tuple[int, list[str]]] = []
    size, line_h, room, bare = 12 * g, ui.px(18 * g), 0, 0
    for size, line_h in ((12 * g, ui.px(18 * g)), (11 * g, ui.px(16 * g))):
        entries = [(tribe, ui.wrap(text, "bold" if tribe == EVENT else "body", size, width)) for tribe, text in recent]
        room = (area.h - ui.px(26 * g)) // line_h
        bare = (area.h - ui.px(8 * g)) // line_h  # the lines there are without the heading
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
    return FittedLog(shown, heading, size, line_h, g)


def draw_log(surface: pygame.Surface, ui: Ui, area: pygame.Rect, recent: list[tuple[int, str]],
             colour_of: Callable[[int], tuple[int, int, int]], news: int | None = None,
             more: str | None = None) -> pygame.Rect | None:
    """Draw the panel with `recent` (tribe or EVENT, full sentence) in `area`; the rectangle drawn, None if none.

    `news`: how many of the newest moves came since the player's last turn (the older ones are muted);
    `more`: the words at the heading's right that say how to open the whole log. A panel too low for a
    move under its heading becomes one line (`draw_strip`) when it says how to open the log."""
    if not recent:
        return None
    g = growth(ui)
    if area.h < ui.px(44 * g):
        return draw_strip(surface, ui, area, news, more) if more is not None and area.h >= ui.px(20) else None
    fitted = fit_log(ui, recent, area)
    panel(surface, area, ui, fill=PANEL_FILL, border=PANEL_BORDER, shadow=False)
    y = area.y + ui.px(4 * g)
    if fitted.heading:
        heading = ui.blit_text(surface, _("Recent moves"), (area.x + ui.px(10), y), "bold", 12 * g, GOLD_LIGHT)
        if more is not None:
            room = area.right - ui.px(10) - heading.right - ui.px(12)
            ui.blit_text(surface, ui.fit(more, "body", 12 * g, room), (area.right - ui.px(10), y), "body", 12 * g,
                         GOLD, "topright")
        y = area.y + ui.px(24 * g)
    line_h = fitted.line_h
    first_new = len(recent) - (len(recent) if news is None else news)
    start = len(recent) - len(fitted.moves)
    for k, (tribe, lines) in enumerate(fitted.moves):
        if tribe == EVENT:  # a game event: a gold diamond and the sentence itself
            c = (area.x + ui.px(14), y + line_h // 2)
            d = ui.px(5 * g)
            pygame.draw.polygon(surface, GOLD, [(c[0], c[1] - d), (c[0] + d, c[1]), (c[0], c[1] + d), (c[0] - d, c[1])])
        else:
            pygame.draw.circle(surface, colour_of(tribe), (area.x + ui.px(14), y + line_h // 2), ui.px(5 * g))
        role, ink = ("bold", GOLD_LIGHT) if tribe == EVENT else ("body", CREAM)
        if start + k < first_new:  # before the player's last turn: already seen
            ink = OLDER
        for line in lines:
            ui.blit_text(surface, line, (area.x + ui.px(24), y + ui.px(1)), role, fitted.size, ink, box=area)
            y += line_h
    return area


def draw_strip(surface: pygame.Surface, ui: Ui, area: pygame.Rect, news: int | None, more: str) -> pygame.Rect:
    """The panel as one line, when the side panel leaves no room for a move: how many moves are new, and
    how to open the whole log."""
    strip = pygame.Rect(area.x, area.y, area.w, min(area.h, ui.px(26)))
    panel(surface, strip, ui, fill=PANEL_FILL, border=PANEL_BORDER, shadow=False)
    right = ui.blit_text(surface, more, (strip.right - ui.px(10), strip.centery), "body", 12, GOLD, "midright")
    title = _("Recent moves")
    if news:
        title = _("{heading} · {count}").format(heading=title, count=ngettext("{n} new", "{n} new", news).format(n=news))
    title = ui.fit(title, "bold", 12, right.x - ui.px(12) - (strip.x + ui.px(10)))
    ui.blit_text(surface, title, (strip.x + ui.px(10), strip.centery), "bold", 12, GOLD_LIGHT, "midleft")
    return strip
