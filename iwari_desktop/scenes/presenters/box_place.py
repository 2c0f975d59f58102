"""Where a box drawn over the map may go: clear of every tent and totem space, connection badge and territory
name, so it never hides what the player clicks or reads; over the sea rather than the land.

Why a search: the maps differ (sea at the top of one, in the middle of another), so no fixed corner is
free on all of them. The map's obstacles are drawn once into masks per board and area; a spot is then
found per box size by sliding the box over them (pygame's masks do the overlap test in C) and
remembered, so a frame that draws the same box asks nothing again.

A spot is a pure answer of the map's geometry, the view's place and scale, the box's size and what it must
avoid, so it is remembered for the whole process (`_SPOTS`, with the masks in `_MASKS`), keyed by all of
those, the map's fingerprint and its printed names included: a second board of the same map at the same size
(the next game, a replay over it, another App in the same process) asks nothing again (issue #32). A search
of a big window's map slides the box over some 38,000 positions.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ..board.board_view import BoardView


_SPOTS: OrderedDict[tuple, pygame.Rect | None] = OrderedDict()   # every spot found, the least recently asked out first
_MASKS: OrderedDict[tuple, tuple[pygame.mask.Mask, pygame.mask.Mask]] = OrderedDict()
SPOTS_KEPT, MASKS_KEPT = 512, 8   # a spot is a few numbers; two masks of a big window's map are about 300 kB


def remember(store: OrderedDict, key: tuple, value, most: int):
    """`value` kept in `store` under `key`, the least recently kept out first past `most` entries."""
    store[key] = value
    while len(store) > most:
        store.popitem(last=False)
    return value


class BoxPlacer:
    """Where the box goes on the map: the spot nearest the top left that covers no tent or totem space,
    connection badge or territory name, sea before land. Remembered per map geometry, area and box size."""

    def _masks_of(self, view: "BoardView", area: pygame.Rect) -> tuple[pygame.mask.Mask, pygame.mask.Mask]:
        key = (geometry_key(view), area.topleft, area.size)
        if key in _MASKS:
            _MASKS.move_to_end(key)
        else:
            board = view.board
            hard = pygame.Surface(area.size, pygame.SRCALPHA)
            land = pygame.Surface(area.size, pygame.SRCALPHA)
            ox, oy = area.topleft

            def at(p: tuple[float, float]) -> tuple[int, int]:
                x, y = view.to_screen(p)
                return x - ox, y - oy
            reach = max(7, int(view.tent_px * 0.7))
            for space in board.spaces:
                pygame.draw.circle(hard, (255, 0, 0), at(space.position), reach)
            for t in board.territories:
                if len(t.polygon) > 2:
                    pygame.draw.polygon(land, (255, 0, 0), [at(p) for p in t.polygon])
                if t.totem_space is not None:
                    pygame.draw.circle(hard, (255, 0, 0), at(t.totem_space), reach + reach // 2)
            for connection in board.connections:
                pygame.draw.circle(hard, (255, 0, 0), at(connection.position), reach * 2)
            for box in view.name_boxes():
                left, top = at((box.x, box.y))
                right, bottom = at((box.right, box.bottom))
                pygame.draw.rect(hard, (255, 0, 0), pygame.Rect(left, top, right - left, bottom - top).inflate(6, 6))
            remember(_MASKS, key, (pygame.mask.from_surface(hard), pygame.mask.from_surface(land)), MASKS_KEPT)
        return _MASKS[key]

    def place(self, view: "BoardView", area: pygame.Rect, size: tuple[int, int], margin: int,
              avoid: list[pygame.Rect] = (), least: bool = False) -> pygame.Rect | None:
        """A free spot for a box of `size` inside `area`, clear of the `avoid` boxes (None: none covers nothing).
        `least`: when no spot is free, the one covering the fewest obstacle pixels rather than None."""
        key = (geometry_key(view), area.topleft, area.size, tuple(size), margin, tuple(tuple(r) for r in avoid), least)
        if key in _SPOTS:
            _SPOTS.move_to_end(key)
            found = _SPOTS[key]
        else:
            found = remember(_SPOTS, key, self._search(view, area, size, margin, avoid, least), SPOTS_KEPT)
        return None if found is None else found.copy()

    def _search(self, view: "BoardView", area: pygame.Rect, size: tuple[int, int], margin: int,
                avoid: list[pygame.Rect], least: bool) -> pygame.Rect | None:
        hard, land = self._masks_of(view, area)
        keep_off = [r.move(-area.x, -area.y).inflate(2 * margin, 2 * margin) for r in avoid]
        w, h = size
        if w > area.w - 2 * margin or h > area.h - 2 * margin:
            return None
        box = pygame.mask.Mask(size, fill=True)
        step = max(4, margin // 2)
        best, best_cost = None, None
        for y in range(margin, area.h - h - margin + 1, step):
            for x in range(margin, area.w - w - margin + 1, step):
                if pygame.Rect(x, y, w, h).collidelist(keep_off) >= 0:
                    continue
                covered = hard.overlap(box, (x, y)) is not None
                if covered and not least:
                    continue
                cost = (hard.overlap_area(box, (x, y)) if covered else 0, land.overlap_area(box, (x, y)) * 4 + x + y)
                if best_cost is None or cost < best_cost:
                    best, best_cost = (x, y), cost
        return None if best is None else pygame.Rect(area.x + best[0], area.y + best[1], w, h)


def geometry_key(view: "BoardView") -> tuple:
    """Everything of the view the masks are drawn from: `board_key`, the map's fingerprint (an edited map is
    another), the names its picture printed, and the size of a tent on screen."""
    from ...art.fingerprint import geometry_fingerprint

    names = tuple(tuple(r) for r in view.name_boxes())
    return (board_key(view), geometry_fingerprint(view.board), names, view.tent_px)


def board_key(view: "BoardView") -> tuple:
    """The board's geometry as a key (not its id: a later game's board may reuse a freed object's id)."""
    board = view.board
    return (board.map_id, tuple(board.size), len(board.spaces), len(board.territories), view.rect.topleft, view.k)
