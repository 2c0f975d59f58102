"""Placement rulings B8, B9, B11 and E7 pinned (issue #32): the Places and pieces a tribe is offered and allowed
when its supply is short, when another rule module filters a payment, vetoes a piece or permits a second
piece in an unexplored territory, each on a small hand-built position with every memo empty.

Why: the Place listing reads each territory's answer for a full supply (core/kept.py) and falls back to
counting only when a tribe has fewer than two tents or totems left or a module takes part; the rule tests of
test_rules_turn.py mostly play with full supplies and no module. Toy modules stand for "any other module"
(as in tests/engine/rulesets/test_void_totems_pinned.py); the Determination token is the real one (E7).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest

from engine_fixtures import small_board
from engine_helpers import (
    BLUE, COAST, DESERT, FOREST, GREEN, RED, T_COAST, T_DESERT, T_FOREST, T_TUNDRA, T_TUNDRA2, TUNDRA, give_hand,
    put_tent, put_tents, put_totem,
)
from fresh_memos import forget_memos

from iwari_desktop.engine import GameConfig, IllegalAction, Phase, Place, apply, legal_actions, new_game
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.core.placement import (
    can_place, iter_place_options, piece_options, piece_veto_reason, place_options,
)


@pytest.fixture(autouse=True)
def _worked_out_afresh():
    forget_memos()


@dataclass(frozen=True)
class RedPaysNoPairForOne(RuleModule):
    """A toy payment rule: red may not pay for one piece with a pair (everyone else may)."""

    key: ClassVar[str] = "toy-red-no-pair-for-one"

    def payment_filter(self, state, tribe: int, territory: int, cards, pieces: int) -> str | None:
        return "T1: red pays for one piece with one card" if tribe == RED and pieces == 1 and len(cards) == 2 else None


@dataclass(frozen=True)
class NoRedDesertTotems(RuleModule):
    """A toy rule that refuses red's totems in Desert and green's tents there."""

    key: ClassVar[str] = "toy-no-red-desert-totems"

    def piece_veto(self, state, tribe: int, territory: int, totem: bool) -> str | None:
        if territory != T_DESERT:
            return None
        if tribe == RED and totem:
            return "T2: no red totems in Desert"
        return "T2: no green tents in Desert" if tribe == GREEN and not totem else None


@pytest.fixture
def toys(monkeypatch):
    for toy in (RedPaysNoPairForOne, NoRedDesertTotems):
        monkeypatch.setitem(REGISTRY, toy.key, toy)


def _game(*rules: str, players: int = 3):
    board = dataclasses.replace(small_board(mountains=False), rules=rules)
    return new_game(GameConfig.quick("small-test", players, 1, first_player=0), board)


def _offered(state, tribe, territory):
    """The (cards, pieces) of every Place `tribe` is offered in `territory` with the active hand."""
    hand = state.hands[state.active_seat]
    options = [(o.cards, o.pieces) for o in place_options(state, tribe, hand) if o.territory == territory]
    assert options == [(o.cards, o.pieces) for o in iter_place_options(state, tribe, hand) if o.territory == territory]
    return options


# ---- B11 with a short supply -----------------------------------------------------------------------------

def _desert_at_its_cap(state):
    """Desert: green 2 tents and 2 totems (the cap, B9), red 1 tent. A second piece of red's there can only be
    a tent: after red's tent the cap is still 2."""
    put_tents(state, GREEN, [0, 1])
    put_totem(state, GREEN, T_DESERT, 2)
    put_tent(state, RED, 2)


def test_b11_b9_with_one_tent_left_two_pieces_do_not_fit_where_the_second_could_only_be_a_tent():
    state = _game()
    _desert_at_its_cap(state)
    give_hand(state, RED, [DESERT, DESERT, FOREST])
    assert ((DESERT, DESERT), 2) in _offered(state, RED, T_DESERT)   # a full supply: tent, tent
    state.tents_left[RED] = 1
    assert _offered(state, RED, T_DESERT) == [((DESERT,), 1), ((DESERT, DESERT), 1)]
    assert can_place(state, RED, T_DESERT, 1) and not can_place(state, RED, T_DESERT, 2)
    assert piece_options(state, RED, T_DESERT, 2, True) == (False, False)   # tent then no tent, totem over the cap
    assert piece_options(state, RED, T_DESERT, 1, True) == (True, False)
    with pytest.raises(IllegalAction, match="^B9: 2 pieces cannot be placed in Desert 0 in any order"):
        apply(state, Place(T_DESERT, (DESERT, DESERT), 2))


