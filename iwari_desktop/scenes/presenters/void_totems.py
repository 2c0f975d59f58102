"""Void totems (E5): the setup line and the words of moving a Void totem out of the centre."""

from __future__ import annotations

from typing import Any, ClassVar

from iwari_desktop.engine.rulesets.void_totems import VoidMove, VoidTotem
from ...i18n import N_, _
from ..ui.terms import biome_name
from .base import Name, Presenter
from .registry import register


@register
class VoidTotems(Presenter):
    key: ClassVar[str] = "void-totems"
    setup_line: ClassVar[str] = N_("Five Void totems start in the centre; a Place may move one of them into play.")

    def describe(self, state: Any, action: Any) -> str | None:
        names = state.board.territories
        if isinstance(action, VoidMove):
            cards = " + ".join(biome_name(c) for c in action.cards)
            text = (_("moves a Void totem into {territory} from {source} and a piece of its own ({cards})")
                    if len(action.cards) == 3 else _("moves a Void totem into {territory} from {source} ({cards})"))
            return text.format(territory=names[action.territory].name, source=names[action.source].name, cards=cards)
        if isinstance(action, VoidTotem) and state.pending is not None:
            return _("moves the Void totem onto {territory}'s stack").format(
                territory=names[state.pending.territory].name)
        return None

    order: ClassVar[int] = 30  # its territory notes first

    def territory_notes(self, state: Any, territory: int, name: Name, views: dict[str, Any]) -> list[str]:
        """The Void's centre, and the neutral Void totems standing in the territory."""
        notes = []
        if territory in ((views.get("void-totems") or {}).get("void_territories") or []):
            notes.append(_("The Void's centre: Void totems are moved out from here"))
        void = state.void_tribe
        if void is not None:
            n = state.totem_counts[territory][void]
            if n:
                notes += [_("Neutral Void totems here: {n}").format(n=n),
                          _("They count for the totem cap and majorities, never score")]
        return notes
