"""E5 / P16 / B9 pinned (issue #32): which Void-totem moves are offered when the own piece can only be a
totem, when the tribe is out of totems, and when other rule modules refuse pieces (E2's Tundra on a board
that also has E5, and a module that refuses one tribe's pieces): a move is offered only if the Void totem
and the own piece both fit, in some order, under every module's veto.

Uncharted Paths territories (tests/engine/rulesets/test_void_totems.py): t0 the centre, t3 Coast (spaces 19 20
21 23 24 71), t1 / t5 / t11 Tundra.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from engine_fixtures import small_board
from engine_helpers import give_hand, move_totem, put_tent, put_tents, put_totem

import pytest

from iwari_desktop.engine import Biome, GameConfig, PlaceTent, apply, legal_actions, new_game, parse_action
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.errors import ActionParseError
from iwari_desktop.engine.core.modules import REGISTRY, RuleModule
from iwari_desktop.engine.maps.board import Territory
from iwari_desktop.engine.maps.registry import get_board
from iwari_desktop.engine.rulesets.solo import maprules
from iwari_desktop.engine.rulesets.solo.actions import MovePiece, MovePieces
from iwari_desktop.engine.rulesets.void_totems import VoidMove, VoidTotem, is_void_territory

COAST, TUNDRA, FOREST, DESERT = Biome.COAST, Biome.TUNDRA, Biome.FOREST, Biome.DESERT
T_FOREST = 4
FOREST_SPACES = (12, 13, 14, 15, 16, 17, 18, 22)
RED, GREEN, BLUE = range(3)
CENTRE, T_COAST = 0, 3
COAST_SPACES = (19, 20, 21, 23, 24, 71)
MOVE = VoidMove(CENTRE, T_COAST, (COAST, COAST))
MOVE_AND_PIECE = VoidMove(CENTRE, T_COAST, (COAST, COAST, COAST))


def game(extra_rules: tuple[str, ...] = ()):
    board = get_board("uncharted-paths")
    if extra_rules:
        board = dataclasses.replace(board, rules=board.rules + extra_rules)
    return new_game(GameConfig.quick("uncharted-paths", 4, 3, first_player=0), board)


def moves(state) -> list[VoidMove]:
    return [a for a in legal_actions(state) if isinstance(a, VoidMove)]


def full_coast(state, green_totems: int):
    """Coast full of tents (red 3, green 3: cap 3) with `green_totems` green totems: the own piece can only be a
    totem."""
    put_tents(state, RED, COAST_SPACES[:3])
    put_tents(state, GREEN, COAST_SPACES[3:])
    if green_totems:
        put_totem(state, GREEN, T_COAST, green_totems)
    give_hand(state, RED, [COAST, COAST, COAST])


def test_b9_p16_a_full_territory_takes_the_void_totem_and_an_own_totem_while_both_fit_under_the_cap():
    for green_totems in (0, 1):
        state = game()
        full_coast(state, green_totems)
        assert moves(state) == [MOVE, MOVE_AND_PIECE], green_totems
    state = game()
    full_coast(state, 2)                  # the Void totem makes 3 = the cap: no room for an own totem after it
    assert moves(state) == [MOVE]
    state = game()
    full_coast(state, 3)                  # not even the Void totem fits
    assert moves(state) == []


def test_b11_p16_no_own_totem_left_means_no_own_piece_in_a_full_territory():
    state = game()
    full_coast(state, 0)
    state.totems_left[RED] = 1
    assert moves(state) == [MOVE, MOVE_AND_PIECE]
    state.totems_left[RED] = 0
    assert moves(state) == [MOVE]


def test_e2_e5_a_territory_that_refuses_totems_takes_no_void_totem():
    """A board with both E2's Tundra rule and E5: no Void-totem move ends in a Tundra territory."""
    state = game(("tundra-no-totems",))
    tundra = [t.index for t in state.board.territories if t.biome is TUNDRA]
    for t in tundra:
        put_tent(state, RED, state.board.territories[t].tent_spaces[0])
    give_hand(state, RED, [TUNDRA, TUNDRA, TUNDRA])
    assert moves(state) == []
    plain = game()
    for t in tundra:
        put_tent(plain, RED, plain.board.territories[t].tent_spaces[0])
    give_hand(plain, RED, [TUNDRA, TUNDRA, TUNDRA])
    assert {m.territory for m in moves(plain)} == set(tundra)


