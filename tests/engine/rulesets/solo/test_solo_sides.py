"""Who is on which side (S7, S8, S11, S12, P25) on hand-built positions of the fixture board
(tests/support/solo_helpers.py): the rule tests of engine/rulesets/solo/sides.py, public behaviour only."""

from __future__ import annotations

from engine_helpers import put_tents, put_totem
from solo_helpers import solo_state, vd

from iwari_desktop.engine.rulesets.solo.counting import count
from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID
from iwari_desktop.engine.rulesets.solo.sides import side_groups, side_tents, side_totems

T_FOREST = 2


def test_s7_each_side_keeps_its_own_totems_and_more_ruins_give_the_void_the_tie_breaking_totem():
    state = solo_state()
    put_tents(state, 0, [12])
    put_tents(state, state.void_tribe, [13, 14])
    put_totem(state, 0, T_FOREST)
    put_totem(state, state.void_tribe, T_FOREST)
    assert side_tents(state, T_FOREST) == (1, 2) and side_totems(state, T_FOREST) == (1, 1)
    claim = count(state, T_FOREST, "corruption")
    assert claim.side == VOID and claim.virtual == VOID          # 1 totem against 1 + the extra one
    assert (claim.player_tents, claim.void_tents, claim.player_totems, claim.void_totems) == (1, 2, 1, 1)


def test_s12_p25_coop_partners_count_as_one_side_against_the_void():
    state = solo_state(coop=True)
    put_tents(state, 0, [12])
    put_tents(state, 1, [13])
    put_tents(state, state.void_tribe, [14])
    put_totem(state, 1, T_FOREST)
    put_totem(state, state.void_tribe, T_FOREST, 2)
    assert side_tents(state, T_FOREST) == (2, 1) and side_totems(state, T_FOREST) == (1, 2)
    assert count(state, T_FOREST, "end").side == VOID            # 1 + the extra totem against 2: a tie
    assert side_groups(state, PLAYERS) == [[12, 13]]             # the partners' tents join (P25)


def test_s8_each_road_connected_group_of_a_side_is_its_own_settlement():
    state = solo_state()
    void = state.void_tribe
    put_tents(state, void, [0, 1, 3, 20, 21, 22])   # 0-1 and 3 on the Desert road, 20-21-22 in the Coast
    put_tents(state, 0, [2, 12])
    assert side_groups(state, VOID) == [[0, 1], [3], [20, 21, 22]]
    assert side_groups(state, PLAYERS) == [[2], [12]]   # a ruin between tents joins none of them
    other = solo_state()
    put_tents(other, other.void_tribe, [4, 5, 7])   # the road 4-7 joins two territories; 5 lies between them
    assert side_groups(other, VOID) == [[4, 7], [5]]


def test_s11_linked_spaces_join_one_another_but_no_other_ruin():
    """Floating Lands: ruins on the Tundra's spaces count as joined wherever they lie; a ruin elsewhere joins
    them only by road."""
    state = solo_state()
    void = state.void_tribe
    put_tents(state, void, [7, 10, 24, 16])          # 7 and 10 in one Tundra, 24 in the other, 16 a Glacier
    linked = frozenset({7, 8, 9, 10, 11, 24, 25, 26})
    assert side_groups(state, VOID, linked) == [[7, 10, 24], [16]]
    put_tents(state, void, [4])                      # 4 joins 7 by road, and so the whole linked group
    assert side_groups(state, VOID, linked) == [[4, 7, 10, 24], [16]]
    assert vd(state).claims == {}
