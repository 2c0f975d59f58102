"""The Long Road (E6): the purple road's setup line, its final-scoring row (after the territories), and the
road on the board: a purple ring round each of its spaces, lit while the mouse is over it."""

from __future__ import annotations

import math
from typing import Any, ClassVar

import pygame

from ...art.map_sizes import TENT_SPACE_RADIUS
from ...art.palette import ROAD_PURPLE_EDGE, RUIN
from ...i18n import N_, _
from ..ui.terms import tribe_label
from .base import BoardStep, Category, Focus, Name, Pen, PieceHit, Point, Presenter
from .registry import register


@register
class LongRoad(Presenter):
    key: ClassVar[str] = "long-road"
    setup_line: ClassVar[str] = N_("The purple road scores like a territory for most tents on it, at the final scoring only.")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("long-road", N_("Long Road"), order=1, colour=(120, 70, 150), own_focus=True),)
    # the road is the first mark on the ground; its spaces are hit last, after every token and ruin
    board_order: ClassVar[dict[BoardStep, int]] = {BoardStep.UNDER: 10, BoardStep.HIT: 30}

    def draw_under(self, pen: Pen, surface: Any, state: Any, views: dict[str, Any]) -> None:
        """A purple ring round each road space (wherever the map prints the road), brighter while hovered."""
        view = pen.view
        width = pen.mark_width
        lit = pen.highlight is not None and pen.highlight.kind == "road"
        for s in view.board.spaces:
            if s.purple_road:
                centre = view.to_screen(s.position)
                r = max(6, int((TENT_SPACE_RADIUS + 5) * view.k))
                if lit:
                    pygame.draw.circle(surface, (250, 236, 255), centre, r + width + 1, width + 1)
                pygame.draw.circle(surface, ROAD_PURPLE_EDGE if lit else RUIN, centre, r, width)

    def piece_at(self, pen: Pen, state: Any, views: dict[str, Any], point: Point) -> PieceHit | None:
        if any(m.key == self.key for m in state.modules):
            for s in pen.view.board.spaces:
                if s.purple_road and math.dist(point, s.position) <= TENT_SPACE_RADIUS + 4:
                    return PieceHit("road", s.index)
        return None

    def piece_lines(self, state: Any, hit: Any, name: Name, views: dict[str, Any]) -> list[str] | None:
        """The purple road: how it scores and whose tents stand on it."""
        if hit.kind != "road":
            return None
        road = [s.index for s in state.board.spaces if s.purple_road]
        counts: dict[int, int] = {}
        for space in road:
            owner = state.space_owner[space]
            if owner >= 0:
                counts[owner] = counts.get(owner, 0) + 1
        tents = ", ".join(f"{name(t)} {n}" for t, n in sorted(counts.items())) or _("none yet")
        return [_("The purple road"),
                _("At the final scoring it scores like one more territory:"),
                _("the tribes with the most tents on its spaces score for it."),
                _("It never scores at the half journey and no feat multiplies it."),
                _("Tents on it ({n} spaces): {tents}").format(n=len(road), tents=tents)]

    def line_title(self, state: Any, line: Any) -> str | None:
        return _("The Long Road") if line.subject.partition(":")[0] == "long-road" else None

    def line_focus(self, state: Any, line: Any) -> Focus | None:
        """The road's tent spaces and the territories they lie in."""
        if line.subject.partition(":")[0] != "long-road":
            return None
        board = state.board
        spaces = {s.index for s in board.spaces if s.purple_road}
        return {board.spaces[s].territory for s in spaces} - {None}, None, spaces  # type: ignore[return-value]

    def explain(self, state: Any, line: Any) -> list[str] | None:
        if line.category != "long-road" or not line.ranks:
            return None
        parts = []
        for tribe, rank in sorted(line.ranks.items(), key=lambda kv: (kv[1], kv[0])):
            if tribe in line.base:
                parts.append(_("{player} rank {rank} scores {points}").format(
                    player=tribe_label(state.tribes[tribe]), rank=rank, points=line.base[tribe]))
        return [_("The purple road is scored like one more territory, for the tents standing on it; no feat "
                  "multiplies it."), "; ".join(parts) + "."]
