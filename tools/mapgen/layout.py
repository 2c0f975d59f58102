"""Everything on top of the territory polygons: connections, totem and tent spaces, roads, specials.

Order: connections (candidates from shared borders and narrow water gaps, thinned to the recipe's
target, numbered in a sweep, mountains assigned), totem spaces, contested spots (E7), ruin spaces
(E3), ports for roads along connections (E2/E3), the purple road (E6), then tent spaces grown as
winding chains from each other (each new space joined to the one it grew from by a road), then
roads across land borders, a few loops and a few off-road spaces. A layout that misses a target
(crossings, dead ends, a settlement of 4 in every biome) is redrawn with the next seed.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict, deque
from dataclasses import dataclass, field

from .geometry import (Point, angle_between, dist, distance_to_boundary, point_along, point_in_polygon,
                       point_segment_distance, polygon_area, polyline_distance_to_point,
                       polyline_length, polylines_cross, segment_distance)
from .raster import GenerationError, Planar
from .recipe import Recipe

ROAD_MIN = 30.0
ROAD_MAX = 140.0
EDGE_CLEAR = 26.0          # tent space to its polygon edge (hard minimum 22)
TOTEM_CLEAR = 50.0         # tent space to a totem space (hard minimum 40)
TOTEM_EDGE_CLEAR = 40.0
BADGE_CLEAR = 34.0         # tent space to a connection badge
ROAD_TO_SPACE = 19.0       # a road passing another space
ROAD_TO_TOTEM = 27.0
ROAD_TO_BADGE = 24.0
ROAD_TO_ROAD = 12.0
ROAD_ANGLE = 32.0          # two roads leaving one space
BIOME_WEIGHT = {"tundra": 1.14, "forest": 1.08, "glaciers": 1.0, "coast": 0.97, "desert": 0.9, "void": 0.95}


@dataclass
class Conn:
    pair: tuple[int, int]
    kind: str
    pos: Point
    quality: float
    gap: tuple[Point, Point] | None = None   # water: closest shore points
    number: int = 0
    peak: int = 0
    forced: bool = False


@dataclass
class Space:
    pos: Point
    territory: int | None
    purple: bool = False
    ruin_biome: str | None = None
    connection: int | None = None


@dataclass
class Road:
    a: int
    b: int
    points: list[Point]
    along: int | None = None


@dataclass
class Layout:
    recipe: Recipe
    polygons: list[list[Point]]
    connections: list[Conn]
    spaces: list[Space] = field(default_factory=list)
    roads: list[Road] = field(default_factory=list)
    totems: dict[int, Point] = field(default_factory=dict)
    contested: list[tuple[Point, int, int]] = field(default_factory=list)


def _round(p: Point) -> Point:
    return (float(round(p[0])), float(round(p[1])))


def _closest_points(poly_a: list[Point], poly_b: list[Point]) -> tuple[float, Point, Point]:
    from .geometry import closest_on_segment

    best = (1e18, poly_a[0], poly_b[0])
    for src, dst, swap in ((poly_a, poly_b, False), (poly_b, poly_a, True)):
        n = len(dst)
        for p in src:
            for i in range(n):
                q = closest_on_segment(p, dst[i], dst[(i + 1) % n])
                d = dist(p, q)
                if d < best[0]:
                    best = (d, q, p) if swap else (d, p, q)
    return best


class Builder:
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

    # ------------------------------------------------------------------ connections

    def candidates(self) -> list[Conn]:
        cands = []
        for pair, lines in self.borders.items():
            length = sum(polyline_length(l) for l in lines)
            if length < self.r.min_land_border:
                continue
            longest = max(lines, key=polyline_length)
            pos = point_along(longest, 0.5)
            cands.append(Conn(pair, "land", _round(pos), min(1.0, length / 260.0)))
        for i in range(self.n):
            for j in range(i + 1, self.n):
                if (i, j) in self.borders:
                    continue
                gap, p, q = _closest_points(self.polys[i], self.polys[j])
                if gap > self.r.max_water_gap or gap < 30:
                    continue
                best = None
                for p, q in self._shore_pairs(i, j, gap * 1.25 + 12):
                    if not self._open_water(p, q, (i, j)):
                        continue
                    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                    others = min((distance_to_boundary(mid, self.polys[k]) for k in range(self.n) if k not in (i, j)),
                                 default=999.0)
                    score = min(others, 90.0) - 0.5 * dist(p, q)
                    if best is None or score > best[0]:
                        best = (score, p, q, mid)
                if best is None:
                    continue
                _, p, q, mid = best
                cands.append(Conn((i, j), "water", _round(mid), 1.0 - gap / (self.r.max_water_gap + 40), gap=(p, q)))
        # two crossings of one lake meet in its middle: slide their badges apart along their gaps
        water = [c for c in cands if c.kind == "water"]
        for c in water:
            for d in water:
                if c is d or dist(c.pos, d.pos) >= 70:
                    continue
                best = None
                for tc in (0.3, 0.4, 0.5, 0.6, 0.7):
                    for td in (0.3, 0.4, 0.5, 0.6, 0.7):
                        pc = _round(point_along(list(c.gap), tc))
                        pd = _round(point_along(list(d.gap), td))
                        clear = min(min(distance_to_boundary(pc, poly), distance_to_boundary(pd, poly))
                                    for poly in self.polys)
                        score = dist(pc, pd) - 40 * (abs(tc - 0.5) + abs(td - 0.5)) - (200 if clear < 20 else 0)
                        if best is None or score > best[0]:
                            best = (score, pc, pd)
                c.pos, d.pos = best[1], best[2]
        return cands

    def _shore_pairs(self, i: int, j: int, limit: float):
        """Pairs of facing shore points of territories i and j at most `limit` apart."""
        from .geometry import closest_on_segment

        for src, dst, swap in ((self.polys[i], self.polys[j], False), (self.polys[j], self.polys[i], True)):
            n = len(src)
            for k in range(n):
                a, b = src[k], src[(k + 1) % n]
                steps = max(1, int(dist(a, b) / 10))
                for s in range(steps):
                    p = (a[0] + (b[0] - a[0]) * s / steps, a[1] + (b[1] - a[1]) * s / steps)
                    q = min((closest_on_segment(p, dst[m], dst[(m + 1) % len(dst)]) for m in range(len(dst))),
                            key=lambda c: dist(p, c))
                    if dist(p, q) <= limit:
                        yield (q, p) if swap else (p, q)

    def _open_water(self, p: Point, q: Point, pair: tuple[int, int]) -> bool:
        for k in range(1, 20):
            s = (p[0] + (q[0] - p[0]) * k / 20, p[1] + (q[1] - p[1]) * k / 20)
            if any(point_in_polygon(s, poly) for poly in self.polys):
                return False
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        return all(distance_to_boundary(mid, self.polys[k]) >= 20 for k in range(self.n))

    def _connected_ok(self, conns: list[Conn]) -> bool:
        adj = defaultdict(set)
        for c in conns:
            adj[c.pair[0]].add(c.pair[1])
            adj[c.pair[1]].add(c.pair[0])
        if len(adj) < self.n:
            return False
        seen = {0}
        queue = deque([0])
        while queue:
            v = queue.popleft()
            for w in adj[v]:
                if w not in seen:
                    seen.add(w)
                    queue.append(w)
        return len(seen) == self.n

    def select_connections(self) -> None:
        r = self.r
        cands = self.candidates()
        excluded = {self.pair(p) for p in r.exclude_pairs}
        forced = {self.pair(p) for p in r.force_pairs}
        forced |= {self.pair(p) for p in r.connection_roads}
        forced |= {self.pair(p) for p, _ in r.ruins}
        if r.twin:
            forced.add(self.pair(r.twin))
        conns = [c for c in cands if c.pair not in excluded]
        for c in conns:
            c.forced = c.pair in forced
        missing = forced - {c.pair for c in conns}
        if missing:
            names = [(r.territories[a].name, r.territories[b].name) for a, b in missing]
            raise GenerationError(f"{r.map_id}: wanted connections are not neighbours: {names}")
        for c in conns:
            if c.pair in {self.pair(p) for p, _ in r.ruins} and c.kind != "water":
                raise GenerationError(f"{r.map_id}: ruin connection {c.pair} is not across water")
        target = r.connection_target - (1 if r.twin else 0)

        def degree(conns_, t):
            return sum(1 for c in conns_ if t in c.pair)

        while len(conns) > target:
            removable = []
            for c in conns:
                if c.forced:
                    continue
                rest = [d for d in conns if d is not c]
                if sum(d.kind == c.kind for d in rest) < 3:
                    continue
                if not self._connected_ok(rest):
                    continue
                crowd = min((dist(c.pos, d.pos) for d in rest), default=999)
                score = c.quality - 0.06 * min(degree(conns, c.pair[0]), degree(conns, c.pair[1]))
                if crowd < 80:
                    score -= 1.0
                removable.append((score, c.pos, c))
            if not removable:
                break
            removable.sort(key=lambda t: (t[0], t[1]))
            conns.remove(removable[0][2])
        if not self._connected_ok(conns):
            raise GenerationError(f"{r.map_id}: the territory graph is not connected")
        kinds = [c.kind for c in conns]
        if kinds.count("land") < 3 or kinds.count("water") < 3:
            raise GenerationError(f"{r.map_id}: {kinds.count('land')} land and {kinds.count('water')} water "
                                  f"connections (need 3 of each)")
        if not 14 <= len(conns) + (1 if r.twin else 0) <= 22:
            raise GenerationError(f"{r.map_id}: {len(conns)} connections")
        if r.twin:
            pair = self.pair(r.twin)
            base = next(c for c in conns if c.pair == pair)
            if base.kind != "land":
                raise GenerationError(f"{r.map_id}: twin connections must share a land border")
            longest = max(self.borders[pair], key=polyline_length)
            if polyline_length(longest) < 220:
                raise GenerationError(f"{r.map_id}: twin border too short for two badges")
            base.pos = _round(point_along(longest, 0.27))
            twin = Conn(pair, "land", _round(point_along(longest, 0.73)), base.quality, forced=True)
            conns.append(twin)
        self.conns = conns
        self.number_connections()

    def number_connections(self) -> None:
        r = self.r
        conns = self.conns
        if r.numbering == "sweep":
            cx = sum(c.pos[0] for c in conns) / len(conns)
            cy = sum(c.pos[1] for c in conns) / len(conns)

            def key(c):
                a = math.degrees(math.atan2(c.pos[1] - cy, c.pos[0] - cx))
                return ((a - r.sweep_start) % 360.0, dist(c.pos, (cx, cy)))

            order = sorted(conns, key=key)
        else:
            by_y = sorted(conns, key=lambda c: c.pos[1])
            bands = r.snake_bands
            order = []
            size = len(by_y) / bands
            for b in range(bands):
                band = by_y[round(b * size): round((b + 1) * size)]
                band.sort(key=lambda c: c.pos[0], reverse=(b % 2 == 1))
                order.extend(band)
        if r.twin:
            pair = self.pair(r.twin)
            twins = [c for c in order if c.pair == pair]
            rest = [c for c in order if c.pair != pair]
            order = [twins[0]] + rest[:9] + [twins[1]] + rest[9:]
        for number, c in enumerate(order, start=1):
            c.number = number
        self.conns = sorted(order, key=lambda c: c.number)

    def assign_peaks(self) -> None:
        r = self.r
        if not r.mountains:
            return
        if r.peaks:
            for names, group in r.peaks:
                pair = self.pair(names)
                c = next((c for c in self.conns if c.pair == pair and not c.peak), None)
                if c is None:
                    raise GenerationError(f"{r.map_id}: peak on missing connection {names}")
                c.peak = group
            return
        conns = self.conns
        cx = sum(c.pos[0] for c in conns) / len(conns)
        cy = sum(c.pos[1] for c in conns) / len(conns)
        water = [c for c in conns if c.kind == "water"]
        start = self.rng.choice(water if "glacial" in r.map_id or self.rng.random() < 0.5 else conns)
        picks = [start]
        while len(picks) < 8:
            best = max((c for c in conns if c not in picks), key=lambda c: min(dist(c.pos, p.pos) for p in picks))
            picks.append(best)
        picks.sort(key=lambda c: math.atan2(c.pos[1] - cy, c.pos[0] - cx))
        groups = [1, 2, 3, 4]
        self.rng.shuffle(groups)
        for i, c in enumerate(picks):
            c.peak = groups[i % 4]

    # ------------------------------------------------------------------ helpers for spaces

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
                pts.append(_round((base[0] + nx * off, base[1] + ny * off)))
            pts.append(q)
            shapes.append(pts)
        shapes.sort(key=lambda s: -abs(polyline_length(s) - length))
        shapes.append([p, q])
        return shapes

    def add_space(self, p: Point, t: int | None, **kw) -> int:
        self.spaces.append(Space(_round(p), t, **kw))
        return len(self.spaces) - 1

    def try_road(self, a: int, b: int) -> bool:
        for pts in self.road_shapes(self.spaces[a].pos, self.spaces[b].pos):
            if self.road_ok(pts, a, b):
                self.roads.append(Road(a, b, pts))
                return True
        return False

    def degree(self, idx: int) -> int:
        return sum(1 for r in self.roads if idx in (r.a, r.b))

    # ------------------------------------------------------------------ totems and specials

    def place_totems(self) -> None:
        no_totem = {self.index[n] for n in self.r.no_totem}
        for t in range(self.n):
            if t in no_totem:
                continue
            poly = self.polys[t]
            xs = [p[0] for p in poly]
            ys = [p[1] for p in poly]
            cands = []
            for x in range(int(min(xs)), int(max(xs)), 8):
                for y in range(int(min(ys)), int(max(ys)), 8):
                    p = (float(x), float(y))
                    if not point_in_polygon(p, poly):
                        continue
                    clear = distance_to_boundary(p, poly)
                    if clear < TOTEM_EDGE_CLEAR:
                        continue
                    if any(dist(p, c.pos) < 60 for c in self.conns):
                        continue
                    cands.append((clear, p))
            if not cands:
                raise GenerationError(f"{self.r.map_id}: no room for the totem space of {self.r.territories[t].name!r}")
            best = max(c for c, _ in cands)
            if self.r.territories[t].name in self.r.no_tents:
                pick = max(cands)[1]
            else:
                good = [p for c, p in cands if c >= max(TOTEM_EDGE_CLEAR, 0.7 * best)]
                pick = self.rng.choice(good)
            self.totems[t] = _round(pick)

    def place_contested(self) -> None:
        want = self.r.contested
        if not want:
            return
        cands = []
        for pair, lines in self.borders.items():
            if self.biome[pair[0]] == self.biome[pair[1]]:
                continue
            for line in lines:
                length = polyline_length(line)
                if length < 90:
                    continue
                for k in range(3, 18):
                    f = k / 20
                    p = point_along(line, f)
                    if f * length < 35 or (1 - f) * length < 35:
                        continue
                    if any(dist(p, c.pos) < 75 for c in self.conns):
                        continue
                    if any(dist(p, tp) < 60 for tp in self.totems.values()):
                        continue
                    if any(point_segment_distance(p, s1, s2) < 70 for s1, s2 in self.coast):
                        continue
                    cands.append((_round(p), pair))
        chosen: list[tuple[Point, tuple[int, int]]] = []
        if not cands:
            raise GenerationError(f"{self.r.map_id}: no room for contested spots")
        chosen.append(self.rng.choice(cands))
        while len(chosen) < want:
            used = {c[1] for c in chosen}
            pool = [c for c in cands if c[1] not in used] or cands
            best = max(pool, key=lambda c: min(dist(c[0], d[0]) for d in chosen))
            if min(dist(best[0], d[0]) for d in chosen) < 60:
                raise GenerationError(f"{self.r.map_id}: contested spots too crowded")
            chosen.append(best)
        self.contested = [(p, a, b) for p, (a, b) in chosen]

    def nearest_port(self, t: int, target: Point, max_reach: float) -> int | None:
        best = None
        for dx in range(-int(max_reach), int(max_reach) + 1, 5):
            for dy in range(-int(max_reach), int(max_reach) + 1, 5):
                p = (target[0] + dx, target[1] + dy)
                d = math.hypot(dx, dy)
                if d > max_reach or (best and d >= best[0]):
                    continue
                if self.space_ok(p, t, edge=24.0):
                    best = (d, p)
        if best is None:
            return None
        return self.add_space(best[1], t)

    def place_connection_roads(self) -> None:
        for names in self.r.connection_roads:
            pair = self.pair(names)
            conn = next(c for c in self.conns if c.pair == pair)
            ends = []
            for t in pair:
                idx = self.nearest_port(t, conn.pos, 85)
                if idx is None:
                    raise GenerationError(f"{self.r.map_id}: no port for connection {conn.number} in {self.r.territories[t].name}")
                ends.append(idx)
            pa, pb = self.spaces[ends[0]].pos, self.spaces[ends[1]].pos
            pts = [pa, conn.pos, pb]
            if point_segment_distance(conn.pos, pa, pb) < 8:
                pts = [pa, pb]
            if not self.road_ok(pts, ends[0], ends[1], along=conn.number):
                raise GenerationError(f"{self.r.map_id}: road along connection {conn.number} does not fit "
                                      f"(length {polyline_length(pts):.0f})")
            self.roads.append(Road(ends[0], ends[1], pts, along=conn.number))

    def place_ruins(self) -> None:
        for names, biome in self.r.ruins:
            pair = self.pair(names)
            conn = next(c for c in self.conns if c.pair == pair)
            ruin_pos = conn.pos
            # move the badge aside along the strait so the ruin circle and the number both show
            p, q = conn.gap
            gx, gy = q[0] - p[0], q[1] - p[1]
            gl = math.hypot(gx, gy)
            ux, uy = -gy / gl, gx / gl
            best = None
            for off in (34, -34, 30, -30, 26, -26):
                b = (ruin_pos[0] + ux * off, ruin_pos[1] + uy * off)
                clear = min(distance_to_boundary(b, poly) for poly in self.polys)
                if self.territory_of(b) is None and clear >= 10 and (best is None or clear > best[0]):
                    best = (clear, b)
            if best is not None:
                conn.pos = _round(best[1])
            ruin = self.add_space(ruin_pos, None, ruin_biome=biome, connection=conn.number)
            for t in pair:
                idx = self.nearest_port(t, ruin_pos, 95)
                if idx is None:
                    raise GenerationError(f"{self.r.map_id}: no port near ruin {conn.number} in {self.r.territories[t].name}")
                pts = [self.spaces[idx].pos, ruin_pos]
                ok = False
                for shape in self.road_shapes(self.spaces[idx].pos, ruin_pos):
                    if self.road_ok(shape, idx, ruin, along=conn.number):
                        self.roads.append(Road(idx, ruin, shape, along=conn.number))
                        ok = True
                        break
                if not ok:
                    raise GenerationError(f"{self.r.map_id}: road to ruin {conn.number} does not fit "
                                          f"(length {polyline_length(pts):.0f})")

    def place_purple_road(self) -> None:
        guide = self.r.purple_road
        if not guide:
            return
        total = polyline_length(guide)
        want = self.r.purple_count
        step = total / (want - 1)
        chain: list[int] = []
        for k in range(want):
            base_f = k * step / total
            placed = None
            for attempt in range(60):
                jitter_s = self.rng.uniform(-0.35, 0.35) * step * min(1.0, attempt / 10)
                f = min(1.0, max(0.0, base_f + jitter_s / total))
                p = point_along(guide, f)
                off = self.rng.uniform(-30, 30) * min(1.0, attempt / 10)
                p = (p[0] + off * self.rng.uniform(-1, 1), p[1] + off * self.rng.uniform(-1, 1))
                t = self.territory_of(p)
                if t is None or not self.space_ok(p, t, gap=44.0):
                    continue
                idx = self.add_space(p, t, purple=True)
                if chain and not self.try_road(chain[-1], idx):
                    self.spaces.pop()
                    continue
                placed = idx
                break
            if placed is None:
                raise GenerationError(f"{self.r.map_id}: purple road space {k + 1} does not fit")
            chain.append(placed)

    # ------------------------------------------------------------------ tent spaces

    def tent_targets(self) -> dict[int, int]:
        no_tents = {self.index[n] for n in self.r.no_tents}
        raw = {t: polygon_area(self.polys[t]) * BIOME_WEIGHT[self.biome[t]] for t in range(self.n) if t not in no_tents}
        fixed = {t: self.r.territories[t].tents for t in raw if self.r.territories[t].tents}
        free_total = self.r.tent_total - self.r.offroad - sum(fixed.values())
        scale = free_total / sum(v for t, v in raw.items() if t not in fixed)
        out = {}
        for t, v in raw.items():
            out[t] = fixed.get(t) or max(3, min(9, round(v * scale)))
        return out

    def random_point_in(self, t: int) -> Point:
        poly = self.polys[t]
        xs = [p[0] for p in poly]
        ys = [p[1] for p in poly]
        return (self.rng.uniform(min(xs), max(xs)), self.rng.uniform(min(ys), max(ys)))

    def neighbours(self) -> dict[int, set[int]]:
        out: dict[int, set[int]] = defaultdict(set)
        for a, b in self.borders:
            out[a].add(b)
            out[b].add(a)
        return out

    def grow_all(self, targets: dict[int, int]) -> None:
        """Grow the tent spaces as winding road chains that wander across land borders.

        Each new space is placed a road's length from an existing one (mostly continuing the chain
        just grown, sometimes branching off an earlier space) and joined to it by a road; a space
        may land in a neighbouring territory, so the network crosses borders by itself. When growth
        stalls, a new chain starts in the territory that lacks the most spaces.
        """
        targets = dict(targets)
        neigh = self.neighbours()
        count: dict[int, int] = defaultdict(int)
        for s in self.spaces:
            if s.territory is not None:
                count[s.territory] += 1

        def deficit(t):
            return targets.get(t, 0) - count[t]

        lo, hi = self.r.step
        last = None
        stalled = 0
        total_fails = 0
        while any(deficit(t) > 0 for t in targets) and total_fails < 6000:
            if last is None or stalled > 140:
                needy = [t for t in targets if deficit(t) > 0]
                t = max(needy, key=lambda t: (deficit(t) / targets[t], self.rng.random()))
                placed = None
                for _ in range(500):
                    p = self.random_point_in(t)
                    if self.space_ok(p, t):
                        placed = self.add_space(p, t)
                        break
                if placed is None:
                    targets[t] = count[t]
                else:
                    count[t] += 1
                    last = placed
                stalled = 0
                continue
            if self.rng.random() > self.r.branchiness and self.degree(last) <= 1:
                parent = last
                base = self.inc_dir.get(parent)
                ang = base + self.rng.gauss(0, 0.6) if base is not None else self.rng.uniform(0, 2 * math.pi)
            else:
                pool = []
                for i, s in enumerate(self.spaces):
                    if s.territory is None or s.territory not in targets or self.degree(i) > 2:
                        continue
                    w = max(0, deficit(s.territory)) + 0.5 * sum(max(0, deficit(u)) for u in neigh[s.territory] if u in targets)
                    if w > 0:
                        pool.append((w, i))
                if not pool:
                    last = None
                    stalled = 999
                    continue
                pick = self.rng.uniform(0, sum(w for w, _ in pool))
                for w, i in pool:
                    pick -= w
                    if pick <= 0:
                        break
                parent = i
                ang = self.rng.uniform(0, 2 * math.pi)
            src = self.spaces[parent].pos
            proposals = []
            for k in range(4):
                a = ang + (self.rng.gauss(0, 0.35) if k else 0.0)
                r = self.rng.uniform(lo, hi)
                p = _round((src[0] + r * math.cos(a), src[1] + r * math.sin(a)))
                t = self.territory_of(p)
                if t is None or t not in targets or deficit(t) <= 0 or not self.space_ok(p, t):
                    continue
                room = min((dist(p, s.pos) for s in self.spaces), default=999.0)
                proposals.append((room, p, t, a))
            proposals.sort(key=lambda x: -x[0])
            idx = None
            for room, p, t, a in proposals[:2]:
                idx = self.add_space(p, t)
                if self.try_road(parent, idx):
                    ang = a
                    break
                self.spaces.pop()
                idx = None
            if idx is None:
                stalled += 1
                total_fails += 1
                continue
            count[t] += 1
            self.inc_dir[idx] = ang
            last = idx
            stalled = 0
        for t in targets:
            if count[t] < 3:
                raise GenerationError(f"{self.r.map_id}: only {count[t]} tent spaces fit in {self.r.territories[t].name!r}")

    def components(self) -> list[int]:
        parent = list(range(len(self.spaces)))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for road in self.roads:
            parent[find(road.a)] = find(road.b)
        return [find(i) for i in range(len(self.spaces))]

    def link_within(self, t: int) -> None:
        for _ in range(6):
            comp = self.components()
            nodes = [i for i, s in enumerate(self.spaces) if s.territory == t]
            groups = {comp[i] for i in nodes}
            if len(groups) <= 1:
                return
            pairs = sorted(((dist(self.spaces[a].pos, self.spaces[b].pos), a, b) for a in nodes for b in nodes
                            if a < b and comp[a] != comp[b]))
            done = False
            for d, a, b in pairs:
                if d > ROAD_MAX - 10:
                    break
                if self.try_road(a, b):
                    done = True
                    break
            if not done:
                return

    def link_across(self) -> None:
        pairs = sorted(self.borders, key=lambda p: self.rng.random())
        for pair in pairs:
            length = sum(polyline_length(l) for l in self.borders[pair])
            if length < 40:
                continue
            a_nodes = [i for i, s in enumerate(self.spaces) if s.territory == pair[0]]
            b_nodes = [i for i, s in enumerate(self.spaces) if s.territory == pair[1]]
            cands = sorted((dist(self.spaces[a].pos, self.spaces[b].pos), a, b) for a in a_nodes for b in b_nodes)
            existing = [r for r in self.roads if {self.spaces[r.a].territory, self.spaces[r.b].territory} == set(pair)]
            links = len(existing)
            first_mid = None
            if existing:
                pa, pb = self.spaces[existing[0].a].pos, self.spaces[existing[0].b].pos
                first_mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            want = 1 + (1 if length > 260 and self.rng.random() < self.r.second_link_chance else 0)
            for d, a, b in cands:
                if d > ROAD_MAX - 5 or links >= want:
                    break
                if d < ROAD_MIN:
                    continue
                mid = ((self.spaces[a].pos[0] + self.spaces[b].pos[0]) / 2, (self.spaces[a].pos[1] + self.spaces[b].pos[1]) / 2)
                if first_mid and dist(mid, first_mid) < 130:
                    continue
                if self.try_road(a, b):
                    links += 1
                    first_mid = first_mid or mid
            if links == 0:
                self.bridge(pair, cands)

    def bridge(self, pair: tuple[int, int], cands) -> bool:
        """Join two neighbours whose nearest spaces are too far apart by a new space between them."""
        total = sum(1 for s in self.spaces if s.ruin_biome is None)
        for d, a, b in cands:
            if d > 2 * ROAD_MAX - 30:
                break
            if d < 2 * ROAD_MIN + 10 or total >= 88:
                continue
            pa, pb = self.spaces[a].pos, self.spaces[b].pos
            nx, ny = -(pb[1] - pa[1]) / d, (pb[0] - pa[0]) / d
            for f in (0.5, 0.42, 0.58, 0.35, 0.65):
                for off in (0, 18, -18, 34, -34):
                    p = _round((pa[0] + (pb[0] - pa[0]) * f + nx * off, pa[1] + (pb[1] - pa[1]) * f + ny * off))
                    t = self.territory_of(p)
                    if t not in pair or sum(1 for s in self.spaces if s.territory == t) >= 9:
                        continue
                    if not self.space_ok(p, t):
                        continue
                    idx = self.add_space(p, t)
                    if self.try_road(a, idx):
                        if self.try_road(idx, b):
                            return True
                        self.roads.pop()
                    self.spaces.pop()
        return False

    def graph_distance(self, a: int, b: int, limit: int = 6) -> int:
        adj = defaultdict(list)
        for road in self.roads:
            adj[road.a].append(road.b)
            adj[road.b].append(road.a)
        seen = {a: 0}
        queue = deque([a])
        while queue:
            v = queue.popleft()
            if v == b:
                return seen[v]
            if seen[v] >= limit:
                continue
            for w in adj[v]:
                if w not in seen:
                    seen[w] = seen[v] + 1
                    queue.append(w)
        return 99

    def add_loops(self) -> None:
        added = 0
        idxs = [i for i, s in enumerate(self.spaces) if s.ruin_biome is None]
        pairs = [(dist(self.spaces[a].pos, self.spaces[b].pos), a, b) for a in idxs for b in idxs if a < b]
        self.rng.shuffle(pairs)
        for d, a, b in pairs:
            if added >= self.r.extra_loops:
                break
            if not (45 <= d <= 115):
                continue
            if self.graph_distance(a, b) < 5:
                continue
            if self.degree(a) >= 3 or self.degree(b) >= 3:
                continue
            if self.try_road(a, b):
                added += 1

    def add_offroad(self, targets: dict[int, int]) -> None:
        placed = 0
        order = sorted(targets, key=lambda t: self.rng.random())
        for t in order:
            if placed >= self.r.offroad:
                break
            have = sum(1 for s in self.spaces if s.territory == t)
            if have >= 9:
                continue
            for _ in range(300):
                p = self.random_point_in(t)
                if not self.space_ok(p, t):
                    continue
                if any(polyline_distance_to_point(r.points, p) < 26 for r in self.roads):
                    continue
                self.add_space(p, t)
                placed += 1
                break

    # ------------------------------------------------------------------ metrics

    def metrics(self) -> dict[str, int]:
        deg = [0] * len(self.spaces)
        for road in self.roads:
            deg[road.a] += 1
            deg[road.b] += 1
        tents = [i for i, s in enumerate(self.spaces) if s.ruin_biome is None]
        return {
            "crossings": sum(1 for i in tents if deg[i] >= 3),
            "dead_ends": sum(1 for i in tents if deg[i] == 1),
            "offroad": sum(1 for i in tents if deg[i] == 0),
            "tents": len(tents),
        }

    def settlement_biomes(self) -> set[str]:
        """Biomes where 4 road-connected tent spaces lie in territories of that biome."""
        ok = set()
        for biome in set(self.biome):
            members = {i for i, s in enumerate(self.spaces) if s.territory is not None and self.biome[s.territory] == biome}
            adj = defaultdict(list)
            for road in self.roads:
                if road.a in members and road.b in members:
                    adj[road.a].append(road.b)
                    adj[road.b].append(road.a)
            seen = set()
            for start in members:
                if start in seen:
                    continue
                size = 0
                queue = deque([start])
                seen.add(start)
                while queue:
                    v = queue.popleft()
                    size += 1
                    for w in adj[v]:
                        if w not in seen:
                            seen.add(w)
                            queue.append(w)
                if size >= 4:
                    ok.add(biome)
        return ok

    def build(self) -> Layout:
        self.select_connections()
        self.assign_peaks()
        self.place_totems()
        self.place_contested()
        self.place_ruins()
        self.place_connection_roads()
        self.place_purple_road()
        targets = self.tent_targets()
        self.grow_all(targets)
        for t in targets:
            self.link_within(t)
        self.link_across()
        self.add_loops()
        self.add_offroad(targets)
        m = self.metrics()
        problems = []
        if m["crossings"] < 3:
            problems.append(f"{m['crossings']} crossings")
        if m["dead_ends"] < 4:
            problems.append(f"{m['dead_ends']} dead ends")
        if not 60 <= m["tents"] <= 90:
            problems.append(f"{m['tents']} tent spaces")
        wanted = {b for b in self.biome if b != "void" or not self.r.no_tents}
        missing = wanted - self.settlement_biomes()
        if missing:
            problems.append(f"no settlement of 4 in {sorted(missing)}")
        for t in targets:
            have = sum(1 for s in self.spaces if s.territory == t)
            if not 3 <= have <= 9:
                problems.append(f"{have} spaces in {self.r.territories[t].name}")
        if problems:
            raise GenerationError(f"{self.r.map_id}: layout rejected: {', '.join(problems)}")
        return Layout(recipe=self.r, polygons=self.polys, connections=self.conns, spaces=self.spaces,
                      roads=self.roads, totems=self.totems, contested=self.contested)


def build_layout(recipe: Recipe, planar: Planar, attempts: int = 40, verbose: bool = False) -> Layout:
    last_error = None
    for attempt in range(attempts):
        try:
            return Builder(recipe, planar, attempt).build()
        except GenerationError as error:
            last_error = error
            if verbose:
                print(f"  attempt {attempt}: {error}")
            if "layout rejected" not in str(error) and "does not fit" not in str(error) and "only" not in str(error):
                raise
    raise GenerationError(f"{recipe.map_id}: no acceptable layout in {attempts} attempts (last: {last_error})")
