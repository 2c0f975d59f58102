"""Checks a loaded Board against everything MAPS.md and RULINGS.md require of a map.

The loader (`tmx_loader`) only refuses what it cannot turn into a Board at all (a file that is not
Tiled, a missing layer); in its lenient mode, which `check_map_file` uses, it reports a broken
object (a reference to an object that does not exist, a space outside every territory, a second
totem space, a bad property value) as a MapProblem and leaves the object out. Everything else,
such as "10 to 12 territories" or "connections numbered 1..N without gaps", is a property of a
Board that loads fine but would make a bad or unplayable game. Those checks live here so that the
map artist gets all problems of a map in one run (a list, not the first exception), each naming
the map, the object to fix and the rule it breaks, and so that the rules engine can trust any
board that validates cleanly.

Nothing here knows a map by its id: a map switches requirements on through its `rules` property
(docs/maps.md), exactly as the engine does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import iwari_desktop.engine.rulesets as rulesets
from iwari_desktop.engine.core.biomes import BASE_BIOMES, Biome, ConnectionKind
from iwari_desktop.engine.core.modules import REGISTRY
from iwari_desktop.engine.maps.board import Board, Connection, MapProblem, Point, RoadSegment, TentSpace, Territory
from iwari_desktop.engine.maps.tmx_loader import load_board, point_in_polygon


def known_rule_ids() -> frozenset[str]:
    """docs/maps.md: the rule-module ids a map may switch on, read from the engine's module registry (every
    module that says `map_rule`), so a new map rule is known the moment its file in `rulesets/` exists."""
    rulesets.load_all()
    return frozenset(key for key, module in REGISTRY.items() if module.map_rule)


KNOWN_RULE_IDS: frozenset[str] = known_rule_ids()

MAP_SIZE_PX = (1600, 1120)  # docs/maps.md: 100×70 tiles of 16 px
TERRITORY_RANGE = (10, 12)
TENTS_PER_TERRITORY = (3, 9)
TENTS_TOTAL = (60, 90)
CONNECTION_COUNT = (14, 22)
MIN_OF_EACH_KIND = 3
MIN_CROSSINGS = 3
MIN_DEAD_ENDS = 4
SETTLEMENT_SIZE = 4  # B17
PEAK_GROUPS = (1, 2, 3, 4)  # B3: two connections per group, eight in all
CONTESTED_SPOTS = 5  # E7
LONG_ROAD_MIN_TERRITORIES = 3


class _Checker:
    """Walks one board; each `_check_*` method covers one topic of MAPS.md and yields problems."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rules = frozenset(board.rules)

    # --- naming the objects ---------------------------------------------------------------------

    def problem(self, obj: str, constraint: str, detail: str = "") -> MapProblem:
        return MapProblem(self.board.map_id, obj, constraint, detail)

    @staticmethod
    def territory_label(territory: Territory) -> str:
        return f"territory {territory.name!r} (object {territory.object_id})"

    @staticmethod
    def space_label(space: TentSpace) -> str:
        kind = "ruin space" if space.is_ruin_space else "tent space"
        return f"{kind} (object {space.object_id})"

    @staticmethod
    def road_label(road: RoadSegment) -> str:
        return f"road segment (object {road.object_id})"

    @staticmethod
    def connection_label(connection: Connection) -> str:
        return f"connection {connection.number}"

    # --- helpers --------------------------------------------------------------------------------

    def valid_roads(self) -> list[RoadSegment]:
        """Segments whose two ends exist and differ; the others are reported once, by `_check_roads`."""
        n = len(self.board.spaces)
        return [r for r in self.board.roads if 0 <= r.a < n and 0 <= r.b < n and r.a != r.b]

    def valid_connections(self) -> list[Connection]:
        n = len(self.board.territories)
        return [c for c in self.board.connections
                if all(0 <= t < n for t in c.territories) and c.territories[0] != c.territories[1]]

    def void_totems_territory(self, territory: Territory) -> bool:
        """E5: the central Void territory of The Uncharted Paths holds a totem space and no tents."""
        return territory.biome is Biome.VOID and "void-totems" in self.rules

    # --- the checks -----------------------------------------------------------------------------

    def run(self) -> list[MapProblem]:
        problems: list[MapProblem] = []
        for check in (self._check_properties, self._check_territories, self._check_biomes,
                      self._check_tent_spaces, self._check_totem_spaces, self._check_roads,
                      self._check_settlements, self._check_connections, self._check_peaks,
                      self._check_territory_graph, self._check_ruins, self._check_contested,
                      self._check_long_road):
            problems.extend(check())
        return problems

    def _check_properties(self) -> Iterator[MapProblem]:
        board = self.board
        if board.source is not None and Path(board.source).stem != board.map_id:
            yield self.problem("map", "docs/maps.md: map_id equals the file name",
                               f"map_id {board.map_id!r}, file {Path(board.source).name!r}")
        for rule in board.rules:
            if rule not in KNOWN_RULE_IDS:
                yield self.problem("map", "docs/maps.md: rules are known rule-module ids", f"unknown {rule!r}")
        limit = 6 if "void-tribe" in self.rules else 5
        if not 2 <= board.min_players <= board.max_players <= limit:
            constraint = ("RULINGS E7: 2 to 6 players" if limit == 6
                          else "MAPS.md: 2 to 5 players (6 only with void-tribe)")
            yield self.problem("map", constraint, f"has {board.min_players} to {board.max_players}")
        if "void-tribe" in self.rules and board.modes & {"solo", "coop"}:
            yield self.problem("map", "RULINGS S1: no solo or co-op on The Void",
                               f"modes {','.join(sorted(board.modes))}")
        if board.uses_mountains:
            for rule, ruling in (("ruins", "E3"), ("void-tribe", "E7")):
                if rule in self.rules:
                    yield self.problem("map", f"RULINGS {ruling}: no mountains on a map with {rule}")
        if board.size != MAP_SIZE_PX:
            yield self.problem("map", "docs/maps.md: 100×70 tiles of 16 px (1600×1120)",
                               f"is {board.size[0]}×{board.size[1]}")

    def _check_territories(self) -> Iterator[MapProblem]:
        board = self.board
        low, high = TERRITORY_RANGE
        if not low <= len(board.territories) <= high:
            yield self.problem("map", "MAPS.md: 10 to 12 territories", f"has {len(board.territories)}")
        names = Counter(t.name for t in board.territories)
        width, height = board.size
        for territory in board.territories:
            label = self.territory_label(territory)
            if names[territory.name] > 1:
                yield self.problem(label, "docs/maps.md: territory names are unique")
            why = _polygon_defect(territory.polygon)
            if why:
                yield self.problem(label, "docs/maps.md: a territory is a simple polygon", why)
            if any(not (0 <= x <= width and 0 <= y <= height) for x, y in territory.polygon):
                yield self.problem(label, "docs/maps.md: territories lie within the map")

    def _check_biomes(self) -> Iterator[MapProblem]:
        counts = Counter(t.biome for t in self.board.territories)
        one_tundra = "tundra-no-totems" in self.rules
        for biome in BASE_BIOMES:
            if biome is Biome.TUNDRA and one_tundra:
                if counts[biome] != 1:
                    yield self.problem(f"biome {biome.key}", "RULINGS E2: exactly one Tundra territory on Floating Lands",
                                       f"has {counts[biome]}")
            elif counts[biome] < 2:
                yield self.problem(f"biome {biome.key}", "MAPS.md: every biome has at least two territories",
                                   f"has {counts[biome]}")
        voids = counts[Biome.VOID]
        if "void-totems" in self.rules:
            if voids != 1:
                yield self.problem("biome void", "RULINGS E5: one central Void territory with void-totems",
                                   f"has {voids}")
        elif "void-tribe" in self.rules:
            if voids < 2:
                yield self.problem("biome void", "MAPS.md: every biome has at least two territories", f"has {voids}")
        elif voids:
            for territory in self.board.territories:
                if territory.biome is Biome.VOID:
                    yield self.problem(self.territory_label(territory),
                                       "RULINGS E5/E7: Void territories only with void-totems or void-tribe")

    def _check_tent_spaces(self) -> Iterator[MapProblem]:
        low, high = TENTS_PER_TERRITORY
        for territory in self.board.territories:
            count = len(territory.tent_spaces)
            if self.void_totems_territory(territory):
                if count:
                    yield self.problem(self.territory_label(territory), "RULINGS E5: the Void territory holds no tents",
                                       f"has {count} tent spaces")
            elif not low <= count <= high:
                yield self.problem(self.territory_label(territory), "MAPS.md: 3 to 9 tent spaces per territory",
                                   f"has {count}")
        total = sum(1 for s in self.board.spaces if not s.is_ruin_space)
        if not TENTS_TOTAL[0] <= total <= TENTS_TOTAL[1]:
            yield self.problem("map", "MAPS.md: 60 to 90 tent spaces in all", f"has {total}")

    def _check_totem_spaces(self) -> Iterator[MapProblem]:
        for territory in self.board.territories:
            label = self.territory_label(territory)
            if territory.biome is Biome.TUNDRA and "tundra-no-totems" in self.rules:
                if territory.holds_totems:
                    yield self.problem(label, "RULINGS E2: no totem space in the Floating Lands Tundra")
            elif not territory.holds_totems:
                yield self.problem(label, "MAPS.md: exactly one totem space per territory", "has none")

    def _check_roads(self) -> Iterator[MapProblem]:
        board = self.board
        n = len(board.spaces)
        seen: dict[frozenset[int], RoadSegment] = {}
        for road in board.roads:
            label = self.road_label(road)
            if not (0 <= road.a < n and 0 <= road.b < n):
                yield self.problem(label, "MAPS.md: a road segment joins two existing spaces")
                continue
            if road.a == road.b:
                yield self.problem(label, "MAPS.md: a road segment joins two distinct spaces",
                                   f"both ends are object {board.spaces[road.a].object_id}")
                continue
            pair = frozenset((road.a, road.b))
            if pair in seen:
                yield self.problem(label, "MAPS.md: no duplicate road segments",
                                   f"same spaces as object {seen[pair].object_id}")
            else:
                seen[pair] = road
            yield from self._check_road_along_connection(road)
        degree = Counter()
        for road in self.valid_roads():
            degree[road.a] += 1
            degree[road.b] += 1
        crossings = sum(1 for d in degree.values() if d >= 3)
        dead_ends = sum(1 for d in degree.values() if d == 1)
        if crossings < MIN_CROSSINGS:
            yield self.problem("map", "MAPS.md: at least 3 crossings (spaces with 3+ road segments)", f"has {crossings}")
        if dead_ends < MIN_DEAD_ENDS:
            yield self.problem("map", "MAPS.md: at least 4 dead ends (spaces with 1 road segment)", f"has {dead_ends}")
        if "connection-roads" in self.rules and not any(r.along_connection for r in board.roads):
            yield self.problem("map", "RULINGS E2/E3: connection-roads needs road segments along connections")

    def _check_road_along_connection(self, road: RoadSegment) -> Iterator[MapProblem]:
        """E2/E3: a segment marked `along_connection` runs between the two territories of that connection."""
        if not road.along_connection:
            return
        label = self.road_label(road)
        if "connection-roads" not in self.rules:
            yield self.problem(label, "docs/maps.md: along_connection only with the connection-roads rule")
            return
        connection = self.board.connections_by_number.get(road.along_connection)
        if connection is None:
            yield self.problem(label, "docs/maps.md: along_connection names an existing connection",
                               f"no connection {road.along_connection}")
            return
        ends = (self.board.spaces[road.a], self.board.spaces[road.b])
        fits = all(s.connection == connection.number if s.is_ruin_space else s.territory in connection.territories
                   for s in ends)
        if fits and not any(s.is_ruin_space for s in ends):
            fits = ends[0].territory != ends[1].territory
        if not fits:
            yield self.problem(label, "RULINGS E2/E3: a road along a connection joins that connection's territories",
                               f"connection {connection.number}")

    def _check_settlements(self) -> Iterator[MapProblem]:
        """MAPS.md: "a settlement of 4 is reachable in every biome".

        Settlements may cross territory and biome borders (B17), so any connected network of 4
        spaces would satisfy a loose reading, and the check would catch nothing. We read it as:
        a tribe paying only with cards of one biome can build a settlement, i.e. some road-connected
        group of at least 4 tent spaces lies entirely in territories of that biome (roads between two
        territories of the same biome count; ruin spaces and other biomes' spaces do not).
        The Void territory of void-totems holds no tents and is exempt.
        """
        board = self.board
        for biome, territory_indices in sorted(board.territories_by_biome.items()):
            if biome is Biome.VOID and "void-totems" in self.rules:
                continue
            members = {i for t in territory_indices for i in board.territories[t].tent_spaces}
            edges = [(r.a, r.b) for r in self.valid_roads() if r.a in members and r.b in members]
            largest = max((len(c) for c in _components(members, edges)), default=0)
            if largest < SETTLEMENT_SIZE:
                yield self.problem(f"biome {biome.key}", "MAPS.md: a settlement of 4 reachable in every biome",
                                   f"largest road-connected group of {biome.key} tent spaces: {largest}")

    def _check_connections(self) -> Iterator[MapProblem]:
        board = self.board
        n_territories = len(board.territories)
        numbers = Counter(c.number for c in board.connections)
        top = max(numbers, default=0)
        missing = _first_missing(numbers, top)
        if missing or any(k < 1 for k in numbers):
            total = top - sum(1 for k in numbers if 1 <= k <= top)
            more = f" and {total - len(missing):,} more" if total > len(missing) else ""
            yield self.problem("map", "MAPS.md: connections numbered 1..N without gaps",
                               f"missing {', '.join(map(str, missing))}{more}" if missing else "numbers below 1")
        for number, count in sorted(numbers.items()):
            if count > 1:
                yield self.problem(f"connection {number}", "MAPS.md: connection numbers are unique", f"{count} times")
        if not CONNECTION_COUNT[0] <= len(board.connections) <= CONNECTION_COUNT[1]:
            yield self.problem("map", "MAPS.md: 14 to 22 connections", f"has {len(board.connections)}")
        pairs: dict[frozenset[int], Connection] = {}
        for connection in board.connections:
            label = self.connection_label(connection)
            a, b = connection.territories
            if not (0 <= a < n_territories and 0 <= b < n_territories):
                yield self.problem(label, "MAPS.md: a connection joins two existing territories")
                continue
            if a == b:
                yield self.problem(label, "MAPS.md: a connection joins two distinct territories",
                                   f"both ends {board.territories[a].name!r}")
                continue
            pair = frozenset((a, b))
            if pair in pairs and "twin-connections" not in self.rules:
                yield self.problem(label, "RULINGS E4: two connections join the same territories only with twin-connections",
                                   f"same territories as connection {pairs[pair].number}")
            pairs.setdefault(pair, connection)
        if "twin-connections" in self.rules and len(pairs) == len(self.valid_connections()):
            yield self.problem("map", "RULINGS E4: twin-connections needs two connections joining the same territories")
        kinds = Counter(c.kind for c in board.connections)
        for kind in ConnectionKind:
            if kinds[kind] < MIN_OF_EACH_KIND:
                yield self.problem("map", f"MAPS.md: at least 3 {kind.value} connections", f"has {kinds[kind]}")
        touched = {t for c in self.valid_connections() for t in c.territories}
        for territory in board.territories:
            if territory.index not in touched:
                yield self.problem(self.territory_label(territory), "MAPS.md: every territory touches a connection")

    def _check_peaks(self) -> Iterator[MapProblem]:
        board = self.board
        peaked = [c for c in board.connections if c.peak_group]
        if not board.uses_mountains:
            for connection in peaked:
                yield self.problem(self.connection_label(connection), "RULINGS B3: no peak groups on a map without mountains",
                                   f"peak group {connection.peak_group}")
            return
        for connection in peaked:
            if connection.peak_group not in PEAK_GROUPS:
                yield self.problem(self.connection_label(connection), "RULINGS B3: peak groups are 1 to 4",
                                   f"peak group {connection.peak_group}")
        if len(peaked) != 2 * len(PEAK_GROUPS):
            yield self.problem("map", "RULINGS B3: exactly 8 peak connections on a map with mountains",
                               f"has {len(peaked)}")
        groups = Counter(c.peak_group for c in peaked)
        for group in PEAK_GROUPS:
            if groups[group] != 2:
                yield self.problem(f"peak group {group}", "RULINGS B3: two connections per peak group",
                                   f"has {groups[group]}")

    def _check_territory_graph(self) -> Iterator[MapProblem]:
        nodes = {t.index for t in self.board.territories}
        components = _components(nodes, (c.territories for c in self.valid_connections()))
        if len(components) > 1:
            parts = sorted(components, key=lambda c: (-len(c), min(c)))
            cut_off = ", ".join(sorted(self.board.territories[i].name for part in parts[1:] for i in part))
            yield self.problem("map", "MAPS.md: the territory graph is connected",
                               f"{len(components)} parts; cut off: {cut_off}")

    def _check_ruins(self) -> Iterator[MapProblem]:
        board = self.board
        ruins = [s for s in board.spaces if s.is_ruin_space]
        if "ruins" not in self.rules:
            for space in ruins:
                yield self.problem(self.space_label(space), "docs/maps.md: ruin spaces only with the ruins rule")
            return
        if not ruins:
            yield self.problem("map", "RULINGS E3: the ruins rule needs ruin spaces")
        on_roads = {end for r in self.valid_roads() for end in (r.a, r.b)}
        for space in ruins:
            label = self.space_label(space)
            if space.connection not in board.connections_by_number:
                yield self.problem(label, "RULINGS E3: a ruin space lies on an existing connection",
                                   f"connection {space.connection}")
            if space.ruin_biome not in BASE_BIOMES:
                yield self.problem(label, "RULINGS E3: a ruin space shows a biome icon",
                                   f"biome {space.ruin_biome.key if space.ruin_biome is not None else 'none'}")
            if any(point_in_polygon(space.position, t.polygon) for t in board.territories):
                yield self.problem(label, "RULINGS E3: a ruin space belongs to no territory")
            if space.index not in on_roads:
                yield self.problem(label, "RULINGS E3: a ruin space sits on the road network")

    def _check_contested(self) -> Iterator[MapProblem]:
        board = self.board
        spots = board.contested_spots
        if "contested" not in self.rules:
            for spot in spots:
                yield self.problem(f"contested spot (object {spot.object_id})",
                                   "docs/maps.md: contested spots only with the contested rule")
            return
        if len(spots) != CONTESTED_SPOTS:
            yield self.problem("map", "RULINGS E7: exactly 5 contested spots", f"has {len(spots)}")
        n = len(board.territories)
        for spot in spots:
            a, b = spot.territories
            if not (0 <= a < n and 0 <= b < n) or board.territories[a].biome is board.territories[b].biome:
                yield self.problem(f"contested spot (object {spot.object_id})",
                                   "RULINGS E7: a contested spot joins two territories of different biomes")

    def _check_long_road(self) -> Iterator[MapProblem]:
        board = self.board
        purple = {s.index for s in board.spaces if s.purple_road}
        if "long-road" not in self.rules:
            for index in sorted(purple):
                yield self.problem(self.space_label(board.spaces[index]),
                                   "docs/maps.md: purple_road only with the long-road rule")
            return
        edges = [(r.a, r.b) for r in self.valid_roads() if r.a in purple and r.b in purple]
        parts = _components(purple, edges)
        if len(parts) != 1:
            yield self.problem("purple road", "RULINGS E6: the purple road is one road-connected chain",
                               f"{len(parts)} pieces")
        degree = Counter(end for edge in set(map(frozenset, edges)) for end in edge)
        for index in sorted(i for i, d in degree.items() if d > 2):
            yield self.problem(self.space_label(board.spaces[index]), "RULINGS E6: the purple road is a chain without branches",
                               f"{degree[index]} purple neighbours")
        territories = {board.spaces[i].territory for i in purple}
        if len(territories) < LONG_ROAD_MIN_TERRITORIES:
            yield self.problem("purple road", "MAPS.md: the purple road runs through at least 3 territories",
                               f"runs through {len(territories)}")


