"""The canvas and state that every stage of the map background painter shares.

The painter is split into one class per stage (sea, land, roads, connections, spaces, names);
they all build on `MapCanvas`, which holds the supersampled canvas, the board, the scaled
polygons and road courses, the layout the stages record, and one seeded random stream. The
stages draw from that stream in painting order, so the order is part of the picture.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from iwari_desktop.engine.maps.board import Board, Point
from . import ensure_pygame_headless
from .draw import alpha_surface, scaled, thick_polyline
from .fonts import art_font
from .map_geometry import road_path
from .map_sizes import SUPERSAMPLE


@dataclass
class MapLayout:
    """Where the background put things the game may want to line up with (board pixels)."""

    peak_slots: dict[int, Point] = field(default_factory=dict)  # connection number -> slot centre
    labels: dict[int, pygame.Rect] = field(default_factory=dict)  # territory index -> name rect
    name_caps: dict[int, float] = field(default_factory=dict)  # territory index -> capital height of its name
    crowded_names: list[int] = field(default_factory=list)  # names that found no free spot and cover something


class MapCanvas:
    """Shared state and helpers of the painting stages (see the module docstring)."""

    def __init__(self, board: Board, k: int = SUPERSAMPLE) -> None:
        ensure_pygame_headless()
        self.board = board
        self.k = k
        self.w, self.h = board.size
        self.size = (self.w * k, self.h * k)
        self.canvas = pygame.Surface(self.size)
        self.rng = random.Random(f"map:{board.map_id}")
        self.layout = MapLayout()
        self.polys = [scaled(t.polygon, k) for t in board.territories]
        self.roads = [road_path(board, r) for r in board.roads]

    def K(self, p: Point) -> Point:
        return (p[0] * self.k, p[1] * self.k)

    def font(self, size: float, role: str = "label") -> pygame.font.Font:
        return art_font(role, int(size * self.k))

    def land_mask(self, grow: float = 3.0) -> pygame.Surface:
        """The union of all territories, grown a little so hairline gaps between polygons close."""
        mask = alpha_surface(self.size)
        for poly in self.polys:
            pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
            thick_polyline(mask, (255, 255, 255, 255), poly + [poly[0]], 2 * grow * self.k)
        return mask
