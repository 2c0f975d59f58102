"""The special places of a layout: totem spaces, contested spots, ruins, ports and the purple road."""

from __future__ import annotations

import math

from .errors import GenerationError
from .geometry import Point, dist, distance_to_boundary, point_along, point_in_polygon, point_segment_distance, polyline_length
from .layout_model import TOTEM_EDGE_CLEAR, Road, round_point
from .layout_state import LayoutState


class SpecialSteps(LayoutState):
    """Places everything a recipe asks for by name, before the tent spaces fill the rest."""

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
            self.totems[t] = round_point(pick)

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
                    cands.append((round_point(p), pair))
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
                conn.pos = round_point(best[1])
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
