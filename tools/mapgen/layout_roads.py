"""Extra roads once the tent spaces stand: joining pieces of one territory, neighbours, and loops."""

from __future__ import annotations

from collections import defaultdict, deque

from .geometry import dist, polyline_length
from .layout_model import ROAD_MAX, ROAD_MIN, round_point
from .layout_state import LayoutState


class RoadLinkSteps(LayoutState):
    """Adds the roads that make the network connected and interesting to travel."""

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
                    p = round_point((pa[0] + (pb[0] - pa[0]) * f + nx * off, pa[1] + (pb[1] - pa[1]) * f + ny * off))
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
