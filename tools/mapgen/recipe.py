"""What a map recipe says: the hand-chosen shape of the land and the seeds of its territories.

A recipe is only how a map was drawn the first time; the generated `.tmx` file is the source of
truth afterwards (people edit it in Tiled).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True)
class Terr:
    """One territory: its invented name, biome and the seed point it grows from."""

    name: str
    biome: str
    at: Point
    weight: float = 1.0          # >1 grows faster, i.e. a larger territory
    tents: int | None = None     # tent-space count; None: from area and biome


@dataclass(frozen=True)
class Channel:
    """A strip of sea (strait, fjord, rift) cut through the land along a polyline."""

    points: tuple[Point, ...]
    width: float


@dataclass(frozen=True)
class Lake:
    at: Point
    radius: float


@dataclass
class Recipe:
    map_id: str
    display_name: str
    min_players: int
    max_players: int
    modes: str
    mountains: bool
    rules: str
    seed: int
    land: list[list[Point]]                      # coarse outlines of the land masses (their union is land)
    territories: list[Terr]
    channels: list[Channel] = field(default_factory=list)
    lakes: list[Lake] = field(default_factory=list)
    islets: list[list[Point]] = field(default_factory=list)  # land painted after the sea cuts (islands in lakes)
    coast_noise: float = 48.0                    # px amplitude of the coastline wobble
    coast_scale: float = 150.0                   # px size of the coastline features
    border_noise: float = 0.6                   # 0..1, how much territory borders meander
    border_scale: float = 130.0
    border_warp: float = 90.0                    # px displacement bending the borders
    border_warp_scale: float = 300.0
    # connections
    connection_target: int = 18                  # at most this many connections are kept
    exclude_pairs: list[tuple[str, str]] = field(default_factory=list)
    force_pairs: list[tuple[str, str]] = field(default_factory=list)  # never dropped
    min_land_border: float = 45.0
    max_water_gap: float = 150.0
    numbering: str = "snake"                     # "snake" (rows) or "sweep" (angle round the centre)
    snake_bands: int = 3
    sweep_start: float = 180.0                   # degrees, for "sweep"
    twin: tuple[str, str] | None = None          # Glacial Mass: connections 1 and 11
    peaks: list[tuple[tuple[str, str], int]] | None = None  # explicit peak groups; None: automatic
    # special content
    no_totem: list[str] = field(default_factory=list)
    no_tents: list[str] = field(default_factory=list)
    connection_roads: list[tuple[str, str]] = field(default_factory=list)   # E2: roads along these connections
    ruins: list[tuple[tuple[str, str], str]] = field(default_factory=list)  # E3: (pair, biome icon)
    purple_road: list[Point] = field(default_factory=list)                  # E6: guide line of the purple road
    purple_count: int = 12
    contested: int = 0                           # E7: number of contested spots
    # tent spaces and roads
    tent_total: int = 74
    offroad: int = 3
    space_gap: float = 50.0
    step: tuple[float, float] = (54.0, 80.0)
    branchiness: float = 0.38
    extra_loops: int = 2
    second_link_chance: float = 0.35
