"""The space stage of the map background: tent, totem and ruin spaces and the contested spots."""

from __future__ import annotations

import math

import pygame

from iwari_desktop.engine.maps.board import Point
from .draw import alpha_surface, polygon_centroid, ring, soften, thick_polyline
from .glyphs import biome_glyph
from .map_canvas import MapCanvas
from .map_sizes import CONTESTED_RADIUS, RUIN_SPACE_RADIUS, TENT_SPACE_RADIUS, TOTEM_SPACE_RADIUS
from .palette import BIOME_COLOURS, INK, PAPER, ROAD_PURPLE_EDGE, RUIN, RUIN_DARK, mix, shade


class SpacePainter(MapCanvas):
    """Paints the spaces pieces are placed on."""

    def paint_spaces(self) -> None:
        k = self.k
        shadow = alpha_surface(self.size)
        layer = alpha_surface(self.size)
        for space in self.board.spaces:
            if space.is_ruin_space:
                continue
            c = self.K(space.position)
            r = TENT_SPACE_RADIUS * k
            pygame.draw.circle(shadow, (20, 12, 6, 120), (c[0] + 1.2 * k, c[1] + 2.0 * k), r + 1.5 * k)
            rim = (112, 60, 150) if space.purple_road else INK
            tint = mix(PAPER, BIOME_COLOURS[self.board.territories[space.territory].biome.key]["base"], 0.12) \
                if space.territory is not None else PAPER
            fill = (226, 208, 242, 235) if space.purple_road else (*tint, 225)
            pygame.draw.circle(layer, (*rim, 230), c, r + 1.2 * k)
            pygame.draw.circle(layer, fill, c, r - 2.6 * k)
            ring(layer, (*(ROAD_PURPLE_EDGE if space.purple_road else PAPER), 255), c, r, 2.8 * k)
            ring(layer, (*rim, 150), c, r - 3.4 * k, 1.0 * k)
        for territory in self.board.territories:
            if territory.totem_space is None:
                continue
            self.totem_space(shadow, layer, self.K(territory.totem_space), territory.biome.key)
        self.canvas.blit(soften(shadow, int(2 * k)), (0, 0))
        self.canvas.blit(layer, (0, 0))
        for space in self.board.spaces:
            if space.is_ruin_space:
                self.ruin_space(self.K(space.position), space.ruin_biome.key if space.ruin_biome is not None else "void")
        for spot in self.board.contested_spots:
            a, b = spot.territories
            self.contested(self.K(spot.position), self.board.territories[a].biome.key, self.board.territories[b].biome.key,
                           self.board.territories[a].polygon, spot.position)

    def totem_space(self, shadow: pygame.Surface, layer: pygame.Surface, c: Point, biome_key: str) -> None:
        k = self.k
        r = TOTEM_SPACE_RADIUS * k
        colours = BIOME_COLOURS[biome_key]
        pygame.draw.circle(shadow, (20, 12, 6, 140), (c[0] + 1.5 * k, c[1] + 2.5 * k), r + 2 * k)
        pygame.draw.circle(layer, (*INK, 235), c, r + 1.4 * k)
        pygame.draw.circle(layer, (*PAPER, 255), c, r)
        pygame.draw.circle(layer, (*shade(colours["dark"], 0.85), 255), c, r - 3.2 * k)
        pygame.draw.circle(layer, (*mix(colours["base"], PAPER, 0.25), 255), c, r - 5.0 * k)
        # A ring of carved dots, then a small totem-pole mark in the middle.
        for i in range(12):
            a = i * math.pi / 6
            pygame.draw.circle(layer, (*PAPER, 220), (c[0] + math.cos(a) * (r - 8.2 * k), c[1] + math.sin(a) * (r - 8.2 * k)), 1.2 * k)
        mark = (*shade(colours["dark"], 0.8), 170)
        u = 3.0 * k
        pygame.draw.rect(layer, mark, pygame.Rect(c[0] - u, c[1] - 3.2 * u, 2 * u, 5.6 * u), border_radius=int(u * 0.5))
        pygame.draw.polygon(layer, mark, [(c[0] - 2.6 * u, c[1] - 1.6 * u), (c[0] + 2.6 * u, c[1] - 1.6 * u), (c[0] + 1 * u, c[1] - 0.6 * u), (c[0] - 1 * u, c[1] - 0.6 * u)])
        pygame.draw.circle(layer, (*PAPER, 200), (c[0] - 0.45 * u, c[1] - 2.4 * u), 0.32 * u)
        pygame.draw.circle(layer, (*PAPER, 200), (c[0] + 0.45 * u, c[1] - 2.4 * u), 0.32 * u)

    def local_shadow(self, c: Point, radius: float, draw) -> None:
        """A soft drop shadow for one small shape; `draw(surface, centre)` paints the shape."""
        k = self.k
        pad = int(radius + 10 * k)
        local = alpha_surface((2 * pad, 2 * pad))
        draw(local, (pad + 1.5 * k, pad + 2.5 * k))
        self.canvas.blit(soften(local, int(2 * k)), (c[0] - pad, c[1] - pad))

    def ruin_space(self, c: Point, biome_key: str) -> None:
        k = self.k
        r = RUIN_SPACE_RADIUS * k
        self.local_shadow(c, r + 2 * k, lambda s, o: pygame.draw.circle(s, (15, 5, 25, 140), o, r + 2 * k))
        pygame.draw.circle(self.canvas, RUIN_DARK, c, r + 1.4 * k)
        pygame.draw.circle(self.canvas, (214, 190, 240), c, r)
        pygame.draw.circle(self.canvas, RUIN, c, r - 2.6 * k)
        icon_bg = BIOME_COLOURS[biome_key]["base"]
        pygame.draw.circle(self.canvas, RUIN_DARK, c, r * 0.62)
        pygame.draw.circle(self.canvas, icon_bg, c, r * 0.55)
        biome_glyph(self.canvas, biome_key, c, r * 0.82, BIOME_COLOURS[biome_key]["dark"] if biome_key in ("glaciers", "coast") else PAPER,
                    background=icon_bg)

    def contested(self, c: Point, key_a: str, key_b: str, poly_a: tuple[Point, ...], pos: Point) -> None:
        """A hexagonal spot split between the two biomes it touches (each half facing its territory),
        with a double arrow across the split: the token may go either way."""
        k = self.k
        r = CONTESTED_RADIUS * k
        centre_a = polygon_centroid(poly_a)
        ang = math.atan2(centre_a[1] - pos[1], centre_a[0] - pos[0])
        dx, dy = math.cos(ang), math.sin(ang)

        def hexagon(radius: float) -> list[Point]:
            return [(c[0] + math.cos(ang + math.pi / 6 + i * math.pi / 3) * radius,
                     c[1] + math.sin(ang + math.pi / 6 + i * math.pi / 3) * radius) for i in range(6)]

        self.local_shadow(c, r * 1.3, lambda s, o: pygame.draw.polygon(
            s, (20, 10, 5, 150), [(x - c[0] + o[0], y - c[1] + o[1]) for x, y in hexagon(r * 1.15)]))
        pygame.draw.polygon(self.canvas, INK, hexagon(r * 1.2))
        pygame.draw.polygon(self.canvas, PAPER, hexagon(r * 1.08))
        inner = hexagon(r * 0.9)
        # Corners 5, 0, 1 lie towards territory A (the hexagon is turned by `ang`).
        half_a = [inner[5], inner[0], inner[1], inner[2]]
        half_b = [inner[2], inner[3], inner[4], inner[5]]
        pygame.draw.polygon(self.canvas, BIOME_COLOURS[key_a]["base"], half_a)
        pygame.draw.polygon(self.canvas, BIOME_COLOURS[key_b]["base"], half_b)
        pygame.draw.polygon(self.canvas, INK, inner, max(1, int(1.2 * k)))
        # A double arrow from one half to the other.
        a_tip = (c[0] + dx * r * 0.62, c[1] + dy * r * 0.62)
        b_tip = (c[0] - dx * r * 0.62, c[1] - dy * r * 0.62)
        px, py = -dy, dx
        thick_polyline(self.canvas, PAPER, [a_tip, b_tip], 4.2 * k)
        for tip, sgn in ((a_tip, 1), (b_tip, -1)):
            head = [tip, (tip[0] - sgn * dx * 6 * k + px * 5 * k, tip[1] - sgn * dy * 6 * k + py * 5 * k),
                    (tip[0] - sgn * dx * 6 * k - px * 5 * k, tip[1] - sgn * dy * 6 * k - py * 5 * k)]
            pygame.draw.polygon(self.canvas, PAPER, head)
            pygame.draw.polygon(self.canvas, INK, head, max(1, int(1.0 * k)))
        thick_polyline(self.canvas, INK, [(a_tip[0] - dx * 5 * k, a_tip[1] - dy * 5 * k), (b_tip[0] + dx * 5 * k, b_tip[1] + dy * 5 * k)], 1.8 * k)
