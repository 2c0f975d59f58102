"""The sea stage of the map background: gradient, shallows, coastal ripples, wave marks, compass rose.

The sea is painted first, under everything else, from the land mask; the compass rose goes in a
free corner of open water.
"""

from __future__ import annotations

import math

import pygame

from iwari_desktop.engine.maps.board import Point
from .draw import alpha_surface, boost_alpha, catmull_rom, noise_layer, resample, ring, soften, thick_polyline, tinted
from .map_canvas import MapCanvas
from .palette import INK, SEA_DEEP, SEA_FOAM, SEA_MID, SEA_SHALLOW, mix


class SeaPainter(MapCanvas):
    """Paints the open water around the land and the compass rose on it."""

    def paint_sea(self, land: pygame.Surface) -> None:
        k, (W, H) = self.k, self.size
        # Vertical gradient, lighter towards the middle band.
        for y in range(0, H, 4):
            t = y / H
            col = mix(SEA_MID, SEA_DEEP, min(1.0, abs(t - 0.35) * 1.4))
            pygame.draw.rect(self.canvas, col, pygame.Rect(0, y, W, 4))
        self.canvas.blit(noise_layer(self.size, 160 * k, SEA_DEEP, 110, self.rng), (0, 0))
        self.canvas.blit(noise_layer(self.size, 120 * k, (70, 140, 160), 70, self.rng), (0, 0))
        # Vignette towards the board edge.
        edge = alpha_surface(self.size)
        pygame.draw.rect(edge, (10, 30, 50, 150), edge.get_rect(), int(46 * k))
        self.canvas.blit(soften(edge, int(40 * k)), (0, 0))

        # Shallow water: wide halo, then a brighter near band.
        far = boost_alpha(soften(land.copy(), int(26 * k)), 1)
        self.canvas.blit(tinted(far, SEA_SHALLOW, 150), (0, 0))
        near = boost_alpha(soften(land.copy(), int(9 * k)), 1)
        self.canvas.blit(tinted(near, mix(SEA_SHALLOW, SEA_FOAM, 0.35), 200), (0, 0))

        # Ripple lines following the coast at two distances.
        for dist, alpha, width in ((30, 90, 1.6), (54, 55, 1.4)):
            grown = soften(land.copy(), int(dist * k * 0.55))
            m = pygame.mask.from_surface(grown, 40)
            for comp in m.connected_components(minimum=int(400 * k * k)):
                outline = comp.outline(2)
                if len(outline) < 8:
                    continue
                pts = catmull_rom(outline[:: max(1, int(3 * k))] + [outline[0]], 3 * k)
                self.dashed(pts, (*SEA_FOAM, alpha), width * k, 26 * k, 14 * k)

        # Little wave marks in open water.
        marks = alpha_surface(self.size)
        open_sea = boost_alpha(soften(land.copy(), int(40 * k)), 3)
        sea_mask = pygame.mask.from_surface(open_sea, 8)
        spacing = 64 * k
        y = spacing / 2
        row = 0
        while y < H:
            x = spacing / 2 + (spacing / 2 if row % 2 else 0)
            while x < W:
                px, py = x + self.rng.uniform(-20, 20) * k, y + self.rng.uniform(-14, 14) * k
                if 30 * k < px < W - 30 * k and 30 * k < py < H - 30 * k and not sea_mask.get_at((int(px), int(py))) \
                        and self.rng.random() < 0.55:
                    self.wave_mark(marks, (px, py), self.rng.uniform(9, 14) * k)
                x += spacing
            y += spacing * 0.8
            row += 1
        self.canvas.blit(marks, (0, 0))

    def wave_mark(self, surface: pygame.Surface, c: Point, size: float) -> None:
        for dx, dy in ((0, 0), (size * 0.9, size * 0.35)):
            pts = []
            for i in range(9):
                t = i / 8
                pts.append((c[0] + dx - size / 2 + size * t, c[1] + dy - math.sin(t * math.pi) * size * 0.28))
            thick_polyline(surface, (*SEA_FOAM, 95), pts, 1.3 * self.k)

    def dashed(self, pts: list[Point], colour: tuple[int, ...], width: float, dash: float, gap: float) -> None:
        layer = alpha_surface(self.size)
        samples = resample(pts, 2.0 * self.k)
        period = int((dash + gap) / (2.0 * self.k))
        on = int(dash / (2.0 * self.k))
        run: list[Point] = []
        for i, (p, _) in enumerate(samples):
            if i % period < on:
                run.append(p)
            elif run:
                thick_polyline(layer, colour, run, width)
                run = []
        if run:
            thick_polyline(layer, colour, run, width)
        self.canvas.blit(layer, (0, 0))

    def paint_compass(self, land: pygame.Surface) -> None:
        """A compass rose in a free corner of the sea, if there is room for one."""
        k = self.k
        radius = 46.0
        step = 8
        small = pygame.transform.smoothscale(land, (max(1, self.w // step), max(1, self.h // step)))
        land_mask = pygame.mask.from_surface(small, 1)
        clear = int((radius + 34) / step)
        disc = pygame.mask.Mask((2 * clear + 1, 2 * clear + 1))
        for y in range(2 * clear + 1):
            for x in range(2 * clear + 1):
                if (x - clear) ** 2 + (y - clear) ** 2 <= clear * clear:
                    disc.set_at((x, y))
        things = [c.position for c in self.board.connections] + [s.position for s in self.board.spaces]
        margin = radius + 48
        corners = [(margin, margin), (self.w - margin, margin), (margin, self.h - margin), (self.w - margin, self.h - margin)]
        for cx, cy in corners:
            for shift in range(0, 260, 20):
                for dx, dy in ((shift, 0), (0, shift), (shift, shift)):
                    x = cx + (dx if cx < self.w / 2 else -dx)
                    y = cy + (dy if cy < self.h / 2 else -dy)
                    if land_mask.overlap(disc, (int(x / step) - clear, int(y / step) - clear)) is not None:
                        continue
                    if any(math.dist((x, y), t) < radius + 40 for t in things):
                        continue
                    self.compass((x * k, y * k), radius * k)
                    return

    def compass(self, c: Point, r: float) -> None:
        k = self.k
        layer = alpha_surface((int(2 * r + 20 * k), int(2 * r + 20 * k)))
        o = (layer.get_width() / 2, layer.get_height() / 2)
        ink = (*SEA_FOAM, 200)
        dark = (*mix(SEA_DEEP, INK, 0.3), 200)
        ring(layer, ink, o, r * 0.78, 1.6 * k)
        ring(layer, ink, o, r * 0.70, 0.8 * k)
        for i in range(32):
            a = i * math.pi / 16
            inner = r * (0.70 if i % 4 else 0.64)
            thick_polyline(layer, ink, [(o[0] + math.cos(a) * inner, o[1] + math.sin(a) * inner),
                                        (o[0] + math.cos(a) * r * 0.78, o[1] + math.sin(a) * r * 0.78)], 0.9 * k)
        for i in range(8):
            a = -math.pi / 2 + i * math.pi / 4
            length = r * (0.98 if i % 2 == 0 else 0.55)
            width = r * (0.16 if i % 2 == 0 else 0.12)
            tip = (o[0] + math.cos(a) * length, o[1] + math.sin(a) * length)
            left = (o[0] + math.cos(a - math.pi / 2) * width, o[1] + math.sin(a - math.pi / 2) * width)
            right = (o[0] + math.cos(a + math.pi / 2) * width, o[1] + math.sin(a + math.pi / 2) * width)
            pygame.draw.polygon(layer, ink, [o, left, tip])
            pygame.draw.polygon(layer, dark, [o, tip, right])
            pygame.draw.lines(layer, ink, True, [left, tip, right, o], max(1, int(0.8 * k)))
        pygame.draw.circle(layer, ink, o, 2.6 * k)
        font = self.font(19)
        north = font.render("N", True, SEA_FOAM)
        north.set_alpha(220)
        layer.blit(north, north.get_rect(midbottom=(o[0], o[1] - r * 0.98 + 1 * k)))
        self.canvas.blit(layer, (c[0] - o[0], c[1] - o[1] + 6 * k))
