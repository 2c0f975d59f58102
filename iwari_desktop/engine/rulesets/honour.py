"""B19 Honour: the first tribe to hold the totem majority at both ends of a land connection places it there.

Respect (respect.py) is the same rule on water, so the shared logic lives here in `ConnectionFeat`.
A connection that cannot score never earns either (B3 mountains; P11 / E3 a Void ruin still on it,
through the `connection_veto` hook). Checked after every placement (P11) and, when pieces leave
or move, for every tribe in P5 order (the actor first, then turn order from the active player).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from iwari_desktop.engine.core.actions import FeatKind
from iwari_desktop.engine.core.biomes import ConnectionKind
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.scoring import connection_block, connection_winners
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.rulesets.feat_rules import claim, count_on_board, may_earn, p5_order
from iwari_desktop.i18n import N_


@dataclass(frozen=True)
class ConnectionFeat(RuleModule):
    """A feat for the first tribe holding a connection's totem majority at both ends (Honour, Respect)."""

    feat: ClassVar[FeatKind] = FeatKind.HONOUR
    kind: ClassVar[ConnectionKind] = ConnectionKind.LAND
    ruling: ClassVar[str] = "B19"

    def _targets(self, state: GameState, tribe: int, numbers) -> tuple[int, ...]:
        by_number = state.board.connections_by_number
        return tuple(n for n in numbers if by_number[n].kind is self.kind and tribe in connection_winners(state, n)
                     and connection_block(state, n) is None)

    def _check(self, state: GameState, tribes: list[int], numbers) -> None:
        for tribe in tribes:
            if not may_earn(state, self.feat, tribe):
                continue
            targets = self._targets(state, tribe, numbers)
            if targets:
                claim(state, self.feat, tribe, connections=targets)

    def after_placement(self, state: GameState, tribe: int, territory: int | None, space: int | None) -> None:
        """A totem may give its tribe the majority at both ends; a tent that unlocks a connection (a ruin
        space, P11) may let any tribe earn it, in P5 order."""
        if state.feat_supply[self.feat] <= 0:   # switched on at setup (B19)
            return
        board = state.board
        if space is None:
            if territory is not None:
                self._check(state, [tribe], board.connections_of_territory[territory])
        else:
            unlocked = board.spaces[space].connection
            if unlocked is not None:
                self._check(state, p5_order(state, tribe), (unlocked,))

    def after_removal(self, state: GameState, actor: int, tribe: int, territory: int | None,
                      space: int | None) -> None:
        """A piece leaving a territory may hand the majority to others: every tribe in P5 order (E5's Void-totem
        move). A Void ruin lifted off a ruin space (E3) unlocks nothing yet: its connection stays blocked until
        the taker's tent stands there, and `after_placement` sees that tent (P11)."""
        if territory is None or state.feat_supply[self.feat] <= 0:
            return
        self._check(state, p5_order(state, actor), state.board.connections_of_territory[territory])

    def connection_multiplier_feats(self, state: GameState) -> dict[int, int]:
        """Each feat of this kind on a connection adds one to its final totem multiplier."""
        return count_on_board(state, self.feat, True)


@register
@dataclass(frozen=True)
class Honour(ConnectionFeat):
    """Honour: land connections."""

    key: ClassVar[str] = "honour"
    order: ClassVar[int] = 22
    title: ClassVar[str] = N_("the Honour feat")
    feat: ClassVar[FeatKind] = FeatKind.HONOUR
    kind: ClassVar[ConnectionKind] = ConnectionKind.LAND