def test_b11_b10_with_one_totem_left_a_full_territory_takes_one_totem_not_two():
    """Forest full (red 2, green 2 tents: cap 2, no totem yet): two totems fit, but red has only one left."""
    state = _game()
    put_tents(state, RED, [12, 13])
    put_tents(state, GREEN, [14, 15])
    give_hand(state, RED, [FOREST, FOREST, DESERT])
    assert ((FOREST, FOREST), 2) in _offered(state, RED, T_FOREST)
    state.tents_left[RED], state.totems_left[RED] = 1, 2     # counted afresh: totem, then the second totem
    assert piece_options(state, RED, T_FOREST, 2, True) == (False, True)
    state.tents_left[RED] = 20
    state.totems_left[RED] = 1
    assert _offered(state, RED, T_FOREST) == [((FOREST,), 1), ((FOREST, FOREST), 1)]
    assert not can_place(state, RED, T_FOREST, 2)
    assert piece_options(state, RED, T_FOREST, 2, True) == (False, False)
    assert piece_options(state, RED, T_FOREST, 1, True) == (False, True)
    state.totems_left[RED] = 0
    assert _offered(state, RED, T_FOREST) == [] and piece_options(state, RED, T_FOREST, 1, True) == (False, False)


def test_b8_b11_an_unexplored_territory_takes_one_tent_only_while_a_tent_is_left():
    state = _game()
    give_hand(state, RED, [COAST, COAST, DESERT])
    state.tents_left[RED] = 1
    assert _offered(state, RED, T_COAST) == [((COAST,), 1), ((COAST, COAST), 1)]
    assert can_place(state, RED, T_COAST, 1) and not can_place(state, RED, T_COAST, 2)
    state.tents_left[RED] = 0
    assert _offered(state, RED, T_COAST) == [] and not can_place(state, RED, T_COAST, 1)


def test_b8_a_piece_after_the_first_tent_in_a_territory_unexplored_at_the_start_is_never_a_totem():
    state = _game()
    put_tent(state, RED, 20)      # Coast is explored now, but was not when the action started
    assert piece_options(state, RED, T_COAST, 1, False) == (True, False)
    assert piece_options(state, RED, T_COAST, 1, True) == (True, True)
    assert piece_options(state, RED, T_COAST, 0, True) == (False, False)


def test_b10_b9_b11_which_piece_may_come_first_in_a_full_or_capped_territory():
    """B10: a full territory takes no tent but a totem under the cap; B9: the cap after each piece; B11: the
    pieces the tribe still has. Asked as the pieces of a Place are placed one at a time."""
    state = _game()
    put_tents(state, RED, [12, 13])
    put_tents(state, GREEN, [14, 15])                 # Forest full, cap 2
    assert piece_options(state, RED, T_FOREST, 1, True) == (False, True)   # a full supply
    put_totem(state, GREEN, T_FOREST)
    state.tents_left[RED] = 1                          # counted afresh: totem then a second totem breaks the cap
    assert piece_options(state, RED, T_FOREST, 2, True) == (False, False)
    assert piece_options(state, RED, T_FOREST, 1, True) == (False, True)
    state = _game()
    _desert_at_its_cap(state)
    state.tents_left[RED], state.totems_left[RED] = 2, 1   # counted afresh: tent then tent, never a totem
    assert piece_options(state, RED, T_DESERT, 2, True) == (True, False)
    state = _game()
    put_tents(state, GREEN, [12, 13])
    put_tent(state, RED, 14)                           # one empty space left in Forest
    put_totem(state, GREEN, T_FOREST, 2)               # at the cap, which red's tent does not raise
    state.totems_left[RED] = 1
    assert piece_options(state, RED, T_FOREST, 2, True) == (False, False)
    assert piece_options(state, RED, T_FOREST, 1, True) == (True, False)


# ---- another module's payment filter and piece veto ------------------------------------------------------

def test_b6_a_payment_another_module_refuses_is_left_out_for_its_tribe_only_and_the_rest_stay(toys):
    state = _game("toy-red-no-pair-for-one")
    put_tent(state, BLUE, 3)
    give_hand(state, RED, [DESERT, COAST, COAST])
    # the refused pair comes second of three payments: the third is still offered
    assert _offered(state, RED, T_DESERT) == [((DESERT,), 1), ((COAST, COAST, DESERT), 2)]
    assert _offered(state, GREEN, T_DESERT) == [((DESERT,), 1), ((COAST, COAST), 1), ((COAST, COAST, DESERT), 2)]


