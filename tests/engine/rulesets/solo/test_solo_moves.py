"""S9 and P58 on hand-built positions of the fixture board (tests/support/solo_helpers.py): the rule tests of
engine/rulesets/solo/moves.py. A move pays as a Place with cards of a completely explored biome (pairs wild), takes up
to two own pieces of one territory of it to one territory of another biome, under the placement rules there (B8-B10);
a totem under a Void totem stays."""

from __future__ import annotations

import dataclasses

import pytest
from engine_helpers import put_tents, put_totem
from solo_helpers import solo_state, vd, void, vs_board

from iwari_desktop.engine import Biome, GameConfig, new_game
from iwari_desktop.engine.core.config import GameMode
from iwari_desktop.engine.core.state import PendingPlace
from iwari_desktop.engine.rulesets.solo.actions import MovePiece, MovePieces
from iwari_desktop.engine.rulesets.solo.data import Claim
from iwari_desktop.engine.rulesets.solo.moves import move_fits, move_options, movable_totems, piece_moves

TUNDRA, FOREST, DESERT = Biome.TUNDRA, Biome.FOREST, Biome.DESERT
T_DESERT, T_TUNDRA, T_FOREST, T_GLACIERS, T_COAST, T_TUNDRA2 = range(6)
TOTEM = MovePiece(None, None)


def counted(state, territory):
    vd(state).claims[territory] = Claim("players", 1, 0, 0, 0, "players", "filled", 1)


@pytest.mark.parametrize("stack, tribe, movable", [
    ([0, 0], 0, 2),                  # no Void totem: both move
    (["v", 0, 0], 0, 2),             # above the Void totem: free
    ([0, "v", 0], 0, 1),             # the one under it stays (S9)
    ([0, "v", 0, "v", 0], 0, 1),     # only above the highest Void totem
    ([0, 0, 1], 0, 2),               # co-op: the partner's totem on top never stops them (P58)
    ([0, 0, 1], 1, 1),               # and each moves only their own colour (P58)
])
def test_s9_p58_only_own_totems_above_every_void_totem_can_move(stack, tribe, movable):
    state = solo_state(coop=True)
    put_tents(state, 0, [0, 1, 2]); put_tents(state, 1, [3, 4])
    for who in stack:
        put_totem(state, void(state) if who == "v" else who, T_DESERT)
    assert movable_totems(state, tribe, T_DESERT) == movable


def test_s9_b8_an_unexplored_destination_takes_exactly_one_tent_never_a_totem():
    state = solo_state()
    put_tents(state, 0, [0, 1])
    assert move_fits(state, 0, T_DESERT, T_FOREST, 1)
    assert not move_fits(state, 0, T_DESERT, T_FOREST, 2)
    only_totem = solo_state()
    put_tents(only_totem, void(only_totem), [0, 1]); put_tents(only_totem, 0, [2]); put_totem(only_totem, 0, T_DESERT)
    assert move_fits(only_totem, 0, T_DESERT, T_FOREST, 1)       # one tent there, from the source
    put_tents(only_totem, void(only_totem), [3, 4, 5, 6])
    only_totem.space_owner[2] = -1; only_totem.territory_tents[T_DESERT][0] = 0   # the tent has gone
    only_totem.territory_changed(T_DESERT)
    assert movable_totems(only_totem, 0, T_DESERT) == 1
    assert not move_fits(only_totem, 0, T_DESERT, T_FOREST, 1)   # a lone totem cannot explore


def test_s9_b9_a_destination_explored_by_the_void_takes_two_pieces_and_a_counted_one_none():
    state = solo_state()
    put_tents(state, 0, [0, 1]); put_tents(state, void(state), [12])
    assert move_fits(state, 0, T_DESERT, T_FOREST, 2)             # explored by the Void: B8 is over
    counted(state, T_FOREST)
    assert not move_fits(state, 0, T_DESERT, T_FOREST, 1)         # S7: claims are never undone


def test_s9_b9_a_free_totem_alone_moves_onto_tents_that_outnumber_the_stack():
    state = solo_state()
    put_tents(state, void(state), [0, 1, 2]); put_totem(state, 0, T_DESERT)   # no own tent in the source
    put_tents(state, 0, [12])
    assert move_fits(state, 0, T_DESERT, T_FOREST, 1)
    assert not move_fits(state, 0, T_DESERT, T_FOREST, 2)
    put_totem(state, void(state), T_FOREST)                        # the stack equals the tents: no room
    assert not move_fits(state, 0, T_DESERT, T_FOREST, 1)


def tundra_no_totems_state():
    board = dataclasses.replace(vs_board(), rules=("tundra-no-totems",))
    return new_game(GameConfig.quick("small-test", 1, 1, mode=GameMode.SOLO, first_player=0), board)


def test_s9_p11_a_moved_totem_obeys_tundra_no_totems_but_a_tent_goes_there():
    state = tundra_no_totems_state()
    put_tents(state, void(state), [0, 1, 2]); put_tents(state, 0, [3]); put_totem(state, 0, T_DESERT)
    put_tents(state, 0, [7, 8])
    assert move_fits(state, 0, T_DESERT, T_TUNDRA, 1)
    assert move_fits(state, 0, T_DESERT, T_TUNDRA, 1) and not move_fits(state, 0, T_DESERT, T_TUNDRA, 2)
    pending = PendingPlace(0, T_TUNDRA, 1, True)
    assert TOTEM not in piece_moves(state, pending, T_DESERT)
    assert MovePiece(3, 9) in piece_moves(state, pending, T_DESERT)


