"""Land on the raster: the recipe's outlines wobbled by fractal noise, minus channels and lakes.

A cell is land when the noisy signed distance to the recipe's `land` outlines is positive and
it is at least EDGE_MARGIN from the map edge; sea `channels` and `lakes` are cut out (with a
wobble of their own) and `islets` put back.
"""

from __future__ import annotations

import math

from .geometry import Point, point_in_polygon, point_segment_distance
from .noise import ValueNoise
from .raster_grid import CELL, EDGE_MARGIN, GH, GW, HEIGHT, WIDTH
from .recipe import Recipe


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
