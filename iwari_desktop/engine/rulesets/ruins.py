"""E3 Forgotten Island: Void ruins on the ruin spaces, taken by a Place of two matching cards and kept.

A ruin space (`TentSpace.ruin_biome`) lies on a connection and belongs to no territory. At a
multiplayer setup each one gets a Void ruin, which is a tent of the neutral Void tribe
(`TribeRole.VOID`, P33): so the board, the save digest and every observation show it through
`space_owner` like any other piece, it links nobody's tents (P10) and it never scores. A tribe
takes the space by its own kind of Place (`TakeRuin`): exactly two cards of the icon's biome, no
wild pair, one tent and nothing else (E3). The ruin leaves the board for the taker's keeping — not
back to the Void's supply, and not into the taker's supply either (P10: kept ruins are not pieces
for B18) — and scores 1 point at the final scoring, one explained line per tribe (P33). The third
tribe may take ruin spaces too (P7) and keeps and scores them like a player (P33).

A connection scores totems and earns Honour/Respect only once a tribe tent stands on every ruin
space on it (P10, P11): `connection_veto`. The tent on a ruin space is in no territory (no
majority, cap or Discovery), but it is a node of the road network (P10): settlements, Union (which
goes on a territory of the settlement) and the road counts of other rules find it through
`space_owner` and the board's roads. On Forgotten Island the only roads to a ruin space run along
its connection, so joining settlements there needs those roads, which `connection-roads` provides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from iwari_desktop.engine.core.actions import Action, register_action_parser
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.primitives import finish_action, pay_cards, put_tent, remove_tent
from iwari_desktop.engine.core.scoring import ScoreLine, tribe_word
from iwari_desktop.engine.core.state import EMPTY, GameState, Phase, TribeRole
from iwari_desktop.engine.core.text import Joined, Text, nN_, ruled
from iwari_desktop.i18n import N_


@lru_cache(maxsize=256)
def _blocked(number: int) -> Text:
    """E3's connection veto, asked by scoring, the feats and the bots' evaluation: made once per connection."""
    return ruled("E3", N_("connection {number} is blocked by a ruin until a tribe's tent stands on its ruin space"),
                 number=number)

RUIN_POINTS = 1          # E3: each kept ruin at the final scoring
CARDS_FOR_A_RUIN = 2     # E3: exactly two cards of the space's icon biome


@dataclass(frozen=True, slots=True)
class TakeRuin(Action):
    """A Place that puts one tent on ruin space `space`, paid with two cards of its icon biome (E3).

    The cards follow from the space, so the text form names only the space: `ruin s74`.
    """

    space: int

    def __str__(self) -> str:
        return f"ruin s{self.space}"


@register_action_parser
def parse_take_ruin(text: str) -> TakeRuin | None:
    """`ruin s<n>` back to TakeRuin (saves and logs); anything else is not ours."""
    words = text.split()
    if len(words) == 2 and words[0] == "ruin" and words[1].startswith("s") and words[1][1:].isdigit():
        return TakeRuin(int(words[1][1:]))
    return None


def ruin_space_counts(state: GameState) -> tuple[int, int]:
    """(the Void's ruins, the players' tents) on the ruin spaces: what S11 compares at the end, and what the Hint
    says a move on a ruin space changed."""
    owner, void = state.space_owner, state.void_tribe
    ruins = sum(1 for s in state.board.ruin_spaces if owner[s] == void)
    tents = sum(1 for s in state.board.ruin_spaces if owner[s] != EMPTY and owner[s] != void)
    return ruins, tents


@dataclass
class RuinData:
    """What the module remembers: per tribe index, the ruin spaces whose ruin that tribe took, in order.

    The tribe's tent stays on each of those spaces for the rest of the game; the list is both the
    kept ruins (their count scores) and where they came from (the scoring line says which).
    """

    kept: list[list[int]] = field(default_factory=list)

    def __deepcopy__(self, memo: dict) -> "RuinData":
        """Field by field: bots clone the state at each option they weigh, and the generic deepcopy of this
        record cost more than the rest of the clone (issue #32)."""
        return RuinData(list(map(list, self.kept)))


@register
@dataclass(frozen=True)
class Ruins(RuleModule):
    """E3 with P10, P11 and P33: Void ruins at setup, the ruin Place, kept ruins, blocked connections."""

    key: ClassVar[str] = "ruins"
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E3"
    title: ClassVar[str] = N_("the Forgotten Island ruins")
    summary: ClassVar[str] = N_("Ruins block some connections: take a ruin space with two cards of its icon to open "
                              "the connection and keep the ruin for 1 point.")
    solo_summary: ClassVar[str] = N_("No ruins at the start; a ruin of the Void action goes on an empty "
                                   "ruin space of its card's biome, and more Void ruins than your tents on ruin spaces "
                                   "at the end win for the Void.")
    tribe_roles: ClassVar[tuple[TribeRole, ...]] = (TribeRole.VOID,)
    action_types: ClassVar[tuple[type, ...]] = (TakeRuin,)

    # ---- setup ---------------------------------------------------------------------------------
    def on_setup(self, state: GameState) -> None:
        """Multiplayer setup puts a Void ruin (a Void tent) on every ruin space (E3); solo and co-op start
        with them empty (S11), the Void placing ruins there during play."""
        state.ext[self.key] = RuinData([[] for _ in state.tribes])
        if state.config.mode is not GameMode.MULTIPLAYER:
            return
        void = state.void_tribe
        for space in state.board.ruin_spaces:
            put_tent(state, void, space)

    # ---- the ruin Place --------------------------------------------------------------------------
    def _tribe_for(self, state: GameState) -> int:
        return state.third_tribe if state.phase is Phase.THIRD_TRIBE or state.third_action else state.active_seat

    def _refusal(self, state: GameState, tribe: int, hand: list, space: int) -> tuple[str, str] | None:
        """(rule, reason) why `tribe` cannot take ruin space `space` now paying from `hand`, else None."""
        if space not in state.board.ruin_spaces:   # a number off the board included
            return "E3", Text(N_("s{number} is not a ruin space"), number=space)
        owner = state.space_owner[space]
        if owner != EMPTY and owner != state.void_tribe:
            return "B10", Text(N_("that ruin space already holds a tribe's tent"))
        biome = state.board.spaces[space].ruin_biome
        if hand.count(biome) < CARDS_FOR_A_RUIN:
            return "E3", Text(N_("taking this ruin space needs two {biome} cards, the biome of its icon "
                                 "(a pair of another biome is no wild here)"), biome=biome.word)
        if state.tents_left[tribe] == 0:
            return "B11", Text(N_("{name} has no tents left"), name=tribe_word(state, tribe))
        return None

    def extra_actions(self, state: GameState, phase: Phase, tribe: int, hand: list) -> list[Action]:
        """A TakeRuin for every ruin space still holding a Void ruin (or empty) whose icon biome the hand
        holds twice, while the tribe has a tent (E3; the third tribe too, P7)."""
        if len(hand) < CARDS_FOR_A_RUIN or state.tents_left[tribe] == 0:
            return []
        pairs = {card for card in hand if hand.count(card) >= CARDS_FOR_A_RUIN}  # most hands hold none
        if not pairs:
            return []
        owner = state.space_owner
        void = state.void_tribe
        spaces = state.board.spaces
        return [TakeRuin(space) for space in state.board.ruin_spaces
                if spaces[space].ruin_biome in pairs and (owner[space] == void or owner[space] == EMPTY)]

    def refuse(self, state: GameState, action: Action) -> IllegalAction:
        """The precise rule a refused TakeRuin breaks (phase B5, space E3/B10, cards E3, supply B11).

        In MAIN and THIRD_TRIBE `extra_actions` offers exactly the ruin spaces `_refusal` lets pass, so a
        TakeRuin refused there always has its reason.
        """
        if state.phase is Phase.GAME_OVER:
            return IllegalAction("B14", N_("the game is over"))
        if state.phase not in (Phase.MAIN, Phase.THIRD_TRIBE) or not isinstance(action, TakeRuin):
            return IllegalAction("B5", N_("'{action}' cannot be played now: a ruin space is taken as a whole action"),
                                 action=str(action))
        refusal = self._refusal(state, self._tribe_for(state), state.hands[state.active_seat], action.space)
        assert refusal is not None, f"{action} is refused but breaks no rule: extra_actions and _refusal disagree"
        return IllegalAction(*refusal)

    def apply_action(self, state: GameState, action: Action) -> None:
        """Pay the two cards, lift the Void ruin into the taker's keeping, put the tent, end the action.

        Only a TakeRuin that `legal_actions` lists gets here (`rules.apply` asks `refuse` otherwise). The
        tent is put by the primitive, so the feats look at it (Union, and Honour/Respect on the connection
        it unlocks, P11); the lifted ruin goes to neither supply (P10).
        """
        assert isinstance(action, TakeRuin)
        tribe = self._tribe_for(state)
        biome = state.board.spaces[action.space].ruin_biome
        pay_cards(state, (biome,) * CARDS_FOR_A_RUIN)
        void = state.void_tribe
        if void is not None and state.space_owner[action.space] == void:
            remove_tent(state, action.space, actor=tribe)
            state.tents_left[void] -= 1   # the ruin is kept by the taker, not returned to the Void
            self.data(state).kept[tribe].append(action.space)
        put_tent(state, tribe, action.space)
        finish_action(state)

    # ---- scoring -------------------------------------------------------------------------------
    def connection_veto(self, state: GameState, number: int) -> str | None:
        """E3/P10: blocked while any ruin space on the connection lacks a tribe tent."""
        owner = state.space_owner
        void = state.void_tribe
        spaces = state.board.spaces
        for space in state.board.ruin_spaces:
            if spaces[space].connection == number and (owner[space] == EMPTY or owner[space] == void):
                return _blocked(number)
        return None

    def final_lines(self, state: GameState) -> list[ScoreLine]:
        """One line per scoring tribe that kept ruins: 1 point each (E3, P33)."""
        lines = []
        spaces = state.board.spaces
        kept = self.data(state).kept
        for tribe in state.roles.scoring:
            taken = kept[tribe]
            if not taken:
                continue
            name = tribe_word(state, tribe)
            where = Joined([Text(N_("{biome} ruin on connection {number}"), biome=spaces[s].ruin_biome.word,
                                 number=spaces[s].connection) for s in taken])
            lines.append(ScoreLine("ruins", f"ruins:{tribe}", Text(N_("{name}'s ruins"), name=name),
                                   {tribe: RUIN_POINTS * len(taken)},
                                   detail=Text(nN_("{name} kept {count} ruin, 1 point each: {where}",
                                                   "{name} kept {count} ruins, 1 point each: {where}"),
                                               name=name, count=len(taken), where=where)))
        return lines

    # ---- solo and co-op (S11, P23; see rulesets/solo/maprules.py) ----------------------------------
    def solo_void_ruin_spaces(self, state: GameState, territory: int, biome) -> list[int]:
        """P23: a Void-action ruin paid with `biome` goes on an empty ruin space of that icon while one exists."""
        owner = state.space_owner
        spaces = state.board.spaces
        return [s for s in state.board.ruin_spaces if owner[s] == EMPTY and spaces[s].ruin_biome is biome]

    def solo_end_check(self, state: GameState) -> str | None:
        """S11: more Void ruins than players' tents on the ruin spaces at the end: the Void wins."""
        return "ruin-spaces" if self.solo_end_margin(state) > 0 else None

    def solo_end_margin(self, state: GameState) -> int:
        """How far the Void leads the ruin-space comparison now (Void ruins less players' tents on them).
        The bots grade this map's Void win by it: a flat penalty once the comparison is lost told no
        candidate from another when every play-out lost it, and the Expert stopped racing for the sites."""
        ruins, tents = ruin_space_counts(state)
        return ruins - tents

    # ---- module data ---------------------------------------------------------------------------
    def data(self, state: GameState) -> RuinData:
        return state.ext[self.key]

    def public_view(self, state: GameState, seat: int) -> Any:
        """Everything here is public: the ruin spaces still holding a Void ruin, the ruins each tribe kept
        (count and spaces), and the connections still blocked — what the board and scoring screens draw."""
        void = state.void_tribe
        owner = state.space_owner
        kept = self.data(state).kept
        return {
            "void_ruins": [s for s in state.board.ruin_spaces if void is not None and owner[s] == void],
            "kept": [len(k) for k in kept],
            "kept_spaces": [list(k) for k in kept],
            "blocked_connections": sorted({state.board.spaces[s].connection for s in state.board.ruin_spaces
                                           if owner[s] == EMPTY or owner[s] == void}),
        }
