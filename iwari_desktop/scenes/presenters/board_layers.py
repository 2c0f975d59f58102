"""The rules' pieces on the board, drawn by the rules' presenters: this layer names no rule.

`BoardView` asks it for each `BoardStep` in turn: `draw(UNDER)` before the tents, `draw_tent` and
`draw_mountain` in the tent and mountain loops (a rule's piece in the base piece's stead), `draw(OVER)`
after the tribes' pieces, and `piece_at` for hover. Each step asks the presenters that declared it
(`registry.board_presenters`), in their declared place, so the layering of different rules' marks is the
presenters' `board_order`, not a list here. Everything they draw is read from the rule modules' public
views and the map data; nothing is decided here.

What this layer keeps for every rule: where a token that sits on no printed spot goes (one free spot per
position, inside its territory, covering no tent space, totem space, badge or territory name — the same
free-spot search the feat icons use, which then keep off these tokens), and which piece is lit under the
mouse.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from .base import BoardStep, PieceHit, Point, Presenter, Token
from .registry import board_presenters, presenters
from .views import module_views

if TYPE_CHECKING:
    from ..board.board_view import BoardView

__all__ = ["PieceHit", "RuleLayers", "module_views", "tribe_badges"]


class RuleLayers:
    """Draws and hit-tests the rules' pieces for one `BoardView` through their presenters (the `Pen` they
    draw with); token places are cached per position."""

    def __init__(self, view: "BoardView") -> None:
        self.view = view
        self._spots: dict[tuple, dict[tuple[str, int], Point]] = {}
        self.highlight: PieceHit | None = None  # set by the board scene while the mouse is over a piece

    # ---- the pen's measures ----------------------------------------------------------------------------
    @property
    def token_px(self) -> int:
        """A token's width on screen."""
        return max(14, int(self.view.tent_px * 1.1))

    @property
    def mark_width(self) -> int:
        """The line width of a rule's ring on the ground (a road space, a marked totem space)."""
        return max(2, int(3 * self.view.k * 1.4))

    # ---- where tokens go ---------------------------------------------------------------------------------
    def placed_tokens(self, state, views: dict[str, Any] | None = None) -> dict[tuple[str, int], Point]:
        """Board points of the tokens the rules lay on no printed spot (`Presenter.tokens`), placed in the
        declared `TOKENS` order, each clear of those placed before it."""
        views = module_views(state) if views is None else views
        size = self.token_px / self.view.k
        wanted: list[Token] = [token for shown in board_presenters(BoardStep.TOKENS)
                               for token in shown.tokens(self, state, views, size)]
        key = tuple((t.kind, t.key, t.territory) for t in wanted)
        spots = self._spots.get(key)
        if spots is not None:
            return spots
        taken: list[Point] = []
        spots = {}
        for token in wanted:
            point = self._first_free(token.centre, token.radius, size, taken, token.territory)
            spots[(token.kind, token.key)] = point
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

    # ---- drawing -----------------------------------------------------------------------------------------
    def draw(self, step: BoardStep, surface: pygame.Surface, state, views: dict[str, Any]) -> None:
        """Every rule's marks of the layer `step` (UNDER or OVER), in the declared order."""
        for shown in board_presenters(step):
            if step is BoardStep.UNDER:
                shown.draw_under(self, surface, state, views)
            else:
                shown.draw_over(self, surface, state, views)

    def tent_drawers(self) -> tuple[Presenter, ...]:
        """The presenters that may draw a piece in a tent's stead (asked once per frame, then per tent)."""
        return board_presenters(BoardStep.TENT)

    def draw_tent(self, drawers: tuple[Presenter, ...], surface: pygame.Surface, state, space: int,
                  owner: int) -> bool:
        """True when a rule drew its piece for `owner` on `space` (the tent loop then draws no tent)."""
        return any(shown.draw_tent(self, surface, state, space, owner) for shown in drawers)

    def draw_mountain(self, surface: pygame.Surface, views: dict[str, Any], number: int, centre: tuple[int, int],
                      px: int) -> bool:
        """True when a rule drew its piece on the covered connection `number` instead of a mountain."""
        return any(shown.draw_mountain(self, surface, views, number, centre, px)
                   for shown in board_presenters(BoardStep.MOUNTAIN))

    # ---- hover -------------------------------------------------------------------------------------------
    def piece_at(self, state, pos: tuple[int, int]) -> PieceHit | None:
        """The rule's piece under `pos`: placed tokens first (they lie on top), then each rule's own hit
        test in the declared `HIT` order."""
        view = self.view
        views = module_views(state)
        half = self.token_px / 2 + 1
        for (kind, key), point in self.placed_tokens(state, views).items():
            x, y = view.to_screen(point)
            if abs(pos[0] - x) <= half and abs(pos[1] - y) <= half:
                return PieceHit(kind, key)
        point = view.to_map(pos)
        for shown in board_presenters(BoardStep.HIT):
            hit = shown.piece_at(self, state, views, point)
            if hit is not None:
                return hit
        return None


def tribe_badges(state, views: dict[str, Any]) -> dict[int, dict[str, int]]:
    """Per tribe what the tribe panel shows beside its name (ruins kept, the Determination token): each
    rule's presenter gives its own badges."""
    badges: dict[int, dict[str, int]] = {}
    for shown in presenters():
        for tribe, extra in shown.badges(state, views).items():
            badges.setdefault(tribe, {}).update(extra)
    return badges
