"""The Board model: everything a map says, as immutable data the rules read.

A map file (see `tmx_loader`) is the only source of this data; the rules never ask which map
they are on, only what the board holds (docs/maps.md, MAPS.md: "anything a rule needs must be in
the map data"). Indices are dense so that the game state can keep plain lists per space and per
territory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from iwari_desktop.engine.core.biomes import Biome, ConnectionKind

Point = tuple[float, float]


class MapError(Exception):
    """A map file that cannot be turned into a Board; the message is one line naming map and object."""


@dataclass(frozen=True, slots=True)
class MapProblem:
    """One broken requirement: which map, which object in it, which rule (and the numbers, if any).

    `constraint` is a stable phrase naming the rule so that tests and scripts can match it;
    `detail` carries what was actually found, for the person fixing the map. Both the loader (in
    its lenient mode, for broken references and placements) and the validator report these.
    """

    map_id: str
    object: str
    constraint: str
    detail: str = ""

    def __str__(self) -> str:
        suffix = f" ({self.detail})" if self.detail else ""
        return f"{self.map_id}: {self.object}: {self.constraint}{suffix}"


@dataclass(frozen=True, slots=True)
class TentSpace:
    """A small circle that holds at most one tent (B10).

    Ruin spaces (E3) are tent spaces that lie on a connection and belong to no territory.
    """

    index: int
    object_id: int
    position: Point
    territory: int | None
    ruin_biome: Biome | None = None
    connection: int | None = None
    purple_road: bool = False

    @property
    def is_ruin_space(self) -> bool:
        return self.ruin_biome is not None


@dataclass(frozen=True, slots=True)
class Territory:
    index: int
    object_id: int
    name: str
    biome: Biome
    polygon: tuple[Point, ...]
    tent_spaces: tuple[int, ...]
    totem_space: Point | None

    @property
    def holds_totems(self) -> bool:
        """A territory without a totem space takes no totems (Floating Lands' Tundra, E2)."""
        return self.totem_space is not None


@dataclass(frozen=True, slots=True)
class RoadSegment:
    """A road between two tent spaces (B17); `waypoints` only shape how it is drawn."""

    object_id: int
    a: int
    b: int
    along_connection: int | None = None
    waypoints: tuple[Point, ...] = ()


@dataclass(frozen=True, slots=True)
class Connection:
    """A numbered link between two territories, scored in ascending number (B16)."""

    number: int
    object_id: int
    territories: tuple[int, int]
    kind: ConnectionKind
    position: Point
    peak_group: int | None = None

    @property
    def iceberg(self) -> bool:
        """A peak connection across water: the mountain covering it is drawn as an iceberg (E4, art only)."""
        return self.peak_group is not None and self.kind is ConnectionKind.WATER


@dataclass(frozen=True, slots=True)
class ContestedSpot:
    """A spot touching two territories of different biomes where a contested token starts (E7)."""

    index: int
    object_id: int
    territories: tuple[int, int]
    position: Point


@dataclass(frozen=True)
class Board:
    map_id: str
    name: str
    min_players: int
    max_players: int
    modes: frozenset[str]
    uses_mountains: bool
    rules: tuple[str, ...]
    size: tuple[int, int]
    territories: tuple[Territory, ...]
    spaces: tuple[TentSpace, ...]
    roads: tuple[RoadSegment, ...]
    connections: tuple[Connection, ...]
    contested_spots: tuple[ContestedSpot, ...] = ()
    background: str | None = None
    source: str | None = None
    extra: dict[str, object] = field(default_factory=dict, compare=False)

    def _adjacency(self, along_connections: bool) -> tuple[tuple[int, ...], ...]:
        adjacency: list[list[int]] = [[] for _ in self.spaces]
        for road in self.roads:
            if road.along_connection is None or along_connections:
                adjacency[road.a].append(road.b)
                adjacency[road.b].append(road.a)
        return tuple(tuple(sorted(set(n))) for n in adjacency)

    @cached_property
    def space_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """The base road adjacency per tent space (B17): segments that run along a connection are left out.

        Those join settlements only under a rule that says so (E2/E3 `connection-roads`), so rules ask
        `GameState.space_neighbours`, which picks this or `road_neighbours` from the active modules.
        """
        return self._adjacency(False)

    @cached_property
    def road_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Every drawn road segment as adjacency per space, along-connection segments included.

        What the map shows (art, editors) and what settlements use when a module declares
        `connection_roads` (Floating Lands, Forgotten Island).
        """
        return self._adjacency(True)

    def settlement_neighbours(self, connection_roads: bool) -> tuple[tuple[int, ...], ...]:
        """The adjacency settlements (B17) and road distances (S5) use: the base, or every segment."""
        return self.road_neighbours if connection_roads else self.space_neighbours

    @cached_property
    def road_counts(self) -> tuple[int, ...]:
        """Road segments touching each tent space: 1 is a dead end (Worship, E10), 3+ a crossing (E8)."""
        counts = [0] * len(self.spaces)
        for road in self.roads:
            counts[road.a] += 1
            counts[road.b] += 1
        return tuple(counts)

    @cached_property
    def territories_by_biome(self) -> dict[Biome, tuple[int, ...]]:
        grouped: dict[Biome, list[int]] = {}
        for territory in self.territories:
            grouped.setdefault(territory.biome, []).append(territory.index)
        return {biome: tuple(indices) for biome, indices in grouped.items()}

    @cached_property
    def place_plans(self) -> dict[tuple, tuple]:
        """A memo that `placement.place_options` fills: per hand, the (territories, payments) pairs to try
        (issue #32); a hand's payments never change, so each is worked out once per board."""
        return {}

    @cached_property
    def connection_ends(self) -> tuple[tuple[int, int, int], ...]:
        """(number, territory a, territory b) per connection in map order: the evaluation's inner loop reads
        these three numbers tens of thousands of times a decision (issue #32)."""
        return tuple((c.number, *c.territories) for c in self.connections)

    @cached_property
    def connections_by_number(self) -> dict[int, Connection]:
        return {c.number: c for c in self.connections}

    @cached_property
    def peak_groups(self) -> dict[int, tuple[int, ...]]:
        """Peak group → the connection numbers that carry it (B3: two per group)."""
        groups: dict[int, list[int]] = {}
        for c in self.connections:
            if c.peak_group:
                groups.setdefault(c.peak_group, []).append(c.number)
        return {g: tuple(sorted(n)) for g, n in sorted(groups.items())}

    @cached_property
    def iceberg_connections(self) -> frozenset[int]:
        """Connection numbers whose mountain slot lies on water, drawn as an iceberg (E4; no rules difference)."""
        return frozenset(c.number for c in self.connections if c.iceberg)

    @cached_property
    def connections_of_territory(self) -> tuple[tuple[int, ...], ...]:
        """Connection numbers touching each territory, ascending."""
        touching: list[list[int]] = [[] for _ in self.territories]
        for c in self.connections:
            for t in set(c.territories):
                touching[t].append(c.number)
        return tuple(tuple(sorted(n)) for n in touching)

    @cached_property
    def ruin_spaces(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.spaces if s.is_ruin_space)

    # Map constants the Void's rules and the solo bots read thousands of times a turn (issue #20): derived
    # once per board rather than by a scan of every territory, space or connection per call.
    @cached_property
    def playable_territories(self) -> tuple[int, ...]:
        """Territories with tent spaces, ascending (the purple centre of The Uncharted Paths has none, P22)."""
        return tuple(t.index for t in self.territories if t.tent_spaces)

    @cached_property
    def spaceless_territories(self) -> tuple[int, ...]:
        """Territories without tent spaces (the purple centre, where the Void's totems may gather, S11)."""
        return tuple(t.index for t in self.territories if not t.tent_spaces)

    @cached_property
    def totem_holders(self) -> tuple[bool, ...]:
        """Per territory, whether it has a totem space (B10), for the legal-action loop."""
        return tuple(t.totem_space is not None for t in self.territories)

    @cached_property
    def connection_numbers(self) -> tuple[int, ...]:
        """Connection numbers ascending: the order the Void pawn walks them (S5)."""
        return tuple(sorted(self.connections_by_number))

    @cached_property
    def purple_road_spaces(self) -> tuple[int, ...]:
        """The Long Road's purple road, in map order (E6)."""
        return tuple(s.index for s in self.spaces if s.purple_road)

    @property
    def biomes(self) -> tuple[Biome, ...]:
        return tuple(sorted(self.territories_by_biome))

    def territory_named(self, name: str) -> Territory:
        for territory in self.territories:
            if territory.name == name:
                return territory
        raise KeyError(name)
