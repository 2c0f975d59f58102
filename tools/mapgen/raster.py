"""From a recipe to a planar map of territory polygons that share their borders exactly.

The land is painted on a coarse raster (cells of CELL px): the recipe's outlines wobbled by
fractal noise, minus its sea channels and lakes. Territories grow from their seeds over the land
by a competitive Dijkstra with noisy step costs (so every territory is one connected piece with
meandering borders). The label raster is cleaned (no pinches, no enclaves, no specks), then its
cell edges are traced into chains between junction corners; each chain is simplified once and
used by both polygons on its sides, so neighbours share identical borders and never overlap.

The steps live in `raster_land`, `raster_territories` and `raster_chains` (on the grid of
`raster_grid`); this module runs them (`build_planar`) and holds the result (`Planar`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .errors import GenerationError
from .geometry import Point, polygon_is_simple
from .noise import ValueNoise
from .raster_chains import Chain, assemble_loops, crossing_chains, trace_chains
from .raster_grid import CELL, EDGE_MARGIN, GH, GW, HEIGHT, SEA, WIDTH
from .raster_land import paint_land
from .raster_territories import clean_labels, grow_territories, mode_filter, warp_borders
from .recipe import Recipe

__all__ = ["CELL", "EDGE_MARGIN", "GH", "GW", "HEIGHT", "SEA", "WIDTH", "Chain", "GenerationError", "Planar",
           "build_planar"]

MAX_VERTICES = 30
MIN_VERTICES = 8


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
        bad = crossing_chains(chains)
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
            loops = assemble_loops(chains, label)
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
