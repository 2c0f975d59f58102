"""Contested tokens (E7): the setup line and the words of moving a token into a territory."""

from __future__ import annotations

from typing import Any, ClassVar

from iwari_desktop.engine.rulesets.contested import PlaceContested
from ...i18n import N_, _
from ..ui.terms import biome_name
from .base import Name, Presenter
from .registry import register


@register
class Contested(Presenter):
    key: ClassVar[str] = "contested"
    setup_line: ClassVar[str] = N_("Five contested tokens: two cards of a bordering biome bring one into that territory "
                                   "with your tent on it.")

    def describe(self, state: Any, action: Any) -> str | None:
        if not isinstance(action, PlaceContested):
            return None
        names = state.board.territories
        return _("moves a contested token into {territory} with a tent on it (two {biome} cards)").format(
            territory=names[action.territory].name, biome=biome_name(names[action.territory].biome))

    order: ClassVar[int] = 40  # its territory note after the Void totems', before Worship's

    def piece_lines(self, state: Any, hit: Any, name: Name, views: dict[str, Any]) -> list[str] | None:
        if hit.kind != "contested":
            return None
        board = state.board
        entry = next((t for t in views.get("contested") or [] if t["token"] == hit.key), None)
        if entry is None:
            return []
        if entry["territory"] is None:
            a, b = entry["between"]
            return [_("Contested token"),
                    _("Between {a} ({biome_a}) and {b} ({biome_b})").format(
                        a=board.territories[a].name, biome_a=biome_name(board.territories[a].biome),
                        b=board.territories[b].name, biome_b=biome_name(board.territories[b].biome)),
                    _("Two cards of one of these biomes move it into that territory"),
                    _("as an extra tent space, with your tent on it.")]
        t = board.territories[entry["territory"]]
        lines = [_("Contested token in {territory}").format(territory=t.name)]
        if entry["tribe"] is not None:
            lines.append(_("{player}'s tent stands on it: an extra tent space here").format(player=name(entry['tribe'])))
        lines.append(_("It counts for this territory's majority like any tent"))
        return lines

    def territory_notes(self, state: Any, territory: int, name: Name, views: dict[str, Any]) -> list[str]:
        return [_("Contested token here with {player}'s tent").format(player=name(entry['tribe']))
                for entry in views.get("contested") or [] if entry["territory"] == territory and entry["tribe"] is not None]
