"""Procedural biome textures: painted grounds with a few stylised features, seeded for determinism.

`biome_texture(key, size, seed, k)` paints an opaque rectangle; `k` is the supersampling factor
of the caller's canvas (features are sized in 1x board pixels times k). Textures stay calm in
mid frequencies so that the pieces, spaces and roads drawn over them remain easy to read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from .draw import alpha_surface, noise_layer, soften, thick_polyline
from .glyphs import biome_glyph, star_points
from .palette import BIOME_COLOURS, mix, shade

Size = tuple[int, int]


def _ground(size: Size, key: str, rng: random.Random, k: float, patchiness: int = 70) -> pygame.Surface:
    c = BIOME_COLOURS[key]
    surface = pygame.Surface(size)
    surface.fill(c["base"])
    surface.blit(noise_layer(size, 110 * k, c["dark"], patchiness, rng), (0, 0))
    surface.blit(noise_layer(size, 80 * k, c["light"], patchiness, rng), (0, 0))
    surface.blit(noise_layer(size, 16 * k, c["dark"], 26, rng), (0, 0))
    surface.blit(noise_layer(size, 12 * k, c["light"], 22, rng), (0, 0))
    return surface


def _scatter(size: Size, spacing: float, rng: random.Random, jitter: float = 0.45) -> list[tuple[float, float]]:
    """Jittered grid points: even coverage without visible rows."""
    w, h = size
    pts = []
    y = -spacing / 2
    row = 0
    while y < h + spacing:
        x = -spacing / 2 + (spacing / 2 if row % 2 else 0)
        while x < w + spacing:
            pts.append((x + rng.uniform(-jitter, jitter) * spacing, y + rng.uniform(-jitter, jitter) * spacing))
            x += spacing
        y += spacing * 0.87
        row += 1
    return pts


def tundra(size: Size, rng: random.Random, k: float) -> pygame.Surface:
    c = BIOME_COLOURS["tundra"]
    s = _ground(size, "tundra", rng, k, 80)
    layer = alpha_surface(size)
    # Heath tufts: short dark strokes in small fans.
    for x, y in _scatter(size, 26 * k, rng, 0.5):
        if rng.random() < 0.55:
            col = (*shade(c["dark"], rng.uniform(0.8, 1.05)), 150)
            for _ in range(rng.randint(2, 4)):
                a = -math.pi / 2 + rng.uniform(-0.7, 0.7)
                ln = rng.uniform(4, 8) * k
                thick_polyline(layer, col, [(x, y), (x + math.cos(a) * ln, y + math.sin(a) * ln)], 1.3 * k)
    # Lichen: clusters of pale dots.
    for x, y in _scatter(size, 44 * k, rng, 0.5):
        if rng.random() < 0.7:
            col = rng.choice([c["accent"], (186, 196, 150), (232, 186, 120)])
            for _ in range(rng.randint(3, 8)):
                r = rng.uniform(1.0, 2.8) * k
                pygame.draw.circle(layer, (*col, rng.randint(150, 220)), (x + rng.gauss(0, 6 * k), y + rng.gauss(0, 5 * k)), r)
    # A few low stones.
    for x, y in _scatter(size, 130 * k, rng, 0.5):
        if rng.random() < 0.4:
            r = rng.uniform(4, 7) * k
            pygame.draw.ellipse(layer, (70, 40, 36, 90), pygame.Rect(x - r, y - r * 0.35, r * 2.2, r * 1.2))
            pygame.draw.ellipse(layer, (176, 160, 150, 230), pygame.Rect(x - r, y - r * 0.8, r * 2, r * 1.3))
            pygame.draw.ellipse(layer, (214, 204, 194, 200), pygame.Rect(x - r * 0.6, y - r * 0.7, r, r * 0.5))
    s.blit(layer, (0, 0))
    return s


def forest(size: Size, rng: random.Random, k: float) -> pygame.Surface:
    c = BIOME_COLOURS["forest"]
    s = _ground(size, "forest", rng, k, 60)
    shadows = alpha_surface(size)
    trees = alpha_surface(size)
    pts = sorted(_scatter(size, 27 * k, rng, 0.42), key=lambda p: p[1])
    for x, y in pts:
        if rng.random() < 0.18:
            continue  # clearings
        if rng.random() < 0.3:
            # A fir: stacked triangles.
            h = rng.uniform(18, 26) * k
            w = h * 0.62
            pygame.draw.ellipse(shadows, (20, 44, 24, 110), pygame.Rect(x - w * 0.3, y + h * 0.22, w * 1.25, h * 0.36))
            dark = shade(c["dark"], rng.uniform(0.9, 1.15))
            for i, f in enumerate((0.0, 0.3, 0.58)):
                top = y - h * 0.6 + f * h
                half = w * (0.32 + 0.12 * i)
                pygame.draw.polygon(trees, (*dark, 255), [(x, top), (x + half, top + h * 0.42), (x - half, top + h * 0.42)])
                pygame.draw.polygon(trees, (*mix(dark, c["light"], 0.35), 255), [(x, top), (x - half * 0.15, top + h * 0.42), (x - half, top + h * 0.42)])
        else:
            # A broadleaf canopy: shadow, crown, highlight.
            r = rng.uniform(8, 13) * k
            pygame.draw.circle(shadows, (20, 44, 24, 120), (x + r * 0.35, y + r * 0.45), r * 1.02)
            tone = mix(c["base"], c["dark"], rng.uniform(0.0, 0.45))
            pygame.draw.circle(trees, (*tone, 255), (x, y), r)
            for _ in range(3):
                a = rng.uniform(0, 2 * math.pi)
                pygame.draw.circle(trees, (*tone, 255), (x + math.cos(a) * r * 0.55, y + math.sin(a) * r * 0.45), r * 0.62)
            hl = mix(tone, c["light"], 0.55)
            pygame.draw.circle(trees, (*hl, 200), (x - r * 0.32, y - r * 0.35), r * 0.42)
    s.blit(soften(shadows, int(2 * k), 1), (0, 0))
    s.blit(trees, (0, 0))
    return s


def glaciers(size: Size, rng: random.Random, k: float) -> pygame.Surface:
    c = BIOME_COLOURS["glaciers"]
    s = _ground(size, "glaciers", rng, k, 110)
    layer = alpha_surface(size)
    # Ice facets: faint light polygons.
    for x, y in _scatter(size, 90 * k, rng, 0.5):
        pts = [(x + math.cos(a) * rng.uniform(20, 42) * k, y + math.sin(a) * rng.uniform(16, 34) * k)
               for a in sorted(rng.uniform(0, 2 * math.pi) for _ in range(5))]
        pygame.draw.polygon(layer, (*c["light"], 60), pts)
    s.blit(soften(layer, int(2 * k), 1), (0, 0))
    lines = alpha_surface(size)
    base_angle = rng.uniform(-0.5, 0.5)
    for x, y in _scatter(size, 48 * k, rng, 0.5):
        if rng.random() < 0.25:
            continue
        a = base_angle + rng.uniform(-0.35, 0.35)
        ln = rng.uniform(18, 46) * k
        pts = []
        n = rng.randint(3, 5)
        for i in range(n + 1):
            t = i / n - 0.5
            jitter = rng.uniform(-3, 3) * k
            pts.append((x + math.cos(a) * ln * t - math.sin(a) * jitter, y + math.sin(a) * ln * t + math.cos(a) * jitter))
        thick_polyline(lines, (*c["light"], 230), [(px + 1.2 * k, py + 1.2 * k) for px, py in pts], 1.6 * k)
        thick_polyline(lines, (*c["dark"], 200), pts, 1.5 * k)
    s.blit(lines, (0, 0))
    # Glints.
    glints = alpha_surface(size)
    for x, y in _scatter(size, 70 * k, rng, 0.5):
        if rng.random() < 0.35:
            pygame.draw.polygon(glints, (255, 255, 255, 200), star_points((x, y), 3.2 * k, 0.8 * k, 4, 0))
    s.blit(glints, (0, 0))
    return s


def coast(size: Size, rng: random.Random, k: float) -> pygame.Surface:
    c = BIOME_COLOURS["coast"]
    s = _ground(size, "coast", rng, k, 70)
    layer = alpha_surface(size)
    base_angle = rng.uniform(-0.25, 0.25)
    # Ripples: short wavy lines, a dark one with a light one just below.
    for x, y in _scatter(size, 30 * k, rng, 0.45):
        if rng.random() < 0.35:
            continue
        ln = rng.uniform(22, 40) * k
        a = base_angle + rng.uniform(-0.15, 0.15)
        phase = rng.uniform(0, 6.28)
        pts = []
        for i in range(13):
            t = i / 12 - 0.5
            off = math.sin(t * 7 + phase) * 2.2 * k
            pts.append((x + math.cos(a) * ln * t - math.sin(a) * off, y + math.sin(a) * ln * t + math.cos(a) * off))
        thick_polyline(layer, (*c["dark"], 120), pts, 1.4 * k)
        thick_polyline(layer, (*c["light"], 170), [(px, py + 1.6 * k) for px, py in pts], 1.2 * k)
    s.blit(layer, (0, 0))
    bits = alpha_surface(size)
    for x, y in _scatter(size, 62 * k, rng, 0.5):
        roll = rng.random()
        if roll < 0.22:
            col = rng.choice([(252, 240, 226), (244, 206, 196), (236, 226, 210)])
            size_px = rng.uniform(7, 10) * k
            pygame.draw.ellipse(bits, (150, 110, 60, 90), pygame.Rect(x - size_px * 0.45, y + size_px * 0.15, size_px, size_px * 0.5))
            biome_glyph(bits, "coast", (x, y), size_px, (*col, 255), (*shade(col, 0.82), 255))
        elif roll < 0.38:
            # Marram grass.
            for _ in range(4):
                a = -math.pi / 2 + rng.uniform(-0.6, 0.6)
                ln = rng.uniform(6, 11) * k
                thick_polyline(bits, (120, 140, 70, 210), [(x, y), (x + math.cos(a) * ln, y + math.sin(a) * ln)], 1.3 * k)
        elif roll < 0.55:
            pygame.draw.circle(bits, (190, 170, 150, 200), (x, y), rng.uniform(1.2, 2.2) * k)
    s.blit(bits, (0, 0))
    return s


def desert(size: Size, rng: random.Random, k: float) -> pygame.Surface:
    c = BIOME_COLOURS["desert"]
    s = _ground(size, "desert", rng, k, 60)
    light = alpha_surface(size)
    dark = alpha_surface(size)
    base_angle = rng.uniform(-0.3, 0.3)
    crests: list[list[tuple[float, float]]] = []
    for x, y in _scatter(size, 95 * k, rng, 0.55):
        # A dune: a long curved crest; a broad lit slope on the windward side, a short shadowed lee.
        ln = rng.uniform(110, 190) * k
        a = base_angle + rng.uniform(-0.18, 0.18)
        bow = rng.uniform(12, 26) * k
        n = 24
        crest = []
        for i in range(n + 1):
            t = i / n - 0.5
            off = -bow * (1 - (2 * t) ** 2)
            crest.append((x + math.cos(a) * ln * t - math.sin(a) * off, y + math.sin(a) * ln * t + math.cos(a) * off))
        nx, ny = -math.sin(a), math.cos(a)
        bumps = [(1 - (2 * (i / n - 0.5)) ** 2) ** 0.7 for i in range(n + 1)]
        lit = crest + [(px - nx * 26 * k * b, py - ny * 26 * k * b) for (px, py), b in reversed(list(zip(crest, bumps)))]
        pygame.draw.polygon(light, (*c["light"], 105), lit)
        shadow = crest + [(px + nx * 11 * k * b, py + ny * 11 * k * b) for (px, py), b in reversed(list(zip(crest, bumps)))]
        pygame.draw.polygon(dark, (*c["dark"], 95), shadow)
        crests.append(crest[2:-2])
    s.blit(soften(light, int(5 * k)), (0, 0))
    s.blit(soften(dark, int(3 * k)), (0, 0))
    ridge = alpha_surface(size)
    for crest in crests:
        thick_polyline(ridge, (*shade(c["dark"], 0.95), 110), crest, 1.3 * k)
    s.blit(ridge, (0, 0))
    bits = alpha_surface(size)
    for x, y in _scatter(size, 85 * k, rng, 0.5):
        roll = rng.random()
        if roll < 0.3:
            h = rng.uniform(14, 20) * k
            pygame.draw.ellipse(bits, (110, 56, 22, 110), pygame.Rect(x - h * 0.1, y + h * 0.38, h * 0.9, h * 0.22))
            biome_glyph(bits, "desert", (x, y), h, (*c["accent"], 255))
            biome_glyph(bits, "desert", (x - 1.0 * k, y), h * 0.7, (*shade(c["accent"], 1.25), 150))
        elif roll < 0.5:
            r = rng.uniform(2.5, 5) * k
            pygame.draw.ellipse(bits, (150, 80, 40, 200), pygame.Rect(x - r, y - r * 0.6, r * 2, r * 1.2))
            pygame.draw.ellipse(bits, (232, 176, 120, 170), pygame.Rect(x - r * 0.7, y - r * 0.6, r, r * 0.6))
    s.blit(bits, (0, 0))
    return s


def void(size: Size, rng: random.Random, k: float) -> pygame.Surface:
    c = BIOME_COLOURS["void"]
    s = _ground(size, "void", rng, k, 90)
    s.blit(noise_layer(size, 140 * k, (150, 60, 150), 55, rng), (0, 0))
    s.blit(noise_layer(size, 120 * k, (40, 50, 120), 60, rng), (0, 0))
    swirls = alpha_surface(size)
    for x, y in _scatter(size, 120 * k, rng, 0.5):
        turns = rng.uniform(1.0, 1.8)
        r0 = rng.uniform(26, 46) * k
        d = rng.choice((-1, 1))
        pts = []
        start = rng.uniform(0, 6.28)
        for i in range(60):
            t = i / 59
            a = start + d * t * turns * 2 * math.pi
            r = r0 * (1 - 0.85 * t)
            pts.append((x + math.cos(a) * r, y + math.sin(a) * r))
        thick_polyline(swirls, (*c["light"], 120), pts, 2.4 * k)
    s.blit(soften(swirls, int(1 * k) or 1, 1), (0, 0))
    stars = alpha_surface(size)
    for x, y in _scatter(size, 22 * k, rng, 0.5):
        if rng.random() < 0.45:
            pygame.draw.circle(stars, (*c["accent"], rng.randint(90, 230)), (x, y), rng.uniform(0.6, 1.5) * k)
    for x, y in _scatter(size, 95 * k, rng, 0.5):
        if rng.random() < 0.55:
            r = rng.uniform(4, 7) * k
            pygame.draw.polygon(stars, (*c["accent"], 230), star_points((x, y), r, r * 0.22, 4, 0))
            pygame.draw.circle(stars, (255, 255, 255, 255), (x, y), r * 0.2)
    glow = soften(stars.copy(), int(3 * k))
    s.blit(glow, (0, 0))
    s.blit(stars, (0, 0))
    return s


TEXTURES: dict[str, Callable[[Size, random.Random, float], pygame.Surface]] = {
    "tundra": tundra,
    "forest": forest,
    "glaciers": glaciers,
    "coast": coast,
    "desert": desert,
    "void": void,
}


def biome_texture(key: str, size: Size, seed: int | str, k: float = 1.0) -> pygame.Surface:
    """An opaque painted ground of the biome, `size` canvas pixels, features scaled by `k`."""
    rng = random.Random(f"{key}:{seed}")
    return TEXTURES[key]((max(1, int(size[0])), max(1, int(size[1]))), rng, k)
