"""E7 The Void: the Determination token, the one exception to B8.

The token starts with the last player (the one before the first player in turn order). Its holder
may, once, make a Place of two pieces in an unexplored territory: the first a tent (it explores the
territory), the second a tent or a totem (P43), the second piece paid with one card of the
territory's biome (P17: every 2-piece payment, XX or X+YY, has that card). Using it is optional; after
the action that used it the token passes to the previous player in turn order (E7: "to the right").

Why a permit and not a new action: the Place is an ordinary Place in every other way (payment,
cap, pieces one at a time), so the module only answers `placement_permit`; the turn machine keeps
the permit in `state.pending.permit` and `after_action` sees it there and passes the token on.
The third tribe never holds or uses the token (P17), and it cannot combine with a contested token
(P17): moving a token is its own one-piece action that asks for no permit.

Module data, `state.ext["determination"]`: the seat holding the token (public).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.i18n import N_

KEY = "determination"
PERMIT = "E7: the Determination token allows a second piece in this unexplored territory"


def holder(state: GameState) -> int | None:
    """The seat holding the Determination token, or None without the module."""
    return state.ext.get(KEY)


@register
@dataclass(frozen=True)
class Determination(RuleModule):
    """The Determination token (E7, P17, P43)."""

    key: ClassVar[str] = KEY
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E7"
    title: ClassVar[str] = N_("the Determination token")
    summary: ClassVar[str] = N_("Whoever holds the Determination token may once put a second piece in an "
                              "unexplored territory, then hands the token to the previous player.")

    def on_setup(self, state: GameState) -> None:
        """E7: the token starts with the last player of the round."""
        state.ext[KEY] = (state.first_seat - 1) % state.n_players

    def placement_permit(self, state: GameState, tribe: int, territory: int, cards: tuple[Biome, ...],
                         pieces: int) -> str | None:
        """The holder's own Place (never the third tribe's) of two pieces, paid with a card of the biome."""
        seat = holder(state)
        if (pieces != 2 or state.phase is not Phase.MAIN or seat is None or seat != state.active_seat
                or tribe != state.tribe_of_seat(seat)):
            return None
        if state.board.territories[territory].biome not in cards:
            return None
        return PERMIT

    def after_action(self, state: GameState, tribe: int) -> None:
        """The action that used the token hands it to the previous player in turn order."""
        pending = state.pending
        if pending is not None and pending.permit == PERMIT:
            state.ext[KEY] = (state.ext[KEY] - 1) % state.n_players

    def public_view(self, state: GameState, seat: int) -> Any:
        """Who holds the token (public, the board shows it)."""
        return {"holder": holder(state)}
