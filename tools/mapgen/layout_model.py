"""What a layout is made of (connections, spaces, roads) and the distances every placement keeps."""

from __future__ import annotations

from dataclasses import dataclass, field

from .geometry import Point
from .recipe import Recipe

ROAD_MIN = 30.0
ROAD_MAX = 140.0
EDGE_CLEAR = 26.0          # tent space to its polygon edge (hard minimum 22)
TOTEM_CLEAR = 50.0         # tent space to a totem space (hard minimum 40)
TOTEM_EDGE_CLEAR = 40.0
BADGE_CLEAR = 34.0         # tent space to a connection badge
ROAD_TO_SPACE = 19.0       # a road passing another space
ROAD_TO_TOTEM = 27.0
ROAD_TO_BADGE = 24.0
ROAD_TO_ROAD = 12.0
ROAD_ANGLE = 32.0          # two roads leaving one space
BIOME_WEIGHT = {"tundra": 1.14, "forest": 1.08, "glaciers": 1.0, "coast": 0.97, "desert": 0.9, "void": 0.95}


@dataclass
class Conn:
    pair: tuple[int, int]
    kind: str
    pos: Point
    quality: float
    gap: tuple[Point, Point] | None = None   # water: closest shore points
    number: int = 0
    peak: int = 0
    forced: bool = False


@dataclass
class Space:
    pos: Point
    territory: int | None
    purple: bool = False
    ruin_biome: str | None = None
    connection: int | None = None


@dataclass
class Road:
    a: int
    b: int
    points: list[Point]
    along: int | None = None


@dataclass
class Layout:
    recipe: Recipe
    polygons: list[list[Point]]
    connections: list[Conn]
    spaces: list[Space] = field(default_factory=list)
    roads: list[Road] = field(default_factory=list)
    totems: dict[int, Point] = field(default_factory=dict)
    contested: list[tuple[Point, int, int]] = field(default_factory=list)


def round_point(p: Point) -> Point:
    return (float(round(p[0])), float(round(p[1])))
