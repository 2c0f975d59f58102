"""Twin connections and icebergs (E4): the setup line."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Presenter
from .registry import register


@register
class TwinConnections(Presenter):
    key: ClassVar[str] = "twin-connections"
    setup_line: ClassVar[str] = N_("Two connections join the same pair of territories and each scores on its own.")
