"""The Discovery feat (B19): shown like every feat (its icon and name come from `ui/terms`)."""

from __future__ import annotations

from typing import ClassVar

from .base import Presenter
from .registry import register


@register
class Discovery(Presenter):
    key: ClassVar[str] = "discovery"
