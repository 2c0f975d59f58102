"""Expedition cards (E8): a setup option; their points, scored when a mission is met, close the final scoring."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Category, Presenter
from .registry import register


@register
class Expeditions(Presenter):
    key: ClassVar[str] = "expeditions"
    option_title: ClassVar[str] = N_("Expedition cards")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("expedition", N_("Expeditions"), order=5, colour=(200, 150, 40), own_focus=True),)