@dataclass(frozen=True)
class NoGreenTotems(RuleModule):
    """A toy rule that refuses green's totems in Coast and its tents nowhere: what another module may veto."""

    key: ClassVar[str] = "toy-no-green-coast-totems"

    def piece_veto(self, state, tribe: int, territory: int, totem: bool) -> str | None:
        if tribe == GREEN and totem and state.board.territories[territory].biome is COAST:
            return "no green totems in Coast"
        return None


@dataclass(frozen=True)
class NoRedTents(RuleModule):
    """A toy rule that refuses red's tents in Coast."""

    key: ClassVar[str] = "toy-no-red-coast-tents"

    def piece_veto(self, state, tribe: int, territory: int, totem: bool) -> str | None:
        coast = state.board.territories[territory].biome is COAST
        return "no red tents in Coast" if coast and tribe == RED and not totem else None


@dataclass(frozen=True)
class NoVoidTotems(RuleModule):
    """A toy rule that refuses the neutral Void's totems in Coast (and nobody else's)."""

    key: ClassVar[str] = "toy-no-void-coast-totems"

    def piece_veto(self, state, tribe: int, territory: int, totem: bool) -> str | None:
        coast = state.board.territories[territory].biome is COAST
        return "no Void totems in Coast" if coast and totem and tribe == state.void_tribe else None


@dataclass(frozen=True)
class RedPaysForTwo(RuleModule):
    """A toy payment rule: red pays for Coast only with a piece of its own beside the moved totem."""

    key: ClassVar[str] = "toy-red-pays-for-two-in-coast"

    def payment_filter(self, state, tribe: int, territory: int, cards, pieces: int) -> str | None:
        coast = state.board.territories[territory].biome is COAST
        return "red pays for two pieces in Coast" if coast and tribe == RED and pieces == 1 else None


@dataclass(frozen=True)
class RedPaysForOne(RuleModule):
    """A toy payment rule: red pays for one piece only in Coast, so no own piece joins its moved Void totem there."""

    key: ClassVar[str] = "toy-red-pays-for-one-in-coast"

    def payment_filter(self, state, tribe: int, territory: int, cards, pieces: int) -> str | None:
        coast = state.board.territories[territory].biome is COAST
        return "red pays for one piece in Coast" if coast and tribe == RED and pieces > 1 else None


@pytest.fixture
def toys(monkeypatch):
    for toy in (NoGreenTotems, NoRedTents, NoVoidTotems, RedPaysForTwo, RedPaysForOne):
        monkeypatch.setitem(REGISTRY, toy.key, toy)


def test_p16_another_modules_veto_of_the_own_piece_is_respected_and_only_for_the_tribe_it_names(toys):
    # green's own piece in a full Coast could only be a totem, which the toy rule refuses
    state = game((NoGreenTotems.key,))
    put_tents(state, GREEN, COAST_SPACES[:3])
    put_tents(state, RED, COAST_SPACES[3:])
    state.active_seat = GREEN
    give_hand(state, GREEN, [COAST, COAST, COAST])
    assert moves(state) == [MOVE]
    # red is not named by it: the same position offers red the own totem
    state = game((NoGreenTotems.key,))
    full_coast(state, 0)
    assert moves(state) == [MOVE, MOVE_AND_PIECE]
    # red may place no tent: with room for a tent but none for a totem after the Void totem, no own piece
    state = game((NoRedTents.key,))
    put_tent(state, RED, COAST_SPACES[0])     # cap 1: the Void totem fills it
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == [MOVE]
    plain = game()
    put_tent(plain, RED, COAST_SPACES[0])
    give_hand(plain, RED, [COAST, COAST, COAST])
    assert moves(plain) == [MOVE, MOVE_AND_PIECE]