def test_b9_another_modules_veto_makes_a_totem_look_impossible_and_a_tent_look_like_a_full_territory(toys):
    state = _game("toy-no-red-desert-totems")
    put_tents(state, RED, [0])
    put_tents(state, GREEN, [1])
    give_hand(state, RED, [DESERT, DESERT, FOREST])
    assert piece_veto_reason(state, RED, T_DESERT, totem=True) == "T2: no red totems in Desert"
    assert piece_veto_reason(state, RED, T_DESERT, totem=False) is None
    assert piece_veto_reason(state, GREEN, T_DESERT, totem=False) == "T2: no green tents in Desert"
    assert piece_veto_reason(state, GREEN, T_FOREST, totem=False) is None
    assert piece_options(state, RED, T_DESERT, 1, True) == (True, False)
    assert piece_options(state, GREEN, T_DESERT, 1, True) == (False, True)
    assert piece_options(state, BLUE, T_DESERT, 1, True) == (True, True)
    assert can_place(state, RED, T_DESERT, 2)          # tent, tent
    state.tents_left[RED] = 1
    assert not can_place(state, RED, T_DESERT, 2)      # tent then a totem it may not place
    assert can_place(state, GREEN, T_DESERT, 1) and not can_place(state, GREEN, T_DESERT, 2)   # one totem (cap 1)


# ---- E7 the Determination token: the one exception to B8 -------------------------------------------------

def test_e7_b8_the_token_holder_is_offered_two_pieces_in_an_unexplored_territory_and_nobody_else():
    state = _game("determination")
    state.ext["determination"] = 0                     # red, the active player, holds the token
    give_hand(state, RED, [DESERT, DESERT, COAST])
    assert ((DESERT, DESERT), 2) in _offered(state, RED, T_DESERT)
    assert _offered(state, GREEN, T_DESERT) == [((DESERT,), 1), ((DESERT, DESERT), 1)]
    assert [o for o in legal_actions(state) if isinstance(o, Place) and o.pieces == 2] == [
        Place(T_DESERT, (DESERT, DESERT), 2), Place(T_COAST, (COAST, DESERT, DESERT), 2)]
    apply(state, Place(T_DESERT, (DESERT, DESERT), 2))
    assert state.phase is Phase.PIECES and state.pending.pieces_left == 2
    assert state.pending.permit.startswith("E7: ")
    state = _game("determination")
    state.ext["determination"] = 1                     # green holds it, but red is the one to play
    give_hand(state, RED, [DESERT, DESERT, COAST])
    assert _offered(state, RED, T_DESERT) == [((DESERT,), 1), ((DESERT, DESERT), 1)]


def test_e7_the_token_does_not_add_a_second_piece_in_an_explored_territory_that_cannot_take_it():
    """In an explored territory the token changes nothing: Desert at its cap with one tent left takes one piece."""
    state = _game("determination")
    state.ext["determination"] = 0
    _desert_at_its_cap(state)
    state.tents_left[RED] = 1
    give_hand(state, RED, [DESERT, DESERT, COAST])
    assert _offered(state, RED, T_DESERT) == [((DESERT,), 1), ((DESERT, DESERT), 1)]


# ---- B8 in a territory with one tent space, or none ------------------------------------------------------

def _game_with_last_tundra_spaces(n: int):
    """The small board with its last Tundra (territory 5, spaces 24-26) cut to its first `n` tent spaces,
    as a map's small territory (one space) or the Uncharted Paths' centre (none) would be."""
    board = small_board(mountains=False)
    kept = set(board.territories[T_TUNDRA2].tent_spaces[:n])
    spaces = tuple(s for s in board.spaces if s.territory != T_TUNDRA2 or s.index in kept)
    territories = board.territories[:T_TUNDRA2] + (
        dataclasses.replace(board.territories[T_TUNDRA2], tent_spaces=tuple(sorted(kept))),)
    roads = tuple(r for r in board.roads if r.a < len(spaces) and r.b < len(spaces))
    board = dataclasses.replace(board, spaces=spaces, territories=territories, roads=roads)
    return new_game(GameConfig.quick("small-test", 3, 1, first_player=0), board)


def test_b8_b11_an_unexplored_territory_with_one_tent_space_takes_one_tent_while_the_supply_is_short():
    state = _game_with_last_tundra_spaces(1)
    give_hand(state, RED, [TUNDRA, TUNDRA, DESERT])
    state.tents_left[RED] = 1                          # counted afresh (B11), not the kept full-supply answer
    assert _offered(state, RED, T_TUNDRA2) == [((TUNDRA,), 1), ((TUNDRA, TUNDRA), 1)]
    assert can_place(state, RED, T_TUNDRA2, 1) and not can_place(state, RED, T_TUNDRA2, 2)
    assert piece_options(state, RED, T_TUNDRA2, 1, False) == (True, False)


def test_b8_an_unexplored_territory_without_a_tent_space_takes_nothing_while_the_supply_is_short():
    state = _game_with_last_tundra_spaces(0)
    give_hand(state, RED, [TUNDRA, TUNDRA, DESERT])
    state.tents_left[RED] = 1
    assert _offered(state, RED, T_TUNDRA2) == []
    assert not can_place(state, RED, T_TUNDRA2, 1)
    assert piece_options(state, RED, T_TUNDRA2, 1, False) == (False, False)
    assert _offered(state, RED, T_TUNDRA) == [((TUNDRA,), 1), ((TUNDRA, TUNDRA), 1)]   # the other Tundra
