"""Void ruins (E3): the setup line, the kept ruins' scoring row, and the words of taking a ruin space."""

from __future__ import annotations

from typing import Any, ClassVar

from iwari_desktop.engine.rulesets.ruins import TakeRuin
from ...i18n import N_, _, ngettext
from ..ui.terms import biome_name, tribe_label
from .base import Category, Focus, Name, Presenter
from .registry import register


@register
class Ruins(Presenter):
    key: ClassVar[str] = "ruins"
    setup_line: ClassVar[str] = N_(
        "Void ruins guard the ruin spaces: two cards of a ruin's icon swap it for your tent, "
        "and each ruin you take is a point at the end. A connection with a ruin scores once a tent replaces it.")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("ruins", N_("Ruins"), order=4, colour=(110, 100, 120), own_focus=True),)
    order: ClassVar[int] = 60  # its connection note before the twins', its tribe note before Determination's

    def piece_lines(self, state: Any, hit: Any, name: Name, views: dict[str, Any]) -> list[str] | None:
        if hit.kind != "ruin":
            return None
        space = hit.key
        board = state.board
        s = board.spaces[space]
        biome = biome_name(s.ruin_biome)
        lines = [_("Ruin space · {biome} icon").format(biome=biome)]
        c = board.connections_by_number.get(s.connection)
        joins = _("connection {number}").format(number=s.connection) + (
            f" ({board.territories[c.territories[0]].name} – {board.territories[c.territories[1]].name})" if c else "")
        owner = state.space_owner[space]
        if owner >= 0 and owner != state.void_tribe:
            lines += [_("{player} took this ruin: 1 point at the end of the game").format(player=name(owner)),
                      _("With a tribe's tent here, {connection} is open again").format(connection=joins)]
            return lines
        lines += [_("A Void ruin still stands here, so {connection}").format(connection=joins),
                  _("scores nothing and earns no Honour or Respect."),
                  _("Play exactly two {biome} cards to put your tent here:").format(biome=biome),
                  _("the connection opens and you keep the ruin (1 point at the end).")]
        return lines

    def connection_notes(self, state: Any, number: int, views: dict[str, Any]) -> list[str]:
        if number in ((views.get("ruins") or {}).get("blocked_connections") or []):
            return [_("Blocked by a Void ruin: scores nothing and earns no"),
                    _("Honour or Respect until a tribe takes its ruin")]
        return []

    def tribe_notes(self, state: Any, tribe: int, name: Name, views: dict[str, Any]) -> list[str]:
        kept = ((views.get("ruins") or {}).get("kept") or [])
        if tribe < len(kept) and kept[tribe]:
            return [_("Ruins kept: {n} (1 point each at the end)").format(n=kept[tribe])]
        return []

    def badges(self, state: Any, views: dict[str, Any]) -> dict[int, dict[str, int]]:
        """Ruins kept: a ruin icon and the count beside the tribe's score."""
        return {tribe: {"ruins": kept} for tribe, kept in enumerate((views.get("ruins") or {}).get("kept") or [])
                if kept and state.tribes[tribe].role.scores}

    def describe(self, state: Any, action: Any) -> str | None:
        if not isinstance(action, TakeRuin):
            return None
        space = state.board.spaces[action.space]
        if space.ruin_biome is not None:
            return _("takes the {biome} ruin space on connection {number} with two {biome} cards").format(
                biome=biome_name(space.ruin_biome), number=space.connection)
        return _("takes the ruin space on connection {number} with two cards of its icon").format(
            number=space.connection)

    def line_title(self, state: Any, line: Any) -> str | None:
        kind, _sep, rest = line.subject.partition(":")
        if kind == "ruins" and rest.isdigit():
            return _("Ruins of {player}").format(player=tribe_label(state.tribes[int(rest)]))
        return None

    def line_focus(self, state: Any, line: Any) -> Focus | None:
        """The ruin spaces the tribe took."""
        kind, _sep, rest = line.subject.partition(":")
        if kind != "ruins" or not rest.isdigit():
            return None
        spaces = self._kept_spaces(state)
        return set(), None, set(spaces[int(rest)] if spaces is not None else [])

    def explain(self, state: Any, line: Any) -> list[str] | None:
        if line.category != "ruins" or not line.base:
            return None
        tribe = next(iter(line.base))
        spaces = self._kept_spaces(state)
        kept = len(spaces[tribe]) if spaces else 0
        return [ngettext("{player} kept {n} ruin, 1 point each.", "{player} kept {n} ruins, 1 point each.",
                         kept).format(player=tribe_label(state.tribes[tribe]), n=kept)]

    @staticmethod
    def _kept_spaces(state: Any) -> list[list[int]] | None:
        """Per tribe the ruin spaces it took (None: no ruins in this game)."""
        module = next((m for m in state.modules if m.key == "ruins"), None)
        return None if module is None else module.public_view(state, 0)["kept_spaces"]
