"""Void ruins (E3): the setup line, the kept ruins' scoring row, and the words of taking a ruin space."""

from __future__ import annotations

from typing import Any, ClassVar

from iwari_desktop.engine.rulesets.ruins import TakeRuin
from ...i18n import N_, _
from ..ui.terms import biome_name
from .base import Category, Presenter
from .registry import register


@register
class Ruins(Presenter):
    key: ClassVar[str] = "ruins"
    setup_line: ClassVar[str] = N_(
        "Void ruins guard the ruin spaces: two cards of a ruin's icon swap it for your tent, "
        "and each ruin you take is a point at the end. A connection with a ruin scores once a tent replaces it.")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("ruins", N_("Ruins"), order=4, colour=(110, 100, 120), own_focus=True),)

    def describe(self, state: Any, action: Any) -> str | None:
        if not isinstance(action, TakeRuin):
            return None
        space = state.board.spaces[action.space]
        if space.ruin_biome is not None:
            return _("takes the {biome} ruin space on connection {number} with two {biome} cards").format(
                biome=biome_name(space.ruin_biome), number=space.connection)
        return _("takes the ruin space on connection {number} with two cards of its icon").format(
            number=space.connection)
