"""The illustrated map background, rendered from a Board (so geometry edits re-render the art).

`render_background(board)` paints, in order: the sea (gradient, soft swell, a shallow-water halo
and ripple lines around every coast), each territory's biome texture clipped to its polygon,
soft borders and a darker coastline, the roads (earthy paths; bridges along connections; The
Long Road's purple road in purple), the connection badges with their peak slots, the tent,
totem and ruin spaces, contested spots, and small territory names placed where nothing else is.

Everything is drawn on a canvas `SUPERSAMPLE` times the board size and smoothscaled down once at
the end, which anti-aliases every edge. Randomness is seeded per map and per territory, so the
same Board always gives the same picture.

The painting stages live in their own modules (`map_sea`, `map_land`, `map_roads`,
`map_connections`, `map_spaces`, `map_names`, on the shared `map_canvas`); this module puts them
in order and keeps the public names (`render_background`, `peak_slots`, `road_path`, sizes…).
"""

from __future__ import annotations

import pygame

from iwari_desktop.engine.maps.board import Board
from .draw import alpha_surface, soften
from .map_canvas import MapLayout
from .map_connections import ConnectionPainter
from .map_geometry import is_purple_road, peak_slot_position, peak_slots, road_path
from .map_land import LandPainter
from .map_names import NamePainter
from .map_roads import RoadPainter
from .map_sea import SeaPainter
from .map_sizes import (
    BADGE_RADIUS,
    CONTESTED_RADIUS,
    LABEL_FONT_SIZE,
    ROAD_WIDTH,
    RUIN_SPACE_RADIUS,
    SLOT_SIZE,
    SUPERSAMPLE,
    TENT_SPACE_RADIUS,
    TOTEM_SPACE_RADIUS,
)
from .map_spaces import SpacePainter

__all__ = [
    "BADGE_RADIUS", "CONTESTED_RADIUS", "LABEL_FONT_SIZE", "ROAD_WIDTH", "RUIN_SPACE_RADIUS", "SLOT_SIZE",
    "SUPERSAMPLE", "TENT_SPACE_RADIUS", "TOTEM_SPACE_RADIUS", "MapLayout", "is_purple_road", "peak_slot_position",
    "peak_slots", "render_background", "render_background_with_layout", "road_path",
]


class _Painter(SeaPainter, LandPainter, RoadPainter, ConnectionPainter, SpacePainter, NamePainter):
    """All stages together; `paint` runs them in order (the order is part of the picture)."""

    def paint_frame(self) -> None:
        k = self.k
        W, H = self.size
        inner = alpha_surface(self.size)
        pygame.draw.rect(inner, (0, 0, 0, 120), inner.get_rect(), int(10 * k))
        self.canvas.blit(soften(inner, int(6 * k)), (0, 0))
        pygame.draw.rect(self.canvas, (58, 40, 26), self.canvas.get_rect(), int(5 * k))
        pygame.draw.rect(self.canvas, (196, 164, 110), self.canvas.get_rect().inflate(-10 * k, -10 * k), max(1, int(1.2 * k)))

    def paint(self) -> pygame.Surface:
        land = self.land_mask()
        self.paint_sea(land)
        self.paint_compass(land)
        self.paint_connection_links()
        self.paint_territories(land)
        self.paint_roads()
        self.paint_badges()
        self.paint_spaces()
        self.paint_names()
        self.paint_frame()
        return pygame.transform.smoothscale(self.canvas, (self.w, self.h))


def render_background(board: Board) -> pygame.Surface:
    """The illustrated background of a board, at the board's pixel size (opaque)."""
    return _Painter(board).paint()


def render_background_with_layout(board: Board) -> tuple[pygame.Surface, MapLayout]:
    painter = _Painter(board)
    surface = painter.paint()
    return surface, painter.layout
