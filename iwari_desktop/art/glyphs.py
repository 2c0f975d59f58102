"""Vector symbols shared by the map (ruin icons), the biome cards and the sprites.

Each biome has a shape of its own so that no card or icon depends on colour alone:
Tundra antlers, Forest fir tree, Glaciers snow crystal, Coast scallop shell, Desert cactus,
Void spiral. All draw into a square of side `size` centred on `centre`, in one colour; call
them on a supersampled surface for smooth edges.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from .draw import Point, catmull_rom, thick_polyline

Colour = tuple[int, ...]


def _antlers(s: pygame.Surface, c: Point, size: float, colour: Colour) -> None:
    cx, cy = c
    u = size / 2.0
    w = max(2.0, size * 0.085)
    for side in (-1, 1):
        beam = catmull_rom([(cx + side * 0.12 * u, cy + 0.85 * u), (cx + side * 0.30 * u, cy + 0.25 * u),
                            (cx + side * 0.62 * u, cy - 0.25 * u), (cx + side * 0.55 * u, cy - 0.90 * u)], step=2)
        thick_polyline(s, colour, beam, w)
        for t, (dx, dy) in ((0.30, (-0.40, -0.45)), (0.55, (-0.30, -0.55)), (0.52, (0.38, -0.20))):
            i = int(t * (len(beam) - 1))
            bx, by = beam[i]
            thick_polyline(s, colour, [(bx, by), (bx + side * dx * u * (0.9 if dx < 0 else 1), by + dy * u)], w * 0.85)
    pygame.draw.circle(s, colour, (cx, cy + 0.82 * u), w * 1.2)


def _fir(s: pygame.Surface, c: Point, size: float, colour: Colour) -> None:
    cx, cy = c
    u = size / 2.0
    tiers = ((-0.95, -0.35, 0.42), (-0.55, 0.15, 0.62), (-0.15, 0.62, 0.82))
    for top, bottom, half in tiers:
        pygame.draw.polygon(s, colour, [(cx, cy + top * u), (cx + half * u, cy + bottom * u), (cx - half * u, cy + bottom * u)])
    pygame.draw.rect(s, colour, pygame.Rect(cx - 0.12 * u, cy + 0.55 * u, 0.24 * u, 0.42 * u))


def _crystal(s: pygame.Surface, c: Point, size: float, colour: Colour) -> None:
    cx, cy = c
    u = size / 2.0
    w = max(2.0, size * 0.08)
    for k in range(6):
        a = math.pi / 2 + k * math.pi / 3
        dx, dy = math.cos(a), -math.sin(a)
        tip = (cx + dx * 0.92 * u, cy + dy * 0.92 * u)
        thick_polyline(s, colour, [(cx, cy), tip], w)
        for f, length in ((0.55, 0.30), (0.78, 0.18)):
            bx, by = cx + dx * f * u, cy + dy * f * u
            for turn in (-1, 1):
                b = a + turn * math.pi / 3.2
                thick_polyline(s, colour, [(bx, by), (bx + math.cos(b) * length * u, by - math.sin(b) * length * u)], w * 0.8)
    pygame.draw.circle(s, colour, (cx, cy), w * 1.3)


def _shell(s: pygame.Surface, c: Point, size: float, colour: Colour, hole: Colour | None = None) -> None:
    cx, cy = c
    u = size / 2.0
    hinge = (cx, cy + 0.80 * u)
    fan = [hinge]
    n = 40
    for i in range(n + 1):
        a = math.pi * (0.08 + 0.84 * i / n)
        scallop = 1.0 - 0.07 * abs(math.sin(i / n * math.pi * 7))
        r = 1.45 * u * scallop
        fan.append((cx - math.cos(a) * r * 0.72, cy + 0.80 * u - math.sin(a) * r))
    pygame.draw.polygon(s, colour, fan)
    pygame.draw.polygon(s, colour, [(cx - 0.38 * u, cy + 0.95 * u), (cx + 0.38 * u, cy + 0.95 * u), (cx + 0.16 * u, cy + 0.62 * u), (cx - 0.16 * u, cy + 0.62 * u)])
    rib = hole if hole is not None else (0, 0, 0, 0)
    w = max(1.5, size * 0.045)
    for k in range(1, 7):
        a = math.pi * (0.08 + 0.84 * k / 7)
        end = (cx - math.cos(a) * 1.30 * u * 0.72, cy + 0.80 * u - math.sin(a) * 1.30 * u)
        thick_polyline(s, rib, [(cx, cy + 0.62 * u), end], w)


def _cactus(s: pygame.Surface, c: Point, size: float, colour: Colour) -> None:
    cx, cy = c
    u = size / 2.0
    w = 0.34 * u
    thick_polyline(s, colour, [(cx, cy + 0.92 * u), (cx, cy - 0.78 * u)], w)
    arm = 0.24 * u
    thick_polyline(s, colour, [(cx, cy + 0.15 * u), (cx - 0.52 * u, cy + 0.15 * u), (cx - 0.52 * u, cy - 0.45 * u)], arm)
    thick_polyline(s, colour, [(cx, cy - 0.12 * u), (cx + 0.50 * u, cy - 0.12 * u), (cx + 0.50 * u, cy - 0.62 * u)], arm)
    pygame.draw.rect(s, colour, pygame.Rect(cx - 0.55 * u, cy + 0.86 * u, 1.10 * u, 0.12 * u))


def _spiral(s: pygame.Surface, c: Point, size: float, colour: Colour) -> None:
    cx, cy = c
    u = size / 2.0
    pts = []
    turns = 2.4
    n = 120
    for i in range(n + 1):
        t = i / n
        a = t * turns * 2 * math.pi
        r = 0.10 * u + 0.80 * u * t
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    thick_polyline(s, colour, pts, max(2.0, size * 0.10))
    pygame.draw.circle(s, colour, (cx, cy), size * 0.09)


BIOME_GLYPHS: dict[str, Callable[[pygame.Surface, Point, float, Colour], None]] = {
    "tundra": _antlers,
    "forest": _fir,
    "glaciers": _crystal,
    "coast": _shell,
    "desert": _cactus,
    "void": _spiral,
}


def biome_glyph(surface: pygame.Surface, biome_key: str, centre: Point, size: float, colour: Colour,
                background: Colour | None = None) -> None:
    """Draw a biome's symbol. `background` fills the shell's ribs (else they are cut transparent)."""
    if biome_key == "coast":
        _shell(surface, centre, size, colour, background)
    else:
        BIOME_GLYPHS[biome_key](surface, centre, size, colour)


def star_points(centre: Point, outer: float, inner: float, points: int = 5, rotation: float = -math.pi / 2) -> list[Point]:
    cx, cy = centre
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = rotation + i * math.pi / points
        out.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    return out


def peak_points(base_centre: Point, width: float, height: float) -> list[Point]:
    """A mountain peak triangle standing on `base_centre`."""
    x, y = base_centre
    return [(x - width / 2, y), (x, y - height), (x + width / 2, y)]
