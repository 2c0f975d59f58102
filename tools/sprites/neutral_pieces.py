"""Pieces that belong to no tribe: the mountain, the iceberg and the Void's ruin, totem and pawn."""

from __future__ import annotations

import pygame

from iwari_desktop.art.draw import catmull_rom, soften
from iwari_desktop.art.glyphs import biome_glyph
from iwari_desktop.art.palette import INK, PAPER, RUIN_DARK, mix, shade
from iwari_desktop.art.sprites import STORED_SIZES

from .canvas import Canvas, Point
from .tribes import totem_shape


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
