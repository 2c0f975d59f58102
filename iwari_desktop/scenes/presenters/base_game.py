"""The base game's scoring as the screens show it: tents, totems, settlements and the half journey."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Category, Presenter
from .registry import register


@register
class BaseGame(Presenter):
    key: ClassVar[str] = "base"
    categories: ClassVar[tuple[Category, ...]] = (
        Category("tents", N_("Tents"), order=0, colour=(181, 82, 59)),
        Category("totems", N_("Totems"), order=2, colour=(62, 120, 150)),
        Category("settlement", N_("Settlements"), order=3, colour=(96, 140, 70)),
        # the half journey's points, summed into one row of the table, always its first
        Category("half", N_("Half journey"), colour=(150, 120, 90)),
    )
