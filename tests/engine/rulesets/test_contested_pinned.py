"""E7 / P7 / P42 / B11 pinned (issue #32): every refusal of a contested-token move with its ruling id, in
English and in German through the catalogue (a tribe named by `tribe_word`, so the third tribe reads
"Dritter Stamm"), a tribe's last tent, the action's text form, and what the save and every seat see of the
tokens."""

from __future__ import annotations

import dataclasses
import gettext
from dataclasses import dataclass
from typing import ClassVar

import pytest
from void_helpers import T_CINDER, T_DUNESWORN, T_FLINTMOOR, T_GULLWING, T_SCORCHGLASS, void_game

from engine_helpers import give_hand
from iwari_desktop.engine import (
    Biome, Exchange, GameConfig, IllegalAction, Phase, apply, legal_actions, new_game, observe,
)
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.text import render, ruled
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.contested import ContestedTokens, PlaceContested, parse_contested, tokens
from iwari_desktop.i18n import DOMAIN, LOCALE_DIR

GERMAN = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["de"])
TUNDRA, FOREST, COAST, DESERT = Biome.TUNDRA, Biome.FOREST, Biome.COAST, Biome.DESERT


def refused(state, action) -> tuple[str, str]:
    """The refusal as the log keeps it (English with the ruling id) and as a German player reads it."""
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    return str(caught.value), render(caught.value.reason, GERMAN.gettext, GERMAN.ngettext)


def test_p42_each_refused_token_move_says_why_in_english_and_german():
    state = void_game(3)
    give_hand(state, 0, [DESERT, DESERT, COAST])
    assert refused(state, PlaceContested(5, T_SCORCHGLASS)) == (
        "E7: there is no contested token 5", "Den umkämpften Marker 5 gibt es nicht")
    assert refused(state, PlaceContested(0, T_DUNESWORN)) == (
        "E7: contested token 0 can only move into one of the two territories it touches",
        "Der umkämpfte Marker 0 kann nur in eines der beiden Gebiete ziehen, an die er grenzt")
    assert refused(state, PlaceContested(0, T_CINDER)) == (
        "E7: moving a contested token takes two Tundra cards (no wild pairs)",
        "Einen umkämpften Marker zu verschieben kostet zwei Biomkarten „Tundra“ (keine Joker-Paare)")
    apply(state, PlaceContested(0, T_SCORCHGLASS))
    state.phase, state.active_seat = Phase.MAIN, 1
    give_hand(state, 1, [DESERT, DESERT, COAST])
    assert refused(state, PlaceContested(0, T_SCORCHGLASS)) == (
        "E7: contested token 0 has already been moved into a territory",
        "Der umkämpfte Marker 0 liegt schon in einem Gebiet")
    assert state.hands[1] == [COAST, DESERT, DESERT] and tokens(state)[1:] == [None] * 4   # nothing paid or moved


def test_b11_the_third_tribe_without_tents_is_named_in_the_readers_language():
    state = void_game(2)
    third = state.third_tribe
    give_hand(state, 0, [TUNDRA, TUNDRA, FOREST])
    apply(state, Exchange(FOREST))
    assert state.phase is Phase.THIRD_TRIBE
    state.tents_left[third] = 0
    assert not any(isinstance(a, PlaceContested) for a in legal_actions(state))
    assert refused(state, PlaceContested(1, T_FLINTMOOR)) == (
        "B11: Third tribe has no tents left", "Dritter Stamm hat keine Zelte mehr")


def test_b11_a_tribe_with_its_last_tent_may_still_move_a_token():
    state = void_game(3)
    state.tents_left[0] = 1
    give_hand(state, 0, [COAST, COAST, TUNDRA])
    assert PlaceContested(2, T_GULLWING) in legal_actions(state)
    apply(state, PlaceContested(2, T_GULLWING))
    assert state.tents_left[0] == 0 and tokens(state)[2] == (T_GULLWING, 0)


def test_e7_the_save_and_every_seat_see_where_a_token_went_and_whose_tent_is_on_it():
    state = void_game(3)
    give_hand(state, 0, [COAST, COAST, TUNDRA])
    apply(state, PlaceContested(2, T_GULLWING))
    assert ContestedTokens().data_json(state) == [None, None, [T_GULLWING, 0], None, None]
    view = observe(state, 1).module_view("contested")
    assert view[2] == {"token": 2, "between": [T_GULLWING, T_SCORCHGLASS], "territory": T_GULLWING, "tribe": 0}
    assert view[0] == {"token": 0, "between": [T_CINDER, T_SCORCHGLASS], "territory": None, "tribe": None}


def test_e7_the_action_text_form_is_read_only_when_whole():
    assert parse_contested("contested 2 t10") == PlaceContested(2, 10)
    for text in ("contested 2", "contested 2 t10 x", "contested x t10", "contested 2 10", "contested 2 tx",
                 "context 2 t10", "contested -1 t10", "contested 2 t"):
        assert parse_contested(text) is None, text


@dataclass(frozen=True)
class NoRedTentsInCoast(RuleModule):
    """A toy rule that refuses red's tents in Coast territories (and no totem): what another module may veto."""

    key: ClassVar[str] = "toy-no-red-coast-tents"

    def piece_veto(self, state, tribe: int, territory: int, totem: bool) -> str | None:
        coast = state.board.territories[territory].biome is COAST
        return ruled("X1", "no red tents in Coast") if coast and tribe == 0 and not totem else None


def test_p42_a_token_goes_where_the_tribes_tent_may_go_and_a_veto_of_it_is_the_reason(monkeypatch):
    monkeypatch.setitem(REGISTRY, NoRedTentsInCoast.key, NoRedTentsInCoast)
    board = get_board("the-void")
    state = new_game(GameConfig.quick("the-void", 3, 1, first_player=0),
                     dataclasses.replace(board, rules=board.rules + (NoRedTentsInCoast.key,)))
    give_hand(state, 0, [COAST, COAST, DESERT])
    assert not any(isinstance(a, PlaceContested) for a in legal_actions(state))
    assert refused(state, PlaceContested(2, T_GULLWING)) == ("X1: no red tents in Coast", "no red tents in Coast")
    state.active_seat = 1                                  # green is not named by the veto
    give_hand(state, 1, [COAST, COAST, DESERT])
    assert PlaceContested(2, T_GULLWING) in legal_actions(state)


def test_b5_b14_out_of_turn_or_after_the_end_a_token_move_is_refused_as_such():
    state = void_game(3)
    give_hand(state, 0, [COAST, COAST, TUNDRA])
    apply(state, PlaceContested(2, T_GULLWING))
    assert state.phase is Phase.DRAW and state.hands[0] == [TUNDRA]   # refused for the phase, not the cards
    assert refused(state, PlaceContested(0, T_SCORCHGLASS)) == (
        "E7: 'contested 0 t11' is not possible now under the contested tokens",
        "'contested 0 t11' ist gerade nicht möglich (die umkämpften Marker)")
    state.phase = Phase.GAME_OVER
    assert refused(state, PlaceContested(0, T_SCORCHGLASS)) == ("B14: the game is over", "Die Partie ist vorbei")
