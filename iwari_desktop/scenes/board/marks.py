"""Rings on the map around the pieces put down since the player's last turn.

After five computers (or the rest of the table) have moved, the player should see at a glance where
the new pieces went. Each new piece gets a thin ring in its owner's colour, with a dark edge so a
yellow or white ring still shows on light ground; a totem space where several tribes raised totems
gets one ring per tribe, nested. The rings go once the player acts (`CatchUp.new_pieces`).
They sit around pieces, never on an empty space, so they hide nothing a player may click.
"""

from __future__ import annotations

import pygame

from .board_view import BoardView, tribe_colour
from .controller_trail import TENT, Placed

EDGE = (30, 20, 10)


def draw_marks(surface: pygame.Surface, view: BoardView, state, pieces: list[Placed]) -> list[pygame.Rect]:
    """Ring each piece in `pieces`; returns the rings' bounding boxes (tests and the tester's dump read them)."""
    size = view.tent_px
    width = max(2, size // 12)
    drawn: list[pygame.Rect] = []
    totems: dict[int, int] = {}  # rings already drawn on a totem space: the next one goes outside
    for piece in pieces:
        if piece.kind == TENT:
            centre = view.to_screen(state.board.spaces[piece.where].position)
            radius = int(size * 0.62)
        else:
            spot = state.board.territories[piece.where].totem_space
            if spot is None:
                continue
            centre = view.to_screen(spot)
            nth = totems.get(piece.where, 0)
            totems[piece.where] = nth + 1
            radius = int(size * 0.85) + nth * (width + 3)
        colour = tribe_colour(state, piece.tribe)
        pygame.draw.circle(surface, EDGE, centre, radius + 1, width + 2)  # a dark edge on both sides
        drawn.append(pygame.draw.circle(surface, colour, centre, radius, width))
    return drawn
