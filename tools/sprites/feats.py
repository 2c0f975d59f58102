"""The feat tokens: a coloured disc with one mark per feat (and the disc other tokens reuse)."""

from __future__ import annotations

import math

import pygame

from iwari_desktop.art.draw import catmull_rom
from iwari_desktop.art.glyphs import star_points
from iwari_desktop.art.palette import GOLD_DARK, INK, PAPER, shade
from iwari_desktop.art.sprites import STORED_SIZES

from .canvas import Canvas, Colour, Point

FEAT_STYLE = {
    "union": ((38, 112, 112), "rings"),
    "discovery": ((40, 62, 120), "compass"),
    "honour": ((130, 38, 52), "feather"),
    "respect": ((36, 104, 150), "laurel"),
    "courage": ((176, 66, 30), "flame"),
    "worship": ((196, 146, 40), "sun"),
}


def token_disc(c: Canvas, face: Colour, centre: Point = (64, 64), r: float = 56, rim: Colour | None = None) -> None:
    rim = rim or shade(face, 0.62)
    c.shadow(lambda s: pygame.draw.circle(s, (0, 0, 0, 255), c.p(*centre), c.n(r)), (2, 4), 120)
    c.circle(INK, centre, r + 1.5)
    c.circle(rim, centre, r)
    c.circle(shade(face, 1.15), centre, r - 5)
    c.circle(face, (centre[0] + 1, centre[1] + 1.5), r - 6.5)
    ring = c.layer()
    pygame.draw.circle(ring, (*PAPER, 120), c.p(*centre), c.n(r - 10), int(c.n(1.4)))
    c.surface.blit(ring, (0, 0))


def feat(key: str) -> pygame.Surface:
    w, h = STORED_SIZES["feat"]
    c = Canvas(w, h)
    face, mark = FEAT_STYLE[key]
    token_disc(c, face, rim=GOLD_DARK if key == "worship" else None)
    ink = PAPER if key != "worship" else (92, 52, 12)
    cx, cy = 64, 64
    if mark == "rings":
        for dx in (-13, 13):
            pygame.draw.circle(c.surface, ink, c.p(cx + dx, cy), c.n(21), int(c.n(6.5)))
        # Weave: redraw the right ring's lower crossing over the left.
        over = c.layer()
        pygame.draw.circle(over, ink, c.p(cx - 13, cy), c.n(21), int(c.n(6.5)))
        c.clip_blit(over, [(cx - 2, cy), (cx + 14, cy), (cx + 14, cy + 30), (cx - 2, cy + 30)])
    elif mark == "compass":
        c.polygon(ink, star_points((cx, cy), 38, 9, 4, -math.pi / 2))
        c.polygon(shade(face, 0.7), [(cx, cy - 38), (cx + 9 * 0.7, cy - 9 * 0.7), (cx, cy)])
        c.polygon(shade(face, 0.7), [(cx + 38, cy), (cx + 9 * 0.7, cy + 9 * 0.7), (cx, cy)])
        c.polygon(shade(face, 0.7), [(cx, cy + 38), (cx - 9 * 0.7, cy + 9 * 0.7), (cx, cy)])
        c.polygon(shade(face, 0.7), [(cx - 38, cy), (cx - 9 * 0.7, cy - 9 * 0.7), (cx, cy)])
        c.polygon(ink, star_points((cx, cy), 22, 6, 4, -math.pi / 4))
        c.circle(face, (cx, cy), 5)
        c.circle(ink, (cx, cy), 3)
    elif mark == "feather":
        spine = catmull_rom([(cx - 20, cy + 34), (cx - 6, cy + 6), (cx + 10, cy - 18), (cx + 22, cy - 36)], 2)
        left = [(x - 14 * math.sin(i / len(spine) * math.pi), y - 6 * math.sin(i / len(spine) * math.pi)) for i, (x, y) in enumerate(spine)]
        right = [(x + 12 * math.sin(i / len(spine) * math.pi), y + 8 * math.sin(i / len(spine) * math.pi)) for i, (x, y) in enumerate(spine)]
        vane = left[6:] + list(reversed(right[6:]))
        c.polygon(ink, vane)
        for i in range(10, len(spine) - 4, 7):
            x, y = spine[i]
            c.line(face, [(x, y), (x + 10, y + 4)], 1.8)
        c.line(face, spine[6:], 2.4)
        c.line(ink, spine[:10], 3.4)
    elif mark == "laurel":
        # Two laurel branches curving up around a small star.
        for side in (-1, 1):
            stem = [(cx + side * 31 * math.sin(a), cy + 31 * math.cos(a)) for a in [math.radians(v) for v in range(20, 181, 12)]]
            c.line(ink, stem[:-2], 3.0)
            for i in range(1, len(stem) - 2):
                x, y = stem[i]
                tx, ty = stem[i + 1][0] - x, stem[i + 1][1] - y
                length = math.hypot(tx, ty) or 1.0
                tx, ty = tx / length, ty / length
                for d in (-1, 1):
                    # Leaves lean forward along the stem, one inside and one outside.
                    nx, ny = -ty * d, tx * d
                    tip = (x + tx * 9 + nx * 9, y + ty * 9 + ny * 9)
                    mid = ((x + tip[0]) / 2, (y + tip[1]) / 2)
                    ox, oy = (tip[1] - y) * 0.28, -(tip[0] - x) * 0.28
                    c.polygon(ink, [(x, y), (mid[0] + ox, mid[1] + oy), tip, (mid[0] - ox, mid[1] - oy)])
        c.polygon(ink, star_points((cx, cy + 1), 14, 6, 5))
    elif mark == "flame":
        outer = catmull_rom([(cx, cy + 34), (cx - 24, cy + 18), (cx - 22, cy - 8), (cx - 8, cy - 18), (cx - 6, cy - 38),
                             (cx + 12, cy - 20), (cx + 22, cy - 28), (cx + 24, cy + 4), (cx + 20, cy + 22), (cx, cy + 34)], 2)
        c.polygon(ink, outer)
        inner = catmull_rom([(cx, cy + 30), (cx - 12, cy + 18), (cx - 8, cy - 2), (cx + 2, cy - 14), (cx + 6, cy + 2),
                             (cx + 12, cy - 4), (cx + 12, cy + 18), (cx, cy + 30)], 2)
        c.polygon((246, 196, 80), inner)
    elif mark == "sun":
        for i in range(12):
            a = i * math.pi / 6
            tip = (cx + math.cos(a) * 40, cy + math.sin(a) * 40)
            l = (cx + math.cos(a - 0.16) * 22, cy + math.sin(a - 0.16) * 22)
            r = (cx + math.cos(a + 0.16) * 22, cy + math.sin(a + 0.16) * 22)
            c.polygon(ink, [l, tip, r])
        c.circle(ink, (cx, cy), 21)
        c.circle((250, 214, 110), (cx, cy), 16)
        c.circle(ink, (cx - 6, cy - 3), 2.4)
        c.circle(ink, (cx + 6, cy - 3), 2.4)
        c.line(ink, [(cx - 7, cy + 5), (cx, cy + 9), (cx + 7, cy + 5)], 2.2)
    return c.result()
