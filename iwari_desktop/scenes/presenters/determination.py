"""The Determination token (E7): its setup line (the token's badge and prompt are drawn by the board)."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Presenter
from .registry import register


@register
class Determination(Presenter):
    key: ClassVar[str] = "determination"
    setup_line: ClassVar[str] = N_("The Determination token lets its holder put a second piece in an unexplored "
                                   "territory once, then it passes on.")
