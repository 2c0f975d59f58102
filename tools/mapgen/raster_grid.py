"""The raster every map is drawn on: board size, cell size and the label that means sea."""

from __future__ import annotations

WIDTH = 1600
HEIGHT = 1120
CELL = 5
GW = WIDTH // CELL
GH = HEIGHT // CELL
SEA = -1
EDGE_MARGIN = 52.0
