"""Solo and co-op on the map: the Void pawn on its connection, the claim tokens on counted territories
(drawn by the solo presenter, `solo.py`, over the pieces), and the forecast's marks (`draw_forecast`).

Everything is read from the solo/co-op module's public view (`pawn`, `claims`); nothing is decided here.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

import pygame

from ...art.map_sizes import BADGE_RADIUS, CONTESTED_RADIUS, SLOT_SIZE, TENT_SPACE_RADIUS, TOTEM_SPACE_RADIUS
from .box_place import board_key, geometry_key, remember

if TYPE_CHECKING:
    from ..board.board_view import BoardView
    from .solo_forecast import ForecastPicture

VOID_PURPLE = (92, 52, 140)
BADGE_R = BADGE_RADIUS + 1.2  # a connection badge's printed radius with its rim, in board pixels
VOID_LIGHT = (200, 170, 240)
VOID_DARK = (28, 14, 40)
PLAYER_GREEN = (52, 128, 70)


def claim_spot(view: "BoardView", territory: int) -> tuple[int, int]:
    """Where a territory's claim token sits: a free spot beside its totem space (covers no space or name)."""
    t = view.board.territories[territory]
    centre = t.totem_space or t.polygon[0]
    spots = view.free_spots(centre, 40, 26) or view.free_spots(centre, 62, 26)
    return view.to_screen(spots[0] if spots else centre)


def draw_board_layer(view: "BoardView", surface: pygame.Surface, data: dict[str, Any]) -> None:
    """The pawn and the claim tokens of the Void's public view `data`, drawn over the pieces."""
    k = view.k
    r = max(8, int(15 * k * 1.4))
    for key, side in (data.get("claims") or {}).items():
        claim_token(surface, claim_spot(view, int(key)), r, side)
    pawn = data.get("pawn")
    connection = view.board.connections_by_number.get(pawn) if pawn is not None else None
    if connection is not None:
        draw_pawn(view, surface, pawn_foot(view, pawn))


