"""A layout under construction, and the checks every placement step shares.

`LayoutState` holds what has been placed so far (connections, spaces, roads, totems, contested
spots) and one seeded random stream; the steps in `layout_connections`, `layout_specials`,
`layout_tents` and `layout_roads` build on it. They draw from that stream in the order `build`
calls them, so the order is part of the map. `space_ok` and `road_ok` are the rules a new space
or road must pass: clear of edges, water, other spaces, totems, badges and other roads.
"""

from __future__ import annotations

import math
import random

from .errors import GenerationError
from .geometry import (Point, angle_between, dist, distance_to_boundary, point_along, point_in_polygon,
                       polyline_distance_to_point, polyline_length, polylines_cross, segment_distance)
from .layout_model import (BADGE_CLEAR, EDGE_CLEAR, ROAD_ANGLE, ROAD_MAX, ROAD_MIN, ROAD_TO_BADGE, ROAD_TO_ROAD,
                           ROAD_TO_SPACE, ROAD_TO_TOTEM, TOTEM_CLEAR, Conn, Road, Space, round_point)
from .raster import Planar
from .recipe import Recipe


class LayoutState:
    """The layout so far, with the shared placement rules (see the module docstring)."""

    def __init__(self, recipe: Recipe, planar: Planar, attempt: int) -> None:
        self.r = recipe
        self.planar = planar
        self.polys = planar.polygons
        self.n = len(self.polys)
        self.rng = random.Random(recipe.seed * 1000 + attempt)
        self.index = {t.name: i for i, t in enumerate(recipe.territories)}
        self.biome = [t.biome for t in recipe.territories]
        self.borders = planar.borders()
        self.coast = planar.coast_segments()
        self.spaces: list[Space] = []
        self.roads: list[Road] = []
        self.totems: dict[int, Point] = {}
        self.contested: list[tuple[Point, int, int]] = []
        self.conns: list[Conn] = []
        self.inc_dir: dict[int, float] = {}

    def pair(self, names: tuple[str, str]) -> tuple[int, int]:
        try:
            a, b = self.index[names[0]], self.index[names[1]]
        except KeyError as error:
            raise GenerationError(f"{self.r.map_id}: unknown territory {error}") from None
        return (min(a, b), max(a, b))

    def badge_points(self, skip: int | None = None) -> list[Point]:
        return [c.pos for c in self.conns if c.number != skip]

    def space_ok(self, p: Point, t: int, gap: float | None = None, edge: float = EDGE_CLEAR) -> bool:
        poly = self.polys[t]
        if not point_in_polygon(p, poly):
            return False
        if distance_to_boundary(p, poly) < edge:
            return False
        g = gap if gap is not None else self.r.space_gap
        for s in self.spaces:
            if dist(p, s.pos) < (g if s.ruin_biome is None else max(g, 44.0)):
                return False
        for tp in self.totems.values():
            if dist(p, tp) < TOTEM_CLEAR:
                return False
        for b in self.badge_points():
            if dist(p, b) < BADGE_CLEAR:
                return False
        for cp, _, _ in self.contested:
            if dist(p, cp) < BADGE_CLEAR:
                return False
        return True

    def territory_of(self, p: Point) -> int | None:
        for i, poly in enumerate(self.polys):
            if point_in_polygon(p, poly):
                return i
        return None

    def road_ok(self, pts: list[Point], a: int, b: int, along: int | None = None) -> bool:
        length = polyline_length(pts)
        if length > ROAD_MAX or dist(pts[0], pts[-1]) < ROAD_MIN:
            return False
        sa, sb = self.spaces[a], self.spaces[b]
        allowed = {sa.territory, sb.territory} - {None}
        # stay on the land of the two territories (roads along connections may cross water)
        steps = max(2, int(length / 5))
        for k in range(1, steps):
            q = point_along(pts, k / steps)
            inside = [i for i in allowed if point_in_polygon(q, self.polys[i])]
            if along is None:
                if not inside:
                    return False
            others = [i for i in range(self.n) if i not in allowed and point_in_polygon(q, self.polys[i])]
            if others:
                return False
        if along is None:
            for s1, s2 in self.coast:
                if max(s1[0], s2[0]) + 8 < min(p[0] for p in pts) or min(s1[0], s2[0]) - 8 > max(p[0] for p in pts):
                    continue
                for i in range(len(pts) - 1):
                    if segment_distance(pts[i], pts[i + 1], s1, s2) < 7.0:
                        return False
        for idx, s in enumerate(self.spaces):
            if idx in (a, b):
                continue
            if polyline_distance_to_point(pts, s.pos) < ROAD_TO_SPACE:
                return False
        for tp in self.totems.values():
            if polyline_distance_to_point(pts, tp) < ROAD_TO_TOTEM:
                return False
        for c in self.conns:
            if along is not None and c.number == along:
                continue
            if polyline_distance_to_point(pts, c.pos) < ROAD_TO_BADGE:
                return False
        for cp, _, _ in self.contested:
            if polyline_distance_to_point(pts, cp) < ROAD_TO_BADGE:
                return False
        for road in self.roads:
            shared = {road.a, road.b} & {a, b}
            if {road.a, road.b} == {a, b}:
                return False
            if polylines_cross(pts, road.points):
                return False
            if shared:
                sid = next(iter(shared))
                mine = pts[1] if dist(pts[0], self.spaces[sid].pos) < 1e-6 else pts[-2]
                theirs = road.points[1] if dist(road.points[0], self.spaces[sid].pos) < 1e-6 else road.points[-2]
                o = self.spaces[sid].pos
                if angle_between((mine[0] - o[0], mine[1] - o[1]), (theirs[0] - o[0], theirs[1] - o[1])) < ROAD_ANGLE:
                    return False
                continue
            for i in range(len(pts) - 1):
                for j in range(len(road.points) - 1):
                    if segment_distance(pts[i], pts[i + 1], road.points[j], road.points[j + 1]) < ROAD_TO_ROAD:
                        return False
        return True

    def road_shapes(self, p: Point, q: Point) -> list[list[Point]]:
        """A few gently winding variants of a road from p to q, then the straight one."""
        length = dist(p, q)
        nx, ny = -(q[1] - p[1]) / length, (q[0] - p[0]) / length
        shapes = []
        for _ in range(3):
            amp_a = self.rng.uniform(-0.17, 0.17)
            amp_b = self.rng.uniform(-0.07, 0.07)
            pts = [p]
            for t in (0.25, 0.5, 0.75):
                off = length * (amp_a * math.sin(math.pi * t) + amp_b * math.sin(2 * math.pi * t))
                base = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
                pts.append(round_point((base[0] + nx * off, base[1] + ny * off)))
            pts.append(q)
            shapes.append(pts)
        shapes.sort(key=lambda s: -abs(polyline_length(s) - length))
        shapes.append([p, q])
        return shapes

    def add_space(self, p: Point, t: int | None, **kw) -> int:
        self.spaces.append(Space(round_point(p), t, **kw))
        return len(self.spaces) - 1

    def try_road(self, a: int, b: int) -> bool:
        for pts in self.road_shapes(self.spaces[a].pos, self.spaces[b].pos):
            if self.road_ok(pts, a, b):
                self.roads.append(Road(a, b, pts))
                return True
        return False

    def degree(self, idx: int) -> int:
        return sum(1 for r in self.roads if idx in (r.a, r.b))
