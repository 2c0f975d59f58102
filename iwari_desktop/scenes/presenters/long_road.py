"""The Long Road (E6): the purple road's setup line and its final-scoring row, after the territories."""

from __future__ import annotations

from typing import Any, ClassVar

from ...i18n import N_, _
from ..ui.terms import tribe_label
from .base import Category, Focus, Name, Presenter
from .registry import register


@register
class LongRoad(Presenter):
    key: ClassVar[str] = "long-road"
    setup_line: ClassVar[str] = N_("The purple road scores like a territory for most tents on it, at the final scoring only.")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("long-road", N_("Long Road"), order=1, colour=(120, 70, 150), own_focus=True),)

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
