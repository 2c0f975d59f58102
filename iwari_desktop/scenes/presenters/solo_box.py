"""Solo and co-op over the board: the purple box of the Void's counters (toward a Corruption, beside the
board, the territory tally), drawn by the solo presenter (`solo.py`) at the top of the board area.

Everything is read from the solo/co-op module's public view (`toward_corruption`, `corruption_at`,
`beside`, `void_territories`, `k`); nothing is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _, ngettext
from .solo_board import VOID_LIGHT

if TYPE_CHECKING:
    from ..ui.look import Ui

BESIDE_LIMIT = 3  # S6: the third Void card beside the board ends the game


def counter_lines(data: dict[str, Any], players: int) -> list[str]:
    """The three counters in words: toward a Corruption, beside the board, the territory tally.

    No counter reads "n of m" with n past m: the cards that reach the limit set off a Corruption (a
    game that ends in its middle keeps them where they were), and the Void's territories reach K only
    when the game is lost (the last counting may add more)."""
    toward, limit = data.get("toward_corruption", 0), data.get("corruption_at", 4)
    if toward > limit:
        cards = _("Void cards: {n} — a Corruption ({limit} are enough)").format(n=toward, limit=limit)
    elif toward == limit:
        cards = _("Void cards: {n} of {limit} — a Corruption").format(n=toward, limit=limit)
    else:
        cards = _("Void cards: {n} of {limit} toward a Corruption").format(n=toward, limit=limit)
    beside = min(data.get("beside", 0), BESIDE_LIMIT)
    n, k = data.get("void_territories", 0), data.get("k", 0)
    if n >= k:
        lose = (ngettext("The Void controls {n} — you lost ({k} was enough)",
                         "The Void controls {n} — you lost ({k} were enough)", k) if players == 1
                else ngettext("The Void controls {n} — you two lost ({k} was enough)",
                              "The Void controls {n} — you two lost ({k} were enough)", k))
    else:
        lose = (_("The Void controls {n} — you lose at {k}") if players == 1
                else _("The Void controls {n} — you two lose at {k}"))
    return [cards, _("Beside the board: {n} of {limit}").format(n=beside, limit=BESIDE_LIMIT), lose.format(n=n, k=k)]


def draw_counters(surface: pygame.Surface, ui: "Ui", rect: pygame.Rect, state, data: dict[str, Any]) -> pygame.Rect:
    """The Void counters of its public view `data` in a dark box at the top of `rect` (the board area);
    returns the box drawn."""
    lines = counter_lines(data, len(state.config.players))
    size = 14
    line_h = ui.line_height("bold", size)
    width = max(ui.text_width(line, "bold", size) for line in lines) + ui.px(20)
    box = pygame.Rect(rect.x + ui.px(8), rect.y + ui.px(8), width, len(lines) * line_h + ui.px(12))
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((28, 14, 40, 215))
    surface.blit(shade, box)
    pygame.draw.rect(surface, VOID_LIGHT, box, 1)
    y = box.y + ui.px(6)
    toward = data.get("toward_corruption", 0)
    for i, line in enumerate(lines):
        hot = (i == 0 and toward >= data.get("corruption_at", 4) - 1) or (
            i == 2 and data.get("void_territories", 0) >= data.get("k", 1) - 1)
        ui.blit_text(surface, line, (box.x + ui.px(10), y), "bold", size, (255, 190, 120) if hot else VOID_LIGHT)
        y += line_h
    return box
