"""Tent spaces: each territory's share, grown as winding road chains, plus a few off-road spaces."""

from __future__ import annotations

import math
from collections import defaultdict

from .errors import GenerationError
from .geometry import Point, dist, polygon_area, polyline_distance_to_point
from .layout_model import BIOME_WEIGHT, round_point
from .layout_state import LayoutState


class TentSteps(LayoutState):
    """Fills the territories with tent spaces, mostly joined by roads as they grow."""

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
                p = round_point((src[0] + r * math.cos(a), src[1] + r * math.sin(a)))
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
