"""The road stage of the map background: earthy paths, plank bridges along connections, the purple road."""

from __future__ import annotations

import pygame

from iwari_desktop.engine.maps.board import Point, RoadSegment
from .draw import alpha_surface, resample, scaled, soften, thick_polyline
from .map_canvas import MapCanvas
from .map_geometry import is_purple_road
from .map_sizes import ROAD_WIDTH
from .palette import ROAD_EARTH, ROAD_EDGE, ROAD_PURPLE, ROAD_PURPLE_EDGE, WOOD, WOOD_DARK, shade


class RoadPainter(MapCanvas):
    """Paints every road along its smoothed course (`map_geometry.road_path`)."""

    def paint_roads(self) -> None:
        k = self.k
        shadow = alpha_surface(self.size)
        edge = alpha_surface(self.size)
        earth = alpha_surface(self.size)
        bridges: list[tuple[RoadSegment, list[Point]]] = []
        purple: list[list[Point]] = []
        for road, path in zip(self.board.roads, self.roads):
            pts = scaled(path, k)
            if road.along_connection is not None:
                bridges.append((road, pts))
                continue
            if is_purple_road(self.board, road):
                purple.append(pts)
                continue
            thick_polyline(shadow, (30, 20, 10, 110), [(x + 1.5 * k, y + 2 * k) for x, y in pts], (ROAD_WIDTH + 5) * k)
            thick_polyline(edge, (*ROAD_EDGE, 235), pts, (ROAD_WIDTH + 4) * k)
            thick_polyline(earth, (*ROAD_EARTH, 255), pts, ROAD_WIDTH * k)
            # Trodden texture: darker specks along the path.
            for p, _ in resample(pts, 7 * k)[1:-1]:
                jitter = (self.rng.uniform(-1.4, 1.4) * k, self.rng.uniform(-1.4, 1.4) * k)
                pygame.draw.circle(earth, (*shade(ROAD_EARTH, 0.78), 200), (p[0] + jitter[0], p[1] + jitter[1]), 1.0 * k)
        self.canvas.blit(soften(shadow, int(2 * k)), (0, 0))
        self.canvas.blit(edge, (0, 0))
        self.canvas.blit(earth, (0, 0))
        if bridges:
            shadow = alpha_surface(self.size)
            layer = alpha_surface(self.size)
            for road, pts in bridges:
                self.paint_bridge(pts, layer, shadow)
            self.canvas.blit(soften(shadow, int(2 * k)), (0, 0))
            self.canvas.blit(layer, (0, 0))
        if purple:
            shadow = alpha_surface(self.size)
            layer = alpha_surface(self.size)
            for pts in purple:
                thick_polyline(shadow, (30, 10, 40, 120), [(x + 1.5 * k, y + 2 * k) for x, y in pts], (ROAD_WIDTH + 7) * k)
                thick_polyline(layer, (*ROAD_PURPLE_EDGE, 245), pts, (ROAD_WIDTH + 5) * k)
            for pts in purple:
                thick_polyline(layer, (*ROAD_PURPLE, 255), pts, (ROAD_WIDTH + 1) * k)
            for pts in purple:
                for p, _ in resample(pts, 12 * k)[1:-1]:
                    pygame.draw.circle(layer, (*ROAD_PURPLE_EDGE, 200), p, 1.3 * k)
            self.canvas.blit(soften(shadow, int(2 * k)), (0, 0))
            self.canvas.blit(layer, (0, 0))

    def paint_bridge(self, pts: list[Point], layer: pygame.Surface, shadow: pygame.Surface) -> None:
        """A plank causeway: dark rails, wooden planks across the way."""
        k = self.k
        half = (ROAD_WIDTH + 3) * k / 2
        thick_polyline(shadow, (10, 20, 30, 130), [(x + 2 * k, y + 3 * k) for x, y in pts], 2 * half + 4 * k)
        thick_polyline(layer, (*WOOD_DARK, 255), pts, 2 * half + 2 * k)
        for p, (ux, uy) in resample(pts, 4.5 * k):
            nx, ny = -uy, ux
            a = (p[0] + nx * half - ux * 1.5 * k, p[1] + ny * half - uy * 1.5 * k)
            b = (p[0] - nx * half - ux * 1.5 * k, p[1] - ny * half - uy * 1.5 * k)
            c = (p[0] - nx * half + ux * 1.5 * k, p[1] - ny * half + uy * 1.5 * k)
            d = (p[0] + nx * half + ux * 1.5 * k, p[1] + ny * half + uy * 1.5 * k)
            tone = shade(WOOD, self.rng.uniform(0.92, 1.12))
            pygame.draw.polygon(layer, (*tone, 255), [a, b, c, d])
        # Rope rails on both sides.
        for side in (-1, 1):
            rail = []
            for p, (ux, uy) in resample(pts, 3 * k):
                rail.append((p[0] - uy * (half + 0.8 * k) * side, p[1] + ux * (half + 0.8 * k) * side))
            if len(rail) > 1:
                thick_polyline(layer, (*shade(WOOD_DARK, 0.8), 255), rail, 1.6 * k)
