"""Draw every sprite of Iwari Desktop into assets/sprites/ (the names come from SpriteBook).

    .venv/bin/python tools/make_sprites.py            # all sprites
    .venv/bin/python tools/make_sprites.py --sheet /tmp/sheet.png   # also a contact sheet to look at

Everything is vector-drawn with pygame on a canvas SS times larger than the stored size, then
smoothscaled down (anti-aliasing). Transparent pixels carry the outline ink colour, so the
straight-alpha downscale does not fringe. Deterministic: the same code gives the same files.
Tribes are told apart by colour AND by an emblem (docs/art.md has the table).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from iwari_desktop.art.draw import catmull_rom, soften, thick_polyline  # noqa: E402
from iwari_desktop.art.fonts import art_font  # noqa: E402
from iwari_desktop.art.glyphs import biome_glyph, star_points  # noqa: E402
from iwari_desktop.art.palette import (  # noqa: E402
    BIOME_COLOURS,
    BIOME_KEYS,
    GOLD,
    GOLD_DARK,
    INK,
    PAPER,
    RUIN_DARK,
    TRIBE_COLOURS,
    TRIBE_KEYS,
    TRIBE_PATTERNS,
    mix,
    shade,
)
from iwari_desktop.art.sprites import FEAT_KEYS, ICON_SIZES, STORED_SIZES, sprite_names  # noqa: E402
from iwari_desktop.art.textures import biome_texture  # noqa: E402

SS = 4
Point = tuple[float, float]
Colour = tuple[int, ...]
WHITE = (255, 255, 255)


class Canvas:
    """A supersampled drawing area addressed in stored-size pixels."""

    def __init__(self, w: int, h: int, ss: int = SS) -> None:
        self.w, self.h, self.ss = w, h, ss
        self.surface = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        self.surface.fill((*INK, 0))

    def p(self, x: float, y: float) -> Point:
        return (x * self.ss, y * self.ss)

    def ps(self, pts: Sequence[Point]) -> list[Point]:
        return [self.p(x, y) for x, y in pts]

    def n(self, v: float) -> float:
        return v * self.ss

    def layer(self) -> pygame.Surface:
        s = pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)
        s.fill((*INK, 0))
        return s

    def polygon(self, colour: Colour, pts: Sequence[Point], target: pygame.Surface | None = None) -> None:
        pygame.draw.polygon(target or self.surface, colour, self.ps(pts))

    def circle(self, colour: Colour, c: Point, r: float, target: pygame.Surface | None = None) -> None:
        pygame.draw.circle(target or self.surface, colour, self.p(*c), self.n(r))

    def line(self, colour: Colour, pts: Sequence[Point], width: float, target: pygame.Surface | None = None) -> None:
        thick_polyline(target or self.surface, colour, self.ps(pts), self.n(width))

    def outline(self, pts: Sequence[Point], width: float = 2.6, colour: Colour = INK, target: pygame.Surface | None = None) -> None:
        self.line(colour, list(pts) + [pts[0]], width, target)

    def shadow(self, draw: Callable[[pygame.Surface], None], offset: Point = (1.5, 3.0), alpha: int = 110, blur: float = 3.0) -> None:
        """A soft drop shadow of whatever `draw(surface)` paints (in black)."""
        layer = self.layer()
        draw(layer)
        layer.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
        layer.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
        layer = soften(layer, int(self.n(blur)))
        self.surface.blit(layer, self.p(*offset))

    def clip_blit(self, layer: pygame.Surface, mask_pts: Sequence[Point]) -> None:
        """Blit `layer` onto the canvas, keeping only what lies inside the polygon."""
        mask = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.polygon(mask, (255, 255, 255, 255), self.ps(mask_pts))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surface.blit(layer, (0, 0))

    def clip_circle_blit(self, layer: pygame.Surface, c: Point, r: float) -> None:
        mask = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.circle(mask, (255, 255, 255, 255), self.p(*c), self.n(r))
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surface.blit(layer, (0, 0))

    def result(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surface, (self.w, self.h))


# --- emblems (colour-blind cues) ----------------------------------------------------------------

def emblem(c: Canvas, pattern: str, centre: Point, r: float, colour: Colour, target: pygame.Surface | None = None) -> None:
    """The tribe emblem drawn inside a circle of radius r (plain draws a simple ring)."""
    x, y = centre
    t = target or c.surface
    if pattern == "plain":
        c.circle(colour, centre, r * 0.42, t)
    elif pattern == "stripes":
        for dy in (-0.5, 0.0, 0.5):
            c.line(colour, [(x - r * 0.62 * math.sqrt(1 - dy * dy), y + dy * r), (x + r * 0.62 * math.sqrt(1 - dy * dy), y + dy * r)], r * 0.26, t)
    elif pattern == "dots":
        for a in range(3):
            ang = -math.pi / 2 + a * 2 * math.pi / 3
            c.circle(colour, (x + math.cos(ang) * r * 0.42, y + math.sin(ang) * r * 0.42), r * 0.24, t)
    elif pattern == "chevron":
        for dy in (-0.28, 0.22):
            c.line(colour, [(x - r * 0.6, y + dy * r - r * 0.25), (x, y + dy * r + r * 0.3), (x + r * 0.6, y + dy * r - r * 0.25)], r * 0.24, t)
    elif pattern == "cross":
        d = r * 0.5
        c.line(colour, [(x - d, y - d), (x + d, y + d)], r * 0.3, t)
        c.line(colour, [(x - d, y + d), (x + d, y - d)], r * 0.3, t)
    elif pattern == "star":
        c.polygon(colour, star_points((x, y + r * 0.05), r * 0.72, r * 0.3, 5), t)
    else:
        raise KeyError(pattern)


def pattern_ink(colour_key: str) -> Colour:
    return INK if colour_key == "yellow" else PAPER


# --- tents -------------------------------------------------------------------------------------

def tent(colour_key: str) -> pygame.Surface:
    w, h = STORED_SIZES["tent"]
    c = Canvas(w, h)
    col = TRIBE_COLOURS[colour_key]
    pattern = TRIBE_PATTERNS[colour_key]
    apex = (64, 22)
    left, right = (14, 110), (114, 110)
    body = [apex] + [(64 - 50 * t ** 0.92, 22 + 88 * t) for t in [i / 10 for i in range(1, 11)]] + \
        [(64 + 50 * t ** 0.92, 22 + 88 * t) for t in [i / 10 for i in range(10, 0, -1)]]
    c.shadow(lambda s: pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(body)), (3, 3), 120)
    # Poles out of the top.
    for dx in (-12, 2, 13):
        c.line(shade(INK, 1.3), [(64 + dx * 0.15, 30), (64 + dx, 4)], 4.4)
        c.line((176, 132, 86), [(64 + dx * 0.15, 30), (64 + dx, 5)], 2.2)
    layer = c.layer()
    c.polygon(col, body, layer)
    # Light from the left: the right half darker.
    c.polygon(shade(col, 0.78), [apex, right, (64, 110)], layer)
    c.polygon(shade(col, 1.18), [apex, (40, 110), left], layer)
    # Pattern.
    ink = (*pattern_ink(colour_key), 235)
    if pattern == "stripes":
        for y0 in (48, 72):
            c.polygon(ink, [(0, y0), (128, y0), (128, y0 + 9), (0, y0 + 9)], layer)
    elif pattern == "dots":
        for x, y in ((56, 48), (72, 48), (48, 70), (80, 70), (38, 92), (90, 92)):
            c.circle(ink, (x, y), 5.6, layer)
    elif pattern == "chevron":
        c.line(ink, [(22, 50), (64, 80), (106, 50)], 11, layer)
    elif pattern == "cross":
        c.line(ink, [(40, 48), (88, 96)], 10, layer)
        c.line(ink, [(88, 48), (40, 96)], 10, layer)
    elif pattern == "star":
        c.polygon(ink, star_points((64, 66), 24, 10, 5), layer)
    c.clip_blit(layer, body)
    # Door: dark opening with a folded flap.
    door = [(64, 70), (78, 110), (50, 110)]
    c.polygon(shade(col, 0.35), door)
    c.polygon(shade(col, 1.3) if colour_key != "yellow" else shade(col, 0.85), [(64, 70), (50, 110), (58, 110)])
    c.outline(door, 2.0)
    # Seams and outline.
    c.line((*INK, 120), [apex, (64, 70)], 1.6)
    c.outline(body, 3.4)
    return c.result()


# --- totems ------------------------------------------------------------------------------------

def totem_shape(c: Canvas, col: Colour, accent: Colour, eye: Colour, emblem_fn: Callable[[Point, float], None]) -> None:
    """A carved pole: a thunderbird head with spread wings, a face, the emblem shield, a base."""
    cx = 48
    pole = [(30, 40), (66, 40), (66, 150), (30, 150)]
    wings = [(4, 38), (30, 30), (66, 30), (92, 38), (86, 52), (66, 48), (30, 48), (10, 52)]
    head = [(32, 12), (48, 4), (64, 12), (66, 38), (30, 38)]
    beak = [(42, 22), (54, 22), (48, 36)]
    base = [(24, 146), (72, 146), (76, 156), (20, 156)]
    every = [wings, head, pole, base]

    def silhouette(s: pygame.Surface) -> None:
        for shape in every:
            pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(shape))

    c.shadow(silhouette, (3, 3), 120)
    c.polygon(shade(col, 0.9), pole)
    c.polygon(shade(col, 1.15), [(30, 40), (44, 40), (44, 150), (30, 150)])
    c.polygon(shade(col, 0.72), [(56, 40), (66, 40), (66, 150), (56, 150)])
    # Carved bands.
    for y in (78, 112):
        c.polygon(accent, [(28, y), (68, y), (68, y + 5), (28, y + 5)])
        c.outline([(28, y), (68, y), (68, y + 5), (28, y + 5)], 1.6)
    c.outline(pole, 2.8)
    # Face between the bands.
    c.polygon(shade(col, 0.55), [(34, 50), (62, 50), (60, 74), (36, 74)])
    for ex in (41, 55):
        c.circle(PAPER, (ex, 58), 4.4)
        c.circle(INK, (ex, 58.5), 2.2)
    c.polygon(eye, [(40, 66), (56, 66), (52, 71), (44, 71)])
    # Shield with the emblem.
    c.circle(INK, (cx, 96), 15)
    c.circle(PAPER if eye != PAPER else accent, (cx, 96), 13)
    emblem_fn((cx, 96), 12)
    # Wings and head.
    c.polygon(col, wings)
    c.polygon(shade(col, 0.75), [(66, 30), (92, 38), (86, 52), (66, 48)])
    for x in (14, 22, 74, 82):
        c.line((*shade(col, 0.5), 200), [(x, 40 if x < 48 else 40), (x + (3 if x < 48 else -3), 49)], 1.6)
    c.outline(wings, 2.8)
    c.polygon(shade(col, 1.1), head)
    c.polygon(shade(col, 0.8), [(48, 4), (64, 12), (66, 38), (48, 38)])
    c.outline(head, 2.8)
    for ex in (40, 56):
        c.circle(PAPER, (ex, 17), 3.6)
        c.circle(INK, (ex, 17.4), 1.8)
    c.polygon(accent, beak)
    c.outline(beak, 1.8)
    c.polygon(shade(col, 0.6), base)
    c.outline(base, 2.4)


def totem(colour_key: str) -> pygame.Surface:
    w, h = STORED_SIZES["totem"]
    c = Canvas(w, h)
    col = TRIBE_COLOURS[colour_key]
    pattern = TRIBE_PATTERNS[colour_key]
    accent = GOLD if colour_key not in ("yellow", "orange") else PAPER
    totem_shape(c, col, accent, shade(col, 0.3), lambda centre, r: emblem(c, pattern, centre, r, mix(col, INK, 0.25) if colour_key == "yellow" else col))
    return c.result()


def tribe_emblem(colour_key: str) -> pygame.Surface:
    w, h = STORED_SIZES["emblem"]
    c = Canvas(w, h)
    col = TRIBE_COLOURS[colour_key]
    c.shadow(lambda s: pygame.draw.circle(s, (0, 0, 0, 255), c.p(32, 32), c.n(28)), (1, 2), 110, 2)
    c.circle(INK, (32, 32), 29)
    c.circle(col, (32, 32), 27)
    c.circle(shade(col, 1.2), (30, 30), 22)
    c.circle(col, (32, 32), 22)
    emblem(c, TRIBE_PATTERNS[colour_key], (32, 32), 20, pattern_ink(colour_key))
    return c.result()


# --- feats -------------------------------------------------------------------------------------

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


# --- mountain, iceberg, void pieces -----------------------------------------------------------

def mountain() -> pygame.Surface:
    w, h = STORED_SIZES["mountain"]
    c = Canvas(w, h)
    back = [(58, 112), (100, 30), (148, 112)]
    front = [(10, 116), (62, 18), (118, 116)]
    both = lambda s: [pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(p)) for p in (back, front)]  # noqa: E731
    c.shadow(both, (3, 3), 120)
    c.polygon((118, 110, 104), back)
    c.polygon((92, 86, 82), [(100, 30), (148, 112), (104, 112)])
    c.polygon((250, 250, 252), [(100, 30), (88, 52), (96, 48), (102, 56), (110, 48)])
    c.outline(back, 3)
    c.polygon((150, 140, 130), front)
    c.polygon((112, 104, 98), [(62, 18), (118, 116), (66, 116), (72, 70)])
    # Rock strata.
    for a, b in (((30, 90), (48, 84)), ((78, 96), (100, 90)), ((40, 104), (58, 100))):
        c.line((*INK, 110), [a, b], 1.8)
    c.polygon((252, 252, 255), [(62, 18), (46, 46), (54, 42), (60, 52), (68, 42), (76, 48)])
    c.polygon((214, 226, 238), [(62, 18), (68, 42), (76, 48)])
    c.outline(front, 3)
    c.line((*INK, 255), [(8, 117), (150, 117)], 3)
    return c.result()


def iceberg() -> pygame.Surface:
    w, h = STORED_SIZES["iceberg"]
    c = Canvas(w, h)
    berg = [(18, 96), (34, 52), (58, 40), (74, 14), (96, 34), (120, 44), (142, 96)]
    c.shadow(lambda s: pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(berg)), (3, 3), 110)
    # Water underneath: a translucent band with the submerged part of the berg.
    water = [(4, 96), (156, 96), (152, 120), (8, 120)]
    c.polygon((60, 130, 180, 230), water)
    c.polygon((150, 206, 230, 200), [(24, 96), (136, 96), (118, 116), (44, 116)])
    for x in (20, 70, 120):
        c.line((*PAPER, 200), [(x, 104), (x + 8, 102), (x + 16, 104)], 2)
    c.outline(water, 2.4)
    c.polygon((246, 252, 255), berg)
    c.polygon((190, 226, 244), [(74, 14), (96, 34), (120, 44), (142, 96), (84, 96), (80, 50)])
    c.polygon((150, 200, 228), [(120, 44), (142, 96), (112, 96)])
    c.line((*mix((150, 200, 228), INK, 0.3), 200), [(50, 70), (62, 64), (70, 76)], 1.8)
    c.outline(berg[:-1] + [berg[-1]], 3)
    c.line(INK, [(18, 96), (142, 96)], 2.4)
    return c.result()


def void_ruin() -> pygame.Surface:
    w, h = STORED_SIZES["void_ruin"]
    c = Canvas(w, h)
    stone, dark = (96, 64, 132), RUIN_DARK
    left = [(22, 112), (22, 40), (30, 34), (44, 34), (50, 42), (50, 112)]
    right = [(78, 112), (78, 58), (86, 48), (94, 54), (104, 50), (106, 112)]
    lintel = [(16, 40), (62, 22), (70, 30), (26, 50)]
    base = [(10, 108), (118, 108), (122, 120), (6, 120)]
    shapes = [left, right, lintel, base]
    c.shadow(lambda s: [pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(p)) for p in shapes], (3, 3), 130)
    glow = c.layer()
    pygame.draw.circle(glow, (200, 150, 255, 150), c.p(64, 80), c.n(30))
    c.surface.blit(soften(glow, int(c.n(10))), (0, 0))
    for shape in (left, right):
        c.polygon(stone, shape)
        xs = [p[0] for p in shape]
        mid = (min(xs) + max(xs)) / 2 + 4
        c.polygon(shade(stone, 0.75), [(mid, shape[0][1]), (max(xs), shape[0][1]), (max(xs), 56), (mid, 56)])
        c.outline(shape, 2.6)
    for y in (64, 88):
        c.line((*dark, 220), [(24, y), (48, y - 2)], 1.8)
        c.line((*dark, 220), [(80, y + 4), (104, y + 2)], 1.8)
    c.polygon(shade(stone, 1.2), lintel)
    c.outline(lintel, 2.6)
    c.polygon(shade(stone, 0.6), base)
    c.outline(base, 2.6)
    # Glowing rune between the pillars.
    rune = c.layer()
    biome_glyph(rune, "void", c.p(64, 82), c.n(30), (236, 216, 255, 255))
    c.surface.blit(soften(rune.copy(), int(c.n(3))), (0, 0))
    c.surface.blit(rune, (0, 0))
    return c.result()


def void_totem() -> pygame.Surface:
    w, h = STORED_SIZES["void_totem"]
    c = Canvas(w, h)
    col = (78, 46, 112)
    glow_eye = (226, 196, 255)

    def spiral_emblem(centre: Point, r: float) -> None:
        biome_glyph(c.surface, "void", c.p(*centre), c.n(r * 1.6), RUIN_DARK)

    totem_shape(c, col, (170, 120, 220), glow_eye, spiral_emblem)
    # Glowing eyes on top of the carved ones.
    glow = c.layer()
    for ex, ey in ((40, 17), (56, 17), (41, 58), (55, 58)):
        pygame.draw.circle(glow, (*glow_eye, 255), c.p(ex, ey), c.n(4.2))
    c.surface.blit(soften(glow.copy(), int(c.n(3))), (0, 0))
    c.surface.blit(glow, (0, 0))
    return c.result()


def void_pawn() -> pygame.Surface:
    w, h = STORED_SIZES["void_pawn"]
    c = Canvas(w, h)
    col = (92, 52, 138)
    body = catmull_rom([(14, 150), (22, 120), (38, 96), (34, 78), (56, 70), (78, 78), (74, 96), (90, 120), (98, 150)], 2)
    body = body + [(14, 150)]
    head = (56, 44)
    c.shadow(lambda s: (pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(body)), pygame.draw.circle(s, (0, 0, 0, 255), c.p(*head), c.n(30))), (3, 3), 130)
    aura = c.layer()
    pygame.draw.circle(aura, (180, 120, 255, 110), c.p(56, 90), c.n(50))
    c.surface.blit(soften(aura, int(c.n(14))), (0, 0))
    c.polygon(col, body)
    c.polygon(shade(col, 0.7), [(56, 70), (78, 78), (74, 96), (90, 120), (98, 150), (60, 150)])
    c.outline(body, 3)
    c.line(shade(col, 1.3), [(24, 146), (88, 146)], 3)
    c.circle(INK, head, 31.5)
    c.circle(col, head, 30)
    c.circle(shade(col, 1.25), (48, 36), 14)
    c.circle(col, (52, 40), 16)
    layer = c.layer()
    biome_glyph(layer, "void", c.p(*head), c.n(40), (236, 216, 255, 255))
    c.surface.blit(soften(layer.copy(), int(c.n(2.5))), (0, 0))
    c.surface.blit(layer, (0, 0))
    return c.result()


# --- tokens -------------------------------------------------------------------------------------

def hexagon(centre: Point, r: float) -> list[Point]:
    return [(centre[0] + math.cos(math.pi / 6 + i * math.pi / 3) * r, centre[1] + math.sin(math.pi / 6 + i * math.pi / 3) * r) for i in range(6)]


def contested(side: str) -> pygame.Surface:
    w, h = STORED_SIZES["contested"]
    c = Canvas(w, h)
    centre = (64, 64)
    outer = hexagon(centre, 58)
    c.shadow(lambda s: pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(outer)), (2, 4), 120)
    if side == "front":
        # On its spot between two territories: a two-tone hex with arrows pointing both ways.
        face = (214, 196, 160)
        c.polygon(shade(face, 0.62), outer)
        inner = hexagon(centre, 51)
        c.polygon(face, inner)
        c.polygon(shade(face, 0.86), [inner[0], inner[1], inner[2], inner[3]])
        ink = (70, 46, 28)
        for direction in (-1, 1):
            y = 64 + direction * 11
            tip = 64 + direction * 32
            c.line(ink, [(64 - direction * 28, y), (tip - direction * 8, y)], 7)
            c.polygon(ink, [(tip, y), (tip - direction * 16, y - 12), (tip - direction * 16, y + 12)])
        c.outline(outer, 3)
    else:
        # Flipped into a territory: a hex that carries an extra tent space.
        face = (168, 128, 84)
        c.polygon(shade(face, 0.6), outer)
        c.polygon(face, hexagon(centre, 51))
        c.circle(INK, centre, 30)
        c.circle(PAPER, centre, 28)
        c.circle(mix(PAPER, face, 0.2), centre, 21)
        ring = c.layer()
        pygame.draw.circle(ring, (*INK, 150), c.p(*centre), c.n(19.5), int(c.n(1.4)))
        c.surface.blit(ring, (0, 0))
        for i in range(6):
            corner = hexagon(centre, 44)[i]
            c.circle(shade(face, 0.7), corner, 3)
        c.outline(outer, 3)
    return c.result()


def determination() -> pygame.Surface:
    w, h = STORED_SIZES["determination"]
    c = Canvas(w, h)
    face = (150, 40, 50)
    token_disc(c, face)
    ink = PAPER
    # Two upward chevrons and a summit flag: pressing on into the unknown.
    for y in (74, 96):
        c.line(ink, [(38, y), (64, y - 22), (90, y)], 9)
    c.line(ink, [(64, 48), (64, 20)], 4)
    c.polygon(GOLD, [(66, 20), (88, 27), (66, 34)])
    c.outline([(66, 20), (88, 27), (66, 34)], 1.6)
    return c.result()


def golden_worship() -> pygame.Surface:
    w, h = STORED_SIZES["golden_worship"]
    c = Canvas(w, h)
    outer = hexagon((64, 64), 56)
    c.shadow(lambda s: pygame.draw.polygon(s, (0, 0, 0, 255), c.ps(outer)), (2, 4), 120)
    c.polygon(GOLD_DARK, outer)
    c.polygon((246, 204, 92), hexagon((64, 64), 49))
    c.polygon(GOLD, [(64, 64)] + hexagon((64, 64), 49)[0:4])
    c.circle((252, 228, 150), (52, 48), 10)
    c.polygon((246, 204, 92), hexagon((64, 64), 40))
    ink = (110, 70, 14)
    # A small totem silhouette.
    c.polygon(ink, [(40, 40), (64, 34), (88, 40), (82, 48), (46, 48)])
    c.polygon(ink, [(56, 26), (72, 26), (74, 96), (54, 96)])
    c.polygon(ink, [(48, 92), (80, 92), (84, 100), (44, 100)])
    for ex in (60, 68):
        c.circle((252, 228, 150), (ex, 60), 2.6)
    c.line((252, 228, 150), [(57, 72), (71, 72)], 2.2)
    c.outline(outer, 3)
    return c.result()


# --- cards and biome icons ---------------------------------------------------------------------

def glyph_ink(key: str) -> Colour:
    return shade(BIOME_COLOURS[key]["dark"], 0.72) if key in ("glaciers", "coast") else PAPER


def biome_card(key: str) -> pygame.Surface:
    w, h = STORED_SIZES["card"]
    c = Canvas(w, h, 2)
    cols = BIOME_COLOURS[key]
    radius = int(c.n(16))
    frame = pygame.Rect(0, 0, c.n(w), c.n(h))
    # Frame: biome colour with a dark edge.
    pygame.draw.rect(c.surface, INK, frame, border_radius=radius)
    pygame.draw.rect(c.surface, cols["dark"], frame.inflate(-c.n(4), -c.n(4)), border_radius=radius - int(c.n(2)))
    pygame.draw.rect(c.surface, cols["base"], frame.inflate(-c.n(12), -c.n(12)), border_radius=radius - int(c.n(5)))
    # Texture panel.
    panel = frame.inflate(-c.n(26), -c.n(26))
    tex = biome_texture(key, panel.size, f"card:{key}", c.ss * 0.9)
    layer = pygame.Surface(panel.size, pygame.SRCALPHA)
    layer.blit(tex, (0, 0))
    mask = pygame.Surface(panel.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(c.n(9)))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.surface.blit(layer, panel.topleft)
    # Inner vignette.
    vignette = pygame.Surface(panel.size, pygame.SRCALPHA)
    vignette.fill((0, 0, 0, 0))
    pygame.draw.rect(vignette, (*shade(cols["dark"], 0.5), 150), vignette.get_rect(), int(c.n(10)), border_radius=int(c.n(9)))
    vignette = soften(vignette, int(c.n(6)))
    vignette.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.surface.blit(vignette, panel.topleft)
    pygame.draw.rect(c.surface, (*INK, 255), panel, int(c.n(1.6)), border_radius=int(c.n(9)))
    # Central medallion with the biome symbol.
    centre = (w / 2, h / 2)
    c.shadow(lambda s: pygame.draw.circle(s, (0, 0, 0, 255), c.p(*centre), c.n(78)), (2, 4), 120, 4)
    c.circle(INK, centre, 79)
    c.circle(PAPER, centre, 76)
    c.circle(cols["dark"], centre, 69)
    c.circle(cols["base"], centre, 66)
    c.circle(shade(cols["base"], 1.12), (centre[0] - 8, centre[1] - 10), 46)
    c.circle(cols["base"], (centre[0] + 3, centre[1] + 4), 50)
    biome_glyph(c.surface, key, c.p(*centre), c.n(94), glyph_ink(key), background=cols["base"])
    # Corner indices: the symbol on a small disc, top-left and bottom-right.
    corner = pygame.Surface((int(c.n(40)), int(c.n(40))), pygame.SRCALPHA)
    corner.fill((*INK, 0))
    o = (c.n(20), c.n(20))
    pygame.draw.circle(corner, INK, o, c.n(19))
    pygame.draw.circle(corner, PAPER, o, c.n(17))
    pygame.draw.circle(corner, cols["base"], o, c.n(14))
    biome_glyph(corner, key, o, c.n(21), glyph_ink(key), background=cols["base"])
    c.surface.blit(corner, (c.n(30) - o[0], c.n(32) - o[1]))
    # Bottom-right: upside down, like the index of a playing card.
    c.surface.blit(pygame.transform.rotate(corner, 180), (c.n(w - 30) - o[0], c.n(h - 32) - o[1]))
    return c.result()


def card_back() -> pygame.Surface:
    w, h = STORED_SIZES["card_back"]
    c = Canvas(w, h, 2)
    base = (46, 74, 82)
    radius = int(c.n(16))
    frame = pygame.Rect(0, 0, c.n(w), c.n(h))
    pygame.draw.rect(c.surface, INK, frame, border_radius=radius)
    pygame.draw.rect(c.surface, (196, 164, 110), frame.inflate(-c.n(4), -c.n(4)), border_radius=radius - int(c.n(2)))
    pygame.draw.rect(c.surface, base, frame.inflate(-c.n(12), -c.n(12)), border_radius=radius - int(c.n(5)))
    panel = frame.inflate(-c.n(12), -c.n(12))
    pattern = pygame.Surface(panel.size, pygame.SRCALPHA)
    pattern.fill((0, 0, 0, 0))
    step = c.n(24)
    ink = (*shade(base, 1.25), 255)
    y = 0.0
    row = 0
    while y < panel.height + step:
        x = (step / 2) if row % 2 else 0.0
        while x < panel.width + step:
            pygame.draw.polygon(pattern, ink, [(x, y - step * 0.38), (x + step * 0.3, y), (x, y + step * 0.38), (x - step * 0.3, y)], int(c.n(1.2)))
            x += step
        y += step * 0.5
        row += 1
    mask = pygame.Surface(panel.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius - int(c.n(5)))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    c.surface.blit(pattern, panel.topleft)
    pygame.draw.rect(c.surface, (196, 164, 110), frame.inflate(-c.n(26), -c.n(26)), int(c.n(1.5)), border_radius=int(c.n(9)))
    # The five biomes around a tent: the game's emblem.
    centre = (w / 2, h / 2)
    c.shadow(lambda s: pygame.draw.circle(s, (0, 0, 0, 255), c.p(*centre), c.n(66)), (2, 4), 140, 4)
    c.circle(INK, centre, 67)
    c.circle((196, 164, 110), centre, 65)
    for i, key in enumerate(BIOME_KEYS[:5]):
        a0 = -math.pi / 2 + i * 2 * math.pi / 5
        pts = [centre] + [(centre[0] + math.cos(a0 + t / 12 * 2 * math.pi / 5) * 60, centre[1] + math.sin(a0 + t / 12 * 2 * math.pi / 5) * 60) for t in range(13)]
        c.polygon(BIOME_COLOURS[key]["base"], pts)
        mid = a0 + math.pi / 5
        biome_glyph(c.surface, key, c.p(centre[0] + math.cos(mid) * 44, centre[1] + math.sin(mid) * 44), c.n(20), glyph_ink(key),
                    background=BIOME_COLOURS[key]["base"])
    c.circle(INK, centre, 31)
    c.circle(PAPER, centre, 29)
    tent_mark(c, centre, 36, base)
    return c.result()


def tent_mark(c: Canvas, centre: Point, size: float, colour: Colour) -> None:
    x, y = centre
    u = size / 2
    body = [(x, y - u * 0.9), (x + u * 0.85, y + u * 0.7), (x - u * 0.85, y + u * 0.7)]
    c.polygon(colour, body)
    c.polygon(PAPER, [(x, y - u * 0.05), (x + u * 0.28, y + u * 0.7), (x - u * 0.28, y + u * 0.7)])
    for dx in (-0.3, 0.0, 0.3):
        c.line(colour, [(x, y - u * 0.7), (x + dx * u, y - u * 1.05)], size * 0.06)


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


# --- driver ------------------------------------------------------------------------------------

def build_all() -> dict[str, pygame.Surface]:
    out: dict[str, pygame.Surface] = {}
    for colour in TRIBE_KEYS:
        out[f"tent_{colour}"] = tent(colour)
        out[f"totem_{colour}"] = totem(colour)
        out[f"emblem_{colour}"] = tribe_emblem(colour)
    for key in FEAT_KEYS:
        out[f"feat_{key}"] = feat(key)
    out["mountain"] = mountain()
    out["iceberg"] = iceberg()
    out["void_ruin"] = void_ruin()
    out["void_totem"] = void_totem()
    out["void_pawn"] = void_pawn()
    for side in ("front", "back"):
        out[f"contested_{side}"] = contested(side)
    out["determination"] = determination()
    out["golden_worship"] = golden_worship()
    for key in BIOME_KEYS:
        out[f"card_{key}"] = biome_card(key)
        out[f"biome_{key}"] = biome_icon(key)
    out["card_back"] = card_back()
    big = app_icon(256)
    out["icon"] = big
    for s in ICON_SIZES:
        if s != 256:
            # Downscale in halving steps for crisp small icons.
            img = big
            while img.get_width() // 2 >= s * 1.5:
                img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
            out[f"icon_{s}"] = pygame.transform.smoothscale(img, (s, s))
    missing = set(sprite_names()) - set(out)
    extra = set(out) - set(sprite_names())
    if missing or extra:
        raise SystemExit(f"sprite list mismatch: missing {sorted(missing)}, extra {sorted(extra)}")
    return out


def contact_sheet(sprites: dict[str, pygame.Surface], background: Colour = (120, 150, 110)) -> pygame.Surface:
    """All sprites on one picture, for looking at them."""
    cell = 170
    cols = 10
    names = list(sprites)
    rows = (len(names) + cols - 1) // cols
    sheet = pygame.Surface((cols * cell, rows * cell))
    sheet.fill(background)
    font = art_font("body", 11)
    for i, name in enumerate(names):
        img = sprites[name]
        x, y = (i % cols) * cell, (i // cols) * cell
        scale = min(1.0, (cell - 24) / max(img.get_width(), img.get_height()))
        if scale < 1:
            img = pygame.transform.smoothscale(img, (int(img.get_width() * scale), int(img.get_height() * scale)))
        sheet.blit(img, (x + (cell - img.get_width()) // 2, y + (cell - 18 - img.get_height()) // 2))
        label = font.render(name, True, (20, 20, 20))
        sheet.blit(label, (x + (cell - label.get_width()) // 2, y + cell - 18))
    return sheet


def main(argv: list[str] | None = None) -> int:
    from iwari_desktop.art import ensure_pygame_headless
    from iwari_desktop.resources import sprites_dir

    parser = argparse.ArgumentParser(prog="tools/make_sprites.py", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: assets/sprites)")
    parser.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet PNG here")
    args = parser.parse_args(argv)
    ensure_pygame_headless()
    random.seed(0)
    out_dir = args.out or sprites_dir()
    out_dir.mkdir(parents=True, exist_ok=True)
    sprites = build_all()
    for name, surface in sprites.items():
        pygame.image.save(surface, str(out_dir / f"{name}.png"))
    print(f"{len(sprites)} sprites written to {out_dir}")
    if args.sheet:
        pygame.image.save(contact_sheet(sprites), str(args.sheet))
        print(f"contact sheet: {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
