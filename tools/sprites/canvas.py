"""The supersampled canvas every sprite is drawn on, addressed in stored-size pixels.

Drawing SS times larger and smoothscaling down once anti-aliases every edge; the canvas starts
as transparent outline ink, so the straight-alpha downscale does not fringe.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from iwari_desktop.art.draw import soften, thick_polyline
from iwari_desktop.art.palette import INK

SS = 4
Point = tuple[float, float]
Colour = tuple[int, ...]


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
