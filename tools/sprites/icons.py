"""Round icons: one per biome, and the application icon (the five biomes around a red tent)."""

from __future__ import annotations

import math

import pygame

from iwari_desktop.art.glyphs import biome_glyph
from iwari_desktop.art.palette import BIOME_COLOURS, BIOME_KEYS, GOLD, INK, PAPER, TRIBE_COLOURS, shade
from iwari_desktop.art.sprites import STORED_SIZES

from .canvas import Canvas
from .cards import glyph_ink


def biome_icon(key: str) -> pygame.Surface:
    w, h = STORED_SIZES["biome"]
    c = Canvas(w, h)
    cols = BIOME_COLOURS[key]
    c.shadow(lambda s: pygame.draw.circle(s, (0, 0, 0, 255), c.p(64, 64), c.n(58)), (2, 4), 110)
    c.circle(INK, (64, 64), 60)
    c.circle(PAPER, (64, 64), 57)
    c.circle(cols["dark"], (64, 64), 51)
    c.circle(cols["base"], (64, 64), 48)
    biome_glyph(c.surface, key, c.p(64, 64), c.n(68), glyph_ink(key), background=cols["base"])
    return c.result()


def app_icon(size: int = 256) -> pygame.Surface:
    c = Canvas(256, 256)
    centre = (128, 128)
    c.shadow(lambda s: pygame.draw.circle(s, (0, 0, 0, 255), c.p(*centre), c.n(118)), (2, 5), 130, 5)
    c.circle(INK, centre, 122)
    c.circle((196, 164, 110), centre, 118)
    for i, key in enumerate(BIOME_KEYS[:5]):
        a0 = -math.pi / 2 - math.pi / 5 + i * 2 * math.pi / 5
        pts = [centre] + [(centre[0] + math.cos(a0 + t / 16 * 2 * math.pi / 5) * 110, centre[1] + math.sin(a0 + t / 16 * 2 * math.pi / 5) * 110) for t in range(17)]
        c.polygon(BIOME_COLOURS[key]["base"], pts)
        c.line((*INK, 160), [centre, pts[1]], 3)
    c.circle(INK, centre, 72)
    c.circle(PAPER, centre, 68)
    # A red tent under a golden sun.
    c.circle(GOLD, (160, 96), 16)
    x, y = 124, 140
    body = [(x, 84), (x + 50, 176), (x - 50, 176)]
    c.polygon(TRIBE_COLOURS["red"], body)
    c.polygon(shade(TRIBE_COLOURS["red"], 0.75), [(x, 84), (x + 50, 176), (x, 176)])
    c.polygon(shade(TRIBE_COLOURS["red"], 0.3), [(x, 134), (x + 16, 176), (x - 16, 176)])
    for dx in (-14, 0, 14):
        c.line(INK, [(x, 96), (x + dx, 70)], 5)
    c.outline(body, 5)
    img = c.result()
    return img if size == 256 else pygame.transform.smoothscale(img, (size, size))