def test_b9_an_own_tent_first_raises_the_cap_by_one_and_needs_a_tent_in_supply():
    state = game()
    put_tent(state, RED, COAST_SPACES[0])
    put_tent(state, GREEN, COAST_SPACES[1])
    put_totem(state, GREEN, T_COAST)          # cap 1, full: only a red tent first makes room (red 2 tents)
    give_hand(state, RED, [COAST, COAST, COAST])
    state.tents_left[RED] = 1
    assert moves(state) == [MOVE_AND_PIECE]
    state.tents_left[RED] = 0
    assert moves(state) == []
    state = game()
    put_tent(state, RED, COAST_SPACES[0])
    put_tents(state, GREEN, COAST_SPACES[1:3])
    put_totem(state, GREEN, T_COAST, 2)       # cap 2, full: a red tent first gives red 2, still cap 2
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == []


def test_e5_another_modules_veto_of_the_void_totem_leaves_no_move_into_that_territory(toys):
    state = game((NoVoidTotems.key,))
    put_tents(state, RED, COAST_SPACES[:2])
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == []
    put_tents(state, RED, FOREST_SPACES[:2])
    give_hand(state, RED, [FOREST, FOREST, FOREST])
    assert moves(state) == [VoidMove(CENTRE, T_FOREST, (FOREST, FOREST)), VoidMove(CENTRE, T_FOREST, (FOREST,) * 3)]


@pytest.mark.parametrize("rules", [(), (NoGreenTotems.key,)])
def test_b9_p16_a_veto_about_someone_else_changes_no_order_of_pieces(toys, rules):
    """The own tent first raises the cap (B9); the Void totem first leaves room for the own tent: with a rule
    loaded that refuses nothing here, both still hold."""
    state = game(rules)
    put_tent(state, RED, COAST_SPACES[0])
    put_tent(state, GREEN, COAST_SPACES[1])
    put_totem(state, GREEN, T_COAST)          # cap 1, full: only a red tent first makes room
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == [MOVE_AND_PIECE]
    state = game(rules)
    put_tent(state, RED, COAST_SPACES[0])
    put_tent(state, GREEN, COAST_SPACES[1])   # cap 1, empty stack: the Void totem first, then an own tent
    give_hand(state, RED, [COAST, COAST, COAST])
    apply(state, MOVE_AND_PIECE)
    assert VoidTotem() in legal_actions(state)
    apply(state, VoidTotem())
    assert legal_actions(state) == [PlaceTent(s) for s in COAST_SPACES[2:]]


def test_p16_a_vetoed_own_tent_leaves_only_the_totem_after_the_void_totem(toys):
    state = game((NoRedTents.key,))
    put_tent(state, RED, COAST_SPACES[0])
    put_tents(state, GREEN, COAST_SPACES[1:3])  # cap 2: the Void totem, then red's totem
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == [MOVE, MOVE_AND_PIECE]
    apply(state, MOVE_AND_PIECE)
    assert VoidTotem() in legal_actions(state)
    assert not any(isinstance(a, PlaceTent) for a in legal_actions(state))


def test_e5_p16_a_move_between_territories_with_a_second_card_of_t_adds_the_own_piece():
    state = game()
    void = state.void_tribe
    put_tents(state, RED, COAST_SPACES[:2])
    put_tents(state, GREEN, FOREST_SPACES[:2])
    move_totem(state, void, CENTRE, T_FOREST)
    give_hand(state, RED, [FOREST, COAST, TUNDRA])
    assert moves(state) == [VoidMove(T_FOREST, T_COAST, (FOREST, COAST))]
    give_hand(state, RED, [FOREST, COAST, COAST])
    assert moves(state) == [MOVE,                                    # the centre, for the Coast pair
                            VoidMove(T_FOREST, T_COAST, (FOREST, COAST)),
                            VoidMove(T_FOREST, T_COAST, (FOREST, COAST, COAST))]


