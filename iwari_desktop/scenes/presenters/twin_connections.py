"""Twin connections and icebergs (E4): the setup line, the twin note on a connection, and the iceberg on the
board (a mountain on water, where the map's rules say so) with its tooltip."""

from __future__ import annotations

from typing import Any, ClassVar

from ...i18n import N_, _
from .base import BoardStep, Pen, Presenter
from .registry import register


@register
class TwinConnections(Presenter):
    key: ClassVar[str] = "twin-connections"
    setup_line: ClassVar[str] = N_("Two connections join the same pair of territories and each scores on its own.")
    order: ClassVar[int] = 70  # its connection note after the ruins'
    board_order: ClassVar[dict[BoardStep, int]] = {BoardStep.MOUNTAIN: 10}

    def draw_mountain(self, pen: Pen, surface: Any, views: dict[str, Any], number: int, centre: tuple[int, int],
                      px: int) -> bool:
        """An iceberg in the mountain's stead, only where the map's rules say so (Glacial Mass); on the base
        maps a mountain on water stays a mountain."""
        if number not in icebergs(views):
            return False
        image = pen.view.art.iceberg(px)
        surface.blit(image, image.get_rect(center=centre))
        return True

    def mountain_lines(self, state: Any, number: int, views: dict[str, Any]) -> list[str] | None:
        return self.iceberg_lines(state, number) if number in icebergs(views) else None

    def connection_notes(self, state: Any, number: int, views: dict[str, Any]) -> list[str]:
        notes = []
        for group in (views.get("twin-connections") or {}).get("twins") or []:
            if number in group:
                others = [str(n) for n in group if n != number]
                notes.append(_("Joins the same territories as connection {numbers}; each scores on its own").format(
                    numbers=", ".join(others)))
        return notes

    @staticmethod
    def iceberg_lines(state: Any, number: int) -> list[str]:
        """The tooltip of a mountain drawn as an iceberg (a mountain on water)."""
        c = state.board.connections_by_number[number]
        a, b = (state.board.territories[t].name for t in c.territories)
        return [_("Iceberg on connection {number}").format(number=number),
                _("A mountain on water: it blocks the connection {a} – {b}").format(a=a, b=b),
                _("That connection scores nothing at the end")]


def icebergs(views: dict[str, Any]) -> frozenset[int]:
    """The connections whose mountain is an iceberg (E4), from the rule's public view."""
    return frozenset((views.get("twin-connections") or {}).get("icebergs", ()))
