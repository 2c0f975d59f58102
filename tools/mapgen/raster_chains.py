"""Border chains: the label raster's cell edges traced into borders between junctions, simplified.

Each chain separates two labels (SEA or a territory) and is simplified once (Douglas–Peucker,
refined wherever simplified chains would touch), then used by the polygons on both its sides,
so neighbouring territories share their borders exactly.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from .errors import GenerationError
from .geometry import Point, dist, point_segment_distance, segments_intersect
from .raster_grid import CELL, GH, GW, SEA


@dataclass
class Chain:
    """A border between two labels (SEA or a territory), from junction to junction."""

    right: int                  # label on the right-hand side (screen coordinates) of the walk
    left: int
    raw: list[Point]            # grid-corner points in px
    closed: bool
    tolerance: float = 3.0
    points: list[Point] | None = None
    base: list[Point] | None = None
    keep: set[int] | None = None      # indices into `base` that must survive simplification
    kept: list[int] | None = None

    def simplify(self) -> None:
        if self.base is None:
            pts = _drop_collinear(self.raw, self.closed)
            if self.closed:
                pts = pts + [pts[0]]
            self.base = pts
            self.keep = {0, len(pts) - 1}
            if self.closed:
                far = max(range(len(pts)), key=lambda i: dist(pts[0], pts[i]))
                self.keep.add(far)
        anchors = sorted(self.keep)
        kept = [anchors[0]]
        for a, b in zip(anchors, anchors[1:]):
            kept.extend(_dp_indices(self.base, a, b, self.tolerance)[1:])
        self.kept = kept
        pts = [self.base[i] for i in kept]
        if self.closed:
            pts = pts[:-1]
        self.points = pts

    def refine(self, seg: int) -> bool:
        """Keep the raw point farthest from simplified segment `seg`; False if there is none."""
        a, b = self.kept[seg], self.kept[seg + 1]
        if b - a < 2:
            return False
        mid = max(range(a + 1, b), key=lambda i: point_segment_distance(self.base[i], self.base[a], self.base[b]))
        self.keep.add(mid)
        return True

    @property
    def pair(self) -> tuple[int, int]:
        return (min(self.left, self.right), max(self.left, self.right))


def _dp_indices(points: list[Point], first: int, last: int, tolerance: float) -> list[int]:
    keep = {first, last}
    stack = [(first, last)]
    while stack:
        a, b = stack.pop()
        best, index = -1.0, -1
        for i in range(a + 1, b):
            d = point_segment_distance(points[i], points[a], points[b])
            if d > best:
                best, index = d, i
        if index >= 0 and best > tolerance:
            keep.add(index)
            stack.append((a, index))
            stack.append((index, b))
    return sorted(keep)


def _drop_collinear(points: list[Point], closed: bool) -> list[Point]:
    if len(points) < 3:
        return list(points)
    out = [points[0]]
    for i in range(1, len(points) - 1):
        a, b, c = out[-1], points[i], points[i + 1]
        if (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) != 0:
            out.append(b)
    out.append(points[-1])
    if closed and len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def _lab(labels, gx, gy):
    if 0 <= gx < GW and 0 <= gy < GH:
        return labels[gy][gx]
    return SEA


def trace_chains(labels: list[list[int]]) -> list[Chain]:
    # boundary edges keyed by their two corner points (grid corner coordinates)
    incident: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    edges = set()
    for gy in range(GH + 1):
        for gx in range(GW):
            if _lab(labels, gx, gy - 1) != _lab(labels, gx, gy):
                a, b = (gx, gy), (gx + 1, gy)
                edges.add((a, b))
                incident[a].append(b)
                incident[b].append(a)
    for gx in range(GW + 1):
        for gy in range(GH):
            if _lab(labels, gx - 1, gy) != _lab(labels, gx, gy):
                a, b = (gx, gy), (gx, gy + 1)
                edges.add((a, b))
                incident[a].append(b)
                incident[b].append(a)
    junction = {c for c, n in incident.items() if len(n) != 2}
    visited = set()

    def key(a, b):
        return (a, b) if a <= b else (b, a)

    def sides(a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        mx, my = (a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0
        ox, oy = -dy * 0.5, dx * 0.5
        right = _lab(labels, int(math.floor(mx + ox)), int(math.floor(my + oy)))
        left = _lab(labels, int(math.floor(mx - ox)), int(math.floor(my - oy)))
        return right, left

    chains: list[Chain] = []

    def walk(start, first, closed):
        path = [start, first]
        visited.add(key(start, first))
        cur = first
        while True:
            if cur in junction or (closed and cur == start):
                break
            options = [n for n in incident[cur] if key(cur, n) not in visited]
            if not options:
                break
            nxt = options[0]
            visited.add(key(cur, nxt))
            path.append(nxt)
            cur = nxt
        right, left = sides(path[0], path[1])
        pts = [(x * CELL, y * CELL) for x, y in path]
        chains.append(Chain(right=right, left=left, raw=pts, closed=closed))

    for j in sorted(junction):
        for n in sorted(incident[j]):
            if key(j, n) not in visited:
                walk(j, n, closed=False)
    for a, b in sorted(edges):
        if key(a, b) not in visited:
            walk(a, b, closed=True)
    return chains


def assemble_loops(chains: list[Chain], label: int) -> list[list[Point]]:
    """The loops bounding one territory, walked with the territory on the right."""
    pieces = []
    for chain in chains:
        if chain.right == label:
            pieces.append((list(chain.points), chain.closed))
        elif chain.left == label:
            pieces.append((list(reversed(chain.points)), chain.closed))
    loops = []
    open_by_start: dict[Point, list[Point]] = {}
    for pts, closed in pieces:
        if closed:
            loops.append(list(pts))
        else:
            if pts[0] in open_by_start:
                raise GenerationError(f"territory {label}: two borders start at {pts[0]}")
            open_by_start[pts[0]] = pts
    while open_by_start:
        start, pts = next(iter(open_by_start.items()))
        del open_by_start[start]
        loop = list(pts)
        while loop[-1] != start:
            nxt = open_by_start.pop(loop[-1], None)
            if nxt is None:
                raise GenerationError(f"territory {label}: border does not close")
            loop.extend(nxt[1:])
        loops.append(loop[:-1])
    return loops


def _chain_segments(chains):
    for ci, chain in enumerate(chains):
        pts = chain.points
        n = len(pts)
        rng = range(n) if chain.closed else range(n - 1)
        for i in rng:
            yield ci, i, pts[i], pts[(i + 1) % n]


def crossing_chains(chains: list[Chain]) -> set[tuple[int, int]]:
    """Chains whose simplified segments touch other segments anywhere but at shared vertices."""
    segs = list(_chain_segments(chains))
    bad = set()
    cellsize = 60.0
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for idx, (_, _, a, b) in enumerate(segs):
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = sorted((a[1], b[1]))
        for gx in range(int(x0 // cellsize), int(x1 // cellsize) + 1):
            for gy in range(int(y0 // cellsize), int(y1 // cellsize) + 1):
                grid[(gx, gy)].append(idx)
    checked = set()
    for bucket in grid.values():
        for i in range(len(bucket)):
            for j in range(i + 1, len(bucket)):
                p, q = bucket[i], bucket[j]
                if (p, q) in checked:
                    continue
                checked.add((p, q))
                ci, _, a1, a2 = segs[p]
                cj, _, b1, b2 = segs[q]
                shared = {a1, a2} & {b1, b2}
                if shared:
                    # segments sharing a vertex may only touch there
                    s = next(iter(shared))
                    oa = a2 if a1 == s else a1
                    ob = b2 if b1 == s else b1
                    if len(shared) == 2 or point_segment_distance(oa, b1, b2) < 0.5 or point_segment_distance(ob, a1, a2) < 0.5:
                        bad.update(((ci, segs[p][1]), (cj, segs[q][1])))
                    continue
                if segments_intersect(a1, a2, b1, b2):
                    bad.update(((ci, segs[p][1]), (cj, segs[q][1])))
    return bad
