"""The biome cards and the card back (drawn at 2x: cards are large already)."""

from __future__ import annotations

import math

import pygame

from iwari_desktop.art.draw import soften
from iwari_desktop.art.glyphs import biome_glyph
from iwari_desktop.art.palette import BIOME_COLOURS, BIOME_KEYS, INK, PAPER, shade
from iwari_desktop.art.sprites import STORED_SIZES
from iwari_desktop.art.textures import biome_texture

from .canvas import Canvas, Colour, Point


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