def claim_token(surface: pygame.Surface, at: tuple[int, int], r: int, side: str) -> None:
    """A claim token: purple with a cross for the Void, green with a tick for the players."""
    x, y = at
    colour = VOID_PURPLE if side == "void" else PLAYER_GREEN
    pygame.draw.circle(surface, (20, 12, 8), (x, y), r + 2)
    pygame.draw.circle(surface, colour, (x, y), r)
    pygame.draw.circle(surface, (245, 235, 210), (x, y), r, max(1, r // 6))
    mark = [(x - r * 0.45, y), (x - r * 0.1, y + r * 0.4), (x + r * 0.5, y - r * 0.4)]
    if side == "void":  # a spiral-ish cross for the Void, a tick for the players
        pygame.draw.line(surface, (245, 235, 210), (x - r * 0.4, y - r * 0.4), (x + r * 0.4, y + r * 0.4), max(2, r // 4))
        pygame.draw.line(surface, (245, 235, 210), (x - r * 0.4, y + r * 0.4), (x + r * 0.4, y - r * 0.4), max(2, r // 4))
    else:
        pygame.draw.lines(surface, (245, 235, 210), False, mark, max(2, r // 4))


def draw_forecast(view: "BoardView", surface: pygame.Surface, picture: "ForecastPicture") -> None:
    """The forecast on the map: the strike's territories outlined in purple, a purple ring with a pale Void
    totem or ruin where each piece goes, and a pale claim token on each territory the Corruption counts."""
    board, k = view.board, view.k
    width = max(2, int(3 * k * 1.4))
    for t in picture.lit:
        outline = [view.to_screen(p) for p in board.territories[t].polygon]
        if len(outline) > 2:
            pygame.draw.lines(surface, VOID_DARK, True, outline, width + 2)
            pygame.draw.lines(surface, VOID_LIGHT, True, outline, width)
    ring = max(9, int(view.tent_px * 0.8))
    size = max(12, int(view.tent_px * 1.1))
    for t in picture.totems:
        spot = board.territories[t].totem_space
        if spot is not None:
            _ghost(surface, view.to_screen(spot), ring + width, view.art.void_totem(max(14, int(view.tent_px * 1.25))))
    for space in picture.ruins:
        _ghost(surface, view.to_screen(board.spaces[space].position), ring, view.art.void_ruin(size))
    r = max(8, int(15 * k * 1.4))
    for verdict in picture.counts:
        token = pygame.Surface((2 * r + 6, 2 * r + 6), pygame.SRCALPHA)
        claim_token(token, (r + 3, r + 3), r, verdict.side)
        token.set_alpha(175)
        x, y = claim_spot(view, verdict.territory)
        surface.blit(token, token.get_rect(center=(x, y)))
        pygame.draw.circle(surface, VOID_LIGHT, (x, y), r + 3, max(1, width // 2))


def _ghost(surface: pygame.Surface, at: tuple[int, int], ring: int, image: pygame.Surface) -> None:
    """A piece still to come: its picture half see-through inside a purple ring."""
    pale = image.copy()
    pale.set_alpha(150)
    surface.blit(pale, pale.get_rect(center=at))
    pygame.draw.circle(surface, VOID_DARK, at, ring + 1, 4)
    pygame.draw.circle(surface, VOID_LIGHT, at, ring, 2)


PAWN_SIDES = ((1, -1), (-1, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (0, -1), (0, 1))  # up-right first, as ever


def _pawn_size(view: "BoardView") -> int:
    return max(10, int(22 * view.k * 1.4))


def _pawn_box(pr: int, foot: tuple[int, int]) -> pygame.Rect:
    """The rect the pawn drawn with its foot at `foot` takes, its shadow included."""
    x, y = foot
    left, top = x - int(pr * 0.75) - 1, y - int(pr * 1.5) - 1
    return pygame.Rect(left, top, x + int(pr * 0.75) + 4 - left, y + int(pr * 0.55) + 5 - top)


def _covered(view: "BoardView", box: pygame.Rect) -> int:
    """How much of what the map prints a pawn in `box` would hide: names, badges, peak slots, spaces."""
    board, k = view.board, view.k
    cost = 0
    for name in view.name_boxes():
        left, top = view.to_screen((name.x, name.y))
        right, bottom = view.to_screen((name.right, name.bottom))
        cut = box.clip(pygame.Rect(left, top, right - left, bottom - top).inflate(4, 4))
        cost += 4 * cut.w * cut.h
    circles = [(c.position, BADGE_R) for c in board.connections]
    circles += [(s.position, TENT_SPACE_RADIUS) for s in board.spaces]
    circles += [(t.totem_space, TOTEM_SPACE_RADIUS) for t in board.territories if t.totem_space is not None]
    circles += [(c.position, CONTESTED_RADIUS) for c in board.contested_spots]
    for at, radius in circles:
        x, y = view.to_screen(at)
        r = radius * k + 1
        nx, ny = min(max(x, box.left), box.right), min(max(y, box.top), box.bottom)
        if (nx - x) ** 2 + (ny - y) ** 2 < r * r:
            cost += int(3 * r * r)
    for c in board.connections:
        if c.peak_group is not None:
            x, y = view.to_screen(view.mountain_spot(c.number))
            slot = pygame.Rect(0, 0, int((SLOT_SIZE[0] + 4) * k), int((SLOT_SIZE[1] + 4) * k))
            slot.center = (x, y)
            cut = box.clip(slot)
            cost += 3 * cut.w * cut.h
    if not view.rect.contains(box):
        cost += box.w * box.h * 8
    return cost


def pawn_foot(view: "BoardView", number: int) -> tuple[int, int]:
    """Where the pawn on connection `number` stands (screen): beside the badge, on the side where it hides
    neither the badge's number, nor a territory's name, peak slot or space (the least of them where every
    side hides some); up and to the right where that side is free.

    Remembered per view, board geometry and connection: the search takes milliseconds and every frame asks
    (a weak key, so a closed board's view is not kept alive by it); and for the process under everything the
    search reads (the view's geometry, names and printed slots), so the next board of the same map at the same
    size searches nothing (issue #32)."""
    spots = _PAWN_SPOTS.setdefault(view, {})
    key = (board_key(view), number)
    if key not in spots:
        if len(spots) > 256:
            spots.clear()
        slots = tuple(view.mountain_spot(c.number) for c in view.board.connections if c.peak_group is not None)
        shared = (geometry_key(view), slots, number)
        found = _FEET.get(shared)
        spots[key] = found if found is not None else remember(_FEET, shared, _search_foot(view, number), 256)
    return spots[key]


_PAWN_SPOTS: "WeakKeyDictionary[BoardView, dict[tuple, tuple[int, int]]]" = WeakKeyDictionary()
_FEET: "OrderedDict[tuple, tuple[int, int]]" = OrderedDict()   # every pawn's foot found, for the process


def _search_foot(view: "BoardView", number: int) -> tuple[int, int]:
    bx, by = view.to_screen(view.board.connections_by_number[number].position)
    pr = _pawn_size(view)
    size = _pawn_box(pr, (0, 0))
    best = None
    sides = [(reach, side) for reach in (BADGE_R * view.k + 3, BADGE_R * view.k + 3 + pr // 2) for side in PAWN_SIDES]
    for order, (reach, (dx, dy)) in enumerate(sides):   # close beside the badge, else a little further out
        box = size.copy()
        edge = (bx + dx * reach * (0.71 if dy else 1), by + dy * reach * (0.71 if dx else 1))
        box.x = int(edge[0]) if dx > 0 else int(edge[0]) - box.w if dx < 0 else bx - box.w // 2
        box.y = int(edge[1]) if dy > 0 else int(edge[1]) - box.h if dy < 0 else by - box.h // 2
        cost = (_covered(view, box), order)
        if best is None or cost < best[0]:
            best = (cost, box)
        if cost[0] == 0:
            break
    box = best[1]
    return box.x - size.x, box.y - size.y


def pawn_rect(view: "BoardView", number: int) -> pygame.Rect:
    """The rect the pawn on connection `number` covers (the boxes over the board keep clear of it)."""
    return _pawn_box(_pawn_size(view), pawn_foot(view, number))


def draw_pawn(view: "BoardView", surface: pygame.Surface, foot: tuple[float, float]) -> None:
    """The Void pawn standing at screen point `foot` (`pawn_foot`: beside its connection's badge; the steps
    screen moves it from one such point to the next)."""
    x, y = int(foot[0]), int(foot[1])
    pr = _pawn_size(view)
    body = [(x, y - pr * 1.5), (x + pr * 0.75, y + pr * 0.2), (x, y + pr * 0.55), (x - pr * 0.75, y + pr * 0.2)]
    pygame.draw.polygon(surface, (16, 8, 24), [(px + 2, py + 3) for px, py in body])
    pygame.draw.polygon(surface, VOID_PURPLE, body)
    pygame.draw.polygon(surface, VOID_LIGHT, body, max(2, pr // 6))
    pygame.draw.circle(surface, VOID_LIGHT, (x, int(y - pr * 0.45)), max(3, pr // 4))
