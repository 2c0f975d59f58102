"""The expansion's pieces on the board: Void ruins, Void totems, icebergs, contested tokens, golden tokens,
the purple road and the ruin-blocked connections.

Everything drawn here is read from the rule modules' `public_view` (what any player may see) and
from the map data; nothing is decided here. `BoardView` calls `draw_under` before the tents,
`draw_over` after the tribes' pieces, and asks `piece_at` for hover; where a token sits inside a
territory is chosen once per position on a free spot that covers no tent space, totem space,
badge or territory name (the same free-spot search the feat icons use).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ...art.map_sizes import BADGE_RADIUS, CONTESTED_RADIUS, RUIN_SPACE_RADIUS, TENT_SPACE_RADIUS, TOTEM_SPACE_RADIUS
from ...art.palette import GOLD, ROAD_PURPLE_EDGE, RUIN, RUIN_DARK
from ..presenters.registry import presenters
from ..presenters.views import module_views

if TYPE_CHECKING:
    from ..board.board_view import BoardView

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class PieceHit:
    """An expansion thing under the mouse: `kind` is ruin, contested, golden or road; `key` its space,
    token or territory index."""

    kind: str
    key: int


def iceberg_numbers(views: dict[str, Any]) -> frozenset[int]:
    """Connections whose mountain is drawn as an iceberg: only where a map's rules say so (Glacial Mass,
    E4); on the base maps a mountain on water stays a mountain."""
    return frozenset((views.get("twin-connections") or {}).get("icebergs", ()))


class ExpansionLayer:
    """Draws and hit-tests the expansion's pieces for one `BoardView` (board pixels cached per position)."""

    def __init__(self, view: "BoardView") -> None:
        self.view = view
        self._spots: dict[tuple, dict[tuple[str, int], Point]] = {}
        self.highlight: PieceHit | None = None  # set by the board scene while the mouse is over a piece

    # ---- where things go ---------------------------------------------------------------------------
    @property
    def token_px(self) -> int:
        return max(14, int(self.view.tent_px * 1.1))

    def placed_tokens(self, state, views: dict[str, Any] | None = None) -> dict[tuple[str, int], Point]:
        """Board points of the tokens that sit on no printed spot: moved contested tokens (in their
        territory, near the spot they came from) and Worship's golden tokens (beside the totem space)."""
        views = module_views(state) if views is None else views
        contested = views.get("contested") or []
        golden = (views.get("worship") or {}).get("golden") or []
        key = (tuple((t["token"], t["territory"]) for t in contested if t["territory"] is not None), tuple(golden))
        spots = self._spots.get(key)
        if spots is not None:
            return spots
        board = self.view.board
        size = self.token_px / self.view.k
        taken: list[Point] = []
        spots = {}
        for territory in golden:
            t = board.territories[territory]
            if t.totem_space is None:
                continue
            point = self._first_free(t.totem_space, TOTEM_SPACE_RADIUS + size / 2 + 3, size, taken, territory)
            spots[("golden", territory)] = point
            taken.append(point)
        for token in contested:
            if token["territory"] is None:
                continue
            spot = board.contested_spots[token["token"]].position
            point = self._first_free(spot, CONTESTED_RADIUS + size / 2 + 4, size, taken, token["territory"])
            spots[("contested", token["token"])] = point
            taken.append(point)
        if len(self._spots) > 32:
            self._spots.clear()
        self._spots[key] = spots
        return spots

    def _first_free(self, centre: Point, radius: float, size: float, taken: list[Point], territory: int) -> Point:
        """The nearest free ring point inside `territory`, away from points already `taken`."""
        from ...art.draw import point_in_polygon

        polygon = self.view.board.territories[territory].polygon
        for ring in range(12):
            for p in self.view.free_spots(centre, radius + ring * size * 0.5, size):
                if point_in_polygon(p, polygon) and all(math.dist(p, q) > size + 2 for q in taken):
                    return p
        return centre

    def reserved(self, state) -> list[Point]:
        """Board points the feat icons must keep off (the tokens placed here)."""
        return list(self.placed_tokens(state).values())

    # ---- drawing -------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface, state, views: dict[str, Any]) -> None:
        """Marks that go beneath the pieces: the purple road, golden totem spaces, blocked connections."""
        view, board = self.view, self.view.board
        k = view.k
        width = max(2, int(3 * k * 1.4))
        lit_road = self.highlight is not None and self.highlight.kind == "road"
        for s in board.spaces:
            if s.purple_road:
                centre = view.to_screen(s.position)
                r = max(6, int((TENT_SPACE_RADIUS + 5) * k))
                if lit_road:
                    pygame.draw.circle(surface, (250, 236, 255), centre, r + width + 1, width + 1)
                pygame.draw.circle(surface, ROAD_PURPLE_EDGE if lit_road else RUIN, centre, r, width)
        worship = views.get("worship") or {}
        for territory in worship.get("golden") or []:
            t = board.territories[territory]
            if t.totem_space is not None:
                centre = view.to_screen(t.totem_space)
                pygame.draw.circle(surface, GOLD, centre, max(8, int((TOTEM_SPACE_RADIUS + 4) * k)), width + 1)
        for number in (views.get("ruins") or {}).get("blocked_connections") or []:
            self._blocked_ring(surface, board.connections_by_number[number].position)

    def _blocked_ring(self, surface: pygame.Surface, position: Point) -> None:
        """A dashed purple ring around a connection badge: a Void ruin still blocks it."""
        view = self.view
        cx, cy = view.to_screen(position)
        r = max(9, (BADGE_RADIUS + 5) * view.k)
        width = max(2, int(4 * view.k * 1.3))
        for i in range(10):
            a0 = i * math.pi / 5
            a1 = a0 + math.pi / 7
            pts = [(cx + r * math.cos(a0 + (a1 - a0) * j / 4), cy + r * math.sin(a0 + (a1 - a0) * j / 4)) for j in range(5)]
            pygame.draw.lines(surface, RUIN_DARK, False, pts, width + 2)
            pygame.draw.lines(surface, (196, 150, 236), False, pts, width)

    def void_ruin(self, surface: pygame.Surface, space: int) -> None:
        """The neutral Void's ruin where a tent would stand (drawn by the tent loop in its place)."""
        image = self.view.art.void_ruin(max(12, int(self.view.tent_px * 1.1)))
        x, y = self.view.to_screen(self.view.board.spaces[space].position)
        halo = max(6, int(RUIN_SPACE_RADIUS * self.view.k * 1.15))  # a pale disc: the dark ruin reads on any ground
        pygame.draw.circle(surface, (226, 208, 244), (x, y), halo)
        pygame.draw.circle(surface, RUIN_DARK, (x, y), halo, max(1, int(2 * self.view.k * 1.4)))
        surface.blit(image, image.get_rect(center=(x, y - image.get_height() // 8)))

    def draw_over(self, surface: pygame.Surface, state, views: dict[str, Any]) -> None:
        """Tokens and icons that sit on top: ruin icons, contested tokens, golden tokens."""
        view, board, art = self.view, self.view.board, self.view.art
        icon = max(9, int(view.tent_px * 0.62))
        for space in board.ruin_spaces:
            s = board.spaces[space]
            image = art.biome_icon(s.ruin_biome.key, icon)
            surface.blit(image, image.get_rect(center=self.ruin_icon_centre(space)))
        placed = self.placed_tokens(state, views)
        size = self.token_px
        for token in views.get("contested") or []:
            if token["territory"] is None:
                image = art.contested("front", size)
                surface.blit(image, image.get_rect(center=view.to_screen(board.contested_spots[token["token"]].position)))
                continue
            centre = view.to_screen(placed[("contested", token["token"])])
            image = art.contested("back", size)
            surface.blit(image, image.get_rect(center=centre))
            if token["tribe"] is not None:
                tent = art.tent(state.tribes[token["tribe"]].colour.value, max(10, int(size * 0.8)))
                surface.blit(tent, tent.get_rect(center=(centre[0], centre[1] - size // 10)))
        golden_px = max(12, int(size * 0.85))
        for (kind, key), point in placed.items():
            if kind == "golden":
                image = art.golden_worship(golden_px)
                surface.blit(image, image.get_rect(center=view.to_screen(point)))

    def ruin_icon_centre(self, space: int) -> tuple[int, int]:
        """The biome icon sits on the ruin space's outer side, away from its connection badge."""
        board = self.view.board
        s = board.spaces[space]
        badge = board.connections_by_number[s.connection].position if s.connection in board.connections_by_number \
            else (s.position[0] - 1, s.position[1])
        dx, dy = s.position[0] - badge[0], s.position[1] - badge[1]
        length = math.hypot(dx, dy) or 1.0
        reach = RUIN_SPACE_RADIUS * 1.3
        return self.view.to_screen((s.position[0] + dx / length * reach, s.position[1] + dy / length * reach + 4))

    # ---- hover -----------------------------------------------------------------------------------------
    def piece_at(self, state, pos: tuple[int, int]) -> PieceHit | None:
        """The expansion piece under `pos`: tokens first, then ruin spaces, then the purple road."""
        view, board = self.view, self.view.board
        views = module_views(state)
        half = self.token_px / 2 + 1
        for (kind, key), point in self.placed_tokens(state, views).items():
            x, y = view.to_screen(point)
            if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
                return PieceHit(kind, key)
        x, y = view.to_map(pos)
        for token in views.get("contested") or []:
            if token["territory"] is None and math.dist((x, y), board.contested_spots[token["token"]].position) \
                    <= CONTESTED_RADIUS + 2:
                return PieceHit("contested", token["token"])
        for space in board.ruin_spaces:
            if math.dist((x, y), board.spaces[space].position) <= RUIN_SPACE_RADIUS + 3:
                return PieceHit("ruin", space)
        if any(m.key == "long-road" for m in state.modules):
            for s in board.spaces:
                if s.purple_road and math.dist((x, y), s.position) <= TENT_SPACE_RADIUS + 4:
                    return PieceHit("road", s.index)
        return None


def tribe_badges(state, views: dict[str, Any]) -> dict[int, dict[str, int]]:
    """Per tribe what the tribe panel shows beside its name (ruins kept, the Determination token): each
    rule's presenter gives its own badges."""
    badges: dict[int, dict[str, int]] = {}
    for shown in presenters():
        for tribe, extra in shown.badges(state, views).items():
            badges.setdefault(tribe, {}).update(extra)
    return badges


