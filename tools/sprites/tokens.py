"""The hexagonal and round tokens: contested (both sides), determination, golden worship."""

from __future__ import annotations

import math

import pygame

from iwari_desktop.art.palette import GOLD, GOLD_DARK, INK, PAPER, mix, shade
from iwari_desktop.art.sprites import STORED_SIZES

from .canvas import Canvas, Point
from .feats import token_disc


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
