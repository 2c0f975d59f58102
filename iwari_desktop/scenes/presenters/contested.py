"""Contested tokens (E7): the setup line and the words of moving a token into a territory."""

from __future__ import annotations

from typing import Any, ClassVar

from iwari_desktop.engine.rulesets.contested import PlaceContested
from ...i18n import N_, _
from ..ui.terms import biome_name
from .base import Presenter
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
