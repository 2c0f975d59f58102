"""From a recipe to a planar map of territory polygons that share their borders exactly.

The land is painted on a coarse raster (cells of CELL px): the recipe's outlines wobbled by
fractal noise, minus its sea channels and lakes. Territories grow from their seeds over the land
by a competitive Dijkstra with noisy step costs (so every territory is one connected piece with
meandering borders). The label raster is cleaned (no pinches, no enclaves, no specks), then its
cell edges are traced into chains between junction corners; each chain is simplified once and
used by both polygons on its sides, so neighbours share identical borders and never overlap.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict, deque
from dataclasses import dataclass

from .geometry import Point, dist, point_in_polygon, point_segment_distance, polygon_is_simple, segments_intersect
from .noise import ValueNoise
from .recipe import Recipe

WIDTH = 1600
HEIGHT = 1120
CELL = 5
GW = WIDTH // CELL
GH = HEIGHT // CELL
SEA = -1
EDGE_MARGIN = 52.0
MAX_VERTICES = 30
MIN_VERTICES = 8


class GenerationError(Exception):
    pass


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


@dataclass
class Planar:
    polygons: list[list[Point]]
    chains: list[Chain]
    labels: list[list[int]]

    def borders(self) -> dict[tuple[int, int], list[list[Point]]]:
        """Territory pair → the shared border polylines (land borders only)."""
        out: dict[tuple[int, int], list[list[Point]]] = defaultdict(list)
        for chain in self.chains:
            if chain.left >= 0 and chain.right >= 0:
                out[chain.pair].append(list(chain.points))
        return dict(out)

    def coast_segments(self) -> list[tuple[Point, Point]]:
        segs = []
        for chain in self.chains:
            if chain.left == SEA or chain.right == SEA:
                pts = chain.points
                segs.extend((pts[i], pts[i + 1]) for i in range(len(pts) - 1))
        return segs


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


# --------------------------------------------------------------------------- land


def _signed_distance(p: Point, polygon: list[Point]) -> float:
    d = min(point_segment_distance(p, polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon)))
    return d if point_in_polygon(p, polygon) else -d


def paint_land(recipe: Recipe, noise: ValueNoise) -> list[bytearray]:
    amp = recipe.coast_noise
    scale = recipe.coast_scale
    field = _outline_field(recipe.land, amp, scale, noise)
    land = [bytearray(GW) for _ in range(GH)]
    for gy in range(GH):
        cy = (gy + 0.5) * CELL
        for gx in range(GW):
            cx = (gx + 0.5) * CELL
            v = field[gy][gx]
            if v <= 0:
                continue
            if min(cx, cy, WIDTH - cx, HEIGHT - cy) < EDGE_MARGIN:
                continue
            land[gy][gx] = 1
    # sea channels and lakes, with a gentle wobble of their own
    for channel in recipe.channels:
        pts = channel.points
        half = channel.width / 2.0
        wob = min(16.0, half * 0.45)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        x0 = max(0, int((min(xs) - half - wob - 5) / CELL))
        x1 = min(GW - 1, int((max(xs) + half + wob + 5) / CELL))
        y0 = max(0, int((min(ys) - half - wob - 5) / CELL))
        y1 = min(GH - 1, int((max(ys) + half + wob + 5) / CELL))
        for gy in range(y0, y1 + 1):
            cy = (gy + 0.5) * CELL
            for gx in range(x0, x1 + 1):
                if not land[gy][gx]:
                    continue
                cx = (gx + 0.5) * CELL
                d = min(point_segment_distance((cx, cy), pts[i], pts[i + 1]) for i in range(len(pts) - 1))
                if d < half + wob * noise.fbm(cx / 70.0 + 40.0, cy / 70.0, octaves=2):
                    land[gy][gx] = 0
    for lake in recipe.lakes:
        (lx, ly), r = lake.at, lake.radius
        for gy in range(max(0, int((ly - r - 20) / CELL)), min(GH, int((ly + r + 20) / CELL) + 1)):
            cy = (gy + 0.5) * CELL
            for gx in range(max(0, int((lx - r - 20) / CELL)), min(GW, int((lx + r + 20) / CELL) + 1)):
                cx = (gx + 0.5) * CELL
                if math.hypot(cx - lx, cy - ly) < r + 12.0 * noise.noise(cx / 50.0 - 30.0, cy / 50.0):
                    land[gy][gx] = 0
    if recipe.islets:
        field = _outline_field(recipe.islets, amp * 0.6, scale * 0.6, noise)
        for gy in range(GH):
            for gx in range(GW):
                if field[gy][gx] > 0:
                    land[gy][gx] = 1
    return land


def _outline_field(outlines, amp: float, scale: float, noise: ValueNoise) -> list[list[float]]:
    """Signed distance to the union of the outlines, wobbled by fractal noise (positive on land)."""
    field = [[-1e9] * GW for _ in range(GH)]
    for outline in outlines:
        xs = [p[0] for p in outline]
        ys = [p[1] for p in outline]
        x0 = max(0, int((min(xs) - amp - 10) / CELL))
        x1 = min(GW - 1, int((max(xs) + amp + 10) / CELL))
        y0 = max(0, int((min(ys) - amp - 10) / CELL))
        y1 = min(GH - 1, int((max(ys) + amp + 10) / CELL))
        for gy in range(y0, y1 + 1):
            row = field[gy]
            cy = (gy + 0.5) * CELL
            for gx in range(x0, x1 + 1):
                cx = (gx + 0.5) * CELL
                sd = _signed_distance((cx, cy), outline)
                if sd < -amp * 1.2:
                    continue
                v = sd + amp * noise.fbm(cx / scale, cy / scale, octaves=4)
                if v > row[gx]:
                    row[gx] = v
    return field


# --------------------------------------------------------------------------- territories

# 16 neighbours (king and knight moves) make grid distances nearly isotropic, so borders do not
# snap to the grid axes and diagonals
_NEIGHBOURS8 = tuple((dx, dy, math.hypot(dx, dy)) for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)
                     if (dx or dy) and abs(dx) + abs(dy) <= 3 and not (abs(dx) == 2 and dy == 0) and not (abs(dy) == 2 and dx == 0))
_NEIGHBOURS4 = ((1, 0), (-1, 0), (0, 1), (0, -1))


def grow_territories(recipe: Recipe, land: list[bytearray], noise: ValueNoise) -> list[list[int]]:
    labels = [[SEA] * GW for _ in range(GH)]
    cost = [[0.0] * GW for _ in range(GH)]
    k = recipe.border_noise
    s = recipe.border_scale
    for gy in range(GH):
        for gx in range(GW):
            if land[gy][gx]:
                v = noise.fbm((gx * CELL) / s + 100.0, (gy * CELL) / s - 50.0, octaves=3)
                cost[gy][gx] = max(0.15, 1.0 + 1.6 * k * v)
    heap: list[tuple[float, int, int, int]] = []
    for index, terr in enumerate(recipe.territories):
        gx = int(terr.at[0] / CELL)
        gy = int(terr.at[1] / CELL)
        if not (0 <= gx < GW and 0 <= gy < GH) or not land[gy][gx]:
            raise GenerationError(f"{recipe.map_id}: seed of {terr.name!r} at {terr.at} is not on land")
        heapq.heappush(heap, (0.0, gx, gy, index))
    weights = [t.weight for t in recipe.territories]
    while heap:
        d, gx, gy, index = heapq.heappop(heap)
        if labels[gy][gx] != SEA:
            continue
        labels[gy][gx] = index
        w = weights[index]
        for dx, dy, step in _NEIGHBOURS8:
            nx, ny = gx + dx, gy + dy
            if 0 <= nx < GW and 0 <= ny < GH and land[ny][nx] and labels[ny][nx] == SEA:
                heapq.heappush(heap, (d + step * cost[ny][nx] / w, nx, ny, index))
    return labels


def warp_borders(labels: list[list[int]], amplitude: float, scale: float, noise: ValueNoise) -> list[list[int]]:
    """Bend the territory borders (not the coasts) by a smooth displacement field."""
    if amplitude <= 0:
        return labels
    out = [row[:] for row in labels]
    for gy in range(GH):
        for gx in range(GW):
            if labels[gy][gx] == SEA:
                continue
            px, py = gx * CELL, gy * CELL
            dx = amplitude * noise.fbm(px / scale + 11.0, py / scale + 3.0, octaves=2)
            dy = amplitude * noise.fbm(px / scale - 7.0, py / scale + 29.0, octaves=2)
            sx = int(round(gx + dx / CELL))
            sy = int(round(gy + dy / CELL))
            if 0 <= sx < GW and 0 <= sy < GH and labels[sy][sx] != SEA:
                out[gy][gx] = labels[sy][sx]
    return out


def mode_filter(labels: list[list[int]], radius: int = 2, passes: int = 2) -> list[list[int]]:
    """Majority vote over a (2r+1)^2 window among land cells: smooths jagged borders, keeps coasts."""
    for _ in range(passes):
        out = [row[:] for row in labels]
        # only cells within `radius` of a border between two territories can change
        edge = set()
        for gy in range(GH):
            row = labels[gy]
            for gx in range(GW):
                own = row[gx]
                if own == SEA:
                    continue
                if (gx + 1 < GW and row[gx + 1] not in (own, SEA)) or (gy + 1 < GH and labels[gy + 1][gx] not in (own, SEA)):
                    edge.add((gx, gy))
        todo = set()
        for gx, gy in edge:
            for dy in range(-radius - 1, radius + 2):
                for dx in range(-radius - 1, radius + 2):
                    todo.add((gx + dx, gy + dy))
        for gx, gy in todo:
            if not (0 <= gx < GW and 0 <= gy < GH):
                continue
            own = labels[gy][gx]
            if own == SEA:
                continue
            votes: Counter = Counter()
            for dy in range(-radius, radius + 1):
                yy = gy + dy
                if not 0 <= yy < GH:
                    continue
                row = labels[yy]
                for dx in range(-radius, radius + 1):
                    xx = gx + dx
                    if 0 <= xx < GW and row[xx] != SEA:
                        votes[row[xx]] += 1
            best, n = votes.most_common(1)[0]
            if best != own and n > votes[own]:
                out[gy][gx] = best
        labels = out
    return labels


def _components(labels: list[list[int]], label: int) -> list[list[tuple[int, int]]]:
    seen = set()
    comps = []
    for gy in range(GH):
        for gx in range(GW):
            if labels[gy][gx] != label or (gx, gy) in seen:
                continue
            comp = []
            queue = deque([(gx, gy)])
            seen.add((gx, gy))
            while queue:
                x, y = queue.popleft()
                comp.append((x, y))
                for dx, dy in _NEIGHBOURS4:
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < GW and 0 <= ny < GH and labels[ny][nx] == label and (nx, ny) not in seen:
                        seen.add((nx, ny))
                        queue.append((nx, ny))
            comps.append(comp)
    return comps


def _neighbour_labels(labels, cells, exclude):
    counts: Counter = Counter()
    cellset = set(cells)
    for x, y in cells:
        for dx, dy in _NEIGHBOURS4:
            nx, ny = x + dx, y + dy
            if (nx, ny) in cellset:
                continue
            lab = labels[ny][nx] if 0 <= nx < GW and 0 <= ny < GH else SEA
            if lab != exclude:
                counts[lab] += 1
    return counts


def clean_labels(labels: list[list[int]], count: int, seeds: list[tuple[int, int]], min_lake_cells: int = 80) -> None:
    for _ in range(12):
        changed = False
        # 1. smooth specks: a cell mostly surrounded by one other label joins it
        for gy in range(1, GH - 1):
            for gx in range(1, GW - 1):
                own = labels[gy][gx]
                c = Counter(labels[gy + dy][gx + dx] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
                if c[own] <= 2:
                    other, n = max(((lab, n) for lab, n in c.items() if lab != own), key=lambda t: t[1])
                    if n >= 5:
                        labels[gy][gx] = other
                        changed = True
        # 2. every territory one 4-connected piece, the one holding its seed
        for label in range(count):
            comps = _components(labels, label)
            if not comps:
                raise GenerationError(f"territory {label} vanished")
            keep = None
            for comp in comps:
                if seeds[label] in set(comp):
                    keep = comp
            if keep is None:
                keep = max(comps, key=len)
            for comp in comps:
                if comp is keep:
                    continue
                around = _neighbour_labels(labels, comp, label)
                target = around.most_common(1)[0][0] if around else SEA
                for x, y in comp:
                    labels[y][x] = target
                changed = True
        # 3. sea: enclosed lakes must be large and touch at least two territories
        for comp in _components(labels, SEA):
            if any(x in (0, GW - 1) or y in (0, GH - 1) for x, y in comp):
                continue
            around = _neighbour_labels(labels, comp, SEA)
            if len(comp) < min_lake_cells or len(around) < 2:
                target = around.most_common(1)[0][0]
                for x, y in comp:
                    labels[y][x] = target
                changed = True
        # 4. no pinches: two cells of one label meeting only at a corner
        for gy in range(GH - 1):
            for gx in range(GW - 1):
                tl, tr = labels[gy][gx], labels[gy][gx + 1]
                bl, br = labels[gy + 1][gx], labels[gy + 1][gx + 1]
                if tl == br and tl != tr and tl != bl:
                    labels[gy][gx + 1] = tl
                    changed = True
                elif tr == bl and tr != tl and tr != br:
                    labels[gy][gx] = tr
                    changed = True
        if not changed:
            return
    raise GenerationError("label raster did not settle")


# --------------------------------------------------------------------------- tracing


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


def _assemble(chains: list[Chain], label: int) -> list[list[Point]]:
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


def _crossing_chains(chains: list[Chain]) -> set[tuple[int, int]]:
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


def build_planar(recipe: Recipe) -> Planar:
    noise = ValueNoise(recipe.seed)
    land = paint_land(recipe, noise)
    labels = grow_territories(recipe, land, ValueNoise(recipe.seed + 7))
    labels = warp_borders(labels, recipe.border_warp, recipe.border_warp_scale, ValueNoise(recipe.seed + 13))
    labels = mode_filter(labels)
    seeds = [(int(t.at[0] / CELL), int(t.at[1] / CELL)) for t in recipe.territories]
    clean_labels(labels, len(recipe.territories), seeds)
    chains = trace_chains(labels)
    n = len(recipe.territories)
    for chain in chains:
        chain.tolerance = 3.2
    for _round in range(200):
        for chain in chains:
            chain.simplify()
        bad = _crossing_chains(chains)
        if bad:
            progress = False
            for ci, seg in bad:
                progress |= chains[ci].refine(seg)
            if not progress:
                raise GenerationError(f"{recipe.map_id}: borders cross and cannot be refined")
            continue
        polygons = []
        too_many = []
        for label in range(n):
            loops = _assemble(chains, label)
            if len(loops) != 1:
                raise GenerationError(f"{recipe.map_id}: territory {recipe.territories[label].name!r} has "
                                      f"{len(loops)} boundary loops (an enclave or a hole)")
            poly = loops[0]
            polygons.append(poly)
            if len(poly) > MAX_VERTICES:
                too_many.append(label)
        if too_many:
            for chain in chains:
                if chain.left in too_many or chain.right in too_many:
                    chain.tolerance *= 1.25
            continue
        for label, poly in enumerate(polygons):
            if not polygon_is_simple(poly):
                raise GenerationError(f"{recipe.map_id}: polygon of {recipe.territories[label].name!r} not simple")
            if len(poly) < MIN_VERTICES:
                raise GenerationError(f"{recipe.map_id}: polygon of {recipe.territories[label].name!r} "
                                      f"has only {len(poly)} vertices")
        return Planar(polygons=polygons, chains=chains, labels=labels)
    raise GenerationError(f"{recipe.map_id}: could not simplify the borders within {MAX_VERTICES} vertices")