def full_desert(state, tribe=0):
    put_tents(state, tribe, [0, 1, 2, 3, 4, 5, 6])


def test_s9_a_pair_of_any_biome_pays_for_a_move_out_of_a_completely_explored_biome():
    state = solo_state()
    full_desert(state)
    moves = move_options(state, 0, [TUNDRA, TUNDRA])
    assert MovePieces(T_DESERT, T_FOREST, (TUNDRA, TUNDRA), 1) in moves
    assert {m.source for m in moves} == {T_DESERT}
    assert move_options(state, 0, []) == [] and move_options(state, 0, [Biome.VOID, Biome.VOID]) == []


def test_s9_a_biome_not_completely_explored_gives_no_move():
    state = solo_state()
    put_tents(state, 0, [0, 1, 2, 3, 4, 5])                      # one Desert space left
    assert move_options(state, 0, [DESERT, DESERT, DESERT]) == []


def test_s9_a_source_holding_only_a_free_totem_moves_it():
    state = solo_state()
    full_desert(state, void(state)); put_totem(state, 0, T_DESERT); put_tents(state, 0, [12])
    assert move_options(state, 0, [DESERT]) == [MovePieces(T_DESERT, T_FOREST, (DESERT,), 1)]


def test_s9_every_territory_of_the_explored_biome_is_a_source_and_none_of_that_biome_a_destination():
    state = solo_state()
    put_tents(state, void(state), [7, 8, 9, 10, 11]); put_tents(state, 0, [24, 25, 26])
    moves = move_options(state, 0, [TUNDRA])
    assert MovePieces(T_TUNDRA2, T_FOREST, (TUNDRA,), 1) in moves
    own = solo_state()
    put_tents(own, 0, [7, 8, 9, 10, 11]); put_tents(own, 0, [24, 25, 26]); put_totem(own, 0, T_TUNDRA2)
    moves = move_options(own, 0, [TUNDRA])
    assert moves and all(own.board.territories[m.territory].biome is not TUNDRA for m in moves)


def position(mine, void_tents, stack, src_tents, src_totems):
    """Forest (spaces 12-15) as the destination with `mine` own and `void_tents` Void tents and `stack` Void totems;
    the Desert as the source, `src_tents` own tents and `src_totems` own totems over Void tents."""
    state = solo_state()
    put_tents(state, 0, range(12, 12 + mine)); put_tents(state, void(state), range(15, 15 - void_tents, -1))
    put_totem(state, void(state), T_FOREST, stack)
    put_tents(state, 0, range(src_tents)); put_tents(state, void(state), range(4, 7))
    put_totem(state, 0, T_DESERT, src_totems)
    return state


@pytest.mark.parametrize("mine, void_tents, stack, src_tents, src_totems, left, offered", [
    (1, 2, 0, 2, 0, 2, set()),              # one space: a tent now leaves the second piece nowhere (B9)
    (0, 2, 0, 1, 0, 2, set()),              # one own tent for two pieces
    (0, 2, 0, 2, 0, 2, {"tent"}),           # two tents into two spaces
    (1, 0, 1, 1, 1, 2, {"tent"}),           # the tent first makes room for the totem
    (1, 2, 2, 1, 1, 2, set()),              # the totem never fits under the Void's two
    (1, 0, 1, 0, 1, 1, set()),              # a totem needs more tents than the stack (B9)
    (1, 0, 0, 0, 1, 1, {"totem"}),
    (2, 0, 0, 0, 2, 2, {"totem"}),          # both totems onto two own tents
    (2, 0, 1, 0, 2, 2, set()),              # the second would break the cap
    (2, 0, 0, 0, 1, 2, set()),              # one totem for two pieces
])
def test_s9_b9_each_moved_piece_must_leave_room_for_the_rest(mine, void_tents, stack, src_tents, src_totems, left,
                                                              offered):
    state = position(mine, void_tents, stack, src_tents, src_totems)
    options = piece_moves(state, PendingPlace(0, T_FOREST, left, True), T_DESERT)
    kinds = {"totem" if o == TOTEM else "tent" for o in options}
    assert kinds == offered
    free = [s for s in range(12, 16) if state.space_owner[s] < 0]
    assert {o.space for o in options if o != TOTEM} <= set(free)
    if "tent" in offered:
        assert {(o.source_space, o.space) for o in options if o != TOTEM} == {(a, b) for a in range(src_tents) for b in free}


def test_s9_s7_no_piece_moves_into_a_counted_territory():
    state = position(1, 0, 0, 1, 1)
    counted(state, T_FOREST)
    assert piece_moves(state, PendingPlace(0, T_FOREST, 1, True), T_DESERT) == []


def test_s9_s7_a_counted_territory_takes_no_moved_piece_even_unexplored():
    state = solo_state()
    put_tents(state, 0, [0, 1]); put_totem(state, 0, T_DESERT)
    counted(state, T_COAST)                                           # counted while still empty (S10)
    assert not move_fits(state, 0, T_DESERT, T_COAST, 1)
    put_tents(state, 0, [12]); counted(state, T_FOREST)
    assert not move_fits(state, 0, T_DESERT, T_FOREST, 1)
    assert piece_moves(state, PendingPlace(0, T_FOREST, 1, True), T_DESERT) == []
