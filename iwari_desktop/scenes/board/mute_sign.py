"""The sign on the board while all sound is off (issue #34 item 3: muting with M changed only the menu's
footer, so a player who pressed M by mistake during a game never learnt why the board fell silent).

A small box in a corner of the map — a crossed-out speaker and "Sound off · M" — drawn only while the app's
sound is muted (`settings.muted`, the M key on every screen). It is handed back to the board as one of the
boxes over the board, so the message at the map's foot and the tooltips keep clear of it, and hovering it
says how to turn the sound back on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...i18n import _
from ..ui.look import CREAM, GOLD_LIGHT, TERRACOTTA, Ui


@dataclass
class MuteSign:
    """The drawn sign: where it is, and its hover words (the shape `draw_over_board`'s boxes have)."""

    rect: pygame.Rect
    more: list[pygame.Rect] = field(default_factory=list)

    def tip_at(self, pos: tuple[int, int]) -> list[str]:
        if self.rect.collidepoint(pos):
            return [_("All sound is off"), _("Press M to turn the sound back on (Settings keeps the volumes).")]
        return []


def sign_rect(ui: Ui, area: pygame.Rect, taken: list[pygame.Rect]) -> pygame.Rect:
    """The sign's box: the bottom right corner of the map `area`, else the first corner no box over the board
    covers (the solo forecast and counters have corners of their own)."""
    label_w = ui.font("bold", 13).size(_("Sound off · M"))[0]
    w, h, m = ui.px(34) + label_w, ui.px(28), ui.px(8)
    r = pygame.Rect(0, 0, w, h)
    corners = ("bottomright", "topright", "bottomleft", "topleft")
    for corner in corners:
        inner = area.inflate(-2 * m, -2 * m)
        setattr(r, corner, getattr(inner, corner))
        if not any(r.colliderect(box) for box in taken):
            return r.copy()
    r.bottomright = area.inflate(-2 * m, -2 * m).bottomright
    return r


def draw_mute_sign(surface: pygame.Surface, ui: Ui, area: pygame.Rect, taken: list[pygame.Rect]) -> MuteSign:
    """Draw the sign in a free corner of `area`; returns it (its rect, its hover words)."""
    r = sign_rect(ui, area, taken)
    back = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(back, (30, 18, 12, 215), back.get_rect(), border_radius=ui.px(8))
    surface.blit(back, r)
    pygame.draw.rect(surface, GOLD_LIGHT, r, max(1, ui.px(1)), border_radius=ui.px(8))
    # a speaker: its box and its cone, crossed out
    cx, cy, s = r.x + ui.px(14), r.centery, ui.px(6)
    pygame.draw.rect(surface, CREAM, (cx - s, cy - s // 2, s * 2 // 3, s))
    pygame.draw.polygon(surface, CREAM, [(cx - s // 3, cy - s // 2), (cx + s // 2, cy - s), (cx + s // 2, cy + s),
                                         (cx - s // 3, cy + s // 2)])
    width = max(2, ui.px(2))
    pygame.draw.line(surface, TERRACOTTA, (cx - s, cy - s), (cx + s, cy + s), width)
    pygame.draw.line(surface, TERRACOTTA, (cx - s, cy + s), (cx + s, cy - s), width)
    ui.blit_text(surface, _("Sound off · M"), (r.x + ui.px(26), r.centery), "bold", 13, CREAM, "midleft", box=r)
    return MuteSign(r)
