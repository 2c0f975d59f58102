"""Territories on the raster: grown from their seeds over the land, bent, smoothed and cleaned.

Growth is a competitive Dijkstra with noisy step costs, so every territory is one connected piece
that never jumps water; a displacement field and a majority filter then make the borders
organic, and `clean_labels` removes specks, enclaves, small lakes and corner pinches so the
borders can be traced into clean polygons.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, deque

from .errors import GenerationError
from .noise import ValueNoise
from .raster_grid import CELL, GH, GW, SEA
from .recipe import Recipe

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
