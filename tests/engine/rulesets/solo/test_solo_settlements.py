"""S8 and P25 on hand-built positions of the fixture board (tests/support/solo_helpers.py): the rule tests of
engine/rulesets/solo/settlements.py. A settlement is 4+ road-joined pieces of one side; each gives its bonus once,
in an uncounted territory where it lies."""

from __future__ import annotations

from engine_helpers import put_tents
from solo_helpers import solo_state, vd

from iwari_desktop.engine.rulesets.solo.data import PLAYERS, VOID, Claim
from iwari_desktop.engine.rulesets.solo.settlements import (
    check, player_bonus_territories, unmark, void_bonus_territories,
)


def counted(state, territory):
    vd(state).claims[territory] = Claim("players", 1, 0, 0, 0, "players", "filled", 1)


def test_s8_a_settlement_triggers_once_and_its_mark_leaves_with_a_piece():
    state = solo_state()
    put_tents(state, 0, [12, 13, 14, 15])
    assert check(state, PLAYERS) == ([[12, 13, 14, 15]], 4)
    assert check(state, PLAYERS) == ([], 4)                      # once
    unmark(state, 15)                                            # S9: the tent on 15 moved away
    assert vd(state).marked[PLAYERS] == [12, 13, 14] and vd(state).marked[VOID] == []
    unmark(state, 3)                                             # a space no settlement used: nothing changes
    assert vd(state).marked[PLAYERS] == [12, 13, 14]


def test_s8_p25_the_players_free_place_goes_where_the_settlement_lies_but_not_in_a_counted_territory():
    state = solo_state()
    group = [3, 4, 7, 8]                                         # the road 3-4-7-8: Desert and Tundra
    put_tents(state, 0, group)
    assert player_bonus_territories(state, group) == [0, 1]
    counted(state, 1)
    assert player_bonus_territories(state, group) == [0]


def test_s8_p25_the_void_bonus_goes_to_the_uncounted_territory_with_most_ruins_the_player_breaking_ties():
    state = solo_state()
    group = [2, 3, 4, 7]                                         # 3 ruins in the Desert, 1 in the Tundra
    put_tents(state, state.void_tribe, group)
    assert void_bonus_territories(state, group) == [0]
    counted(state, 0)
    assert void_bonus_territories(state, group) == [1]
    counted(state, 1)
    assert void_bonus_territories(state, group) == []
    other = solo_state()
    tie = [3, 4, 7, 8]
    put_tents(other, other.void_tribe, tie)
    assert void_bonus_territories(other, tie) == [0, 1]          # a tie: the player chooses


def test_s8_b8_the_free_place_may_put_a_totem_only_where_the_territory_was_explored_before_it():
    from iwari_desktop.engine import PlaceTotem
    from iwari_desktop.engine.rulesets.solo.actions import FreePlace
    from iwari_desktop.engine.rulesets.solo.void_action import piece_choices, start_free_place

    state = solo_state()
    put_tents(state, 0, [12, 13])                                # the Forest explored, the player leading
    start_free_place(state, FreePlace(2, 2))
    assert PlaceTotem() in piece_choices(state)
    fresh = solo_state()
    start_free_place(fresh, FreePlace(3, 1))                     # the Glaciers unexplored: a tent only (B8)
    assert PlaceTotem() not in piece_choices(fresh) and piece_choices(fresh)
