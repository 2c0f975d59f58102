"""Everything on top of the territory polygons: connections, totem and tent spaces, roads, specials.

Order: connections (candidates from shared borders and narrow water gaps, thinned to the recipe's
target, numbered in a sweep, mountains assigned), totem spaces, contested spots (E7), ruin spaces
(E3), ports for roads along connections (E2/E3), the purple road (E6), then tent spaces grown as
winding chains from each other (each new space joined to the one it grew from by a road), then
roads across land borders, a few loops and a few off-road spaces. A layout that misses a target
(crossings, dead ends, a settlement of 4 in every biome) is redrawn with the next seed.

The steps live in `layout_connections`, `layout_specials`, `layout_tents` and `layout_roads`, on
the shared `layout_state` (data classes and distances in `layout_model`); `Builder` here runs
them in order and judges the result.
"""

from __future__ import annotations

from .errors import GenerationError
from .graph import adjacency, largest_group
from .layout_connections import ConnectionSteps
from .layout_connections import closest_points as _closest_points  # the name tools/mapgen/check.py imports
from .layout_model import Conn, Layout, Road, Space
from .layout_roads import RoadLinkSteps
from .layout_specials import SpecialSteps
from .layout_tents import TentSteps
from .raster import Planar
from .recipe import Recipe

__all__ = ["Builder", "Conn", "Layout", "Road", "Space", "_closest_points", "build_layout"]


class Builder(ConnectionSteps, SpecialSteps, TentSteps, RoadLinkSteps):
    """One attempt at a layout: `build` runs every step in order, then checks the targets."""

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
            if largest_group(members, adjacency(((road.a, road.b) for road in self.roads), members)) >= 4:
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
