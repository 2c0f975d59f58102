"""Sizes of what the map background prints, in board pixels.

Kept apart from the painter because every painting stage reads them and the game scenes size
their pieces from them too, so a piece lands exactly on its printed space.
"""

from __future__ import annotations

SUPERSAMPLE = 2

# Sizes in board pixels; the game scenes size pieces from these.
TENT_SPACE_RADIUS = 13.0
TOTEM_SPACE_RADIUS = 22.0
RUIN_SPACE_RADIUS = 15.0
BADGE_RADIUS = 17.5
CONTESTED_RADIUS = 17.0
ROAD_WIDTH = 6.5
LABEL_FONT_SIZE = 22  # the size a territory name is printed at when it has room
# The smallest capital letter a name may have, in board pixels. Legibility is judged at the smallest
# window the game supports, 1280×720, where a 1600×1120 board is drawn at about 0.58 of its size:
# 14 board pixels make capitals 8 screen pixels tall (tests/art/test_art_names.py checks it on screen).
MIN_NAME_CAP = 14.0
SLOT_SIZE = (50.0, 21.0)
