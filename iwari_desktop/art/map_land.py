"""The land stage of the map background: textured territories, their borders and the coastline."""

from __future__ import annotations

import random

import pygame

from .draw import alpha_surface, boost_alpha, invert_alpha_mask, soften, thick_polyline, tinted
from .map_canvas import MapCanvas
from .palette import BIOME_COLOURS, INK, SEA_FOAM, shade
from .textures import biome_texture


class LandPainter(MapCanvas):
    """Paints each territory's biome texture clipped to its polygon, then borders and coast."""

    def paint_territories(self, land: pygame.Surface) -> None:
        k = self.k
        grow = 3.0 * k
        # Foam line hugging the coast, drawn before the land so only its outer half shows.
        foam = boost_alpha(soften(land.copy(), int(3 * k)), 2)
        self.canvas.blit(tinted(foam, SEA_FOAM, 210), (0, 0))
        for territory, poly in zip(self.board.territories, self.polys):
            xs, ys = zip(*poly)
            left, top = int(min(xs) - grow - 2), int(min(ys) - grow - 2)
            right, bottom = int(max(xs) + grow + 2), int(max(ys) + grow + 2)
            size = (right - left, bottom - top)
            local = [(x - left, y - top) for x, y in poly]
            texture = biome_texture(territory.biome.key, size, f"{self.board.map_id}:{territory.name}:{territory.index}", k)
            # A per-territory shift of tone, so that neighbours of one biome still read as two places.
            tone = random.Random(f"tone:{self.board.map_id}:{territory.index}").uniform(-1.0, 1.0)
            if tone > 0:
                texture.fill(tuple(int(18 * tone) for _ in range(3)), special_flags=pygame.BLEND_RGB_ADD)
            else:
                texture.fill(tuple(int(255 * (1 + 0.09 * tone)) for _ in range(3)), special_flags=pygame.BLEND_RGB_MULT)
            layer = _with_alpha(texture)
            mask = alpha_surface(size)
            mask.fill((255, 255, 255, 0))
            pygame.draw.polygon(mask, (255, 255, 255, 255), local)
            thick_polyline(mask, (255, 255, 255, 255), local + [local[0]], 2 * grow)
            layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            # Soft inner shade along the territory's edge, so neighbours separate gently.
            edge = alpha_surface(size)
            dark = BIOME_COLOURS[territory.biome.key]["dark"]
            thick_polyline(edge, (*shade(dark, 0.6), 185), local + [local[0]], 18 * k)
            edge = soften(edge, int(7 * k))
            edge.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            layer.blit(edge, (0, 0))
            self.canvas.blit(layer, (left, top))
        # Borders: a thin ink line between territories (the coast gets a stronger one next).
        lines = alpha_surface(self.size)
        for poly in self.polys:
            thick_polyline(lines, (*INK, 175), poly + [poly[0]], 2.2 * k)
        self.canvas.blit(lines, (0, 0))
        # Coastline: darker band on the land side and a crisp outline.
        sea = invert_alpha_mask(land)
        band = soften(sea, int(5 * k))
        band.blit(land, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.canvas.blit(tinted(boost_alpha(band, 1), (60, 40, 28), 150), (0, 0))
        m = pygame.mask.from_surface(land, 127)
        coast = alpha_surface(self.size)
        for comp in m.connected_components(minimum=int(200 * k * k)):
            outline = comp.outline(2)
            if len(outline) > 4:
                pts = outline[:: max(1, int(2 * k))] + [outline[0]]
                thick_polyline(coast, (58, 42, 30, 235), pts, 2.6 * k)
        self.canvas.blit(coast, (0, 0))


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out
