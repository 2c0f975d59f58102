"""The illustrated map background, rendered from a Board (so geometry edits re-render the art).

`render_background(board)` paints, in order: the sea (gradient, soft swell, a shallow-water halo
and ripple lines around every coast), each territory's biome texture clipped to its polygon,
soft borders and a darker coastline, the roads (earthy paths; bridges along connections; The
Long Road's purple road in purple), the connection badges with their peak slots, the tent,
totem and ruin spaces, contested spots, and small territory names placed where nothing else is.

Everything is drawn on a canvas `SUPERSAMPLE` times the board size and smoothscaled down once at
the end, which anti-aliases every edge. Randomness is seeded per map and per territory, so the
same Board always gives the same picture.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from ..engine.biomes import ConnectionKind
from ..engine.board import Board, Connection, Point, RoadSegment
from . import ensure_pygame_headless
from .draw import (
    alpha_surface,
    blit_centred,
    boost_alpha,
    catmull_rom,
    closest_on_polygon,
    dotted_polyline,
    invert_alpha_mask,
    noise_layer,
    polygon_centroid,
    resample,
    ring,
    scaled,
    soften,
    text_surface,
    thick_polyline,
    tinted,
)
from .fonts import art_font
from .glyphs import biome_glyph, peak_points
from .palette import (
    BIOME_COLOURS,
    INK,
    PAPER,
    ROAD_EARTH,
    ROAD_EDGE,
    ROAD_PURPLE,
    ROAD_PURPLE_EDGE,
    RUIN,
    RUIN_DARK,
    SEA_DEEP,
    SEA_FOAM,
    SEA_MID,
    SEA_SHALLOW,
    WATER_BADGE,
    WATER_BADGE_DARK,
    WOOD,
    WOOD_DARK,
    mix,
    shade,
)
from .textures import biome_texture

SUPERSAMPLE = 2

# Sizes in board pixels; the game scenes size pieces from these.
TENT_SPACE_RADIUS = 13.0
TOTEM_SPACE_RADIUS = 22.0
RUIN_SPACE_RADIUS = 15.0
BADGE_RADIUS = 17.5
CONTESTED_RADIUS = 17.0
ROAD_WIDTH = 6.5
LABEL_FONT_SIZE = 19
SLOT_SIZE = (50.0, 21.0)


@dataclass
class MapLayout:
    """Where the background put things the game may want to line up with (board pixels)."""

    peak_slots: dict[int, Point] = field(default_factory=dict)  # connection number -> slot centre
    labels: dict[int, pygame.Rect] = field(default_factory=dict)  # territory index -> name rect


def road_path(board: Board, road: RoadSegment, step: float = 4.0) -> list[Point]:
    """The drawn course of a road, through its waypoints, smoothed."""
    pts = [board.spaces[road.a].position, *road.waypoints, board.spaces[road.b].position]
    return catmull_rom(pts, step) if len(pts) > 2 else [tuple(p) for p in pts]  # type: ignore[misc]


def is_purple_road(board: Board, road: RoadSegment) -> bool:
    return board.spaces[road.a].purple_road and board.spaces[road.b].purple_road


class _Painter:
    def __init__(self, board: Board, k: int = SUPERSAMPLE) -> None:
        ensure_pygame_headless()
        self.board = board
        self.k = k
        self.w, self.h = board.size
        self.size = (self.w * k, self.h * k)
        self.canvas = pygame.Surface(self.size)
        self.rng = random.Random(f"map:{board.map_id}")
        self.layout = MapLayout()
        self.polys = [scaled(t.polygon, k) for t in board.territories]
        self.roads = [road_path(board, r) for r in board.roads]

    # -- helpers ---------------------------------------------------------------------------

    def K(self, p: Point) -> Point:
        return (p[0] * self.k, p[1] * self.k)

    def font(self, size: float, role: str = "label") -> pygame.font.Font:
        return art_font(role, int(size * self.k))

    # -- sea -------------------------------------------------------------------------------

    def land_mask(self, grow: float = 3.0) -> pygame.Surface:
        """The union of all territories, grown a little so hairline gaps between polygons close."""
        mask = alpha_surface(self.size)
        for poly in self.polys:
            pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
            thick_polyline(mask, (255, 255, 255, 255), poly + [poly[0]], 2 * grow * self.k)
        return mask

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

    # -- land ------------------------------------------------------------------------------

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

    # -- connections -----------------------------------------------------------------------

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

    # -- roads -----------------------------------------------------------------------------

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

    # -- spaces and badges -----------------------------------------------------------------

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

    # -- names -----------------------------------------------------------------------------

    def obstacle_mask(self, roads: bool) -> pygame.mask.Mask:
        """Everything a name must not cover, at 1x (roads only if asked: a name may cross a road)."""
        surf = pygame.Surface((self.w, self.h))
        surf.fill((0, 0, 0))
        white = (255, 255, 255)
        for s in self.board.spaces:
            pygame.draw.circle(surf, white, s.position, TENT_SPACE_RADIUS + 5)
        for t in self.board.territories:
            if t.totem_space:
                pygame.draw.circle(surf, white, t.totem_space, TOTEM_SPACE_RADIUS + 5)
        if roads:
            for path in self.roads:
                thick_polyline(surf, white, path, ROAD_WIDTH + 8)
        for c in self.board.connections:
            pygame.draw.circle(surf, white, c.position, BADGE_RADIUS + 6)
        for slot in self.layout.peak_slots.values():
            pygame.draw.rect(surf, white, pygame.Rect(slot[0] - 28, slot[1] - 14, 56, 28))
        for spot in self.board.contested_spots:
            pygame.draw.circle(surf, white, spot.position, CONTESTED_RADIUS + 8)
        surf.set_colorkey((0, 0, 0))
        return pygame.mask.from_surface(surf)

    def paint_names(self) -> None:
        k = self.k
        strict, loose = self.obstacle_mask(roads=True), self.obstacle_mask(roads=False)
        for territory in self.board.territories:
            inside = pygame.Surface((self.w, self.h))
            inside.fill((0, 0, 0))
            pygame.draw.polygon(inside, (255, 255, 255), territory.polygon)
            inside.set_colorkey((0, 0, 0))
            outside = pygame.mask.from_surface(inside)
            outside.invert()
            # "spill": a crowded territory's name may reach out over its own coast, never into a neighbour.
            grown = pygame.Surface((self.w, self.h))
            grown.fill((0, 0, 0))
            pygame.draw.polygon(grown, (255, 255, 255), territory.polygon)
            thick_polyline(grown, (255, 255, 255), list(territory.polygon) + [territory.polygon[0]], 56)
            for other in self.board.territories:
                if other.index != territory.index:
                    pygame.draw.polygon(grown, (0, 0, 0), other.polygon)
                    thick_polyline(grown, (0, 0, 0), list(other.polygon) + [other.polygon[0]], 6)
            pygame.draw.polygon(grown, (255, 255, 255), territory.polygon)
            grown.set_colorkey((0, 0, 0))
            outside_grown = pygame.mask.from_surface(grown)
            outside_grown.invert()
            blocked = {}
            for key, base, obstacles in (("strict", outside, strict), ("loose", outside, loose), ("spill", outside_grown, loose)):
                m = base.copy()
                m.draw(obstacles, (0, 0))
                blocked[key] = m
            name = territory.name.upper()
            words = name.split()
            two = [" ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2:])] if len(words) > 1 else None
            axis = _principal_angle(territory.polygon)
            # Steep names read bottom-to-top, as on printed maps.
            angles = [a for a in dict.fromkeys((axis if abs(axis) <= 60 else -90.0, -90.0)) if abs(a) > 12]
            tries: list[tuple[str, int, list[str], float]] = []
            for mode in ("strict", "loose"):
                for size in (LABEL_FONT_SIZE, LABEL_FONT_SIZE - 3):
                    tries.append((mode, size, [name], 0.0))
                    if two:
                        tries.append((mode, size, two, 0.0))
                for size in (LABEL_FONT_SIZE, LABEL_FONT_SIZE - 3):
                    tries += [(mode, size, [name], a) for a in angles]
            for mode in ("loose", "spill"):
                tries.append((mode, LABEL_FONT_SIZE - 5, two or [name], 0.0))
                tries += [(mode, LABEL_FONT_SIZE - 5, [name], a) for a in angles]
                if mode == "spill":
                    tries.append((mode, LABEL_FONT_SIZE - 5, [name], 0.0))
                    tries.append((mode, LABEL_FONT_SIZE - 7, two or [name], 0.0))
                    tries.append((mode, LABEL_FONT_SIZE - 7, [name], 0.0))
            for mode, size, lines, angle in tries:
                label = self.label_surface(lines, size, territory.biome.key == "void")
                if angle:
                    label = pygame.transform.rotozoom(label, -angle, 1.0)
                lw, lh = label.get_width() / k, label.get_height() / k
                footprint = self.label_footprint(label, angle)
                placed = self.find_label_spot(blocked[mode], territory.polygon, footprint)
                if placed is not None:
                    rect = pygame.Rect(0, 0, int(lw), int(lh))
                    rect.center = (round(placed[0]), round(placed[1]))
                    self.layout.labels[territory.index] = rect
                    blit_centred(self.canvas, label, self.K(placed))
                    break

    def label_footprint(self, label: pygame.Surface, angle: float) -> list[pygame.mask.Mask]:
        """Masks of the label's box at 1x with shrinking margins (rotated like the label)."""
        k = self.k
        out = []
        w, h = label.get_width() / k, label.get_height() / k
        if angle:
            # The unrotated box: recover it from the rotated bounds.
            a = math.radians(abs(angle))
            c, s_ = abs(math.cos(a)), abs(math.sin(a))
            det = c * c - s_ * s_
            if abs(det) > 0.2:
                bw, bh = (w * c - h * s_) / det, (h * c - w * s_) / det
            else:
                bw, bh = max(w, h), min(w, h) * 0.5
        else:
            bw, bh = w, h
        for margin in (8, 4, 1):
            box = pygame.Surface((max(1, int(bw + 2 * margin)), max(1, int(bh + 2 * margin))), pygame.SRCALPHA)
            box.fill((255, 255, 255, 255))
            if angle:
                box = pygame.transform.rotate(box, -angle)
            out.append(pygame.mask.from_surface(box, 127))
        return out

    def label_surface(self, lines: list[str], font_size: int, dark_ground: bool = False) -> pygame.Surface:
        k = self.k
        font = self.font(font_size)
        ink, halo = ((240, 230, 255), (28, 14, 44)) if dark_ground else (INK, PAPER)
        rendered = []
        for line in lines:
            spaced = "\u2009".join(line)  # thin spaces: a little letter-spacing, like engraved map names
            rendered.append(text_surface(font, spaced, ink, halo, halo_width=int(2.2 * k), halo_alpha=215))
        w = max(r.get_width() for r in rendered)
        h = sum(r.get_height() for r in rendered) - int(4 * k) * (len(rendered) - 1)
        out = alpha_surface((w, h))
        y = 0
        for r in rendered:
            out.blit(r, ((w - r.get_width()) // 2, y))
            y += r.get_height() - int(4 * k)
        return out

    def find_label_spot(self, blocked: pygame.mask.Mask, polygon: tuple[Point, ...],
                        footprints: list[pygame.mask.Mask]) -> Point | None:
        """The free spot nearest the territory's centre where the footprint fits (widest margin first)."""
        cx, cy = polygon_centroid(polygon)
        xs, ys = zip(*polygon)
        for box in footprints:
            w, h = box.get_size()
            best, best_d = None, math.inf
            pad = 30  # the "spill" mode may reach past the polygon's bounds
            for y in range(max(0, int(min(ys)) - pad), min(self.h, int(max(ys)) + pad) - h + 1, 4):
                for x in range(max(0, int(min(xs)) - pad), min(self.w, int(max(xs)) + pad) - w + 1, 4):
                    if blocked.overlap(box, (x, y)) is None:
                        centre = (x + w / 2, y + h / 2)
                        d = math.dist(centre, (cx, cy))
                        if d < best_d:
                            best, best_d = centre, d
            if best is not None:
                return best
        return None

    # -- compass ---------------------------------------------------------------------------

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

    # -- frame -----------------------------------------------------------------------------

    def paint_frame(self) -> None:
        k = self.k
        W, H = self.size
        inner = alpha_surface(self.size)
        pygame.draw.rect(inner, (0, 0, 0, 120), inner.get_rect(), int(10 * k))
        self.canvas.blit(soften(inner, int(6 * k)), (0, 0))
        pygame.draw.rect(self.canvas, (58, 40, 26), self.canvas.get_rect(), int(5 * k))
        pygame.draw.rect(self.canvas, (196, 164, 110), self.canvas.get_rect().inflate(-10 * k, -10 * k), max(1, int(1.2 * k)))

    def paint(self) -> pygame.Surface:
        land = self.land_mask()
        self.paint_sea(land)
        self.paint_compass(land)
        self.paint_connection_links()
        self.paint_territories(land)
        self.paint_roads()
        self.paint_badges()
        self.paint_spaces()
        self.paint_names()
        self.paint_frame()
        return pygame.transform.smoothscale(self.canvas, (self.w, self.h))


def _principal_angle(polygon: tuple[Point, ...]) -> float:
    """The direction (degrees, -90..90, y down) along which a territory is longest."""
    n = len(polygon)
    mx = sum(p[0] for p in polygon) / n
    my = sum(p[1] for p in polygon) / n
    sxx = sum((p[0] - mx) ** 2 for p in polygon)
    syy = sum((p[1] - my) ** 2 for p in polygon)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in polygon)
    angle = math.degrees(0.5 * math.atan2(2 * sxy, sxx - syy))
    if angle > 90:
        angle -= 180
    if angle < -90:
        angle += 180
    return angle


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


def render_background(board: Board) -> pygame.Surface:
    """The illustrated background of a board, at the board's pixel size (opaque)."""
    return _Painter(board).paint()


def render_background_with_layout(board: Board) -> tuple[pygame.Surface, MapLayout]:
    painter = _Painter(board)
    surface = painter.paint()
    return surface, painter.layout


def peak_slot_position(board: Board, connection: Connection, roads: list[list[Point]] | None = None) -> Point:
    """Beside the badge, on the side with the most room (away from spaces, badges and roads)."""
    if roads is None:
        roads = [road_path(board, r) for r in board.roads]
    w, h = board.size
    pos = connection.position
    best, best_score = (pos[0], pos[1] + 30), -math.inf
    obstacles = [s.position for s in board.spaces] + [c.position for c in board.connections if c is not connection]
    obstacles += [t.totem_space for t in board.territories if t.totem_space]
    for angle in (90, 270, 0, 180, 45, 135, 225, 315):
        a = math.radians(angle)
        dist = 34 if angle in (90, 270) else 44
        cand = (pos[0] + math.cos(a) * dist, pos[1] + math.sin(a) * dist)
        score = min((math.dist(cand, o) for o in obstacles), default=100.0)
        score = min(score, 60.0) - (4 if angle not in (90, 270) else 0)
        for path in roads:
            for i in range(0, len(path) - 1, 2):
                if math.dist(cand, path[i]) < 14:
                    score -= 12
                    break
        if not (22 < cand[0] < w - 22 and 16 < cand[1] < h - 16):
            score -= 100
        if score > best_score:
            best, best_score = cand, score
    return best


def peak_slots(board: Board) -> dict[int, Point]:
    """Where the background prints each peak connection's mountain slot, in map pixels.

    The board scene puts a mountain piece exactly on its printed slot.
    """
    roads = [road_path(board, r) for r in board.roads]
    return {c.number: peak_slot_position(board, c, roads) for c in board.connections if c.peak_group}
