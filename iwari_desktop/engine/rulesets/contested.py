"""E7 The Void: the five contested tokens.

Each token starts on its spot between two territories of different biomes (the map's `contested`
layer). A Place action of exactly two cards of one of those two biomes moves the token into the
territory of that biome, where it is an extra tent space off the roads, and puts one tent of the
acting tribe on it: one piece, nothing else that action (E7). Any tribe may do it, the 2-player
third tribe too (P7).

Why the tent is not on a printed space: P6 says a token never earns Discovery and never makes a
territory "not full", and the token sits off the roads, so it joins no settlement. The tent does
count for the territory's majority and totem cap and explores it (P13). The core primitive
`put_tent_off_space` does exactly that bookkeeping.

Module data, `state.ext["contested"]`: one entry per token (the spot's index), None while the token
is on its spot, else `(territory, tribe)` — where it went and whose tent is on it. It is in the save
digest (`data_json`) and in every seat's observation (`public_view`: everything is public).
Worship variant 2 (E10) counts the tents on tokens through `tents_on_contested_tokens`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from iwari_desktop.engine.core.actions import Action, register_action_parser
from iwari_desktop.engine.core.biomes import Biome
from iwari_desktop.engine.core.errors import IllegalAction
from iwari_desktop.engine.core.modules import RuleModule, register
from iwari_desktop.engine.core.placement import piece_veto_reason
from iwari_desktop.engine.core.primitives import finish_action, pay_cards, put_tent_off_space
from iwari_desktop.engine.core.scoring import tribe_word
from iwari_desktop.engine.core.state import GameState, Phase
from iwari_desktop.engine.core.text import ruled, split_rule
from iwari_desktop.i18n import N_

KEY = "contested"
TokenPlace = tuple[int, int]   # (territory the token went to, tribe whose tent is on it)


@dataclass(frozen=True, slots=True)
class PlaceContested(Action):
    """A Place of two cards of `territory`'s biome that moves contested token `token` into `territory`
    and puts the acting tribe's tent on it (E7). Text form: `contested 2 t7`."""

    token: int
    territory: int

    def __str__(self) -> str:
        return f"contested {self.token} t{self.territory}"


@register_action_parser
def parse_contested(text: str) -> PlaceContested | None:
    """`contested <token> t<territory>`, else None (another parser's text)."""
    words = text.split()
    if len(words) != 3 or words[0] != "contested" or not words[1].isdigit():
        return None
    if not words[2].startswith("t") or not words[2][1:].isdigit():
        return None
    return PlaceContested(int(words[1]), int(words[2][1:]))


def tokens(state: GameState) -> list[TokenPlace | None]:
    """Per contested token (spot index): None on its spot, else (territory, tribe). Empty without the module."""
    return state.ext.get(KEY, [])


def tents_on_contested_tokens(state: GameState) -> list[int]:
    """Per tribe index, how many of its tents stand on contested tokens (E10 Worship variant 2)."""
    counts = [0] * len(state.tribes)
    for place in tokens(state):
        if place is not None:
            counts[place[1]] += 1
    return counts


def refusal(state: GameState, tribe: int, hand: list[Biome], token: int, territory: int) -> str | None:
    """Why `tribe` may not move contested token `token` into `territory` paying from `hand` now (rule id
    first), else None. Phases are the caller's business."""
    spots = state.board.contested_spots
    if not 0 <= token < len(spots):
        return ruled("E7", N_("there is no contested token {token}"), token=token)
    if tokens(state)[token] is not None:
        return ruled("E7", N_("contested token {token} has already been moved into a territory"), token=token)
    if territory not in spots[token].territories:
        return ruled("E7", N_("contested token {token} can only move into one of the two territories it touches"),
                     token=token)
    biome = state.board.territories[territory].biome
    if hand.count(biome) < 2:
        return ruled("E7", N_("moving a contested token takes two {biome} cards (no wild pairs)"), biome=biome.word)
    if state.tents_left[tribe] == 0:
        return ruled("B11", N_("{name} has no tents left"), name=tribe_word(state, tribe))
    return piece_veto_reason(state, tribe, territory, totem=False)


@register
@dataclass(frozen=True)
class ContestedTokens(RuleModule):
    """The five contested tokens of The Void (E7, P6, P7, P13, P42)."""

    key: ClassVar[str] = KEY
    map_rule: ClassVar[bool] = True
    ruling: ClassVar[str] = "E7"
    title: ClassVar[str] = N_("the contested tokens")
    summary: ClassVar[str] = N_("Two cards of one biome move a contested token into the territory of that biome "
                              "as an extra space with your tent on it.")
    action_types: ClassVar[tuple[type, ...]] = (PlaceContested,)

    def on_setup(self, state: GameState) -> None:
        """Every token starts on its spot."""
        state.ext[KEY] = [None] * len(state.board.contested_spots)

    def extra_actions(self, state: GameState, phase: Phase, tribe: int, hand: list[Biome]) -> list[Action]:
        """Each token still on its spot, into each of its two territories whose biome the hand holds twice.

        Asked at every action of the game, so the common cases (no pair in hand, no tent left) return first.
        """
        if len(hand) < 2 or state.tents_left[tribe] == 0:
            return []
        pairs = {card for card in hand if hand.count(card) >= 2}
        if not pairs:
            return []
        options: list[Action] = []
        territories = state.board.territories
        spots = state.board.contested_spots
        vetoes = state.hooks.piece_veto
        for token, place in enumerate(tokens(state)):
            if place is not None:
                continue
            for territory in spots[token].territories:
                if territories[territory].biome in pairs and not (
                        vetoes and piece_veto_reason(state, tribe, territory, totem=False)):
                    options.append(PlaceContested(token, territory))
        return options

    def refuse(self, state: GameState, action: Action) -> IllegalAction:
        """The precise rule a refused token move breaks on a player's or the third tribe's turn (E7 the token,
        its territory and cards, B11 the supply, a veto of the territory), so the player reads why and not only
        that it is refused; in another phase the module's general refusal, and B14 once the game is over."""
        if state.phase is Phase.GAME_OVER:
            return IllegalAction("B14", N_("the game is over"))
        why = None
        if state.phase in (Phase.MAIN, Phase.THIRD_TRIBE) and isinstance(action, PlaceContested):
            why = refusal(state, state.acting_tribe, state.hands[state.active_seat], action.token, action.territory)
        return IllegalAction(*split_rule(why)) if why else super().refuse(state, action)

    def apply_action(self, state: GameState, action: Action) -> None:
        """Pay the two cards, move the token, put the tent on it; that is the whole action (E7).

        `rules.apply` hands over only a move `legal_actions` lists (`refuse` says why any other is refused).
        """
        assert isinstance(action, PlaceContested)
        tribe = state.acting_tribe
        biome = state.board.territories[action.territory].biome
        pay_cards(state, (biome, biome))
        tokens(state)[action.token] = (action.territory, tribe)
        put_tent_off_space(state, tribe, action.territory)
        finish_action(state)

    def data_json(self, state: GameState) -> Any:
        """Per token: null on its spot, else [territory, tribe]."""
        return [None if place is None else list(place) for place in tokens(state)]

    def public_view(self, state: GameState, seat: int) -> Any:
        """Every token with its spot's two territories and, once moved, its territory and tent's tribe (public)."""
        view = []
        for spot, place in zip(state.board.contested_spots, tokens(state)):
            view.append({"token": spot.index, "between": list(spot.territories),
                         "territory": None if place is None else place[0],
                         "tribe": None if place is None else place[1]})
        return view
