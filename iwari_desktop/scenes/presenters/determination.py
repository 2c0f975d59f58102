"""The Determination token (E7): its setup line, the holder's badge and tooltip lines."""

from __future__ import annotations

from typing import Any, ClassVar

from ...i18n import N_, _
from .base import Name, Presenter
from .registry import register


@register
class Determination(Presenter):
    key: ClassVar[str] = "determination"
    setup_line: ClassVar[str] = N_("The Determination token lets its holder put a second piece in an unexplored "
                                   "territory once, then it passes on.")
    order: ClassVar[int] = 80  # its tribe note and badge after the ruins'

    def tribe_notes(self, state: Any, tribe: int, name: Name, views: dict[str, Any]) -> list[str]:
        if (views.get("determination") or {}).get("holder") == tribe:
            return [_("Holds the Determination token: once, may put two pieces"),
                    _("into an unexplored territory; then it goes to the previous player")]
        return []

    def badges(self, state: Any, views: dict[str, Any]) -> dict[int, dict[str, int]]:
        holder = (views.get("determination") or {}).get("holder")
        return {} if holder is None else {holder: {"determination": 1}}
