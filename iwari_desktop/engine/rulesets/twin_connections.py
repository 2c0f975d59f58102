"""E4 Glacial Mass: two connections (1 and 11) join the same two territories and score separately.

The core already treats every connection by its number: B16 scores each one on its own (both pay
the same totem total to the same majority holders), a mountain covers one number of a peak group
(B3), and Honour/Respect go on one connection number, so earning the feat on one twin leaves the
other without it. What this module adds is what the rule needs beyond that: the twin pairs as
data for the board and the scoring screen (`twin_pairs`, the module's public view), so players
can be told that the second badge is not a duplicate. Icebergs (peak slots on water) are art
only: `Connection.iceberg` / `Board.iceberg_connections` tell the UI where to draw one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.maps.board import Board
from iwari_desktop.i18n import N_


def twin_pairs(board: Board) -> tuple[tuple[int, ...], ...]:
    """Connection numbers that join the same two territories, grouped, each group ascending (E4)."""
    groups: dict[frozenset[int], list[int]] = {}
    for connection in board.connections:
        groups.setdefault(frozenset(connection.territories), []).append(connection.number)
    return tuple(sorted(tuple(sorted(numbers)) for numbers in groups.values() if len(numbers) > 1))


@register
@dataclass(frozen=True)
class TwinConnections(RuleModule):
    """Tells the UI which connections are twins; scoring them separately is the core's B16."""

    key: ClassVar[str] = "twin-connections"
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E4"
    title: ClassVar[str] = N_("the Glacial Mass rules")
    summary: ClassVar[str] = N_("Two connections join the same two territories: each one scores and earns feats "
                              "on its own. Icebergs are mountains drawn on water.")

    def public_view(self, state: GameState, seat: int) -> Any:
        """Everyone sees the twin pairs and where the icebergs stand (board data, nothing hidden)."""
        board = state.board
        return {"twins": [list(group) for group in twin_pairs(board)],
                "icebergs": sorted(board.iceberg_connections)}
