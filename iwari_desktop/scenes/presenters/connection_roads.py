"""Roads along connections (E2, E3): the setup line."""

from __future__ import annotations

from typing import ClassVar

from ...i18n import N_
from .base import Presenter
from .registry import register


@register
class ConnectionRoads(Presenter):
    key: ClassVar[str] = "connection-roads"
    setup_line: ClassVar[str] = N_("Some roads run along connections, so settlements can reach across them.")
