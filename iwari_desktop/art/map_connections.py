"""The connection stage of the map background: dotted water crossings, numbered badges, peak slots.

The badges record where each peak slot went in the painter's layout, which the name stage then
keeps clear and the board scene lines its mountains up with.
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.core.biomes import ConnectionKind
from iwari_desktop.engine.maps.board import Connection, Point
from .draw import alpha_surface, blit_centred, closest_on_polygon, dotted_polyline, ring, scaled, soften, thick_polyline
from .glyphs import peak_points
from .map_canvas import MapCanvas
from .map_geometry import peak_slot_position
from .map_sizes import BADGE_RADIUS, SLOT_SIZE
from .palette import PAPER, SEA_FOAM, WATER_BADGE, WATER_BADGE_DARK, WOOD, WOOD_DARK, shade


class ConnectionPainter(MapCanvas):
    """Paints what marks the connections between territories."""

    def connection_link(self, connection: Connection) -> list[Point] | None:
        """For water connections: a dotted crossing from shore to shore through the badge."""
        a, b = connection.territories
        pos = connection.position
        pa, da = closest_on_polygon(pos, self.board.territories[a].polygon)
        pb, db = closest_on_polygon(pos, self.board.territories[b].polygon)
        if da < BADGE_RADIUS + 4 and db < BADGE_RADIUS + 4:
            return None
        return [pa, pos, pb]

    def paint_connection_links(self) -> None:
        layer = alpha_surface(self.size)
        for c in self.board.connections:
            if c.kind is not ConnectionKind.WATER:
                continue
            link = self.connection_link(c)
            if link:
                pts = scaled(link, self.k)
                dotted_polyline(layer, (*SEA_FOAM, 220), pts, 2.1 * self.k, 9 * self.k)
        self.canvas.blit(layer, (0, 0))

    def peak_slot_position(self, connection: Connection) -> Point:
        return peak_slot_position(self.board, connection, self.roads)

    def paint_badges(self) -> None:
        k = self.k
        font = self.font(20, "number")
        shadow = alpha_surface(self.size)
        for c in self.board.connections:
            p = self.K(c.position)
            pygame.draw.circle(shadow, (15, 10, 5, 150), (p[0] + 1.5 * k, p[1] + 2.5 * k), (BADGE_RADIUS + 2) * k)
            if c.peak_group:
                slot = self.peak_slot_position(c)
                self.layout.peak_slots[c.number] = slot
                sp = self.K(slot)
                pygame.draw.rect(shadow, (15, 10, 5, 140), pygame.Rect(sp[0] - SLOT_SIZE[0] / 2 * k + 1.5 * k, sp[1] - SLOT_SIZE[1] / 2 * k + 2.5 * k, SLOT_SIZE[0] * k, SLOT_SIZE[1] * k), border_radius=int(7 * k))
        self.canvas.blit(soften(shadow, int(2 * k)), (0, 0))
        for c in self.board.connections:
            p = self.K(c.position)
            if c.peak_group:
                self.peak_slot(self.K(self.layout.peak_slots[c.number]), c.peak_group, c.kind is ConnectionKind.WATER, p)
        for c in self.board.connections:
            p = self.K(c.position)
            r = BADGE_RADIUS * k
            if c.kind is ConnectionKind.WATER:
                rim, face, ink = WATER_BADGE_DARK, (226, 240, 246), WATER_BADGE_DARK
                pygame.draw.circle(self.canvas, rim, p, r + 1.2 * k)
                pygame.draw.circle(self.canvas, WATER_BADGE, p, r)
                pygame.draw.circle(self.canvas, face, p, r - 3.4 * k)
            else:
                rim, face, ink = WOOD_DARK, WOOD, PAPER
                pygame.draw.circle(self.canvas, rim, p, r + 1.2 * k)
                pygame.draw.circle(self.canvas, shade(WOOD, 1.25), p, r)
                pygame.draw.circle(self.canvas, face, p, r - 2.4 * k)
                # Wood grain rings.
                ring(self.canvas, (*shade(WOOD, 0.88), 255), p, r - 5.5 * k, 1.0 * k)
            label = font.render(str(c.number), True, ink)
            blit_centred(self.canvas, label, (p[0], p[1] + 0.2 * k))

    def peak_slot(self, c: Point, count: int, water: bool, badge: Point) -> None:
        """The slot a mountain (or iceberg) covers, showing the peak group as 1-4 little peaks."""
        k = self.k
        w, h = SLOT_SIZE[0] * k, SLOT_SIZE[1] * k
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(c[0]), round(c[1]))
        # A short stem joining the slot to its badge.
        thick_polyline(self.canvas, WATER_BADGE_DARK if water else WOOD_DARK, [badge, c], 3 * k)
        rim = WATER_BADGE_DARK if water else (66, 58, 52)
        face = (92, 156, 200) if water else (222, 214, 198)
        pygame.draw.rect(self.canvas, rim, rect.inflate(2.6 * k, 2.6 * k), border_radius=int(8 * k))
        pygame.draw.rect(self.canvas, face, rect, border_radius=int(7 * k))
        n = max(1, min(4, count))
        pw = 10.5 * k
        ph = 13.5 * k
        gap = -0.5 * k
        total = n * pw + (n - 1) * gap
        x0 = c[0] - total / 2 + pw / 2
        base_y = c[1] + 6.5 * k
        if water:
            # Water line behind the icebergs.
            pygame.draw.rect(self.canvas, (60, 120, 170), pygame.Rect(rect.left + 2 * k, base_y - 1 * k, w - 4 * k, rect.bottom - base_y - 1 * k),
                             border_bottom_left_radius=int(6 * k), border_bottom_right_radius=int(6 * k))
        for i in range(n):
            x = x0 + i * (pw + gap)
            if water:
                pts = [(x - pw / 2, base_y), (x - pw * 0.3, base_y - ph * 0.8), (x + pw * 0.05, base_y - ph),
                       (x + pw * 0.35, base_y - ph * 0.55), (x + pw / 2, base_y)]
                pygame.draw.polygon(self.canvas, (252, 254, 255), pts)
                pygame.draw.polygon(self.canvas, (178, 220, 240), [pts[2], pts[3], pts[4], (x + pw * 0.02, base_y)])
                pygame.draw.lines(self.canvas, WATER_BADGE_DARK, True, pts, max(1, int(1.1 * k)))
            else:
                pts = peak_points((x, base_y), pw * 1.1, ph)
                pygame.draw.polygon(self.canvas, (120, 110, 102), pts)
                pygame.draw.polygon(self.canvas, (90, 82, 76), [pts[1], pts[2], (x, base_y)])
                cap = [(x - pw * 0.2, base_y - ph * 0.64), (x - pw * 0.06, base_y - ph * 0.56), pts[1],
                       (x + pw * 0.21, base_y - ph * 0.62)]
                pygame.draw.polygon(self.canvas, (252, 252, 252), [cap[0], cap[1], (x + pw * 0.06, base_y - ph * 0.6), cap[3], cap[2]])
                pygame.draw.lines(self.canvas, (50, 44, 40), True, pts, max(1, int(1.1 * k)))
