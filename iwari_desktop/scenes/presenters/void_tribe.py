"""The Void tribe and the sixth player (E7): the setup line."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Presenter
from .registry import register


@register
class VoidTribe(Presenter):
    key: ClassVar[str] = "void-tribe"
    setup_line: ClassVar[str] = N_("Up to six players, the sixth in purple; twelve Void cards join the deck as a sixth biome.")
