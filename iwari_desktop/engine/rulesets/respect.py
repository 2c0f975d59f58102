"""B19 Respect: Honour's rule on water connections (see honour.py for the shared rule)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import ConnectionKind
from iwari_desktop.engine.core.modules import register
from iwari_desktop.engine.rulesets.honour import ConnectionFeat
from iwari_desktop.i18n import N_


@register
@dataclass(frozen=True)
class Respect(ConnectionFeat):
    """Respect: water connections."""

    key: ClassVar[str] = "respect"
    order: ClassVar[int] = 23
    title: ClassVar[str] = N_("the Respect feat")
    feat: ClassVar[FeatKind] = FeatKind.RESPECT
    kind: ClassVar[ConnectionKind] = ConnectionKind.WATER
