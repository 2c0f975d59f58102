"""The Long Road (E6): the purple road's setup line and its final-scoring row, after the territories."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Category, Presenter
from .registry import register


@register
class LongRoad(Presenter):
    key: ClassVar[str] = "long-road"
    setup_line: ClassVar[str] = N_("The purple road scores like a territory for most tents on it, at the final scoring only.")
    categories: ClassVar[tuple[Category, ...]] = (
        Category("long-road", N_("Long Road"), order=1, colour=(120, 70, 150), own_focus=True),)
