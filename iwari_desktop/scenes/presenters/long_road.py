"""The Long Road (E6): the purple road's setup line and its final-scoring row, after the territories."""

from __future__ import annotations

from typing import Any, ClassVar

from ...i18n import N_, _
from .base import Category, Name, Presenter
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
