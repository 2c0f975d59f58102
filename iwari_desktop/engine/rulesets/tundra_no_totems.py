"""E2 Floating Lands: no totem may go in the Tundra territory, so its connections never score (P11).

The map says it twice: its one Tundra territory has no totem space (the validator checks that), and
its `rules` list this module. The module makes the refusal a named rule rather than a missing
space: a totem offered for the Tundra is refused as E2, and every connection touching it is vetoed
for scoring and for Honour/Respect (P11), so bots and the scoring screen can say why it never
counts instead of only finding no majority there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.state import GameState
from iwari_desktop.engine.core.text import Text, ruled
from iwari_desktop.engine.rulesets.solo.settlements import largest_after_one_ruin
from iwari_desktop.i18n import N_


# Asked for every placement the bots consider: made once per territory name.
@lru_cache(maxsize=64)
def _no_totems(territory: str) -> Text:
    return ruled("E2", N_("{territory} is the Tundra territory, which takes no totems"), territory=territory)


@lru_cache(maxsize=64)
def _never_scores(territory: str) -> Text:
    return ruled("P11", N_("it touches {territory}, the Tundra territory, which takes no totems"), territory=territory)


@register
@dataclass(frozen=True)
class TundraNoTotems(RuleModule):
    """No totems in the Tundra territory (E2); its connections never score or earn feats (P11)."""

    key: ClassVar[str] = "tundra-no-totems"
    map_rule: ClassVar[bool] = True
    solo_void_settlement_win: ClassVar[int] = 8   # S11: a Void settlement of 8 wins in solo
    ruling: ClassVar[str] = "E2"
    title: ClassVar[str] = N_("the Floating Lands rules")
    summary: ClassVar[str] = N_("The Tundra territory takes no totems, so the connections touching it never score "
                              "and never earn Honour or Respect.")
    solo_summary: ClassVar[str] = N_("Each Tundra card you pay with in your action adds a ruin to the "
                                   "Tundra territory; its ruins all count as joined, and a Void settlement of 8 wins.")

    def piece_veto(self, state: GameState, tribe: int, territory: int, totem: bool) -> str | None:
        """Only totems are refused, and only in the Tundra; tents go there as usual."""
        if not totem:
            return None
        t = state.board.territories[territory]
        if t.biome is Biome.TUNDRA:
            return _no_totems(t.name)
        return None

    def connection_veto(self, state: GameState, number: int) -> str | None:
        """P11: no tribe can hold a totem majority in the Tundra, so a connection to it never counts."""
        territories = state.board.territories
        for t in state.board.connections_by_number[number].territories:
            if territories[t].biome is Biome.TUNDRA:
                return _never_scores(territories[t].name)
        return None

    # ---- solo and co-op (S11, P24; see rulesets/solo/maprules.py) --------------------------------------
    # A map naming this rule has exactly one Tundra territory (E2; the map validator refuses it otherwise).
    def solo_linked_void_spaces(self, state: GameState) -> list[int]:
        """S11: every ruin in the Tundra counts as joined to the others there."""
        territories = state.board.territories
        return [s for t in state.board.territories_by_biome[Biome.TUNDRA] for s in territories[t].tent_spaces]

    def solo_ruins_after_action(self, state: GameState, paid: list[Biome]) -> list[int]:
        """P24: a player action that paid any Tundra card adds one ruin to the Tundra territory."""
        if Biome.TUNDRA not in paid:
            return []
        return list(state.board.territories_by_biome[Biome.TUNDRA])

    def solo_settlement_reach(self, state: GameState) -> int:
        """S11: the largest Void settlement one more ruin would make here. The bots grade the settlement win
        by it: every Tundra ruin joins all the others, and the map's connections act as roads, so one ruin
        often joins two groups that each look harmless — the largest group alone hid an 8 one ruin away
        (docs/ai.md, "Floating Lands' Tundra settlement, graded")."""
        return largest_after_one_ruin(state)
