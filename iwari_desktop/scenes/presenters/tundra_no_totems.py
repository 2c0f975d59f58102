"""No totems in the Tundra (E2): the setup line."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Presenter
from .registry import register


@register
class TundraNoTotems(Presenter):
    key: ClassVar[str] = "tundra-no-totems"
    setup_line: ClassVar[str] = N_("The Tundra territory never takes a totem.")
