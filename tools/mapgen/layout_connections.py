"""Connections: candidates from shared borders and narrow water gaps, thinned, numbered, given peaks."""

from __future__ import annotations

import math

from .errors import GenerationError
from .geometry import Point, dist, distance_to_boundary, point_along, point_in_polygon, polyline_length
from .graph import adjacency, reachable
from .layout_model import Conn, round_point
from .layout_state import LayoutState


def closest_points(poly_a: list[Point], poly_b: list[Point]) -> tuple[float, Point, Point]:
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


class ConnectionSteps(LayoutState):
    """Chooses the connections between territories, numbers them and assigns the peak groups."""

    def candidates(self) -> list[Conn]:
        cands = []
        for pair, lines in self.borders.items():
            length = sum(polyline_length(l) for l in lines)
            if length < self.r.min_land_border:
                continue
            longest = max(lines, key=polyline_length)
            pos = point_along(longest, 0.5)
            cands.append(Conn(pair, "land", round_point(pos), min(1.0, length / 260.0)))
        for i in range(self.n):
            for j in range(i + 1, self.n):
                if (i, j) in self.borders:
                    continue
                gap, p, q = closest_points(self.polys[i], self.polys[j])
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
                cands.append(Conn((i, j), "water", round_point(mid), 1.0 - gap / (self.r.max_water_gap + 40), gap=(p, q)))
        # two crossings of one lake meet in its middle: slide their badges apart along their gaps
        water = [c for c in cands if c.kind == "water"]
        for c in water:
            for d in water:
                if c is d or dist(c.pos, d.pos) >= 70:
                    continue
                best = None
                for tc in (0.3, 0.4, 0.5, 0.6, 0.7):
                    for td in (0.3, 0.4, 0.5, 0.6, 0.7):
                        pc = round_point(point_along(list(c.gap), tc))
                        pd = round_point(point_along(list(d.gap), td))
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
        adj = adjacency(c.pair for c in conns)
        if len(adj) < self.n:
            return False
        return len(reachable(adj, 0)) == self.n

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
            base.pos = round_point(point_along(longest, 0.27))
            twin = Conn(pair, "land", round_point(point_along(longest, 0.73)), base.quality, forced=True)
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