MAX_LISTED_GAPS = 10


def _first_missing(numbers: Counter[int], top: int) -> list[int]:
    """The first few of 1..top that are not in `numbers`, found in at most len(numbers) + 10 steps.

    A connection numbered 10^13 must not make the validator count to 10^13.
    """
    missing: list[int] = []
    k = 1
    while k <= top and len(missing) < MAX_LISTED_GAPS:
        if k not in numbers:
            missing.append(k)
        k += 1
    return missing


def _components(nodes: Iterable[int], edges: Iterable[tuple[int, int]]) -> list[set[int]]:
    """Connected components by union-find; edges with an end outside `nodes` are ignored."""
    parent = {n: n for n in nodes}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        if a in parent and b in parent:
            parent[find(a)] = find(b)
    groups: dict[int, set[int]] = {}
    for n in parent:
        groups.setdefault(find(n), set()).add(n)
    return list(groups.values())


def _polygon_defect(polygon: tuple[Point, ...]) -> str:
    """Why a territory outline is not a usable simple polygon, or "" when it is.

    Point-in-polygon (which decides the territory of every space) and the rendered borders both
    go wrong on outlines that cross themselves or have no area.
    """
    points = list(polygon)
    if len(points) > 1 and points[0] == points[-1]:
        points.pop()
    if len(set(points)) < 3:
        return "fewer than 3 distinct points"
    area2 = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))
    if abs(area2) < 1e-6:
        return "no area"
    n = len(points)
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # neighbours through the closing edge
            if _segments_cross(*edges[i], *edges[j]):
                return f"edges {i + 1} and {j + 1} cross"
    return ""


def _segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Proper crossing of two segments (touching at an end point does not count)."""

    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def validate_board(board: Board) -> list[MapProblem]:
    """Every MAPS.md/RULINGS.md requirement the board breaks, in a stable order; empty when it is fine."""
    return _Checker(board).run()


def check_map_file(path: str | Path) -> tuple[Board, list[MapProblem]]:
    """Load one file leniently and validate it: the loader's problems (broken references and
    placements, whose objects it left out) first, then the validator's; a file that cannot become
    a Board at all raises MapError (one line)."""
    problems: list[MapProblem] = []
    board = load_board(path, problems)
    return board, problems + validate_board(board)


def validate_map_file(path: str | Path) -> list[MapProblem]:
    """Every problem of one file, as `maps validate` lists them; MapError when it is not a map at all."""
    return check_map_file(path)[1]
