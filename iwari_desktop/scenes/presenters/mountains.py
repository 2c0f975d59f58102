"""Mountains (B3): drawn by the map view, told by the connection's tooltip; nothing of their own here."""

from __future__ import annotations

from typing import ClassVar

from .base import Presenter
from .registry import register


@register
class Mountains(Presenter):
    key: ClassVar[str] = "mountains"
