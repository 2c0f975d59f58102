"""The tribes' sprites: emblem, tent and totem of every tribe colour (and the carved totem shape).

Tribes are told apart by colour AND by an emblem pattern, a cue that does not depend on seeing
colour (docs/art.md has the table).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from iwari_desktop.art.glyphs import star_points
from iwari_desktop.art.palette import GOLD, INK, PAPER, TRIBE_COLOURS, TRIBE_PATTERNS, mix, shade
from iwari_desktop.art.sprites import STORED_SIZES

from .canvas import Canvas, Colour, Point


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