def test_e5_a_void_move_with_a_bad_territory_word_is_refused_with_the_reason():
    with pytest.raises(ActionParseError, match=r"expected t<number>, got 'x0'"):
        parse_action("void-move x0 t3 coast+coast")


def test_e5_a_modules_payment_rule_is_asked_for_each_move_with_its_piece_count(toys):
    state = game((RedPaysForTwo.key,))
    put_tents(state, RED, COAST_SPACES[:2])
    put_tents(state, RED, FOREST_SPACES[:2])
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == [MOVE_AND_PIECE]       # the move alone (one piece) is refused, the next one asked
    state.active_seat = GREEN
    put_tents(state, GREEN, COAST_SPACES[2:4])
    give_hand(state, GREEN, [COAST, COAST, COAST])
    assert moves(state) == [MOVE, MOVE_AND_PIECE]  # green is not named by the rule


def test_e5_p16_a_payment_rule_refusing_two_pieces_leaves_the_move_without_the_own_piece(toys):
    """The move with a third card is a Place of two pieces (the Void totem and the own piece, P16): a module
    that refuses that payment leaves only the move alone, which is one piece."""
    state = game((RedPaysForOne.key,))
    put_tents(state, RED, COAST_SPACES[:2])
    give_hand(state, RED, [COAST, COAST, COAST])
    assert moves(state) == [MOVE]


def test_p16_only_the_purple_centre_is_a_void_territory():
    state = game()
    assert [t.index for t in state.board.territories if is_void_territory(state, t.index)] == [CENTRE]


def test_s9_p16_a_move_of_the_players_pieces_in_solo_is_offered_no_void_totem():
    """S9 on The Uncharted Paths: the pieces of a move are the player's own; no Void totem joins them."""
    state = new_game(GameConfig.quick("uncharted-paths", 1, 1, mode=GameMode.SOLO))
    board = state.board
    for desert in (2, 10):                    # Desert completely explored: both its territories full
        put_tents(state, RED, board.territories[desert].tent_spaces)
    put_tent(state, RED, COAST_SPACES[0])     # Coast's cap 1: a Void totem would fit
    give_hand(state, RED, [Biome.DESERT, FOREST, TUNDRA])
    apply(state, MovePieces(2, T_COAST, (Biome.DESERT,), 1))
    options = legal_actions(state)
    assert options and all(isinstance(a, MovePiece) for a in options)


def centre_last_board():
    """A toy map for E5: the fixture board (six territories, each with a totem space) and the purple centre as
    its last territory, t6, so that no rule can find the centre by taking the first territory."""
    board = small_board()
    centre = Territory(index=6, object_id=106, name="Centre", biome=Biome.VOID,
                       polygon=((1200.0, 0.0), (1380.0, 0.0), (1380.0, 190.0), (1200.0, 190.0)), tent_spaces=(),
                       totem_space=(1290.0, 150.0))
    return dataclasses.replace(board, territories=board.territories + (centre,), rules=("void-totems",),
                               modes=frozenset({"multiplayer", "solo"}))


def solo_on_centre_last_board():
    return new_game(GameConfig.quick("small-test", 1, 1, mode=GameMode.SOLO), centre_last_board())


def test_s11_every_void_totem_the_void_places_goes_onto_the_centre_wherever_the_map_lists_it():
    state = solo_on_centre_last_board()
    assert [maprules.void_totem_destination(state, t) for t in range(6)] == [6] * 6


def test_p22_in_solo_only_the_centre_is_a_source_of_the_players_void_totem_move():
    """A Void totem that left the centre (t0, listed before it) is no source in solo; the centre still is."""
    state = solo_on_centre_last_board()
    void = state.void_tribe
    put_totem(state, void, 0)                 # the fixture's Desert t0
    put_totem(state, void, 6)
    put_tent(state, RED, 12)                  # Forest t2 explored, cap 1
    give_hand(state, RED, [DESERT, FOREST, FOREST])
    assert moves(state) == [VoidMove(6, 2, (FOREST, FOREST))]
