"""E2/E3 "connections act as roads": road segments drawn along a connection join settlements.

A map marks such a segment with `along_connection` (docs/maps.md). The Board's base adjacency
leaves those segments out (`Board.space_neighbours`), because on a map without this rule a bridge
between two territories is no road; this module only declares `connection_roads`, and
`GameState.space_neighbours` then uses every segment (`Board.road_neighbours`) for settlements
(B17) and the Union feat. Floating Lands and Forgotten Island switch it on by listing
`connection-roads` in their `rules`; a ruin space (E3) on such a segment is a node like any tent
space (P10), so the ruins module needs nothing more from this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.i18n import N_


@register
@dataclass(frozen=True)
class ConnectionRoads(RuleModule):
    """Declares that along-connection road segments are roads (no hooks: the core reads the flag)."""

    key: ClassVar[str] = "connection-roads"
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E2"
    title: ClassVar[str] = N_("roads along connections")
    summary: ClassVar[str] = N_("Roads that cross from one territory to another along a connection count as roads, "
                              "so settlements can reach across them.")
    connection_roads: ClassVar[bool] = True
