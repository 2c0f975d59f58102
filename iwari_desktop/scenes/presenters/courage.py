"""Courage (E9): a setup option; at the final scoring its step comes before the lines it changes."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Category, Presenter
from .registry import register


@register
class Courage(Presenter):
    key: ClassVar[str] = "courage"
    option_title: ClassVar[str] = N_("Courage")
    # it cancels a feat, so it is explained before the multipliers that follow
    categories: ClassVar[tuple[Category, ...]] = (Category("courage", N_("Courage"), order=-1, own_focus=True),)
