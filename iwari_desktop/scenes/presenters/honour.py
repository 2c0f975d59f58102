"""The Honour feat (B19): shown like every feat (its icon and name come from `ui/terms`)."""

from __future__ import annotations

from typing import ClassVar

from .base import Presenter
from .registry import register


@register
class Honour(Presenter):
    key: ClassVar[str] = "honour"
